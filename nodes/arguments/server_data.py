"""What a data server holds, read for retrieval at index sync: a SQL server's record names, tables as words and the
questions its records answer; a filesystem-like server's listed files and their text.

Why apart from discovery.py: discovery finds the values an executor's call may take for one request; this is
read once per sync, for the index (graphs/catalog_index.py), through the same Discovery.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mcp.types import Tool

from nodes.approval import changes_data
from nodes.arguments.discovery import Discovery, Trusted
from nodes.arguments.folder_reading import Call, file_texts, listed_files
from nodes.arguments.sql import TableSchema
from nodes.arguments.sql_schema import literal_value
from nodes.arguments.sql_by_meaning import record_questions
from nodes.arguments.sql_names import identifier_words
from nodes.arguments.tool_signature import kinds_needed
from nodes.arguments.value_kinds import ValueKind


@dataclass
class ServerData:
    """What a data server holds, for retrieval: the names of its records (indexes/entities.py ``NamedRecords``)
    and its documents as text (indexes/document_terms.py)."""

    names: list[str] = field(default_factory=list)
    documents: dict[str, str] = field(default_factory=dict)
    # What each kind of record holds, in words ("employees: name, department, city, salary usd, hire date"):
    # indexed as the server's rows, so "how many did we hire in 2022" finds the table with a hire date.
    record_fields: list[str] = field(default_factory=list)
    # What its records answer, as phrases ("the employee with the highest salary usd", "how many orders are there",
    # nodes/arguments/sql_by_meaning.py): indexed too, so "who takes home the biggest paycheck" finds the server.
    record_questions: list[str] = field(default_factory=list)


def record_fields(table: TableSchema) -> str:
    """A table as words: its name and its columns, ids left out and "_id" dropped ("department_id" is the
    department): "employees: name, department, city, salary usd, hire date"."""
    columns = []
    for column in table.columns:
        words = identifier_words(column.name)
        columns.append(" ".join(words[:-1] if words and words[-1] == "id" else words))
    return f"{' '.join(identifier_words(table.name))}: {', '.join(c for c in dict.fromkeys(columns) if c)}"


async def server_data(discovery: Discovery, server: str, tools: list[Tool], ask: Call, trusted: Trusted, *,
                      records_as_documents: bool = True) -> ServerData:
    """A data server's record names and documents, read once per sync with read-only or trusted tools:
    - a SQL server's stored text values are record names; its tables, columns and values are one document (a
      question names a value of one table and a column of another: "the newest hire in Operations");
    - a filesystem-like server's listed files give names ("banana-bread.md" -> "banana bread") and their text;
    - any other server's listed records (a knowledge graph's entities) are its documents, when
      ``records_as_documents`` (not for the built-in sandbox, whose listings are its directory of names).
    What such a server knows is in its data, not in its tools' descriptions. Empty for a server with none."""
    readable = [t for t in tools if not changes_data(t) or trusted(t)]
    needed = kinds_needed(tools)
    data = ServerData()
    if ValueKind.SQL in needed:
        schema = await discovery.schema(server, readable, ask)
        data.names += [value for values in schema.samples.values() for value in values]
        lines = [f"{t.name}: {' '.join(c.name.replace('_', ' ') for c in t.columns)}" for t in schema.tables]
        lines += [f"{table} {column}: {', '.join(values)}" for (table, column), values in schema.samples.items()]
        if schema.tables:
            data.documents["tables"] = "\n".join(lines)
        data.record_fields += [record_fields(t) for t in schema.tables if t.columns]
        data.record_questions += record_questions(schema.tables)
    if ValueKind.PATH in needed:
        paths = await listed_files(readable, ask)
        data.names += [re.sub(r"[-_.]+", " ", p.rsplit("/", 1)[-1].rsplit(".", 1)[0]) for p in paths
                       if not p.endswith("/")]
        data.documents.update(await file_texts(readable, ask, paths))
    if records_as_documents and not data.documents:
        data.documents.update(await listed_records(readable, ask))
    return data


MAX_RECORD_DOCUMENTS = 500


async def listed_records(readable: list[Tool], ask: Call) -> dict[str, str]:
    """The records a read-only tool without arguments lists (a knowledge graph's entities with their facts), one
    document each, named by its name: "Jonas Lindqvist" -> "name: Jonas Lindqvist / observations: Senior engineer
    ..., Originally from Gothenburg, Sweden". What such a server knows is in those facts, not in "read the graph".
    A tool that fails or lists no records adds nothing."""
    found: dict[str, str] = {}
    for tool in [t for t in readable if not (t.inputSchema or {}).get("required")]:
        outcome = await ask(tool.name, {})
        if not outcome.ok:
            continue
        for record in _records(outcome.structured or literal_value(outcome.text)):
            name = next((str(v) for k, v in record.items() if k.lower() in ("name", "title", "id")), None)
            name = name or " ".join(str(v) for v in record.values() if isinstance(v, str))[:80]
            lines = [f"{key}: {', '.join(map(str, value)) if isinstance(value, list) else value}"
                     for key, value in record.items() if isinstance(value, (str, int, float, list))]
            if name and len(found) < MAX_RECORD_DOCUMENTS:
                found.setdefault(f"{tool.name}: {name}", "\n".join(lines))
    return found


def _records(value: object) -> list[dict]:
    """Every dict of two or more fields in the lists of ``value`` (a top-level list, or lists under its keys)."""
    lists = [value] if isinstance(value, list) else [v for v in value.values() if isinstance(v, list)] \
        if isinstance(value, dict) else []
    return [item for items in lists for item in items if isinstance(item, dict) and len(item) >= 2]
