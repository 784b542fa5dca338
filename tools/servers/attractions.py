"""Attractions MCP server: real sights per city (hours, closing day, ticket price), details, what is nearby."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.sandbox.dates import WEEKDAYS
from tools.sandbox.seeding import BOOKING_DAYS
from tools.servers import lookup
from tools.servers.args import City, Day, Limit
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
Category = Literal["landmark", "museum", "park", "temple", "religious site", "palace", "historic site", "market",
                   "viewpoint", "neighbourhood", "beach", "zoo", "theme park"]

_COLUMNS = """a.id AS attraction_id, a.name, a.category, a.rating, a.opens, a.closes, a.closed_on, a.ticket_price,
    a.currency, a.visit_hours, a.lat, a.lon"""
SEARCH_SQL = f"""SELECT {_COLUMNS} FROM attractions a
    WHERE a.city_id = :city AND (:category IS NULL OR a.category = :category)
      AND (:text IS NULL OR lower(a.name) LIKE :text) AND (:max_price IS NULL OR a.ticket_price <= :max_price)
      AND (:weekday IS NULL OR a.closed_on IS NULL OR a.closed_on != :weekday)
    ORDER BY CASE :sort WHEN 'rating' THEN -a.rating WHEN 'price' THEN a.ticket_price ELSE 0 END, a.name
    LIMIT :limit"""
DETAILS_SQL = f"""SELECT {_COLUMNS}, c.name AS city, c.country FROM attractions a JOIN cities c ON c.id = a.city_id
    WHERE a.id = :id OR lower(a.name) = :name OR (:id IS NULL AND lower(a.name) LIKE :contains)
    ORDER BY lower(a.name) = :name DESC, length(a.name) LIMIT 1"""
NEARBY_SQL = f"""SELECT {_COLUMNS}, c.name AS city, ROUND(distance_km(:lat, :lon, a.lat, a.lon), 2) AS distance_km
    FROM attractions a JOIN cities c ON c.id = a.city_id
    WHERE a.lat BETWEEN :lat - :dlat AND :lat + :dlat AND distance_km(:lat, :lon, a.lat, a.lon) <= :radius
      AND (:category IS NULL OR a.category = :category) AND lower(a.name) != lower(:exclude)
    ORDER BY distance_km LIMIT :limit"""


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("attractions", instructions="Tourist attractions in 36 world cities (sandbox data on real "
                  "places): opening hours, closing days, ticket prices, ratings, and what is near a place.",
                  **settings)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Find attractions"}))
    async def search(
        city: City,
        category: Annotated[Category | None, Field(description="Only this kind of attraction")] = None,
        name_contains: Annotated[str | None, Field(min_length=2, max_length=60, description="Part of the name")] = None,
        max_price: Annotated[float | None, Field(ge=0, description="Highest ticket price, local currency; 0 = "
                                                                   "free only")] = None,
        open_on: Annotated[Day | None, Field(description="Only places not closed on this day")] = None,
        sort_by: Annotated[Literal["rating", "price", "name"], Field(description="Order of results")] = "rating",
        limit: Limit = 5,
    ) -> Answer:
        """Attractions in a city: attraction_id, name, category, rating (out of 5), opening hours (local
        time), weekly closing day, ticket price in the local currency, typical visit length in hours and
        coordinates. Use for 'what to see in X', 'free museums in Y', 'is it open on Monday'."""
        place = await lookup.city(db, city)
        weekday = None
        if open_on is not None:
            weekday = WEEKDAYS[lookup.day(db, open_on, field="open_on", days=BOOKING_DAYS).weekday()].capitalize()
        found = await db.rows(SEARCH_SQL, {
            "city": place["id"], "category": category, "max_price": max_price, "weekday": weekday, "sort": sort_by,
            "text": f"%{name_contains.strip().lower()}%" if name_contains else None, "limit": limit,
        })
        return db.answer(city=place["name"], attractions=found)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Attraction details"}))
    async def get_details(
        attraction: Annotated[str, Field(min_length=1, max_length=80, description="attraction_id from search, or "
                                                                                   "the attraction's name")],
    ) -> Answer:
        """One attraction by id or name (e.g. 'Eiffel Tower'): city, category, hours, closing day, ticket
        price, rating, visit length and coordinates."""
        text = attraction.strip()
        key = text.lower()
        found = await db.row(DETAILS_SQL, {"id": int(text) if text.isdigit() else None, "name": key,
                                           "contains": f"%{key}%"})
        if found is None:
            raise ToolError(f"no attraction '{attraction}'; find names and ids with search")
        return db.answer(attraction=found)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Attractions nearby"}))
    async def nearby(
        place: Annotated[str, Field(min_length=3, max_length=80, description="A named attraction, hotel or "
                                                                              "restaurant, or 'lat,lon'")],
        radius_km: Annotated[float, Field(gt=0, le=50, description="Search radius in km (up to 50)")] = 2.0,
        category: Annotated[Category | None, Field(description="Only this kind of attraction")] = None,
        limit: Limit = 5,
    ) -> Answer:
        """Attractions within a radius of a place, nearest first, with straight-line distance in km."""
        origin = await lookup.place(db, place)
        found = await db.rows(NEARBY_SQL, {
            "lat": origin["lat"], "lon": origin["lon"], "dlat": radius_km / 111.0, "radius": radius_km,
            "category": category, "exclude": origin["name"], "limit": limit,
        })
        return db.answer(near=origin, radius_km=radius_km, attractions=found)

    return mcp


def main() -> None:
    serve("attractions", build)


if __name__ == "__main__":
    main()
