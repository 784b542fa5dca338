"""The cities table and every name a city may be asked for by (name, IATA code, common aliases)."""

from __future__ import annotations

import sqlite3

from tools.sandbox.cities import CITIES
from tools.sandbox.seeding import GenContext


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    del ctx  # the city list is fixed data, the same for every seed and day
    conn.executemany(
        "INSERT INTO cities VALUES (?,?,?,?,?,?,?,?,?)",
        [(c.id, c.name, c.country, c.country_code, c.lat, c.lon, c.iata, c.timezone, c.currency) for c in CITIES],
    )
    aliases = []
    for city in CITIES:
        for alias in (city.name, city.id.replace("-", " "), city.iata, *city.aliases):
            aliases.append((alias.strip().lower(), city.id))
    conn.executemany("INSERT OR IGNORE INTO city_aliases VALUES (?, ?)", aliases)
