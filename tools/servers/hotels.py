"""Hotels MCP server: hotels per city with nightly prices and rooms left, room bookings."""

from __future__ import annotations

import sqlite3
from datetime import date, datetime, timedelta
from typing import Annotated, Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.sandbox.seeding import BOOKING_DAYS
from tools.servers import lookup
from tools.servers.args import City, Day, Limit, PersonName, Reference
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False)
Nights = Annotated[int, Field(ge=1, le=30, description="Number of nights (1-30); ignored when check_out is given")]
Rooms = Annotated[int, Field(ge=1, le=5, description="Rooms needed (1-5)")]

_HOTEL = "h.id AS hotel_id, h.name, h.stars, h.rating, h.district, h.address, h.lat, h.lon"
SEARCH_SQL = f"""SELECT {_HOTEL}, h.currency, ROUND(SUM(r.price), 2) AS total_price,
    ROUND(AVG(r.price), 2) AS avg_nightly_price, MIN(r.rooms_left) AS rooms_left
    FROM hotels h JOIN hotel_rates r ON r.hotel_id = h.id
    WHERE h.city_id = :city AND r.date >= :check_in AND r.date < :check_out
      AND (:min_stars IS NULL OR h.stars >= :min_stars)
    GROUP BY h.id
    HAVING COUNT(*) = :nights AND MIN(r.rooms_left) >= :rooms
       AND (:max_price IS NULL OR AVG(r.price) <= :max_price)
    ORDER BY CASE :sort WHEN 'price' THEN AVG(r.price) WHEN 'rating' THEN -h.rating ELSE -h.stars END, h.name
    LIMIT :limit"""
HOTEL_SQL = f"""SELECT {_HOTEL}, h.amenities, h.currency, c.name AS city FROM hotels h JOIN cities c ON c.id = h.city_id
    WHERE h.id = ?"""
RATES_SQL = "SELECT date, price, rooms_left FROM hotel_rates WHERE hotel_id = ? AND date >= ? AND date < ? ORDER BY date"
TAKE_ROOMS = """UPDATE hotel_rates SET rooms_left = rooms_left - ?
    WHERE hotel_id = ? AND date >= ? AND date < ? AND rooms_left >= ?"""
INSERT_BOOKING = """INSERT INTO hotel_bookings (hotel_id, check_in, check_out, nights, rooms, guest_name, total_price,
    currency, created_at) VALUES (?,?,?,?,?,?,?,?,?)"""
BOOKING_SQL = """SELECT b.ref AS reference, b.guest_name, b.check_in, b.check_out, b.nights, b.rooms, b.total_price,
    b.currency, b.created_at, h.id AS hotel_id, h.name AS hotel, h.address, c.name AS city
    FROM hotel_bookings b JOIN hotels h ON h.id = b.hotel_id JOIN cities c ON c.id = h.city_id WHERE b.ref = ?"""


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("hotels", instructions="Hotels in 36 world cities (sandbox data): availability and nightly "
                  "prices for the next 60 nights, hotel details, room bookings.", **settings)

    def stay(check_in: str, nights: int, check_out: str | None) -> tuple[date, date, int]:
        first = lookup.day(db, check_in, field="check_in", days=BOOKING_DAYS)
        if check_out is not None:
            last = lookup.day(db, check_out, field="check_out", first_offset=1, days=BOOKING_DAYS)
            nights = (last - first).days
            if nights < 1:
                raise ToolError(f"check_out {last.isoformat()} must be after check_in {first.isoformat()}")
            if nights > 30:
                raise ToolError(f"stay of {nights} nights is too long; book 30 nights or fewer")
        end = first + timedelta(days=nights)
        limit = db.today + timedelta(days=BOOKING_DAYS)
        if end > limit:
            raise ToolError(f"a stay from {first.isoformat()} for {nights} night(s) ends after the last bookable "
                            f"night ({(limit - timedelta(days=1)).isoformat()})")
        return first, end, nights

    @mcp.tool(annotations=READ.model_copy(update={"title": "Search hotels"}))
    async def search(
        city: City,
        check_in: Day = "tomorrow",
        nights: Nights = 1,
        check_out: Annotated[Day | None, Field(description="Check-out day; overrides nights")] = None,
        rooms: Rooms = 1,
        min_stars: Annotated[int | None, Field(ge=1, le=5, description="Lowest star rating")] = None,
        max_price: Annotated[float | None, Field(gt=0, description="Highest average nightly price, local "
                                                                   "currency")] = None,
        sort_by: Annotated[Literal["price", "rating", "stars"], Field(description="Order of results")] = "price",
        limit: Limit = 5,
    ) -> Answer:
        """Hotels in a city with rooms free for every night of a stay: hotel_id (needed to book), name, stars,
        guest rating (out of 10), district, address, coordinates, total and average nightly price in the
        local currency, and the fewest rooms left on any night."""
        place = await lookup.city(db, city)
        first, end, nights = stay(check_in, nights, check_out)
        hotels = await db.rows(SEARCH_SQL, {
            "city": place["id"], "check_in": first.isoformat(), "check_out": end.isoformat(), "nights": nights,
            "rooms": rooms, "min_stars": min_stars, "max_price": max_price, "sort": sort_by, "limit": limit,
        })
        return db.answer(city=place["name"], check_in=first.isoformat(), check_out=end.isoformat(), nights=nights,
                         rooms=rooms, hotels=hotels, note=None if hotels else "no hotel matches with rooms free")

    @mcp.tool(annotations=READ.model_copy(update={"title": "Hotel details and prices"}))
    async def get_hotel(
        hotel_id: Annotated[int, Field(ge=1, description="hotel_id from search")],
        check_in: Day = "today",
        nights: Annotated[int, Field(ge=1, le=14, description="Nights of prices to show (1-14)")] = 7,
    ) -> Answer:
        """One hotel: address, coordinates, amenities, rating, and its price and rooms left for each night
        from check_in."""
        hotel = await db.row(HOTEL_SQL, (hotel_id,))
        if hotel is None:
            raise ToolError(f"no hotel with hotel_id {hotel_id}; use a hotel_id from search")
        first = lookup.day(db, check_in, field="check_in", days=BOOKING_DAYS)
        nightly = await db.rows(RATES_SQL, (hotel_id, first.isoformat(), (first + timedelta(days=nights)).isoformat()))
        return db.answer(hotel=hotel, nights=nightly)

    @mcp.tool(annotations=WRITE.model_copy(update={"title": "Book hotel rooms"}))
    async def book_room(
        hotel_id: Annotated[int, Field(ge=1, description="hotel_id from search")],
        guest_name: PersonName,
        check_in: Day,
        nights: Nights = 1,
        check_out: Annotated[Day | None, Field(description="Check-out day; overrides nights")] = None,
        rooms: Rooms = 1,
    ) -> Answer:
        """Book rooms for a stay: takes them out of availability for every night and returns a booking
        reference and the total price. Fails, changing nothing, if any night has fewer rooms left."""
        first, end, nights = stay(check_in, nights, check_out)
        name = guest_name.strip()

        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            hotel = conn.execute(HOTEL_SQL, (hotel_id,)).fetchone()
            if hotel is None:
                raise ToolError(f"no hotel with hotel_id {hotel_id}; use a hotel_id from search")
            nightly = conn.execute(RATES_SQL, (hotel_id, first.isoformat(), end.isoformat())).fetchall()
            full = [n["date"] for n in nightly if n["rooms_left"] < rooms]
            if full:
                raise ToolError(f"{hotel['name']} has fewer than {rooms} room(s) left on {', '.join(full)}; "
                                "nothing was booked")
            taken = conn.execute(TAKE_ROOMS, (rooms, hotel_id, first.isoformat(), end.isoformat(), rooms)).rowcount
            if taken != nights or len(nightly) != nights:
                raise ToolError(f"{hotel['name']} could not hold rooms for all {nights} night(s); nothing was booked")
            total = round(sum(n["price"] for n in nightly) * rooms, 2)
            booking_id = conn.execute(INSERT_BOOKING, (
                hotel_id, first.isoformat(), end.isoformat(), nights, rooms, name, total, hotel["currency"],
                datetime.now().isoformat(timespec="seconds"),
            )).lastrowid
            reference = f"HB-{booking_id:06d}"
            conn.execute("UPDATE hotel_bookings SET ref = ? WHERE id = ?", (reference, booking_id))
            return {"reference": reference, "status": "confirmed", "hotel_id": hotel_id, "hotel": hotel["name"],
                    "city": hotel["city"], "address": hotel["address"], "guest_name": name,
                    "check_in": first.isoformat(), "check_out": end.isoformat(), "nights": nights, "rooms": rooms,
                    "total_price": total, "currency": hotel["currency"]}

        return db.answer(**await db.transact(work))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Look up a hotel booking"}))
    async def get_booking(reference: Reference) -> Answer:
        """A hotel booking by its reference (e.g. 'HB-000001'): hotel, dates, rooms, guest and total price."""
        found = await db.row(BOOKING_SQL, (reference.strip().upper(),))
        if found is None:
            raise ToolError(f"no hotel booking with reference '{reference}'")
        return db.answer(booking=found)

    return mcp


def main() -> None:
    serve("hotels", build)


if __name__ == "__main__":
    main()
