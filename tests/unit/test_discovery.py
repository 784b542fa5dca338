"""List, then read: the executor asks a server's own listing tools for the paths and the SQL schema its other
tools take (nodes/arguments/discovery.py), never calls a tool that may change data to do so, picks the reading
tool over the listing and details tools (nodes/arguments/tool_roles.py), and says plainly when a value does not
resolve (nodes/arguments/unresolved.py). Fakes stand in for the servers; the tool schemas are the reference
servers' own."""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import pytest
from mcp.types import Tool, ToolAnnotations

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.discovery import DISCOVERY_TOOLS, Discovery
from nodes.arguments.tool_offer import NoCallableTool, constrained_tools
from tools.tool_outcome import ToolOutcome

READ_ONLY = ToolAnnotations(readOnlyHint=True)
PATH = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}


def tool(name: str, schema: dict[str, Any] | None = None, description: str = "", read_only: bool = True) -> Tool:
    return Tool(name=name, description=description, inputSchema=schema or {"type": "object", "properties": {}},
                annotations=READ_ONLY if read_only else None)


FILESYSTEM = [
    tool("list_allowed_directories", description="Returns the list of directories this server may access."),
    tool("directory_tree", PATH, "Get a recursive tree view of files and directories as a JSON structure."),
    tool("list_directory", PATH, "Get a detailed listing of all files and directories in a specified path."),
    tool("read_text_file", PATH, "Read the complete contents of a file from the file system as text."),
    tool("read_file", PATH, "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead."),
    tool("read_media_file", PATH, "Read a file and return it as a base64-encoded content block."),
    tool("get_file_info", PATH, "Retrieve detailed metadata about a file or directory."),
    tool("write_file", {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}},
                        "required": ["path", "content"]}, "Create a new file or overwrite one.", read_only=False),
]
READABLE = [t for t in FILESYSTEM if t.annotations]  # what the executor offers when no write was asked for
TREE = [{"name": "wifi.txt", "type": "file"}, {"name": "recipes", "type": "directory",
                                              "children": [{"name": "banana-bread.md", "type": "file"}]}]


class FakeFilesystem:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []

    async def __call__(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        self.calls.append((name, arguments))
        text = {"list_allowed_directories": "Allowed directories:\n/home/dana/notes",
                "directory_tree": json.dumps(TREE)}.get(name, "")
        return ToolOutcome(call_id="c", server="notes", tool=name, arguments=arguments, ok=True, text=text)


async def test_paths_come_from_the_listing_and_only_from_tools_that_cannot_change_data():
    call = FakeFilesystem()
    found = await Discovery().values("notes", FILESYSTEM, call, lambda t: False, ["what's my wifi password"])
    assert found["path"][0] == "/home/dana/notes/wifi.txt"
    # listing, then reading the listed files to check the choice (all read-only)
    assert all(name in ("list_allowed_directories", "directory_tree", "read_text_file") for name, _ in call.calls)
    assert set(found[DISCOVERY_TOOLS]) == {"list_allowed_directories", "directory_tree", "read_text_file"}


async def test_a_file_named_by_no_word_of_the_request_is_not_offered():
    found = await Discovery().values("notes", FILESYSTEM, FakeFilesystem(), lambda t: False,
                                     ["what's my netflix password"])
    assert found["path"] == []  # no file to guess, and no folder to read as if it were one
    assert "wifi.txt" in found["listed_path"]
    candidates = gather_candidates(["what's my netflix password"], [], date(2026, 11, 26))
    candidates.listed.update(found)
    with pytest.raises(NoCallableTool, match=r"no listed file found for 'netflix'.*\(listed: wifi.txt"):
        constrained_tools("notes", READABLE, candidates, narrow=False)


async def test_a_listing_question_gets_the_folders():
    found = await Discovery().values("notes", FILESYSTEM, FakeFilesystem(), lambda t: False,
                                     ["what files are in my notes folder"])
    assert "/home/dana/notes" in found["path"]


async def test_the_reading_tool_is_offered_once_the_folder_was_listed():
    candidates = gather_candidates(["what's my wifi password"], [], date(2026, 11, 26))
    candidates.listed.update(await Discovery().values("notes", FILESYSTEM, FakeFilesystem(), lambda t: False,
                                                      candidates.requests))
    offered = constrained_tools("notes", READABLE, candidates, narrow=False)
    assert list(offered) == ["read_text_file"]
    assert offered["read_text_file"]["properties"]["path"]["enum"][0] == "/home/dana/notes/wifi.txt"


async def test_a_listing_question_keeps_the_listing_tools():
    candidates = gather_candidates(["list all the files in my notes folder"], [], date(2026, 11, 26))
    candidates.listed.update(await Discovery().values("notes", FILESYSTEM, FakeFilesystem(), lambda t: False,
                                                      candidates.requests))
    offered = constrained_tools("notes", READABLE, candidates, narrow=False)
    assert "read_text_file" not in offered and {"directory_tree", "list_directory"} & set(offered)


SQL = [
    tool("read_query", {"type": "object", "properties": {"query": {"type": "string",
                                                                   "description": "SELECT SQL query to execute"}},
                        "required": ["query"]}, "Execute a SELECT query on the SQLite database", read_only=False),
    tool("write_query", {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]},
         "Execute an INSERT, UPDATE, or DELETE query on the SQLite database", read_only=False),
    tool("list_tables", None, "List all tables in the SQLite database", read_only=False),
    tool("describe_table", {"type": "object", "properties": {"table_name": {"type": "string"}},
                            "required": ["table_name"]}, "Get the schema information for a specific table",
         read_only=False),
]
COLUMNS = {"employees": [("id", "INTEGER"), ("name", "TEXT"), ("salary_usd", "INTEGER")]}


class FakeSqlite:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def __call__(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        self.calls.append(name)
        if name == "list_tables":
            text = str([{"name": t} for t in COLUMNS])
        elif name == "describe_table":
            text = str([{"cid": i, "name": c, "type": t, "notnull": 0, "dflt_value": None, "pk": int(c == "id")}
                        for i, (c, t) in enumerate(COLUMNS.get(arguments["table_name"], []))])
        else:
            text = str([{"name": "Ada Whitfield"}])
        return ToolOutcome(call_id="c", server="db", tool=name, arguments=arguments, ok=True, text=text)


async def test_selects_are_built_over_the_tables_the_server_described_by_trusted_tools_only():
    call = FakeSqlite()
    trusted = {"read_query", "list_tables", "describe_table"}
    discovery = Discovery()
    found = await discovery.values("db", SQL, call, lambda t: t.name in trusted, ["who is the highest paid employee"])
    assert found["sql"] and all(q.upper().startswith("SELECT") for q in found["sql"])
    assert "salary_usd" in found["sql"][0] and "DESC" in found["sql"][0]
    assert "write_query" not in call.calls
    asked = len(call.calls)
    await discovery.values("db", SQL, call, lambda t: t.name in trusted, ["how many employees"])
    assert len(call.calls) == asked  # the schema is read once per server


async def test_untrusted_unannotated_tools_are_never_called_for_discovery():
    call = FakeSqlite()
    found = await Discovery().values("db", SQL, call, lambda t: False, ["who is the highest paid employee"])
    assert call.calls == [] and found["sql"] == []


def test_a_place_without_a_zone_gets_a_plain_line_naming_it():
    zone = {"type": "object", "properties": {"timezone": {"type": "string", "description": "IANA timezone name"}},
            "required": ["timezone"]}
    candidates = gather_candidates(["what time is it in wakanda"], [], date(2026, 11, 26))
    with pytest.raises(NoCallableTool, match="no time zone found for 'wakanda'"):
        constrained_tools("time", [tool("get_current_time", zone, "Get current time in a specific timezone")],
                          candidates)


async def test_a_retry_is_decoded_from_the_values_the_error_lists():
    from graphs.context import Context
    from graphs.plan import Task
    from nodes.execute import run_task_agent
    from tests.fakes import FakeTools, ScriptedModels, make_tool

    def lookup(arguments: dict[str, Any]) -> dict[str, Any]:
        if arguments["region"] != "eu-west-1":
            raise ValueError(f"'{arguments['region']}' is not one of: 'eu-west-1', 'us-east-1', 'ap-south-1'")
        return {"region": "eu-west-1", "status": "up"}

    tools = FakeTools({"status": {"region_status": (
        make_tool("region_status", {"region": {"type": "string", "description": "Region name"}},
                  required=["region"]), lookup)}})
    steps = [{"tool": "region_status", "params": {"region": "west"}},
             {"tool": "region_status", "params": {"region": "eu-west-1"}}]  # not a span: the error's list allows it
    models = ScriptedModels(executor=steps)
    outcomes = await run_task_agent(Task(id="T1", server="status", query="is the west region up"), {},
                                    tools=tools, model=models.get("executor", Context()), context=Context())
    assert [o.arguments["region"] for o in outcomes] == ["west", "eu-west-1"]
    assert outcomes[-1].ok


def test_an_error_listing_values_unrelated_to_the_request_narrows_nothing():
    from nodes.arguments.error_values import narrowed_to_error_values

    schema = {"type": "object", "properties": {"ticker": {"enum": ["share", "nestle"]}}}
    error = "unknown ticker 'share'; tickers are: D05.SI, NESN.SW, 0700.HK"
    assert narrowed_to_error_values(schema, {"ticker": "share"}, error, ["D05.SI", "NESN.SW", "0700.HK"],
                                    ["nestle share price today"]) is None
    zones = narrowed_to_error_values({"type": "object", "properties": {"tz": {"enum": ["lima"]}}}, {"tz": "lima"},
                                     "'lima' is not one of: 'America/Lima', 'Asia/Tokyo'",
                                     ["America/Lima", "Asia/Tokyo"], ["time in lima"])
    assert zones["properties"]["tz"]["enum"] == ["America/Lima"]


class FakeNotesWithText(FakeFilesystem):
    """A folder whose files are read too: a meeting note shares "office" and "form" with the request below."""

    TEXTS = {"/home/dana/notes/wifi.txt": "Plate: 7KQM 294\n",
             "/home/dana/notes/recipes/banana-bread.md": "parking form for the office: office parking lease review\n"}

    async def __call__(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        outcome = await super().__call__(name, arguments)
        if name == "read_text_file":
            outcome.text = self.TEXTS.get(arguments["path"], "")
        return outcome


async def test_the_file_whose_line_clearly_means_the_request_goes_before_a_word_match():
    from tests.fakes import TopicEncoder

    request = ["filling out a parking form at the office, they want my licence plate"]
    words_only = await Discovery().values("notes", FILESYSTEM, FakeNotesWithText(), lambda t: False, request)
    assert words_only["path"][0].endswith("banana-bread.md")  # "office form" by words
    by_meaning = await Discovery(TopicEncoder()).values("notes", FILESYSTEM, FakeNotesWithText(), lambda t: False,
                                                        request)
    assert by_meaning["path"][0].endswith("wifi.txt")  # the "Plate:" line means the licence plate
