"""Flights MCP server: search non-stop flights between the sandbox's cities, book seats, look up bookings."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from typing import Annotated, Any, Literal

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from tools.sandbox.seeding import BOOKING_DAYS
from tools.servers import lookup
from tools.servers.args import City, Day, DayRange, Limit, PersonName, Reference
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False)
Cabin = Annotated[Literal["economy", "business"], Field(description="Cabin class")]

# Static SQL; the cabin, sort order and filters are bound parameters, never pasted into the text.
_FROM = """flights f JOIN flight_schedules s ON s.id = f.schedule_id
    JOIN cities o ON o.id = s.origin_id JOIN cities d ON d.id = s.dest_id"""
_ROUTE = """f.id AS flight_id, s.flight_no, s.airline, o.name AS origin, o.iata AS origin_airport,
    d.name AS destination, d.iata AS destination_airport, f.depart_at, f.arrive_at, s.duration_min, s.aircraft"""
_PRICE = "(CASE :cabin WHEN 'business' THEN f.price_business ELSE f.price_economy END)"
_SEATS = "(CASE :cabin WHEN 'business' THEN f.seats_business ELSE f.seats_economy END)"
SEARCH_SQL = f"""SELECT {_ROUTE}, {_PRICE} AS price, f.currency, {_SEATS} AS seats_left FROM {_FROM}
    WHERE s.origin_id = :origin AND s.dest_id = :dest AND f.date = :date AND {_SEATS} > 0
      AND (:max_price IS NULL OR {_PRICE} <= :max_price)
    ORDER BY CASE :sort WHEN 'price' THEN {_PRICE} WHEN 'duration' THEN s.duration_min ELSE 0 END, f.depart_at
    LIMIT :limit"""
CHEAPEST_SQL = f"""SELECT f.date, MIN({_PRICE}) AS price, f.id AS flight_id, s.flight_no, f.depart_at FROM {_FROM}
    WHERE s.origin_id = :origin AND s.dest_id = :dest AND f.date BETWEEN :first AND :last AND {_SEATS} > 0
    GROUP BY f.date ORDER BY f.date"""
FLIGHT_SQL = f"""SELECT {_ROUTE}, f.price_economy, f.price_business, f.currency, f.seats_economy, f.seats_business
    FROM {_FROM} WHERE s.flight_no = ? AND f.date = ?"""
BOOKABLE_SQL = f"SELECT {_ROUTE}, {_PRICE} AS price, f.currency, {_SEATS} AS seats_left FROM {_FROM} WHERE f.id = :id"
TAKE_SEATS = {
    "economy": "UPDATE flights SET seats_economy = seats_economy - ? WHERE id = ? AND seats_economy >= ?",
    "business": "UPDATE flights SET seats_business = seats_business - ? WHERE id = ? AND seats_business >= ?",
}
INSERT_BOOKING = """INSERT INTO flight_bookings (flight_id, cabin, seats, passenger_name, total_price, currency,
    created_at) VALUES (?,?,?,?,?,?,?)"""
BOOKING_SQL = f"""SELECT b.ref AS reference, b.passenger_name, b.cabin, b.seats, b.total_price, b.currency,
    b.created_at, s.flight_no, s.airline, o.name AS origin, d.name AS destination, f.depart_at, f.arrive_at
    FROM flight_bookings b JOIN flights f ON f.id = b.flight_id JOIN flight_schedules s ON s.id = f.schedule_id
    JOIN cities o ON o.id = s.origin_id JOIN cities d ON d.id = s.dest_id WHERE b.ref = ?"""


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("flights", instructions="Non-stop flights between 36 world cities (sandbox data) for the next "
                  "60 days: search by route and date, compare days, book seats and look up bookings.", **settings)

    async def route(origin: str, destination: str) -> tuple[dict[str, Any], dict[str, Any]]:
        start, end = await lookup.city(db, origin, "origin"), await lookup.city(db, destination, "destination")
        if start["id"] == end["id"]:
            raise ToolError(f"origin and destination are both {start['name']}; choose two different cities")
        return start, end

    @mcp.tool(annotations=READ.model_copy(update={"title": "Search flights"}))
    async def search(
        origin: City,
        destination: City,
        date: Day = "tomorrow",
        cabin: Cabin = "economy",
        sort_by: Annotated[Literal["price", "departure", "duration"], Field(description="Order of results")] = "price",
        max_price: Annotated[float | None, Field(gt=0, description="Highest fare per seat in USD")] = None,
        limit: Limit = 5,
    ) -> Answer:
        """Non-stop flights from origin to destination on one day: flight_id (needed to book), flight number,
        airline, local departure/arrival times, duration in minutes, fare per seat in USD and seats left.
        Sold-out flights are left out."""
        start, end = await route(origin, destination)
        day = lookup.day(db, date, days=BOOKING_DAYS)
        flights = await db.rows(SEARCH_SQL, {"origin": start["id"], "dest": end["id"], "date": day.isoformat(),
                                             "cabin": cabin, "max_price": max_price, "sort": sort_by, "limit": limit})
        return db.answer(origin=start["name"], destination=end["name"], date=day.isoformat(), cabin=cabin,
                         flights=flights, note=None if flights else "no flight with seats left matches on this day")

    @mcp.tool(annotations=READ.model_copy(update={"title": "Cheapest fare per day"}))
    async def cheapest_days(origin: City, destination: City, dates: DayRange = "next 7 days",
                            cabin: Cabin = "economy") -> Answer:
        """The lowest available fare (USD) for each day of a date range on one route, with that flight's
        number and flight_id. Use for 'when is it cheapest to fly from X to Y next week'."""
        start, end = await route(origin, destination)
        first, last = lookup.day_range(db, dates, days=BOOKING_DAYS)
        if (last - first).days > 30:
            raise ToolError(f"dates '{dates}' span {(last - first).days + 1} days; ask for 31 days or fewer")
        days = await db.rows(CHEAPEST_SQL, {"origin": start["id"], "dest": end["id"], "cabin": cabin,
                                            "first": first.isoformat(), "last": last.isoformat()})
        best = min(days, key=lambda r: r["price"]) if days else None
        return db.answer(origin=start["name"], destination=end["name"], cabin=cabin, currency="USD", days=days,
                         cheapest_date=best["date"] if best else None)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Flight details"}))
    async def get_flight(
        flight_no: Annotated[str, Field(min_length=3, max_length=8, pattern=r"^[A-Za-z0-9]{2} ?\d{1,4}$",
                                        description="Flight number, e.g. 'CA981' or 'BA 117'")],
        date: Day = "today",
    ) -> Answer:
        """One flight by number and day: route, times, aircraft, fares and seats left in both cabins."""
        day = lookup.day(db, date, days=BOOKING_DAYS)
        flights = await db.rows(FLIGHT_SQL, (flight_no.replace(" ", "").upper(), day.isoformat()))
        if not flights:
            raise ToolError(f"no flight '{flight_no}' on {day.isoformat()}; find flight numbers with search")
        return db.answer(flights=flights)

    @mcp.tool(annotations=WRITE.model_copy(update={"title": "Book a flight"}))
    async def book_flight(
        flight_id: Annotated[int, Field(ge=1, description="flight_id from search")],
        passenger_name: PersonName,
        cabin: Cabin = "economy",
        seats: Annotated[int, Field(ge=1, le=9, description="Number of seats (1-9)")] = 1,
    ) -> Answer:
        """Book seats on one flight: takes them out of availability and returns a booking reference and the
        total fare in USD. Fails, changing nothing, if fewer seats are left than asked for."""
        name = passenger_name.strip()

        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            flight = conn.execute(BOOKABLE_SQL, {"id": flight_id, "cabin": cabin}).fetchone()
            if flight is None:
                raise ToolError(f"no flight with flight_id {flight_id}; use a flight_id from search")
            if flight["seats_left"] < seats:
                raise ToolError(f"flight {flight['flight_no']} on {flight['depart_at'][:10]} has "
                                f"{flight['seats_left']} {cabin} seat(s) left, fewer than the {seats} asked for")
            if conn.execute(TAKE_SEATS[cabin], (seats, flight_id, seats)).rowcount != 1:
                raise ToolError(f"flight_id {flight_id} lost its seats to another booking; search again")
            total = round(flight["price"] * seats, 2)
            booking_id = conn.execute(INSERT_BOOKING, (flight_id, cabin, seats, name, total, flight["currency"],
                                                       datetime.now().isoformat(timespec="seconds"))).lastrowid
            reference = f"FL-{booking_id:06d}"
            conn.execute("UPDATE flight_bookings SET ref = ? WHERE id = ?", (reference, booking_id))
            details = {k: flight[k] for k in flight.keys() if k not in ("price", "seats_left")}
            return {"reference": reference, "status": "confirmed", "passenger_name": name, "cabin": cabin,
                    "seats": seats, "total_price": total, "currency": flight["currency"],
                    "seats_left_after": flight["seats_left"] - seats, "flight": details}

        return db.answer(**await db.transact(work))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Look up a flight booking"}))
    async def get_booking(reference: Reference) -> Answer:
        """A flight booking by its reference (e.g. 'FL-000001'): flight, passenger, cabin, seats and total."""
        booking = await db.row(BOOKING_SQL, (reference.strip().upper(),))
        if booking is None:
            raise ToolError(f"no flight booking with reference '{reference}'")
        return db.answer(booking=booking)

    return mcp


def main() -> None:
    serve("flights", build)


if __name__ == "__main__":
    main()
