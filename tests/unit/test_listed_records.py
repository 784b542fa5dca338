"""A server that is neither a database nor a folder (a knowledge graph) knows what its listed records say: each
record a read-only, argument-free tool lists becomes one routing document, named by the record's name; a tool
that changes data is never called for it, and the built-in sandbox keeps its listings as names only."""

from __future__ import annotations

import json
from typing import Any

from mcp.types import Tool, ToolAnnotations

from nodes.arguments.discovery import Discovery
from nodes.arguments.server_data import listed_records, server_data
from tools.tool_outcome import ToolOutcome

GRAPH = {"entities": [{"name": "Wren Castillo", "entityType": "person",
                       "observations": ["Harbour pilot in Valparaíso", "Grew up in Arica"]},
                      {"name": "Tidewatch", "entityType": "project", "observations": ["Buoy telemetry dashboard"]}],
         "relations": [{"from": "Wren Castillo", "to": "Tidewatch", "relationType": "advises"}]}
QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}


def tool(name: str, schema: dict | None = None, read_only: bool = True) -> Tool:
    return Tool(name=name, inputSchema=schema or {"type": "object", "properties": {}},
                annotations=ToolAnnotations(readOnlyHint=True) if read_only else None)


TOOLS = [tool("read_graph"), tool("search_nodes", QUERY), tool("delete_everything", read_only=False)]


class FakeGraph:
    def __init__(self) -> None:
        self.calls: list[str] = []

    async def __call__(self, name: str, arguments: dict[str, Any]) -> ToolOutcome:
        self.calls.append(name)
        return ToolOutcome(call_id="c", server="kg", tool=name, arguments=arguments, ok=True,
                           text=json.dumps(GRAPH))


async def test_each_listed_record_is_a_document_named_by_its_name():
    ask = FakeGraph()
    documents = await listed_records([t for t in TOOLS if t.annotations], ask)
    assert "Grew up in Arica" in documents["read_graph: Wren Castillo"]
    assert "Buoy telemetry dashboard" in documents["read_graph: Tidewatch"]
    assert any("advises" in text for text in documents.values())
    assert ask.calls == ["read_graph"]  # the tool that takes a query is not listed


async def test_server_data_reads_records_only_of_read_only_tools_and_not_for_the_sandbox():
    ask = FakeGraph()
    data = await server_data(Discovery(), "kg", TOOLS, ask, lambda t: False)
    assert "read_graph: Wren Castillo" in data.documents and "delete_everything" not in ask.calls
    sandbox = await server_data(Discovery(), "kg", TOOLS, FakeGraph(), lambda t: False, records_as_documents=False)
    assert sandbox.documents == {}
