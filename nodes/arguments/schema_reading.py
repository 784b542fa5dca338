"""A SQL server's schema, read with its own tools: the tables its list tool names, the columns its describe
tool gives for each, and the stored text values of the text columns, sampled with its query tool.

Why: a SELECT is never a span of the request; candidates are built from exact table and column names and from
the literals a request's words can match (nodes/arguments/sql.py). Which tool lists, describes or queries is
told by the words of its name and its properties' value kinds (nodes/arguments/tool_signature.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from mcp.types import Tool

from nodes.arguments.sql import parse_rows, parse_table_description, parse_table_listing
from nodes.arguments.tool_signature import property_kinds, required_arguments, tool_words
from nodes.arguments.value_kinds import ValueKind
from tools.tool_outcome import ToolOutcome

MAX_TABLES = 20
MAX_SAMPLED_COLUMNS = 40
MAX_SAMPLE_VALUES = 60

Call = Callable[[str, dict[str, Any]], Awaitable[ToolOutcome]]


@dataclass
class SqlSchema:
    """A SQL server's tables with their columns, and stored text values per (table, column)."""

    tables: list[Any] = field(default_factory=list)  # sql.TableSchema
    tools: list[str] = field(default_factory=list)  # the list and describe tools it was read with
    samples: dict[tuple[str, str], list[str]] = field(default_factory=dict)


async def read_schema(readable: list[Tool], call: Call) -> SqlSchema:
    """The tables and columns a list tool and a describe tool give, with sampled values; empty when the
    server has no such pair or its listing fails."""
    lister = next((t for t in readable if not required_arguments(t)
                   and {"list", "table"} <= {w.rstrip("s") for w in tool_words(t)}), None)
    describer = next((t for t in readable if len(required_arguments(t)) == 1
                      and tool_words(t) & {"describe", "schema", "columns"}), None)
    if lister is None or describer is None:
        return SqlSchema()
    listing = await call(lister.name, {})
    if not listing.ok:
        return SqlSchema()
    tables = []
    for table in parse_table_listing(listing.text)[:MAX_TABLES]:
        described = await call(describer.name, {required_arguments(describer)[0]: table})
        if described.ok:
            tables.append(parse_table_description(table, described.text))
    schema = SqlSchema(tables=[t for t in tables if t is not None], tools=[lister.name, describer.name])
    query_tool = next((t for t in readable if any(k == ValueKind.SQL for k in property_kinds(t).values())), None)
    if query_tool is not None:
        argument = next(n for n, k in property_kinds(query_tool).items() if k == ValueKind.SQL)
        schema.samples = await _samples(schema, query_tool, argument, call)
    return schema


async def _samples(schema: SqlSchema, tool: Tool, argument: str, call: Call) -> dict[tuple[str, str], list[str]]:
    """Stored text values of each text column: what a request's words may match as a literal."""
    samples: dict[tuple[str, str], list[str]] = {}
    columns = [(t.name, c.name) for t in schema.tables for c in t.columns if c.is_text][:MAX_SAMPLED_COLUMNS]
    for table, column in columns:
        outcome = await call(tool.name, {argument: f'SELECT DISTINCT "{column}" FROM "{table}" '
                                                   f'WHERE "{column}" IS NOT NULL LIMIT {MAX_SAMPLE_VALUES}'})
        if outcome.ok:
            samples[(table, column)] = [str(v) for v in _column_values(outcome)]
    return samples


def _column_values(outcome: ToolOutcome) -> list[Any]:
    return [value for row in parse_rows(outcome.structured or outcome.text) for value in row.values()]
