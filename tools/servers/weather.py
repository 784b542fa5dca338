"""Weather MCP server: daily forecasts for the sandbox's cities, today and the next 13 days."""

from __future__ import annotations

from typing import Annotated, Any

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.sandbox.seeding import FORECAST_DAYS
from tools.servers import lookup
from tools.servers.args import City, Day, DayRange
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
FORECAST_COLUMNS = ("date, high_c, low_c, condition, precip_chance, precip_mm, wind_kph, humidity, uv_index, "
                    "sunrise, sunset")


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("weather", instructions="Daily weather forecasts (sandbox data) for 36 world cities, "
                  "from today up to 13 days ahead.", **settings)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Weather forecast"}))
    async def get_forecast(
        city: City,
        dates: DayRange = "today",
        with_summary: Annotated[bool, Field(description="Add a one-line plain-text summary per day")] = True,
    ) -> Answer:
        """Daily forecast for one city: high/low in °C, condition, chance of rain (%), rain in mm, wind in
        km/h, humidity (%), UV index, sunrise and sunset (local time). Use for 'weather in X tomorrow',
        'will it rain this weekend', 'how hot next week'. Covers today and the next 13 days."""
        place = await lookup.city(db, city)
        start, end = lookup.day_range(db, dates, days=FORECAST_DAYS)
        days = await db.rows(
            f"SELECT {FORECAST_COLUMNS} FROM forecasts WHERE city_id = ? AND date BETWEEN ? AND ? ORDER BY date",
            (place["id"], start.isoformat(), end.isoformat()),
        )
        if with_summary:
            for d in days:
                d["summary"] = (f"{d['condition']}, {d['low_c']:.0f} to {d['high_c']:.0f} °C, "
                                f"{d['precip_chance']}% chance of rain")
        return db.answer(city=place["name"], country=place["country"], timezone=place["timezone"], days=days)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Compare weather across cities"}))
    async def compare_cities(
        cities: Annotated[list[City], Field(min_length=2, max_length=8, description="2-8 cities to compare")],
        date: Day = "today",
    ) -> Answer:
        """One day's forecast for several cities side by side, warmest first. Use for 'where is it warmer
        tomorrow, Paris or Rome?' or 'which of these cities will be dry on Friday'."""
        day = lookup.day(db, date, days=FORECAST_DAYS)
        found = []
        for name in cities:
            place = await lookup.city(db, name)
            row = await db.row(f"SELECT {FORECAST_COLUMNS} FROM forecasts WHERE city_id = ? AND date = ?",
                               (place["id"], day.isoformat()))
            if row:
                found.append({"city": place["name"], **row})
        found.sort(key=lambda r: -r["high_c"])
        return db.answer(date=day.isoformat(), cities=found)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Cities with forecasts"}))
    async def list_cities(
        country: Annotated[str | None, Field(max_length=60, description="Only cities in this country")] = None,
    ) -> Answer:
        """The cities this server has forecasts for, with country, IATA code and time zone."""
        sql = "SELECT name, country, iata, timezone FROM cities"
        params: tuple[str, ...] = ()
        if country:
            sql += " WHERE lower(country) LIKE ?"
            params = (f"%{country.strip().lower()}%",)
        rows = await db.rows(sql + " ORDER BY name", params)
        return db.answer(count=len(rows), cities=rows, forecast_days=FORECAST_DAYS,
                         first_day=db.today.isoformat())

    return mcp


def main() -> None:
    serve("weather", build)


if __name__ == "__main__":
    main()
