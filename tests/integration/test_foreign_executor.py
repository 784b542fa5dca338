"""The executor on MCP servers nobody here wrote (scripts/foreign_servers.sh installs them), with the real embedded
model, the real session pool and the catalogue alone (no built-in server): a time zone resolved from a place name,
an expression built from the request's numbers, a list-then-read of a note, a SELECT over tables the server
itself described (also one chosen by meaning, for a question in other words than the schema's), and a place with no zone that gets a plain line instead of a guessed call.
Expected values come from the source of truth (zoneinfo, arithmetic, the database, the note's text)."""

from __future__ import annotations

import ast
import re
import sqlite3
from pathlib import Path

import pytest
import pytest_asyncio

from benchmarks.foreign_catalog import installed, write_foreign_catalog
from benchmarks.foreign_data import build_foreign_data, default_servers_dir
from graphs.context import Context
from graphs.deps import build_dependencies
from graphs.plan import Task
from nodes.arguments.step_rules import ToolRefused
from nodes.execute import run_executor

pytestmark = [pytest.mark.integration, pytest.mark.timeout(300), pytest.mark.asyncio(loop_scope="module")]

NEEDED = {"time", "calculator", "notes", "sqlite"}
MISSING = NEEDED - set(installed(default_servers_dir()))


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def foreign(tmp_path_factory):
    if MISSING:
        pytest.skip(f"not installed: {', '.join(sorted(MISSING))} (run scripts/foreign_servers.sh)")
    root = tmp_path_factory.mktemp("foreign")
    paths = build_foreign_data(root / "data")
    catalog = write_foreign_catalog(root / "mcp.json", data_dir=root / "data")
    deps = build_dependencies([catalog], root / "tura", builtin_servers=False)
    yield deps, paths
    await deps.aclose()


async def run(deps, server: str, query: str):
    return await run_executor(Task(id="T1", server=server, query=query), {}, tools=deps.pool, models=deps.models,
                              context=Context())


async def test_a_place_name_becomes_its_iana_zone(foreign):
    deps, _ = foreign
    outcomes = await run(deps, "time", "what time is it in lima right now")
    assert outcomes[-1].ok, outcomes[-1].error
    assert outcomes[-1].tool == "get_current_time" and outcomes[-1].arguments == {"timezone": "America/Lima"}
    assert '"timezone": "America/Lima"' in outcomes[-1].text


async def test_an_expression_is_built_from_the_requests_numbers(foreign):
    deps, _ = foreign
    outcomes = await run(deps, "calculator", "what's 7% of 1,250")
    assert outcomes[-1].ok, outcomes[-1].error
    expression = outcomes[-1].arguments["expression"]
    assert set(re.findall(r"\d+(?:\.\d+)?", expression)) <= {"1250", "7", "100"}
    assert float(outcomes[-1].text.strip()) == pytest.approx(1250 * 7 / 100)


async def test_a_note_is_listed_then_read(foreign):
    deps, paths = foreign
    outcomes = await run(deps, "notes", "what's the guest wifi password")
    assert outcomes[-1].ok, outcomes[-1].error
    assert outcomes[-1].tool == "read_text_file"
    read = Path(outcomes[-1].arguments["path"])
    assert read.resolve() == (Path(paths["notes"]) / "wifi.txt").resolve()  # a path the listing returned
    assert outcomes[-1].text == read.read_text(encoding="utf-8")


async def test_a_note_named_by_no_file_is_found_by_what_it_says(foreign):
    deps, paths = foreign
    outcomes = await run(deps, "notes", "what's my brother's phone number")  # no file is called "brother"
    assert outcomes[-1].ok, outcomes[-1].error
    assert Path(outcomes[-1].arguments["path"]).name == "contacts.md"
    assert "503-555-0187" in outcomes[-1].text


async def test_a_note_whose_words_the_request_does_not_use_is_found_by_meaning(foreign):
    deps, paths = foreign
    outcomes = await run(deps, "notes", "what is my internet service provider's support line")
    assert outcomes[-1].ok, outcomes[-1].error
    assert Path(outcomes[-1].arguments["path"]).name == "wifi.txt"  # "ISP: Cascade Fiber, account no. ..."


async def test_a_select_over_the_tables_the_server_described(foreign):
    deps, paths = foreign
    outcomes = await run(deps, "sqlite", "how many employees work in engineering")
    assert outcomes[-1].ok, outcomes[-1].error
    query = outcomes[-1].arguments["query"]
    assert query.upper().startswith("SELECT")
    with sqlite3.connect(paths["company_db"]) as db:
        truth = db.execute("SELECT COUNT(*) FROM employees e JOIN departments d ON e.department_id = d.id "
                           "WHERE d.name = 'Engineering'").fetchone()[0]
    rows = ast.literal_eval(outcomes[-1].text)
    assert list(rows[0].values()) == [truth]


async def test_a_select_is_chosen_by_meaning_when_no_table_or_column_is_named(foreign):
    deps, paths = foreign
    outcomes = await run(deps, "sqlite", "who's the highest paid person at the company")  # no "salary", no "employee"
    assert outcomes[-1].ok, outcomes[-1].error
    with sqlite3.connect(paths["company_db"]) as db:
        name, salary = db.execute("SELECT name, salary_usd FROM employees ORDER BY salary_usd DESC LIMIT 1").fetchone()
    rows = ast.literal_eval(outcomes[-1].text)
    assert list(rows[0].values()) == [name, salary]


async def test_a_place_without_a_zone_is_said_plainly_and_never_called(foreign):
    deps, _ = foreign
    with pytest.raises(ToolRefused, match=r"no time zone found for 'wakanda'"):
        await run(deps, "time", "what time is it in wakanda")
