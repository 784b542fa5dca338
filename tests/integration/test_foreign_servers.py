"""Third-party MCP servers nobody here wrote (scripts/foreign_servers.sh installs them, each in its own venv or
npm prefix), started for real over stdio from benchmarks/foreign_catalog.py's entries and talked to with the
``mcp`` client library: each lists its tools and answers one real read call from the data benchmarks/foreign_data.py
writes (a private copy per module, since some of these servers write). A server that is not installed is skipped."""

from __future__ import annotations

import ast
import json
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from benchmarks.foreign_catalog import SERVERS, foreign_catalog, installed, write_foreign_catalog
from benchmarks.foreign_data import EMPLOYEES, ENTITIES, RELATIONS, build_foreign_data, default_servers_dir
from tools.catalog import load_catalog

pytestmark = [pytest.mark.integration, pytest.mark.timeout(60)]

SERVERS_DIR = default_servers_dir()
INSTALLED = installed(SERVERS_DIR)
TOOLS = {
    "time": {"get_current_time", "convert_time"},
    "sqlite": {"read_query", "write_query", "create_table", "list_tables", "describe_table", "append_insight"},
    "notes": {"list_allowed_directories", "list_directory", "directory_tree", "search_files", "read_text_file"},
    "memory": {"read_graph", "search_nodes", "open_nodes", "create_entities"},
    "calculator": {"calculate"},
}


@pytest.fixture(scope="module")
def data(tmp_path_factory) -> Path:
    directory = tmp_path_factory.mktemp("foreign") / "data"
    build_foreign_data(directory)
    return directory


@asynccontextmanager
async def session(name: str, data: Path):
    if name not in INSTALLED:
        pytest.skip(f"{name} is not installed in {SERVERS_DIR} (run scripts/foreign_servers.sh)")
    entry = foreign_catalog(SERVERS_DIR, data)["mcpServers"][name]
    params = StdioServerParameters(command=entry["command"], args=entry["args"], env=entry.get("env"))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as client:
        await client.initialize()
        tools = {tool.name for tool in (await client.list_tools()).tools}
        assert TOOLS[name] <= tools, f"{name} lacks {sorted(TOOLS[name] - tools)}"
        yield client


def text(result) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


async def test_time(data):
    async with session("time", data) as client:
        now = await client.call_tool("get_current_time", {"timezone": "Europe/Lisbon"})
        assert not now.isError, text(now)
        answer = json.loads(text(now))
        assert answer["timezone"] == "Europe/Lisbon"
        stamp = datetime.fromisoformat(answer["datetime"])
        assert stamp.utcoffset().total_seconds() in (0, 3600)  # WET / WEST
        assert answer["day_of_week"] == stamp.strftime("%A")
        bad = await client.call_tool("get_current_time", {"timezone": "Lisbon"})
        assert bad.isError and "Invalid timezone" in text(bad)


async def test_sqlite(data):
    async with session("sqlite", data) as client:
        tables = ast.literal_eval(text(await client.call_tool("list_tables", {})))  # a Python repr, not JSON
        assert {row["name"] for row in tables} == {"departments", "employees", "products", "orders"}
        rows = ast.literal_eval(text(await client.call_tool(
            "read_query", {"query": "SELECT count(*) AS n FROM employees e JOIN departments d ON d.id = e.department_id"}
        )))
        assert rows == [{"n": len(EMPLOYEES)}]
        missing = await client.call_tool("read_query", {"query": "SELECT * FROM customers"})
        # this server reports SQL errors as ordinary text, not as isError
        assert text(missing) == "Database error: no such table: customers"


async def test_notes(data):
    async with session("notes", data) as client:
        allowed = text(await client.call_tool("list_allowed_directories", {}))
        assert allowed.splitlines() == ["Allowed directories:", str((data / "notes").resolve())]
        wifi = await client.call_tool("read_text_file", {"path": str(data / "notes" / "wifi.txt")})
        assert not wifi.isError and "password: lemon-otter-4471" in text(wifi)
        listing = text(await client.call_tool("list_directory", {"path": str(data / "notes" / "travel")}))
        assert listing.splitlines() == ["[FILE] lisbon-trip.md", "[FILE] tokyo-2025.txt"]
        outside = await client.call_tool("read_text_file", {"path": str(data / "company.db")})
        assert outside.isError and text(outside).startswith("Access denied - path outside allowed directories")


async def test_memory(data):
    async with session("memory", data) as client:
        graph = json.loads(text(await client.call_tool("read_graph", {})))
        assert len(graph["entities"]) == len(ENTITIES) and len(graph["relations"]) == len(RELATIONS)
        priya = next(e for e in graph["entities"] if e["name"] == "Priya Raghunathan")
        assert "Birthday: March 3" in priya["observations"]
        assert {"from": "Ada Whitfield", "to": "Priya Raghunathan", "relationType": "manages"} in graph["relations"]


async def test_calculator(data):
    async with session("calculator", data) as client:
        result = await client.call_tool("calculate", {"expression": "2*21"})
        assert not result.isError and text(result) == "42"


def test_catalog_loads_beside_the_builtin_servers(tmp_path):
    """The written mcp.json is valid for tura and its names clash with no built-in server."""
    path = write_foreign_catalog(tmp_path / "foreign.json", SERVERS_DIR, tmp_path / "data")
    catalog = load_catalog(path)
    assert set(SERVERS) <= set(catalog.names())
    assert catalog.servers["memory"].env == {"MEMORY_FILE_PATH": str((tmp_path / "data" / "memory.jsonl").resolve())}
    assert all(Path(catalog.servers[name].command).is_absolute() for name in SERVERS)


def test_data_is_reproducible(tmp_path):
    first, second = build_foreign_data(tmp_path / "a"), build_foreign_data(tmp_path / "b")
    for key in ("company_db", "memory"):
        assert first[key].read_bytes() == second[key].read_bytes()
    notes = sorted(p.relative_to(first["notes"]) for p in first["notes"].rglob("*") if p.is_file())
    assert len(notes) >= 15 and {p.parent for p in notes} > {Path(".")}
    assert all((first["notes"] / p).read_bytes() == (second["notes"] / p).read_bytes() for p in notes)
