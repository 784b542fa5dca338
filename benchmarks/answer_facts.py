"""Expected facts of an answer scenario, read from the sandbox by SQL (or from the web-search corpus) at
scoring time: the sandbox follows today's date, so expected values are never stored.

Each fact spec (written by benchmarks/make_answer_scenarios.py) becomes a list of ``Expected`` values;
an answer states a fact when it contains every value of it.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tools.corpus.passages import load_passages
from tools.sandbox.dates import resolve_date_range


@dataclass(frozen=True)
class Expected:
    """One value the answer must state: a number (matched at its own rounding), a clock time or text."""

    label: str
    value: Any
    kind: str = "number"  # number | time | text | regex | one_of


class FactError(RuntimeError):
    """The scenario names something the sandbox or corpus does not hold: a broken scenario, not a bad run."""


def _city_id(db: sqlite3.Connection, name: str) -> str:
    row = db.execute("SELECT id FROM cities WHERE name = ?", (name,)).fetchone()
    if row is None:
        raise FactError(f"no sandbox city named {name!r}")
    return row[0]


def _day(phrase: str, today: date, offset: int = 0) -> date:
    return resolve_date_range(phrase, today)[0] + timedelta(days=offset)


def _rate(db: sqlite3.Connection, today: date, source: str, target: str) -> float:
    rows = dict(db.execute("SELECT currency, per_usd FROM fx_rates WHERE date = ? AND currency IN (?, ?)",
                           (today.isoformat(), source, target)).fetchall())
    if source not in rows or target not in rows:
        raise FactError(f"no rate for {source}/{target} on {today}")
    return rows[target] / rows[source]


def expected_values(fact: dict[str, Any], db: sqlite3.Connection, today: date) -> list[Expected]:
    """The values an answer must contain to state ``fact``."""
    kind = fact["type"]
    if kind == "forecast":
        day = _day(fact["day"], today, fact.get("offset", 0))
        row = db.execute("SELECT * FROM forecasts WHERE city_id = ? AND date = ?",
                         (_city_id(db, fact["city"]), day.isoformat())).fetchone()
        if row is None:
            raise FactError(f"no forecast for {fact['city']} on {day}")
        columns = [c[0] for c in db.execute("SELECT * FROM forecasts LIMIT 0").description]
        values = dict(zip(columns, row))
        out = []
        for name in fact["fields"]:
            value = values[name]
            kind_of = "time" if name in ("sunrise", "sunset") else "text" if name == "condition" else "number"
            out.append(Expected(f"{fact['city']} {day} {name}", value, kind_of))
        return out
    if kind == "quote":
        row = db.execute("SELECT last FROM quotes WHERE symbol = ?", (fact["symbol"],)).fetchone()
        if row is None:
            raise FactError(f"no quote for {fact['symbol']}")
        return [Expected(f"{fact['symbol']} last", row[0])]
    if kind == "fx":
        converted = round(fact["amount"] * _rate(db, today, fact["from"], fact["to"]), 2)
        return [Expected(f"{fact['amount']} {fact['from']} in {fact['to']}", converted)]
    if kind == "quote_in":
        last = db.execute("SELECT last, currency FROM quotes JOIN tickers USING (symbol) WHERE symbol = ?",
                          (fact["symbol"],)).fetchone()
        converted = round(last[0] * _rate(db, today, last[1], fact["to"]), 2)
        return [Expected(f"{fact['symbol']} in {fact['to']}", converted, "approx")]
    if kind == "cheapest_flight":
        day = _day(fact["day"], today)
        row = db.execute(
            """SELECT MIN(f.price_economy) FROM flights f JOIN flight_schedules s ON s.id = f.schedule_id
               WHERE s.origin_id = ? AND s.dest_id = ? AND f.date = ? AND f.seats_economy > 0""",
            (_city_id(db, fact["origin"]), _city_id(db, fact["destination"]), day.isoformat())).fetchone()
        if row is None or row[0] is None:
            return [Expected("no flight", r"no (non-stop )?flights?|not find|no .*found|could not", "regex")]
        return [Expected(f"cheapest {fact['origin']}-{fact['destination']} {day}", row[0])]
    if kind == "cheapest_hotel":
        day = _day(fact["day"], today)
        row = db.execute(
            """SELECT MIN(r.price) FROM hotel_rates r JOIN hotels h ON h.id = r.hotel_id
               WHERE h.city_id = ? AND r.date = ? AND r.rooms_left >= 1""",
            (_city_id(db, fact["city"]), day.isoformat())).fetchone()
        return [Expected(f"cheapest hotel {fact['city']} {day}", row[0])]
    if kind == "top_restaurant":
        best = db.execute("SELECT MAX(rating) FROM restaurants WHERE city_id = ?", (_city_id(db, fact["city"]),))
        rating = best.fetchone()[0]
        names = [r[0] for r in db.execute("SELECT name FROM restaurants WHERE city_id = ? AND rating = ?",
                                          (_city_id(db, fact["city"]), rating))]
        return [Expected(f"top restaurant {fact['city']}", names, "one_of")]
    if kind == "corpus":
        passages = [p for p in load_passages() if p.title == fact["title"]]
        if not passages or not re.search(fact["pattern"], passages[0].text):
            raise FactError(f"the corpus passage {fact['title']!r} does not state {fact['pattern']!r}")
        return [Expected(fact["title"], fact["pattern"], "regex")]
    if kind in ("void", "no_side_effect"):
        return []
    raise FactError(f"unknown fact type {kind!r}")


def open_sandbox(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"file:{path}?mode=ro", uri=True)
