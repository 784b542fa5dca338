"""Whether a question writes a route between two places, and whether a server has a tool that takes one.

Why: "singapore to bangkok on dec 10, whats the cheapest ticket" matched an attraction server's "ticket price"
better than any travel tool's words, and got a botanic garden's entry fee. A question naming two places joined
as a route ("A to B", "from A to B", "A -> B") is served by a tool taking two places (an origin and a
destination), never by one that takes a single place; that is the value's type, not the server's domain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from mcp.types import Tool

from nodes.arguments.places import places_named
from nodes.date_mentions import find_date_mentions
from nodes.arguments.value_kinds import ValueKind, infer_value_kind, without_enum

_END_KINDS = (ValueKind.PLACE, ValueKind.NAME, ValueKind.TIMEZONE)
START_CUE = re.compile(r"\b(?:from|out of|leaving|departing)\s+$", re.IGNORECASE)
_END = re.compile(r"\b(?:to|into)\s+$", re.IGNORECASE)
_ROUTE_JOINS = frozenset({"to", "->", "→", "=>", "-", "–", "to the", "and on to"})


def writes_route(query: str) -> bool:
    """Whether ``query`` names two places joined as a route ("Singapore to Bangkok"), or a place after "from" and a
    later one after "to"."""
    mentions = places_named([query])
    for first, second in zip(mentions, mentions[1:]):
        between = " ".join(query[first.start + len(first.span): second.start].lower().split())
        if between in _ROUTE_JOINS:
            return True
    # "out of Madrid on dec 9, what's the cheapest to London": a start and an end, each after its own word
    starts = [m for m in mentions if START_CUE.search(query[:m.start])]
    return any(_END.search(query[:m.start]) and m.start > starts[0].start for m in mentions) if starts else False


def takes_route(tools: list[Tool]) -> bool:
    """Whether one of ``tools`` requires two ends: two properties of one kind of name (a city, a place's name, a
    time zone: "origin" and "destination", "source_timezone" and "target_timezone")."""
    for tool in tools:
        schema = tool.inputSchema or {}
        properties = schema.get("properties") or {}
        ends: list[ValueKind] = []
        for name in schema.get("required") or []:
            spec = properties.get(name)
            if spec is None:
                continue
            kind = infer_value_kind(name, without_enum(spec), tool.name, tool.description or "")
            if kind in _END_KINDS and spec.get("type") != "array":  # a list of cities compares them; it goes nowhere
                ends.append(kind)
        if any(ends.count(kind) >= 2 for kind in _END_KINDS):
            return True
    return False


def _place_kinds(tool: Tool) -> list[ValueKind]:
    schema = tool.inputSchema or {}
    properties = schema.get("properties") or {}
    return [kind for name in schema.get("required") or [] if (spec := properties.get(name)) is not None
            and (kind := infer_value_kind(name, without_enum(spec), tool.name, tool.description or ""))
            == ValueKind.PLACE and spec.get("type") != "array"]


def only_takes_routes(tools: list[Tool]) -> bool:
    """Whether every tool of ``tools`` that requires a place requires two (an origin and a destination), and one
    does: a flight search, never a question about one place."""
    placed = [kinds for tool in tools if (kinds := _place_kinds(tool))]
    return bool(placed) and all(len(kinds) >= 2 for kinds in placed)


_WHERE = re.compile(r"\b(?:in|at|around|near)\s+$", re.IGNORECASE)


def in_one_place(query: str) -> bool:
    """Whether ``query`` names exactly one place, as where something is ("the cheapest bed in Osaka"), and no
    route."""
    mentions = places_named([query])
    # "... in Osaka", or the place the question opens with as its scope: "Xi'an this Fri: the cheapest bed"
    if len(mentions) != 1:
        return False
    before = query[:mentions[0].start]
    return bool(_WHERE.search(before) or not before.strip()) and not writes_route(query)


def single_place_misfits(sub_queries: Sequence[str], tools: dict[str, list[Tool]],
                         today: date) -> dict[int, tuple[set[str], set[str]]]:
    """Per sub-query that names one place as where something is: (the servers whose place-taking tools all need a
    route, which cannot serve it; the servers with a tool taking one place and a day, when the sub-query names a
    day: "the cheapest bed in Osaka on tue the 8th" is a night somewhere, not a product) (``tools``: server -> its
    tools)."""
    routes_only = {server for server, listed in tools.items() if only_takes_routes(listed)}
    dated = {server for server, listed in tools.items() if any(_place_and_day(tool) for tool in listed)}
    return {i: (routes_only, dated if find_date_mentions(query, today) else set())
            for i, query in enumerate(sub_queries) if routes_only and in_one_place(query)}


def _place_and_day(tool: Tool) -> bool:
    """Whether ``tool`` requires one place and takes a day."""
    properties = (tool.inputSchema or {}).get("properties") or {}
    return len(_place_kinds(tool)) == 1 and any(
        infer_value_kind(name, without_enum(spec), tool.name, tool.description or "") == ValueKind.DATE
        for name, spec in properties.items() if isinstance(spec, dict))


def route_takers(sub_queries: Sequence[str], tools: dict[str, list[Tool]]) -> dict[int, set[str]]:
    """Per sub-query that writes a route, the servers with a tool taking one (``tools``: server -> its tools)."""
    taking = {server for server, listed in tools.items() if takes_route(listed)}
    return {i: taking for i, query in enumerate(sub_queries) if taking and writes_route(query)}
