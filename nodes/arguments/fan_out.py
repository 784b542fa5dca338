"""One call per value the request names, when a tool's property takes one: "time in Tokyo and Sydney right now"
is two calls of get_current_time, not one.

Why: a property such as ``timezone`` or ``country`` holds a single value, and the executor decodes one call; the
second place was dropped without a word. The values are the request's resolved values of that kind
(nodes/arguments/candidates.py): for zones, those the question's own sentence names when it names two or more
("offices in Lagos, Reykjavik and Lima. What's the time in Reykjavik?" stays one call), else every zone named.
Only kinds whose values are things asked about fan out; the candidates of an expression, a path or a query are
alternatives, not a list.
"""

from __future__ import annotations

from typing import Any

from mcp.types import Tool

from nodes.arguments.candidates import Candidates
from nodes.arguments.value_kinds import ValueKind, infer_value_kind

FAN_OUT_KINDS = frozenset({ValueKind.TIMEZONE, ValueKind.CURRENCY, ValueKind.COUNTRY, ValueKind.LANGUAGE})
MAX_FAN_OUT = 4  # calls one task makes for the values of one property


def remaining_calls(tool: Tool, made: list[dict[str, Any]], candidates: Candidates) -> list[dict[str, Any]]:
    """The arguments of one more call of ``tool`` for each value the request names that the calls ``made``
    (their arguments, first call first) did not take; [] unless exactly one property takes such a kind."""
    properties = (tool.inputSchema or {}).get("properties") or {}
    kinds = {name: infer_value_kind(name, spec if isinstance(spec, dict) else {}, tool.name, tool.description or "")
             for name, spec in properties.items()}
    fanned = [name for name, kind in kinds.items() if kind in FAN_OUT_KINDS]
    if len(fanned) != 1 or not made:
        return []
    name = fanned[0]
    kind = kinds[name]
    values = (candidates.asked_zones or candidates.values_for(kind)) if kind is ValueKind.TIMEZONE \
        else candidates.values_for(kind)
    taken = {str(arguments.get(name)) for arguments in made}
    if len(values) < 2 or not taken & set(values):
        return []
    return [{**made[0], name: value} for value in values if value not in taken][: MAX_FAN_OUT - len(made)]
