"""Pairs of names a server's listing says go together: a route's two ends, a graph's edge. A request for a tool
that takes a source and a target ("from Madrid to Lyon") names a pair the server serves, not two names drawn
apart: where connections are sparse, two names drawn apart are almost never one (nodes/distill/
catalog_requests.py).

Read from the output of a read-only listing tool (no required argument), in either of the two shapes listings
take: a mapping from each name to the names it reaches ({"Madrid": ["Lyon", "Paris"]}), or rows that hold a
source and a target field ({"origin": "Madrid", "destination": "Lyon"}). Which field is which is read from its
name, as for a tool's parameters (nodes/distill/value_roles.py ``role_of``).
"""

from __future__ import annotations

from typing import Any

from mcp.types import Tool

from nodes.arguments.folder_reading import Call
from nodes.arguments.tool_signature import required_arguments
from nodes.distill.value_roles import role_of

MAX_PAIRS = 400


def pairs_in(data: Any) -> list[tuple[str, str]]:
    """The (source, target) pairs a listing's parsed output holds, in order, each once."""
    found: list[tuple[str, str]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            ends = {role_of(str(key), ""): value for key, value in node.items() if isinstance(value, str)}
            if isinstance(ends.get("from"), str) and isinstance(ends.get("to"), str):
                found.append((ends["from"], ends["to"]))
            if is_adjacency(node):
                found.extend((key, v) for key, value in node.items() for v in value)
                return
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    return [p for p in dict.fromkeys(found) if p[0] != p[1]][:MAX_PAIRS]


def is_adjacency(node: dict[str, Any]) -> bool:
    """A mapping from names to the names they reach: every value a list of strings, and most of those strings
    keys of the same mapping (a network), not field names with lists of tags."""
    if len(node) < 2 or not all(isinstance(v, list) and all(isinstance(x, str) for x in v) for v in node.values()):
        return False
    reached = [x for value in node.values() for x in value]
    return bool(reached) and sum(x in node for x in reached) >= len(reached) / 2


async def listed_pairs(readable: list[Tool], call: Call) -> list[tuple[str, str]]:
    """The pairs every read-only listing tool (no required argument) of the server returns."""
    pairs: list[tuple[str, str]] = []
    for tool in readable:
        if required_arguments(tool):
            continue
        data = (await call(tool.name, {})).data()
        if data is not None:  # a listing that is not JSON lists no pairs
            pairs += pairs_in(data)
    return list(dict.fromkeys(pairs))[:MAX_PAIRS]
