"""Every built-in MCP server, started for real over stdio (through the session pool) and over streamable
HTTP (a process per server on a free loopback port): every tool called with valid arguments (the content is
checked against a sandbox pinned to one day) and with invalid ones (a clear error naming the problem), and
bookings that change availability in the database or fail without changing anything."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tests.integration.processes import free_ports
from tests.integration.test_pool import children_running
from tools.catalog import Catalog, ServerSpec, load_catalog
from tools.pool import SessionPool
from tools.sandbox.generate import generate_sandbox
from tools.tool_outcome import ToolOutcome

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

REPO = Path(__file__).resolve().parents[2]
TODAY = date(2026, 6, 10)  # a Wednesday; the sandbox is pinned to it so every answer is the same every day
TOMORROW = TODAY + timedelta(days=1)
BUILTIN = load_catalog()
SERVERS = BUILTIN.names()
SERVER_MODULE = "tools.servers."


def day(offset: int) -> str:
    return (TODAY + timedelta(days=offset)).isoformat()


# -- fixtures: one sandbox and one set of server processes per transport, shared by the module ----------
@pytest.fixture(scope="module")
def sandbox(tmp_path_factory) -> Path:
    return generate_sandbox(tmp_path_factory.mktemp("builtin") / "sandbox.db", today=TODAY)


@pytest.fixture(scope="module")
def db(sandbox) -> sqlite3.Connection:
    """A read connection to the servers' database, to pick ids and check what bookings changed."""
    conn = sqlite3.connect(sandbox, isolation_level=None)
    conn.row_factory = sqlite3.Row
    yield conn
    conn.close()


def server_args(name: str, sandbox: Path) -> list[str]:
    """The catalogue's own command line, pointed at the test sandbox."""
    args = list(BUILTIN.servers[name].args)
    return args if name == "web_search" else [*args, "--db", str(sandbox), "--today", TODAY.isoformat()]


def offline_env() -> dict[str, str]:
    """This environment without a Tavily key (web_search must use its offline corpus here)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVILY_")}
    return {**env, "PYTHONPATH": str(REPO)}


def wait_until_listening(process: subprocess.Popen, port: int, log: Path, timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server on port {port} exited with {process.returncode}: {log.read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port}; log: {log.read_text()[-2000:]}")


def server_children(transport: str) -> list[int]:
    """PIDs of this process's built-in server children that speak ``transport``."""
    http = [pid for pid in children_running(SERVER_MODULE) if pid in children_running("streamable-http")]
    return http if transport == "http" else [pid for pid in children_running(SERVER_MODULE) if pid not in http]


def wait_for_no_children(transport: str, timeout_s: float = 10.0) -> list[int]:
    deadline = time.monotonic() + timeout_s
    while (left := server_children(transport)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


@pytest.fixture(scope="module")
def http_servers(sandbox, tmp_path_factory) -> dict[str, str]:
    """Every server as its own streamable-HTTP process on a free loopback port; stopped by PID afterwards."""
    logs = tmp_path_factory.mktemp("http-logs")
    started: dict[str, tuple[subprocess.Popen, int, Path]] = {}
    try:
        for name, port in zip(SERVERS, free_ports(len(SERVERS))):
            log = logs / f"{name}.log"
            with log.open("w") as sink:
                process = subprocess.Popen(
                    [sys.executable, *server_args(name, sandbox), "--transport", "streamable-http",
                     "--host", "127.0.0.1", "--port", str(port)],
                    cwd=REPO, env=offline_env(), stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT,
                )
            started[name] = (process, port, log)
        for process, port, log in started.values():
            wait_until_listening(process, port, log)
        yield {name: f"http://127.0.0.1:{port}/mcp" for name, (_, port, _) in started.items()}
    finally:
        for process, _, _ in started.values():
            process.terminate()
        for process, _, _ in started.values():
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    assert wait_for_no_children("http") == [], "an HTTP server process outlived its test"


@pytest_asyncio.fixture(scope="module", loop_scope="module", params=["stdio", "http"])
async def pool(request, sandbox) -> SessionPool:
    """A session pool holding one session per built-in server, over stdio or over streamable HTTP."""
    if request.param == "stdio":
        specs = {name: BUILTIN.servers[name].model_copy(update={"args": server_args(name, sandbox), "cwd": str(REPO)})
                 for name in SERVERS}
    else:
        urls = request.getfixturevalue("http_servers")
        specs = {name: ServerSpec(name=name, transport="streamable_http", url=url) for name, url in urls.items()}
    session_pool = SessionPool(Catalog(servers=specs), connect_timeout_s=60)
    try:
        await asyncio.gather(*(session_pool.list_tools(name) for name in SERVERS))
        yield session_pool
    finally:
        await session_pool.close()
    if request.param == "stdio":
        assert await asyncio.to_thread(wait_for_no_children, "stdio") == [], "a stdio server outlived its session"


# -- the cases: every tool with valid arguments (content checked) and with invalid ones (error checked) ---
Args = dict[str, Any] | Callable[[sqlite3.Connection], dict[str, Any]]


@dataclass(frozen=True)
class Case:
    server: str
    tool: str
    args: Args
    check: Callable[[dict[str, Any]], None] | None = None  # for a valid call: asserts on the answer
    error: tuple[str, ...] = field(default=())  # for an invalid call: what the error must say

    @property
    def id(self) -> str:
        outcome = "ok" if self.check else re.sub(r"\W+", "-", self.error[0][:24]).strip("-")
        return f"{self.server}.{self.tool}:{outcome}"


def one(conn: sqlite3.Connection, sql: str, *params: Any) -> sqlite3.Row:
    row = conn.execute(sql, params).fetchone()
    assert row is not None, f"the sandbox has no row for {sql!r} {params}"
    return row


def check_forecast_tomorrow(a: dict) -> None:
    assert a["city"] == "Beijing" and a["country"] == "China"
    assert [d["date"] for d in a["days"]] == [TOMORROW.isoformat()]
    assert a["days"][0]["low_c"] <= a["days"][0]["high_c"] and "chance of rain" in a["days"][0]["summary"]


def check_forecast_range(a: dict) -> None:
    assert a["city"] == "Tokyo"  # 'Tokio' is read as Tokyo
    assert [d["date"] for d in a["days"]] == [day(0), day(1), day(2)]


def check_compare(a: dict) -> None:
    assert a["date"] == day(2)  # 'friday' from Wednesday 2026-06-10
    assert {c["city"] for c in a["cities"]} == {"Paris", "Rome"}
    highs = [c["high_c"] for c in a["cities"]]
    assert highs == sorted(highs, reverse=True)


def check_city_list(a: dict) -> None:
    names = {c["name"] for c in a["cities"]}
    assert a["count"] >= 30 and {"Beijing", "Shanghai", "New York", "Paris", "London", "Tokyo"} <= names
    assert a["first_day"] == TODAY.isoformat() and a["forecast_days"] == 14


def check_flight_search(a: dict) -> None:
    assert (a["origin"], a["destination"], a["date"]) == ("Beijing", "Shanghai", TOMORROW.isoformat())
    assert a["flights"], "Beijing-Shanghai should have flights tomorrow"
    for f in a["flights"]:
        assert (f["origin_airport"], f["destination_airport"]) == ("PEK", "PVG")
        assert f["depart_at"].startswith(TOMORROW.isoformat()) and f["seats_left"] > 0
    prices = [f["price"] for f in a["flights"]]
    assert prices == sorted(prices)


def check_cheapest_days(a: dict) -> None:
    assert [d["date"] for d in a["days"]] == [day(n) for n in range(5, 12)]  # next week: Mon 15th to Sun 21st
    assert a["cheapest_date"] == min(a["days"], key=lambda d: d["price"])["date"]


def check_flight(a: dict) -> None:
    assert len(a["flights"]) == 1
    flight = a["flights"][0]
    assert flight["origin"] == "Beijing" and flight["destination"] == "Shanghai"
    assert flight["depart_at"].startswith(TOMORROW.isoformat())


def check_train_search(a: dict) -> None:
    assert (a["origin"], a["destination"], a["date"]) == ("Beijing", "Shanghai", TOMORROW.isoformat())
    assert a["trains"] and a["note"] is None
    departures = [t["depart_at"] for t in a["trains"]]
    assert departures == sorted(departures)
    for t in a["trains"]:
        assert t["depart_at"].startswith(TOMORROW.isoformat()) and t["classes"]
        assert t["from_price"] == min(c["price"] for c in t["classes"] if c["seats_left"] > 0)


def check_no_train(a: dict) -> None:
    assert a["trains"] == [] and "trains from Beijing go to" in a["note"] and "Shanghai" in a["note"]


def check_tokyo_routes(a: dict) -> None:
    assert a["city"] == "Tokyo" and "Osaka" in {r["destination"] for r in a["routes"]}


def check_network(a: dict) -> None:
    assert "Shanghai" in a["network"]["Beijing"] and "Beijing" in a["network"]["Shanghai"]


def check_hotel_search(a: dict) -> None:
    assert (a["city"], a["check_in"], a["check_out"], a["nights"]) == ("Paris", day(2), day(4), 2)
    assert a["hotels"] and all(h["rooms_left"] >= 1 for h in a["hotels"])
    prices = [h["avg_nightly_price"] for h in a["hotels"]]
    assert prices == sorted(prices)
    assert all(abs(h["total_price"] - 2 * h["avg_nightly_price"]) < 0.02 for h in a["hotels"])


def check_hotel(a: dict) -> None:
    assert a["hotel"]["hotel_id"] == 1 and a["hotel"]["amenities"]
    assert [n["date"] for n in a["nights"]] == [day(0), day(1)]


def check_attraction_search(a: dict) -> None:
    assert a["city"] == "Paris" and len(a["attractions"]) == 3
    ratings = [x["rating"] for x in a["attractions"]]
    assert ratings == sorted(ratings, reverse=True)


def check_open_museums(a: dict) -> None:
    assert a["attractions"], "Paris has museums open on Mondays"
    assert all(x["category"] == "museum" and x["closed_on"] != "Monday" for x in a["attractions"])


def check_details(a: dict) -> None:
    assert a["attraction"]["name"] == "Eiffel Tower" and a["attraction"]["city"] == "Paris"


def check_nearby(a: dict) -> None:
    assert a["near"]["name"] == "Eiffel Tower" and a["attractions"]
    distances = [x["distance_km"] for x in a["attractions"]]
    assert distances == sorted(distances) and max(distances) <= 3
    assert "Eiffel Tower" not in {x["name"] for x in a["attractions"]}


def check_plan(a: dict) -> None:
    assert a["order"][0] == "Louvre Museum" and len(a["order"]) == 3
    assert set(a["order"]) == {"Louvre Museum", "Eiffel Tower", "Notre-Dame de Paris"}
    assert a["total_minutes"] == sum(leg["minutes"] for leg in a["legs"]) > 0


def check_travel_time(a: dict) -> None:
    assert (a["origin"], a["destination"]) == ("Forbidden City", "Temple of Heaven")
    assert {o["mode"] for o in a["options"]} == {"walk", "drive", "transit"}
    minutes = [o["minutes"] for o in a["options"]]
    assert minutes == sorted(minutes) and a["options"][-1]["mode"] == "walk"


def check_quote(a: dict) -> None:
    assert a["symbol"] == "AAPL" and a["currency"] == "USD"
    assert a["change"] == round(a["last"] - a["prev_close"], 2)


def check_history(a: dict) -> None:
    dates = [s["date"] for s in a["sessions"]]
    assert a["symbol"] == "MSFT" and len(dates) == 5 and dates == sorted(dates) and dates[-1] < TODAY.isoformat()
    assert all(date.fromisoformat(d).weekday() < 5 for d in dates)


def check_conversion(a: dict) -> None:
    assert (a["from_currency"], a["to_currency"], a["date"]) == ("USD", "EUR", TODAY.isoformat())
    assert a["converted"] == round(100 * a["rate"], 2) and 0.5 < a["rate"] < 1.5


def check_tickers(a: dict) -> None:
    assert a["count"] >= 1 and all(t["currency"] == "JPY" for t in a["tickers"])


def check_restaurant_search(a: dict) -> None:
    assert a["city"] == "Tokyo" and a["restaurants"]
    assert all("sushi" in r["cuisine"].lower() for r in a["restaurants"])


def check_restaurants_near(a: dict) -> None:
    assert a["near"]["name"] == "Eiffel Tower"
    distances = [r["distance_km"] for r in a["restaurants"]]
    assert distances and distances == sorted(distances)


def check_availability(a: dict) -> None:
    assert a["date"] == TOMORROW.isoformat() and a["slots"] and a["note"] is None


def check_products(a: dict) -> None:
    assert a["products"] and all(p["category"] == "headphones" for p in a["products"])


def check_stock(a: dict) -> None:
    assert a["city"] == "Tokyo" and a["product"]["model"] == "iPhone 16" and a["stores"]
    assert all(s["currency"] == "JPY" for s in a["stores"])
    prices = [s["price"] for s in a["stores"]]
    assert prices == sorted(prices)


def check_search_web(a: dict) -> None:
    assert a["results"][0]["title"] == "Forbidden City" and a["results"][0]["url"].startswith("https://")
    assert "offline corpus" in a["source"]


def check_open_page(a: dict) -> None:
    assert a["title"] == "Forbidden City" and "1420" in a["text"]


VALID = [
    Case("weather", "get_forecast", {"city": "Beijing", "dates": "tomorrow"}, check_forecast_tomorrow),
    Case("weather", "get_forecast", {"city": "Tokio", "dates": "next 3 days", "with_summary": False},
         check_forecast_range),
    Case("weather", "compare_cities", {"cities": ["Paris", "Rome"], "date": "friday"}, check_compare),
    Case("weather", "list_cities", {}, check_city_list),
    Case("flights", "search", {"origin": "Beijing", "destination": "SHANGHAI", "date": "tomorrow"},
         check_flight_search),
    Case("flights", "cheapest_days", {"origin": "LHR", "destination": "Paris", "dates": "next week"},
         check_cheapest_days),
    Case("flights", "get_flight", lambda conn: {"flight_no": one(conn, """SELECT s.flight_no FROM flight_schedules s
         WHERE s.origin_id = 'beijing' AND s.dest_id = 'shanghai' ORDER BY s.id""")["flight_no"],
         "date": "tomorrow"}, check_flight),
    Case("trains", "search", {"origin": "Beijing", "destination": "Shanghai", "date": "tomorrow"},
         check_train_search),
    Case("trains", "search", {"origin": "Beijing", "destination": "New York"}, check_no_train),
    Case("trains", "list_routes", {"city": "Tokyo"}, check_tokyo_routes),
    Case("trains", "list_routes", {}, check_network),
    Case("hotels", "search", {"city": "Paris", "check_in": "friday", "nights": 2}, check_hotel_search),
    Case("hotels", "get_hotel", {"hotel_id": 1, "nights": 2}, check_hotel),
    Case("attractions", "search", {"city": "Paris", "limit": 3}, check_attraction_search),
    Case("attractions", "search", {"city": "Paris", "category": "museum", "open_on": "monday"}, check_open_museums),
    Case("attractions", "get_details", {"attraction": "eiffel tower"}, check_details),
    Case("attractions", "nearby", {"place": "Eiffel Tower", "radius_km": 3}, check_nearby),
    Case("routes", "plan_route", {"places": ["Louvre Museum", "Eiffel Tower", "Notre-Dame"], "city": "Paris"},
         check_plan),
    Case("routes", "travel_time", {"origin": "Forbidden City", "destination": "Temple of Heaven"},
         check_travel_time),
    Case("finance", "get_quote", {"ticker_or_name": "Apple"}, check_quote),
    Case("finance", "get_history", {"ticker_or_name": "MSFT", "days": 5}, check_history),
    Case("finance", "convert_currency", {"amount": 100, "from_currency": "usd", "to_currency": "EUR"},
         check_conversion),
    Case("finance", "list_tickers", {"contains": "JPY"}, check_tickers),
    Case("restaurants", "search", {"city": "Tokyo", "cuisine": "sushi"}, check_restaurant_search),
    Case("restaurants", "search", {"city": "Paris", "near": "Eiffel Tower", "sort_by": "distance"},
         check_restaurants_near),
    Case("restaurants", "check_availability", lambda conn: {"restaurant_id": one(
        conn, "SELECT restaurant_id FROM restaurant_slots WHERE date = ? ORDER BY restaurant_id",
        TOMORROW.isoformat())["restaurant_id"], "date": "tomorrow"}, check_availability),
    Case("shopping", "search_products", {"query": "noise cancelling", "category": "headphones"}, check_products),
    Case("shopping", "check_stock", lambda conn: {"product_id": one(
        conn, "SELECT id FROM products WHERE model = 'iPhone 16'")["id"], "city": "Tokyo"}, check_stock),
    Case("web_search", "search_web", {"query": "When was the Forbidden City built?"}, check_search_web),
    Case("web_search", "open_page", {"url": "https://en.wikipedia.org/wiki/Forbidden_City"}, check_open_page),
]

CITY_LIST = ("Beijing", "Tokyo", "Paris")  # an unknown-city error lists the sandbox's cities
INVALID = [
    Case("weather", "get_forecast", {"city": "Atlantis"}, error=("unknown city 'Atlantis'", *CITY_LIST)),
    Case("weather", "get_forecast", {"city": "Beijing", "dates": "in 30 days"},
         error=("outside the sandbox data", day(0), day(13))),
    Case("weather", "get_forecast", {"city": "Beijing", "dates": "someday"}, error=("cannot read 'someday'",)),
    Case("weather", "compare_cities", {"cities": ["Paris"]}, error=("cities", "at least 2 items")),
    Case("weather", "list_cities", {"country": "x" * 61}, error=("country", "at most 60 characters")),
    Case("flights", "search", {"origin": "PEK", "destination": "Beijing"}, error=("both Beijing",)),
    Case("flights", "search", {"origin": "Ho Chi Minh City", "destination": "Paris"},
         error=("unknown origin 'Ho Chi Minh City'", *CITY_LIST)),
    Case("flights", "cheapest_days", {"origin": "London", "destination": "Paris", "dates": "next 40 days"},
         error=("40 days", "31 days or fewer")),
    Case("flights", "get_flight", {"flight_no": "XX999"}, error=("no flight 'XX999'",)),
    Case("flights", "book_flight", {"flight_id": 0, "passenger_name": "Ann Lee"},
         error=("flight_id", "greater than or equal to 1")),
    Case("flights", "book_flight", {"flight_id": 99999999, "passenger_name": "Ann Lee"},
         error=("no flight with flight_id 99999999",)),
    Case("flights", "get_booking", {"reference": "FL-999999"}, error=("no flight booking", "FL-999999")),
    Case("trains", "search", {"origin": "Beijing", "destination": "Shanghai", "date": day(60)},
         error=("outside the sandbox data", day(59))),
    Case("trains", "list_routes", {"city": "Qwxzv"}, error=("unknown city 'Qwxzv'", *CITY_LIST)),
    Case("trains", "reserve_seat", lambda conn: {"train_id": one(
        conn, "SELECT train_id FROM train_seats GROUP BY train_id HAVING SUM(seat_class = 'sleeper') = 0")["train_id"],
        "seat_class": "sleeper", "passenger_name": "Ann Lee"}, error=("no 'sleeper' seats", "its classes are")),
    Case("trains", "reserve_seat", {"train_id": 1, "seat_class": "cattle class", "passenger_name": "Ann Lee"},
         error=("seat_class", "second class")),
    Case("trains", "get_reservation", {"reference": "not a ref"}, error=("reference", "pattern")),
    Case("hotels", "search", {"city": "Paris", "check_in": "friday", "check_out": "thursday"},
         error=("check_out", "must be after check_in")),
    Case("hotels", "search", {"city": "Paris", "nights": 31}, error=("nights", "less than or equal to 30")),
    Case("hotels", "get_hotel", {"hotel_id": 999999}, error=("no hotel with hotel_id 999999",)),
    Case("hotels", "book_room", {"hotel_id": 1, "guest_name": "Ann Lee", "check_in": "2026-09-01"},
         error=("check_in '2026-09-01'", "outside the sandbox data")),
    Case("hotels", "book_room", {"hotel_id": 1, "guest_name": "Ann Lee", "check_in": "today", "nights": 3,
                                 "check_out": day(-1)}, error=("check_out", "outside the sandbox data")),
    Case("hotels", "get_booking", {"reference": "HB-999999"}, error=("no hotel booking",)),
    Case("attractions", "search", {"city": "Paris", "category": "casino"}, error=("category", "museum")),
    Case("attractions", "get_details", {"attraction": "Hogwarts"}, error=("no attraction 'Hogwarts'",)),
    Case("attractions", "nearby", {"place": "91,200"}, error=("latitude must be -90..90",)),
    Case("routes", "plan_route", {"places": ["Louvre Museum"]}, error=("places", "at least 2 items")),
    Case("routes", "plan_route", {"places": ["Louvre Museum", "Eiffel Tower"], "mode": "fly"},
         error=("mode", "'walk'")),
    Case("routes", "travel_time", {"origin": "Nowhere Land", "destination": "Temple of Heaven"},
         error=("no attraction, hotel or restaurant named 'Nowhere Land'",)),
    Case("finance", "get_quote", {"ticker_or_name": "ZZZZ"}, error=("unknown ticker 'ZZZZ'", "AAPL")),
    Case("finance", "get_history", {"ticker_or_name": "MSFT", "days": 31}, error=("days", "less than or equal to 30")),
    Case("finance", "convert_currency", {"amount": 1, "from_currency": "USD", "to_currency": "XYZ"},
         error=("to_currency", "'EUR'")),
    Case("finance", "convert_currency", {"amount": 1, "from_currency": "USD", "to_currency": "EUR",
                                         "date": "tomorrow"}, error=("outside the sandbox data",)),
    Case("finance", "list_tickers", {"contains": "x"}, error=("contains", "at least 2 characters")),
    Case("restaurants", "search", {"city": "Paris", "sort_by": "distance"}, error=("needs `near`",)),
    Case("restaurants", "check_availability", {"restaurant_id": 1, "date": "in 20 days"},
         error=("outside the sandbox data", day(13))),
    Case("restaurants", "check_availability", {"restaurant_id": 999999}, error=("no restaurant with restaurant_id",)),
    Case("restaurants", "reserve_table", {"restaurant_id": 1, "date": "tomorrow", "time": "18:30", "party_size": 2,
                                          "guest_name": "Ann Lee"}, error=("time", "'19:00'")),
    Case("restaurants", "reserve_table", lambda conn: {"restaurant_id": one(
        conn, "SELECT id FROM restaurants WHERE closed_on = ? ORDER BY id", TOMORROW.strftime("%A"))["id"],
        "date": "tomorrow", "time": "19:00", "party_size": 2, "guest_name": "Ann Lee"},
        error=("takes no reservations at 19:00", "closed that day")),
    Case("restaurants", "get_reservation", {"reference": "RT-999999"}, error=("no table reservation",)),
    Case("shopping", "search_products", {"category": "car"}, error=("category", "'laptop'")),
    Case("shopping", "check_stock", {"product_id": 999999, "city": "Tokyo"}, error=("no product with product_id",)),
    Case("shopping", "check_stock", {"product_id": 1, "city": "Atlantis"}, error=("unknown city 'Atlantis'",)),
    Case("shopping", "place_order", {"store_id": 1, "product_id": 1, "customer_name": "Ann Lee", "quantity": 11},
         error=("quantity", "less than or equal to 10")),
    Case("shopping", "place_order", {"store_id": 999999, "product_id": 1, "customer_name": "Ann Lee"},
         error=("store_id 999999 does not sell product_id 1",)),
    Case("shopping", "get_order", {"reference": "OR-999999"}, error=("no order with reference",)),
    Case("web_search", "search_web", {"query": "Forbidden City", "max_results": 11},
         error=("max_results", "less than or equal to 10")),
    Case("web_search", "open_page", {"url": "https://example.com/nothing"}, error=("no page with url",)),
    Case("web_search", "open_page", {"url": "ftp://example.com/x"}, error=("url", "pattern")),
]


def arguments(case: Case, conn: sqlite3.Connection) -> dict[str, Any]:
    return case.args(conn) if callable(case.args) else case.args


@pytest.mark.parametrize("case", VALID, ids=lambda c: c.id)
async def test_tool_answers_valid_arguments(pool, db, case):
    outcome = await pool.call(case.server, case.tool, arguments(case, db))
    assert outcome.ok, outcome.error
    answer = json.loads(outcome.text)
    assert answer == outcome.structured  # the text and the structured content say the same
    if case.server != "web_search":
        assert answer["source"] == f"tura sandbox (synthetic data generated for {TODAY.isoformat()})"
    case.check(answer)


@pytest.mark.parametrize("case", INVALID, ids=lambda c: c.id)
async def test_tool_rejects_invalid_arguments_clearly(pool, db, case):
    outcome = await pool.call(case.server, case.tool, arguments(case, db))
    assert not outcome.ok, f"expected an error, got {outcome.text[:300]}"
    for needle in case.error:
        assert needle in outcome.error


# -- bookings: they take availability out of the database, or fail and change nothing -----------------
async def book(pool: SessionPool, server: str, tool: str, args: dict[str, Any]) -> ToolOutcome:
    return await pool.call(server, tool, args, timeout_s=30)


def value(conn: sqlite3.Connection, sql: str, *params: Any) -> Any:
    return one(conn, sql, *params)[0]


async def test_hotel_booking_reduces_rooms_for_every_night(pool, db):
    hotel = value(db, """SELECT hotel_id FROM hotel_rates WHERE date IN (?, ?) GROUP BY hotel_id
        HAVING COUNT(*) = 2 AND MIN(rooms_left) >= 3 ORDER BY hotel_id""", day(20), day(21))

    def rooms() -> list[int]:  # the night before the stay, its two nights, and the check-out night
        return [r[0] for r in db.execute("""SELECT rooms_left FROM hotel_rates WHERE hotel_id = ?
            AND date BETWEEN ? AND ? ORDER BY date""", (hotel, day(19), day(22)))]

    before = rooms()
    booked = await book(pool, "hotels", "book_room", {"hotel_id": hotel, "guest_name": "Ann Lee",
                                                        "check_in": day(20), "check_out": day(22), "rooms": 2})
    assert booked.ok, booked.error
    receipt = booked.structured
    assert receipt["status"] == "confirmed" and receipt["reference"].startswith("HB-") and receipt["nights"] == 2
    assert rooms() == [before[0], before[1] - 2, before[2] - 2, before[3]]
    shown = await pool.call("hotels", "get_hotel", {"hotel_id": hotel, "check_in": day(20), "nights": 2})
    assert [n["rooms_left"] for n in shown.structured["nights"]] == [before[1] - 2, before[2] - 2]
    found = await pool.call("hotels", "get_booking", {"reference": receipt["reference"].lower()})
    assert found.ok, found.error
    booking = found.structured["booking"]
    assert (booking["guest_name"], booking["check_in"], booking["rooms"]) == ("Ann Lee", day(20), 2)


async def test_hotel_booking_beyond_capacity_fails_and_changes_nothing(pool, db):
    # A stay whose first night has room but whose second night has fewer rooms than asked for.
    stay = one(db, """SELECT a.hotel_id, a.date, b.rooms_left AS scarce FROM hotel_rates a
        JOIN hotel_rates b ON b.hotel_id = a.hotel_id AND b.date = date(a.date, '+1 day')
        WHERE a.date > ? AND b.rooms_left BETWEEN 1 AND 4 AND a.rooms_left > b.rooms_left + 1
        ORDER BY a.date, a.hotel_id""", TODAY.isoformat())

    def snapshot() -> tuple[list[tuple], int]:
        nights = db.execute("SELECT date, rooms_left FROM hotel_rates WHERE hotel_id = ? ORDER BY date",
                            (stay["hotel_id"],)).fetchall()
        return [tuple(n) for n in nights], value(db, "SELECT COUNT(*) FROM hotel_bookings")

    before = snapshot()
    wanted = stay["scarce"] + 1
    refused = await book(pool, "hotels", "book_room", {"hotel_id": stay["hotel_id"], "guest_name": "Ann Lee",
                                                         "check_in": stay["date"], "nights": 2, "rooms": wanted})
    assert not refused.ok
    second_night = (date.fromisoformat(stay["date"]) + timedelta(days=1)).isoformat()
    assert f"fewer than {wanted} room(s) left on {second_night}; nothing was booked" in refused.error
    assert snapshot() == before


async def test_train_reservation_reduces_seats(pool, db):
    seat = one(db, """SELECT s.train_id, s.seat_class FROM train_seats s JOIN trains t ON t.id = s.train_id
        WHERE t.date = ? AND s.seats_left >= 10 ORDER BY s.train_id, s.seat_class""", day(5))
    seats_sql = "SELECT seats_left FROM train_seats WHERE train_id = ? AND seat_class = ?"
    before = value(db, seats_sql, *seat)
    reserved = await book(pool, "trains", "reserve_seat", {"train_id": seat["train_id"],
                                                             "seat_class": seat["seat_class"],
                                                             "passenger_name": "Bo Chen", "seats": 3})
    assert reserved.ok, reserved.error
    assert reserved.structured["seats_left_after"] == before - 3 == value(db, seats_sql, *seat)
    found = await pool.call("trains", "get_reservation", {"reference": reserved.structured["reference"]})
    assert found.ok, found.error
    assert (found.structured["reservation"]["seats"], found.structured["reservation"]["passenger_name"]) == (
        3, "Bo Chen")


async def test_train_reservation_beyond_capacity_fails_and_changes_nothing(pool, db):
    seat = one(db, """SELECT s.train_id, s.seat_class FROM train_seats s JOIN trains t ON t.id = s.train_id
        WHERE t.date > ? AND s.seats_left BETWEEN 1 AND 8 ORDER BY t.date, s.train_id""", TODAY.isoformat())

    def snapshot() -> tuple[int, int]:
        return (value(db, "SELECT seats_left FROM train_seats WHERE train_id = ? AND seat_class = ?", *seat),
                value(db, "SELECT COUNT(*) FROM train_reservations"))

    before = snapshot()
    left = before[0]
    refused = await book(pool, "trains", "reserve_seat", {"train_id": seat["train_id"],
                                                            "seat_class": seat["seat_class"],
                                                            "passenger_name": "Bo Chen", "seats": left + 1})
    assert not refused.ok
    assert f"{left} '{seat['seat_class']}' seat(s) left, fewer than the {left + 1} asked for" in refused.error
    assert snapshot() == before


async def test_flight_booking_reduces_seats_and_overbooking_fails(pool, db):
    flight = value(db, "SELECT id FROM flights WHERE date = ? AND seats_business BETWEEN 3 AND 8 ORDER BY id", day(7))
    seats_sql = "SELECT seats_business FROM flights WHERE id = ?"
    before = value(db, seats_sql, flight)
    booked = await book(pool, "flights", "book_flight", {"flight_id": flight, "passenger_name": "Ann Lee",
                                                           "cabin": "business", "seats": 2})
    assert booked.ok, booked.error
    assert booked.structured["seats_left_after"] == before - 2 == value(db, seats_sql, flight)
    found = await pool.call("flights", "get_booking", {"reference": booked.structured["reference"]})
    assert found.ok and (found.structured["booking"]["cabin"], found.structured["booking"]["seats"]) == ("business", 2)
    refused = await book(pool, "flights", "book_flight", {"flight_id": flight, "passenger_name": "Ann Lee",
                                                            "cabin": "business", "seats": before - 1})
    assert not refused.ok and f"{before - 2} business seat(s) left, fewer than the {before - 1}" in refused.error
    assert value(db, seats_sql, flight) == before - 2


async def test_table_reservation_takes_seats_from_the_slot(pool, db):
    slot = one(db, """SELECT restaurant_id, date, time FROM restaurant_slots WHERE date = ? AND seats_left >= 4
        ORDER BY restaurant_id, time""", day(3))
    seats_sql = "SELECT seats_left FROM restaurant_slots WHERE restaurant_id = ? AND date = ? AND time = ?"
    before = value(db, seats_sql, *slot)
    reserved = await book(pool, "restaurants", "reserve_table", {
        "restaurant_id": slot["restaurant_id"], "date": day(3), "time": slot["time"], "party_size": 4,
        "guest_name": "Ann Lee"})
    assert reserved.ok, reserved.error
    assert value(db, seats_sql, *slot) == before - 4
    found = await pool.call("restaurants", "get_reservation", {"reference": reserved.structured["reference"]})
    assert found.ok and found.structured["reservation"]["party_size"] == 4


async def test_order_takes_stock_and_too_large_an_order_fails(pool, db):
    item = one(db, "SELECT store_id, product_id FROM inventory WHERE stock BETWEEN 2 AND 9 "
               "ORDER BY store_id, product_id")
    stock_sql = "SELECT stock FROM inventory WHERE store_id = ? AND product_id = ?"
    before = value(db, stock_sql, *item)
    ordered = await book(pool, "shopping", "place_order", {"store_id": item["store_id"],
                                                             "product_id": item["product_id"],
                                                             "customer_name": "Ann Lee"})
    assert ordered.ok, ordered.error
    assert ordered.structured["stock_left_after"] == before - 1 == value(db, stock_sql, *item)
    found = await pool.call("shopping", "get_order", {"reference": ordered.structured["reference"]})
    assert found.ok and found.structured["order"]["quantity"] == 1
    refused = await book(pool, "shopping", "place_order", {"store_id": item["store_id"],
                                                             "product_id": item["product_id"],
                                                             "customer_name": "Ann Lee", "quantity": before})
    assert not refused.ok and f"fewer than the {before} ordered" in refused.error
    assert value(db, stock_sql, *item) == before - 1


# Tools whose valid calls are made by the booking tests above (they change the database).
BOOKING_TOOLS = {("hotels", "book_room"), ("hotels", "get_booking"), ("trains", "reserve_seat"),
                 ("trains", "get_reservation"), ("flights", "book_flight"), ("flights", "get_booking"),
                 ("restaurants", "reserve_table"), ("restaurants", "get_reservation"), ("shopping", "place_order"),
                 ("shopping", "get_order")}


async def test_a_product_search_says_when_no_product_has_every_word_asked_for(pool):
    """"iphone 3000 ultra" finds iPhones and an 'Ultra' model, none of them the product asked about."""
    partial = json.loads((await pool.call("shopping", "search_products", {"query": "iphone 3000 ultra"})).text)
    assert partial["products"] and "no product matches all of 'iphone 3000 ultra'" in partial["match"]
    assert "none has: 3000" in partial["match"]
    exact = json.loads((await pool.call("shopping", "search_products", {"query": "iphone 16 deals"})).text)
    assert "match" not in exact and exact["products"][0]["model"].startswith("iPhone 16")  # "deals" is no product word


async def test_every_tool_of_every_server_is_exercised(pool):
    listed = {(server, tool.name) for server in SERVERS for tool in await pool.list_tools(server)}
    assert {c.server for c in VALID} == set(SERVERS)
    assert listed - {(c.server, c.tool) for c in VALID} - BOOKING_TOOLS == set()
    assert listed - {(c.server, c.tool) for c in INVALID} == set()
    assert {(c.server, c.tool) for c in VALID + INVALID} | BOOKING_TOOLS <= listed  # no case names a missing tool


async def test_catalogue_lists_every_server_module():
    modules = {p.stem for p in (REPO / "tools" / "servers").glob("*.py") if "\ndef main()" in p.read_text()}
    assert modules == set(SERVERS)
    for spec in BUILTIN.servers.values():
        assert spec.transport == "stdio" and spec.args == ["-m", f"tools.servers.{spec.name}"] and spec.description


async def test_the_shipped_executor_adapter_covers_every_builtin_server_as_it_is_now(pool):
    """The shipped adapter serves a server only while its tools are the ones it was trained on
    (nodes/distill/adapter_store.py): a changed built-in tool must come with a retrained adapter."""
    from graphs.deps import ADAPTERS_DIR
    from nodes.distill.adapter_store import read_adapter
    from tools.catalog_fingerprint import server_fingerprint

    shipped = read_adapter(ADAPTERS_DIR)
    assert shipped is not None
    now = {name: server_fingerprint(name, await pool.list_tools(name)) for name in SERVERS}
    assert now == shipped.servers
