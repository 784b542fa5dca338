"""Trains MCP server: intercity rail timetables with seat classes and fares, seat reservations."""

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
from tools.servers.args import City, Day, Limit, PersonName, Reference
from tools.servers.db import Answer, SandboxDB
from tools.servers.launcher import serve

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False)
SeatClass = Literal[
    "second class", "first class", "business class", "ordinary", "green car", "standard", "plus", "premier",
    "business", "comfort", "premium", "coach", "first", "economy", "sleeper", "AC 3-tier", "AC 2-tier",
    "AC first class",
]

_TRAIN = """t.id AS train_id, t.train_no, t.operator, o.name AS origin, d.name AS destination, t.depart_at,
    t.arrive_at, t.duration_min"""
_FROM = "trains t JOIN cities o ON o.id = t.origin_id JOIN cities d ON d.id = t.dest_id"
SEARCH_SQL = f"""SELECT {_TRAIN}, MIN(s.price) AS from_price FROM {_FROM} JOIN train_seats s ON s.train_id = t.id
    WHERE t.origin_id = :origin AND t.dest_id = :dest AND t.date = :date AND s.seats_left > 0
      AND (:seat_class IS NULL OR s.seat_class = :seat_class)
    GROUP BY t.id
    ORDER BY CASE :sort WHEN 'price' THEN MIN(s.price) WHEN 'duration' THEN t.duration_min ELSE 0 END, t.depart_at
    LIMIT :limit"""
SEATS_SQL = "SELECT seat_class, price, currency, seats_left FROM train_seats WHERE train_id = ? ORDER BY price"
ROUTES_SQL = """SELECT o.name AS origin, d.name AS destination, t.operator, COUNT(*) AS departures_per_day,
    MIN(t.duration_min) AS fastest_min, substr(MIN(t.depart_at), 12, 5) AS first_departure
    FROM trains t JOIN cities o ON o.id = t.origin_id JOIN cities d ON d.id = t.dest_id
    WHERE t.date = :today AND (:city IS NULL OR t.origin_id = :city)
    GROUP BY t.origin_id, t.dest_id ORDER BY o.name, d.name"""
SEAT_ROW_SQL = f"""SELECT {_TRAIN}, s.seat_class, s.price, s.currency, s.seats_left FROM {_FROM}
    JOIN train_seats s ON s.train_id = t.id WHERE t.id = ? AND s.seat_class = ?"""
TAKE_SEATS = "UPDATE train_seats SET seats_left = seats_left - ? WHERE train_id = ? AND seat_class = ? AND seats_left >= ?"
INSERT_RESERVATION = """INSERT INTO train_reservations (train_id, seat_class, seats, passenger_name, total_price,
    currency, created_at) VALUES (?,?,?,?,?,?,?)"""
RESERVATION_SQL = f"""SELECT r.ref AS reference, r.passenger_name, r.seat_class, r.seats, r.total_price, r.currency,
    r.created_at, {_TRAIN} FROM train_reservations r JOIN trains t ON t.id = r.train_id
    JOIN cities o ON o.id = t.origin_id JOIN cities d ON d.id = t.dest_id WHERE r.ref = ?"""


def build(db: SandboxDB, **settings: Any) -> FastMCP:
    mcp = FastMCP("trains", instructions="Intercity and high-speed trains (sandbox data) in China, Japan, "
                  "Europe, North America, Australia and India for the next 60 days: timetables, seat classes, "
                  "fares and seat reservations.", **settings)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Search trains"}))
    async def search(
        origin: City,
        destination: City,
        date: Day = "tomorrow",
        seat_class: Annotated[SeatClass | None, Field(description="Only trains with seats left in this class")] = None,
        sort_by: Annotated[Literal["departure", "price", "duration"], Field(description="Order of results")] = (
            "departure"),
        limit: Limit = 5,
    ) -> Answer:
        """Direct trains from origin to destination on one day: train_id (needed to reserve), train number,
        operator, local departure/arrival times, duration in minutes, and each seat class with its fare (in
        the origin's currency) and seats left. When no train runs between the two cities the answer says
        which destinations have trains from the origin."""
        start, end = await lookup.city(db, origin, "origin"), await lookup.city(db, destination, "destination")
        if start["id"] == end["id"]:
            raise ToolError(f"origin and destination are both {start['name']}; choose two different cities")
        day = lookup.day(db, date, days=BOOKING_DAYS)
        trains = await db.rows(SEARCH_SQL, {"origin": start["id"], "dest": end["id"], "date": day.isoformat(),
                                            "seat_class": seat_class, "sort": sort_by, "limit": limit})
        for train in trains:
            train["classes"] = await db.rows(SEATS_SQL, (train["train_id"],))
        note = None
        if not trains:
            served = await db.rows(ROUTES_SQL, {"today": db.today.isoformat(), "city": start["id"]})
            reachable = ", ".join(r["destination"] for r in served) or "none"
            note = (f"no train from {start['name']} to {end['name']} with seats left on {day.isoformat()}; "
                    f"trains from {start['name']} go to: {reachable}")
        return db.answer(origin=start["name"], destination=end["name"], date=day.isoformat(), trains=trains,
                         note=note)

    @mcp.tool(annotations=READ.model_copy(update={"title": "Rail connections"}))
    async def list_routes(
        city: Annotated[City | None, Field(description="Only connections leaving this city")] = None,
    ) -> Answer:
        """Which cities have direct trains. With a city: each connection leaving it, with operator, departures
        per day, fastest journey in minutes and first departure time. Without: every city's destinations."""
        place = await lookup.city(db, city) if city else None
        routes = await db.rows(ROUTES_SQL, {"today": db.today.isoformat(), "city": place["id"] if place else None})
        if place:
            return db.answer(city=place["name"], routes=routes)
        network: dict[str, list[str]] = {}
        for r in routes:
            network.setdefault(r["origin"], []).append(r["destination"])
        return db.answer(network=network)

    @mcp.tool(annotations=WRITE.model_copy(update={"title": "Reserve train seats"}))
    async def reserve_seat(
        train_id: Annotated[int, Field(ge=1, description="train_id from search")],
        seat_class: Annotated[SeatClass, Field(description="A seat class the train has, as listed by search")],
        passenger_name: PersonName,
        seats: Annotated[int, Field(ge=1, le=9, description="Number of seats (1-9)")] = 1,
    ) -> Answer:
        """Reserve seats in one class of one train: takes them out of availability and returns a reservation
        reference and the total fare. Fails, changing nothing, if fewer seats are left than asked for."""
        name = passenger_name.strip()

        def work(conn: sqlite3.Connection) -> dict[str, Any]:
            row = conn.execute(SEAT_ROW_SQL, (train_id, seat_class)).fetchone()
            if row is None:
                classes = [r[0] for r in conn.execute(SEATS_SQL, (train_id,)).fetchall()]
                if not classes:
                    raise ToolError(f"no train with train_id {train_id}; use a train_id from search")
                raise ToolError(f"train_id {train_id} has no '{seat_class}' seats; its classes are: "
                                f"{', '.join(classes)}")
            if row["seats_left"] < seats:
                raise ToolError(f"train {row['train_no']} on {row['depart_at'][:10]} has {row['seats_left']} "
                                f"'{seat_class}' seat(s) left, fewer than the {seats} asked for")
            if conn.execute(TAKE_SEATS, (seats, train_id, seat_class, seats)).rowcount != 1:
                raise ToolError(f"train_id {train_id} lost its seats to another reservation; search again")
            total = round(row["price"] * seats, 2)
            reservation_id = conn.execute(INSERT_RESERVATION, (
                train_id, seat_class, seats, name, total, row["currency"], datetime.now().isoformat(timespec="seconds"),
            )).lastrowid
            reference = f"TR-{reservation_id:06d}"
            conn.execute("UPDATE train_reservations SET ref = ? WHERE id = ?", (reference, reservation_id))
            train = {k: row[k] for k in ("train_id", "train_no", "operator", "origin", "destination", "depart_at",
                                          "arrive_at")}
            return {"reference": reference, "status": "confirmed", "passenger_name": name, "seat_class": seat_class,
                    "seats": seats, "total_price": total, "currency": row["currency"],
                    "seats_left_after": row["seats_left"] - seats, "train": train}

        return db.answer(**await db.transact(work))

    @mcp.tool(annotations=READ.model_copy(update={"title": "Look up a train reservation"}))
    async def get_reservation(reference: Reference) -> Answer:
        """A train reservation by its reference (e.g. 'TR-000001'): train, times, class, seats and total."""
        found = await db.row(RESERVATION_SQL, (reference.strip().upper(),))
        if found is None:
            raise ToolError(f"no train reservation with reference '{reference}'")
        return db.answer(reservation=found)

    return mcp


def main() -> None:
    serve("trains", build)


if __name__ == "__main__":
    main()
