"""The sandbox database: reproducible for a (seed, today) pair, relative to today, with the cities the
agent is asked about; the date words the servers accept; and the forgiving city lookup."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from datetime import date, timedelta
from pathlib import Path

import pytest
from mcp.server.fastmcp.exceptions import ToolError

from tools.sandbox.dates import resolve_date, resolve_date_range
from tools.sandbox import generate
from tools.sandbox.domains import cities, weather
from tools.sandbox.generate import ensure_sandbox, generate_sandbox, read_meta
from tools.sandbox.schema import DDL
from tools.sandbox.seeding import BOOKING_DAYS, FORECAST_DAYS, GenContext
from tools.servers import lookup
from tools.servers.db import SandboxDB

TODAY = date(2026, 6, 10)  # a Wednesday
HASHED_TABLES = ("cities", "city_aliases", "forecasts", "flight_schedules", "trains", "hotel_rates", "attractions",
                 "restaurants", "stock_prices", "fx_rates", "inventory")


def table_digest(path: Path, table: str) -> str:
    conn = sqlite3.connect(path)
    try:
        digest = hashlib.sha256()
        for row in conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid'):  # names are our constants above
            digest.update(repr(row).encode())
        return digest.hexdigest()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def sandboxes(tmp_path_factory) -> tuple[Path, Path]:
    """Two sandboxes generated independently from the same seed and day."""
    directory = tmp_path_factory.mktemp("sandbox")
    return (generate_sandbox(directory / "a.db", seed=7, today=TODAY),
            generate_sandbox(directory / "b.db", seed=7, today=TODAY))


@pytest.fixture(scope="module")
def sandbox(sandboxes) -> Path:
    return sandboxes[0]


def rows(path: Path, sql: str, *params) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql, params).fetchall()
    finally:
        conn.close()


# -- reproducible and relative to today ----------------------------------------------------------------
def test_same_seed_and_day_give_identical_tables(sandboxes):
    first, second = sandboxes
    for table in HASHED_TABLES:
        assert table_digest(first, table) == table_digest(second, table), table
    assert rows(first, "SELECT COUNT(*) FROM hotel_rates")[0][0] > 1000  # the digests cover real content


def small_sandbox(path: Path, seed: int, today: date) -> Path:
    """Only the cities and the weather: enough to see what the seed and the day change, in milliseconds."""
    conn = sqlite3.connect(path)
    conn.executescript(DDL)
    with conn:
        ctx = GenContext(seed=seed, today=today)
        cities.generate(conn, ctx)
        weather.generate(conn, ctx)
    conn.close()
    return path


def test_another_seed_gives_other_weather(tmp_path):
    seven, eight = small_sandbox(tmp_path / "7.db", 7, TODAY), small_sandbox(tmp_path / "8.db", 8, TODAY)
    assert table_digest(seven, "forecasts") != table_digest(eight, "forecasts")
    assert table_digest(seven, "cities") == table_digest(eight, "cities")


def test_forecasts_start_today_and_cover_fourteen_days(sandbox, tmp_path):
    expected = [(TODAY + timedelta(days=i)).isoformat() for i in range(FORECAST_DAYS)]
    assert FORECAST_DAYS == 14
    assert [r[0] for r in rows(sandbox, "SELECT DISTINCT date FROM forecasts ORDER BY date")] == expected
    assert rows(sandbox, "SELECT MIN(n), MAX(n) FROM (SELECT COUNT(*) AS n FROM forecasts GROUP BY city_id)") == [
        (14, 14)]
    later = date(2027, 1, 4)
    moved = small_sandbox(tmp_path / "later.db", 7, later)
    assert rows(moved, "SELECT MIN(date), MAX(date) FROM forecasts") == [
        (later.isoformat(), (later + timedelta(days=13)).isoformat())]


def test_bookable_data_and_history_are_relative_to_today(sandbox):
    last_bookable = (TODAY + timedelta(days=BOOKING_DAYS - 1)).isoformat()
    assert rows(sandbox, "SELECT MIN(date), MAX(date) FROM flights") == [(TODAY.isoformat(), last_bookable)]
    assert rows(sandbox, "SELECT MIN(date), MAX(date) FROM hotel_rates") == [(TODAY.isoformat(), last_bookable)]
    assert rows(sandbox, "SELECT MAX(date) FROM stock_prices")[0][0] < TODAY.isoformat()
    assert rows(sandbox, "SELECT MAX(date) FROM fx_rates")[0][0] == TODAY.isoformat()


def test_meta_labels_the_data_as_sandbox_data(sandbox):
    meta = read_meta(sandbox)
    assert (meta["sandbox"], meta["today"], meta["seed"]) == ("true", TODAY.isoformat(), "7")
    assert meta["source"] == f"tura sandbox (synthetic data generated for {TODAY.isoformat()})"


def test_has_at_least_thirty_cities_including_the_big_ones(sandbox):
    names = {r[0] for r in rows(sandbox, "SELECT name FROM cities")}
    assert len(names) >= 30
    assert {"Beijing", "Shanghai", "New York", "Paris", "London", "Tokyo"} <= names


def test_ensure_sandbox_keeps_a_current_file_and_rebuilds_a_stale_one(sandbox, tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    shutil.copyfile(sandbox, path)
    rebuilt: list[tuple[Path, int, date]] = []
    monkeypatch.setattr(generate, "generate_sandbox",
                        lambda db_path, *, seed, today: rebuilt.append((db_path, seed, today)))
    ensure_sandbox(path, today=TODAY)
    assert rebuilt == []  # made for this day: left alone
    ensure_sandbox(path, today=TODAY + timedelta(days=1))
    assert rebuilt == [(path, 7, TODAY + timedelta(days=1))]  # made for another day: rebuilt, keeping its seed


# -- date words ------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("today", TODAY),
    ("tomorrow", date(2026, 6, 11)),
    ("Tomorrow ", date(2026, 6, 11)),
    ("day after tomorrow", date(2026, 6, 12)),
    ("friday", date(2026, 6, 12)),
    ("next friday", date(2026, 6, 12)),  # the first Friday after today
    ("wednesday", TODAY),
    ("next wednesday", date(2026, 6, 17)),  # never today itself
    ("in 3 days", date(2026, 6, 13)),
    ("in a week", date(2026, 6, 17)),
    ("June 10", TODAY),
    ("10 June", TODAY),
    ("Jun 12th", date(2026, 6, 12)),
    ("June 9", date(2027, 6, 9)),  # already past this year: next year's
    ("2026-07-01", date(2026, 7, 1)),
    ("last friday", date(2026, 6, 5)),  # the last one before today
    ("this past monday", date(2026, 6, 8)),
    ("last wednesday", date(2026, 6, 3)),  # never today itself
    ("2 days ago", date(2026, 6, 8)),
    ("a week ago", date(2026, 6, 3)),
])
def test_resolve_date(text, expected):
    assert resolve_date(text, TODAY) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("June 10-15", (date(2026, 6, 10), date(2026, 6, 15))),
    ("10-15 June", (date(2026, 6, 10), date(2026, 6, 15))),
    ("2026-06-10 to 2026-06-15", (date(2026, 6, 10), date(2026, 6, 15))),
    ("between June 12 and June 14", (date(2026, 6, 12), date(2026, 6, 14))),
    ("tomorrow", (date(2026, 6, 11), date(2026, 6, 11))),
    ("next 3 days", (TODAY, date(2026, 6, 12))),
    ("this weekend", (date(2026, 6, 13), date(2026, 6, 14))),
    ("next week", (date(2026, 6, 15), date(2026, 6, 21))),
    ("Dec 30 to Jan 2", (date(2026, 12, 30), date(2027, 1, 2))),
    ("last week", (date(2026, 6, 1), date(2026, 6, 7))),
    ("last weekend", (date(2026, 6, 6), date(2026, 6, 7))),
])
def test_resolve_date_range(text, expected):
    assert resolve_date_range(text, TODAY) == expected


@pytest.mark.parametrize(("text", "says"), [
    ("someday", "cannot read 'someday'"),
    ("", "empty date"),
    ("February 30", "not a real calendar date"),
    ("2026-13-01", "not a real calendar date"),
    ("in -3 days", "cannot read"),
])
def test_unreadable_dates_raise_value_error_saying_what_is_accepted(text, says):
    with pytest.raises(ValueError, match=says):
        resolve_date(text, TODAY)
    with pytest.raises(ValueError):
        resolve_date_range(text, TODAY)


def test_backwards_range_says_so():
    with pytest.raises(ValueError, match="ends .* before it starts"):
        resolve_date_range("June 15-10", TODAY)


# -- forgiving city lookup -------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "city"), [
    ("Beijing", "Beijing"),
    ("B Beijing", "Beijing"),
    ("beijing city", "Beijing"),
    ("Pekin", "Beijing"),
    ("Peking", "Beijing"),
    ("Bejing", "Beijing"),
    ("Tokio", "Tokyo"),
    ("tokyo, japan", "Tokyo"),
    ("NYC", "New York"),
    ("JFK airport", "New York"),
    ("(LHR)", "London"),
    ("Londn", "London"),
    ("Sao Paulo", "São Paulo"),
])
async def test_city_lookup_forgives_aliases_codes_and_typos(sandbox, text, city):
    assert (await lookup.city(SandboxDB(sandbox), text))["name"] == city


@pytest.mark.parametrize("text", ["Qwxzv", "Ho Chi Minh City", "Lyon", "Xiamen", "Ciudad del Este", "Sin City"])
async def test_unknown_city_is_a_tool_error_listing_the_cities(sandbox, text):
    # Real cities outside the sandbox must not be mistaken for one inside it (CHI, LON, Xi'an, DEL, SIN).
    with pytest.raises(ToolError) as raised:
        await lookup.city(SandboxDB(sandbox), text, "origin")
    message = str(raised.value)
    assert f"unknown origin '{text}'" in message
    assert all(name in message for name in ("Beijing", "Shanghai", "New York", "Paris", "London", "Tokyo"))


def test_dates_outside_the_window_are_tool_errors_naming_it(sandbox):
    db = SandboxDB(sandbox)
    assert lookup.day(db, "in 13 days", days=FORECAST_DAYS) == TODAY + timedelta(days=13)
    with pytest.raises(ToolError, match=r"'in 14 days' is 2026-06-24, outside .* 2026-06-10 to 2026-06-23"):
        lookup.day(db, "in 14 days", days=FORECAST_DAYS)
    assert lookup.day_range(db, "June 20-30", days=FORECAST_DAYS) == (date(2026, 6, 20), date(2026, 6, 23))
    with pytest.raises(ToolError, match="dates: cannot read"):
        lookup.day_range(db, "whenever", days=FORECAST_DAYS)
