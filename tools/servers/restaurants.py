"""Restaurants MCP server: find restaurants by city, cuisine, price and rating; see free tables; reserve."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.sandbox.dates import WEEKDAYS
from tools.sandbox.seeding import TABLE_DAYS
from tools.servers import lookup
from tools.servers.args import City, Day, Limit, PersonName, Reference
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False)
Slot = Literal["12:00", "13:00", "18:00", "19:00", "20:00", "21:00"]
RestaurantId = Annotated[int, Field(ge=1, description="restaurant_id from search")]

_COLUMNS = """r.id AS restaurant_id, r.name, r.cuisine, r.price_level, r.rating, r.avg_price, r.currency, r.opens,
    r.closes, r.closed_on, r.address, r.lat, r.lon"""
SEARCH_SQL = f"""SELECT {_COLUMNS},
    CASE WHEN :lat IS NULL THEN NULL ELSE ROUND(distance_km(:lat, :lon, r.lat, r.lon), 2) END AS distance_km
    FROM restaurants r WHERE r.city_id = :city
      AND (:cuisine IS NULL OR lower(r.cuisine) LIKE :cuisine) AND (:max_level IS NULL OR r.price_level <= :max_level)
      AND (:min_rating IS NULL OR r.rating >= :min_rating)
      AND (:weekday IS NULL OR r.closed_on IS NULL OR r.closed_on != :weekday)
    ORDER BY CASE :sort WHEN 'rating' THEN -r.rating WHEN 'price' THEN r.avg_price
             ELSE distance_km(coalesce(:lat, r.lat), coalesce(:lon, r.lon), r.lat, r.lon) END, r.name
    LIMIT :limit"""
DETAILS_SQL = f"SELECT {_COLUMNS}, c.name AS city FROM restaurants r JOIN cities c ON c.id = r.city_id WHERE r.id = ?"
SLOTS_SQL = "SELECT time, seats_left FROM restaurant_slots WHERE restaurant_id = ? AND date = ? ORDER BY time"
TAKE_SEATS = """UPDATE restaurant_slots SET seats_left = seats_left - ?
    WHERE restaurant_id = ? AND date = ? AND time = ? AND seats_left >= ?"""
INSERT_RESERVATION = """INSERT INTO restaurant_reservations (restaurant_id, date, time, party_size, guest_name,
    created_at) VALUES (?,?,?,?,?,?)"""
RESERVATION_SQL = """SELECT v.ref AS reference, v.guest_name, v.date, v.time, v.party_size, v.created_at,
    r.id AS restaurant_id, r.name AS restaurant, r.address, c.name AS city
    FROM restaurant_reservations v JOIN restaurants r ON r.id = v.restaurant_id JOIN cities c ON c.id = r.city_id
    WHERE v.ref = ?"""


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("restaurants", instructions="Restaurants in 36 world cities (sandbox data): cuisine, price "
                  "level, rating, hours, free tables for the next two weeks, and table reservations.", **settings)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Find restaurants"}))
    async def search(
        city: City,
        cuisine: Annotated[str | None, Field(min_length=2, max_length=40, description="Cuisine or dish, e.g. "
                                             "'sushi', 'Sichuan', 'Italian' (matched within the cuisine name)")] = None,
        max_price_level: Annotated[int | None, Field(ge=1, le=4, description="1 = cheap ... 4 = fine dining")] = None,
        min_rating: Annotated[float | None, Field(ge=1, le=5, description="Lowest rating out of 5")] = None,
        open_on: Annotated[Day | None, Field(description="Only restaurants not closed on this day")] = None,
        near: Annotated[str | None, Field(min_length=3, max_length=80, description="A named attraction or hotel, "
                                          "or 'lat,lon'; adds distance_km")] = None,
        sort_by: Annotated[Literal["rating", "price", "distance"], Field(description="Order of results; "
                                                                                     "distance needs near")] = "rating",
        limit: Limit = 5,
    ) -> Answer:
        """Restaurants in a city: restaurant_id (needed to reserve), name, cuisine, price level (1-4),
        rating out of 5, average price per person in local currency, opening hours, weekly closing day,
        address and coordinates; with `near`, also the distance in km."""
        place = await lookup.city(db, city)
        if sort_by == "distance" and near is None:
            raise ToolError("sort_by 'distance' needs `near` (a place name or 'lat,lon')")
        origin = await lookup.place(db, near, place["id"]) if near else None
        weekday = None
        if open_on is not None:
            weekday = WEEKDAYS[lookup.day(db, open_on, field="open_on", days=TABLE_DAYS).weekday()].capitalize()
        found = await db.rows(SEARCH_SQL, {
            "city": place["id"], "cuisine": f"%{cuisine.strip().lower()}%" if cuisine else None,
            "max_level": max_price_level, "min_rating": min_rating, "weekday": weekday, "sort": sort_by,
            "lat": origin["lat"] if origin else None, "lon": origin["lon"] if origin else None, "limit": limit,
        })
        if not origin:
            for row in found:
                del row["distance_km"]
        return db.answer(city=place["name"], near=origin, restaurants=found)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Free tables"}))
    async def check_availability(restaurant_id: RestaurantId, date: Day = "today") -> Answer:
        """A restaurant's details and its free seats per reservation time on one day (next 14 days)."""
        details = await db.row(DETAILS_SQL, (restaurant_id,))
        if details is None:
            raise ToolError(f"no restaurant with restaurant_id {restaurant_id}; use a restaurant_id from search")
        day = lookup.day(db, date, days=TABLE_DAYS)
        slots = await db.rows(SLOTS_SQL, (restaurant_id, day.isoformat()))
        return db.answer(restaurant=details, date=day.isoformat(), slots=slots,
                         note=None if slots else f"closed on {WEEKDAYS[day.weekday()].capitalize()}s")

    @mcp.tool(annotations=WRITE.model_copy(update={"title": "Reserve a table"}))
    async def reserve_table(
        restaurant_id: RestaurantId,
        date: Day,
        time: Annotated[Slot, Field(description="Reservation time (local)")],
        party_size: Annotated[int, Field(ge=1, le=12, description="Number of guests (1-12)")],
        guest_name: PersonName,
    ) -> Answer:
        """Reserve a table: takes the seats out of that time's availability and returns a reservation
        reference. Fails, changing nothing, if the restaurant is closed then or has too few seats free."""
        day = lookup.day(db, date, days=TABLE_DAYS)
        name = guest_name.strip()

        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            found = conn.execute(DETAILS_SQL, (restaurant_id,)).fetchone()
            if found is None:
                raise ToolError(f"no restaurant with restaurant_id {restaurant_id}; use a restaurant_id from search")
            slots = {row["time"]: row["seats_left"] for row in conn.execute(SLOTS_SQL, (restaurant_id, day.isoformat()))}
            if time not in slots:
                offered = ", ".join(slots) or "none (closed that day)"
                raise ToolError(f"{found['name']} takes no reservations at {time} on {day.isoformat()}; times: {offered}")
            if slots[time] < party_size:
                raise ToolError(f"{found['name']} has {slots[time]} seat(s) free at {time} on {day.isoformat()}, "
                                f"fewer than the party of {party_size}")
            if conn.execute(TAKE_SEATS, (party_size, restaurant_id, day.isoformat(), time, party_size)).rowcount != 1:
                raise ToolError(f"{found['name']} lost the seats to another reservation; check availability again")
            reservation_id = conn.execute(INSERT_RESERVATION, (
                restaurant_id, day.isoformat(), time, party_size, name, datetime.now().isoformat(timespec="seconds"),
            )).lastrowid
            reference = f"RT-{reservation_id:06d}"
            conn.execute("UPDATE restaurant_reservations SET ref = ? WHERE id = ?", (reference, reservation_id))
            return {"reference": reference, "status": "confirmed", "restaurant_id": restaurant_id,
                    "restaurant": found["name"], "address": found["address"], "city": found["city"],
                    "date": day.isoformat(), "time": time, "party_size": party_size, "guest_name": name}

        return db.answer(**await db.transact(work))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Look up a table reservation"}))
    async def get_reservation(reference: Reference) -> Answer:
        """A table reservation by its reference (e.g. 'RT-000001'): restaurant, date, time, party, guest."""
        found = await db.row(RESERVATION_SQL, (reference.strip().upper(),))
        if found is None:
            raise ToolError(f"no table reservation with reference '{reference}'")
        return db.answer(reservation=found)

    return mcp


def main() -> None:
    serve("restaurants", build)


if __name__ == "__main__":
    main()
