"""Values a server itself lists, gathered before the executor decides a call: the paths a filesystem-like
server's listing tools return ("list, then read"), and the tables, columns and stored text values a SQL server's
own list and describe tools return, from which SELECT candidates are built (nodes/arguments/sql.py).

Why: a path, an id or a query is never a span of the request. "what's the wifi password in my notes" names no
path; the path is one that a listing returns. Which tools list is read from the tools themselves (no required
argument, or one path argument; words such as list, tree, tables, describe), never from a server's name. Only
tools that are read-only by their annotations, or that the user trusts in mcp.json (per-tool ``approvals``
"allow"), are called here: discovery never runs a call that might change data.

How a folder is walked and a schema read is in nodes/arguments/folder_reading.py and schema_reading.py; this
module decides, per request, which of those values are offered. A SQL server's schema changes rarely, so it is
kept per server for the life of the process; a folder's listing is asked anew for every task (a note written a
minute ago is readable now).
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from typing import Any

from mcp.types import Tool

from indexes.document_lines import LineMeanings
from nodes.approval import changes_data
from nodes.arguments.described_names import without_described_names
from nodes.arguments.document_by_meaning import file_for
from nodes.arguments.document_match import files_for_request, names_no_file_holds
from nodes.arguments.folder_reading import MAX_ROOTS, Call, file_texts, listed_files
from nodes.arguments.listed_values import paths_for_request
from nodes.arguments.schema_reading import SqlSchema, read_schema
from nodes.arguments.sql import candidate_queries, with_samples
from nodes.arguments.sql_by_meaning import Encode, MeaningIndex
from nodes.arguments.tool_roles import asks_listing
from nodes.arguments.tool_signature import kinds_needed, property_kinds
from nodes.arguments.value_kinds import ValueKind
from tools.tool_outcome import ToolOutcome

DISCOVERY_TIMEOUT_S = 5.0
MAX_PATHS_OFFERED = 8
MAX_QUERIES_OFFERED = 6
DISCOVERY_TOOLS = "discovery_tools"  # the key of Candidates.listed naming the tools discovery called

Trusted = Callable[[Tool], bool]


class Discovery:
    """Asks a server's own listing tools for the values its other tools take; one per tool caller."""

    def __init__(self, encode: Encode | None = None, descriptions: dict[str, str] | None = None) -> None:
        self._schemas: dict[str, SqlSchema] = {}
        # each server's description as the user wrote it in mcp.json: a name it writes ("Our company database at
        # Northwind Loom") is what the server is about, not a stored value a statement must find
        self.descriptions = dict(descriptions or {})
        self._locks: dict[str, asyncio.Lock] = {}
        # sentences to vectors (the index's MiniLM): SQL, or a file, by meaning when a request's words name none
        self.encode = encode
        self._meanings: dict[str, MeaningIndex] = {}
        self.lines = LineMeanings(encode) if encode is not None else None

    async def values(self, server: str, tools: list[Tool], ask: Call, trusted: Trusted,
                     request_texts: list[str]) -> dict[str, list[str]]:
        """Listed values by kind ("path", "sql") for this request, best first; empty where none was found."""
        readable = [t for t in tools if not changes_data(t) or trusted(t)]
        needed = kinds_needed(tools)
        found: dict[str, list[str]] = {}
        used: list[str] = []

        async def call(tool: str, arguments: dict[str, Any]) -> ToolOutcome:
            used.append(tool)
            return await ask(tool, arguments)

        if ValueKind.PATH in needed:
            paths = await listed_files(readable, call)
            ranked = paths_for_request(paths, request_texts)
            if not asks_listing(request_texts):
                contents = await file_texts(readable, call, paths)
                ranked = files_for_request(ranked, contents, request_texts)
                if self.lines is not None:
                    # the file whose line clearly says what is asked goes first: "a parking form at the office
                    # wants my licence plate" shares "office" with a meeting note, and means car.md's "Plate:"
                    # line; with no file holding its words, it is the only one
                    # (each text on its own line: the request's "Hi" after the task's last word is no name)
                    # A file clearly nearest is the only one offered: "what did groceries actually come to last
                    # month" shares "come" and "last" with car.md, and the executor took it over the budget note
                    nearest = await asyncio.to_thread(file_for, self.lines, contents, "\n".join(request_texts))
                    ranked = nearest or ranked
                if names_no_file_holds(contents, request_texts):
                    ranked = []  # "the guesthouse on the Reykjavik trip": no note mentions Reykjavik, so none is read
            # A file only when its name shares a word with the request. The folders only when the request asks
            # for a listing: a question about a note nobody wrote gets no path at all, and so a plain line
            # (nodes/arguments/unresolved.py), not a read of some other file or of a folder.
            folders = [p.rstrip("/") for p in paths if p.endswith("/")] if asks_listing(request_texts) else []
            # a read takes a file: a folder whose name matches ("meetings/") is only offered when a listing is asked
            files = [p for p in ranked if not p.endswith("/")] if not asks_listing(request_texts) else ranked
            found[ValueKind.PATH.value] = [p.rstrip("/") for p in files][:MAX_PATHS_OFFERED] or folders[:MAX_ROOTS]
            found["listed_" + ValueKind.PATH.value] = [p.rstrip("/").rsplit("/", 1)[-1] for p in paths
                                                       if not p.endswith("/")]
        if ValueKind.SQL in needed:
            schema = await self.schema(server, readable, call)
            request = without_described_names(" ".join(request_texts), self.descriptions.get(server, ""))
            queries = candidate_queries(request, schema.tables, schema.samples) if schema.tables else []
            if schema.tables and self.encode is not None:
                meaning = self.by_meaning(server, schema)
                reworded = await asyncio.to_thread(meaning.reworded, request)  # "client" read as customer
                if reworded != request:
                    queries = candidate_queries(reworded, schema.tables, schema.samples) or queries
                if not queries:
                    queries = await asyncio.to_thread(meaning.queries, request)
            found[ValueKind.SQL.value] = queries[:MAX_QUERIES_OFFERED]
            found["listed_" + ValueKind.SQL.value] = [t.name for t in schema.tables]
            used.extend(schema.tools)
        # the query tool's own sampling calls ("SELECT DISTINCT ...") do not make it a listing tool
        by_name = {t.name: t for t in tools}
        found[DISCOVERY_TOOLS] = [name for name in dict.fromkeys(used)
                                  if ValueKind.SQL not in property_kinds(by_name[name]).values()]
        return found

    def by_meaning(self, server: str, schema: SqlSchema) -> MeaningIndex:
        """The schema's statements as phrases, embedded once per server and process."""
        if server not in self._meanings:
            assert self.encode is not None
            self._meanings[server] = MeaningIndex(with_samples(schema.tables, schema.samples), self.encode)
        return self._meanings[server]

    async def schema(self, server: str, readable: list[Tool], call: Call) -> SqlSchema:
        """The server's tables, columns and stored text values, read once per process."""
        lock = self._locks.setdefault(server, asyncio.Lock())
        async with lock:
            if server not in self._schemas:
                self._schemas[server] = await read_schema(readable, call)
            return self._schemas[server]


_DISCOVERIES: weakref.WeakKeyDictionary[object, Discovery] = weakref.WeakKeyDictionary()


def discovery_for(tool_caller: object, encode: Encode | None = None,
                  descriptions: dict[str, str] | None = None) -> Discovery:
    """The one Discovery of a tool caller (the session pool lives as long as the graph process); ``encode`` and
    the servers' ``descriptions``, given where the process's parts are built (graphs/deps.py), let it choose SQL by
    meaning and tell a server's own name from a stored value."""
    tool_caller = getattr(tool_caller, "wrapped", tool_caller)  # a metered view shares the pool's discovery
    found = _DISCOVERIES.get(tool_caller)
    if found is None:
        found = _DISCOVERIES[tool_caller] = Discovery(encode, descriptions)
    else:
        if encode is not None and found.encode is None:
            found.encode, found.lines = encode, LineMeanings(encode)
        found.descriptions.update(descriptions or {})
    return found
