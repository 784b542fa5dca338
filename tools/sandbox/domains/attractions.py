"""Real attractions (names, coordinates, hours and typical ticket prices from data/attractions.csv)."""

from __future__ import annotations

import csv
import sqlite3
from pathlib import Path

from tools.sandbox.cities import CITIES
from tools.sandbox.seeding import GenContext

DATA = Path(__file__).resolve().parent.parent / "data" / "attractions.csv"


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("attractions")
    currency = {c.id: c.currency for c in CITIES}
    rows = []
    with DATA.open(encoding="utf-8", newline="") as handle:
        for index, item in enumerate(csv.DictReader(handle), start=1):
            rows.append((
                index, item["city_id"], item["name"], item["category"], float(item["lat"]), float(item["lon"]),
                item["opens"], item["closes"], item["closed_on"] or None, float(item["ticket_price"]),
                currency[item["city_id"]], round(rng.uniform(4.2, 4.9), 1), float(item["visit_hours"]),
            ))
    conn.executemany("INSERT INTO attractions VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)", rows)
