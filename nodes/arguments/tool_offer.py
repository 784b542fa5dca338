"""Which of a server's tools the executor may be offered for a task, and with which argument values.

Each tool's decoding schema is narrowed to the values the task's inputs offer (nodes/arguments/schema.py); a tool
that needs a value the request does not give is not offered. For the few-shot base model, word heuristics
narrow further (the most named enum values, the best-described tool); the distilled executor is offered every
callable tool. Split from nodes/execute.py, which runs the agent's steps over these offers.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp.types import Tool

from nodes.arguments.candidates import Candidates
from nodes.arguments.listing_gate import (LISTING_NOUNS, LISTING_TOOLS, asks_for_the_listing, names_a_listed_thing,
                                          only_listings_left)
from nodes.arguments.enum_values import enum_values_named
from nodes.arguments.place_not_name import typed_places_and_names
from nodes.arguments.schema import constrain_tool_schema
from nodes.arguments.string_values import LISTED_NAMES
from nodes.arguments.property_kinds import tool_words
from nodes.arguments.step_rules import ToolRefused, ToolStep
from nodes.arguments.tool_roles import fitting_tools, most_typed
from nodes.arguments.unresolved import unresolved_line
from nodes.arguments.direction import pair_collapses
from nodes.arguments.discovery import DISCOVERY_TOOLS
from tools.tool_outcome import ToolOutcome


def step_schema(tools: list[Tool], constrained: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """A decoding schema allowing exactly one of ``tools`` with arguments of that tool's schema (or of its
    ``constrained`` schema; tools missing from ``constrained`` are left out)."""
    variants = [
        {
            "type": "object",
            "properties": {"tool": {"const": t.name},
                           "params": (constrained[t.name] if constrained is not None
                                      else t.inputSchema or {"type": "object"})},
            "required": ["tool", "params"],
        }
        for t in tools if constrained is None or t.name in constrained
    ]
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


class NoCallableTool(ToolRefused):
    """Every tool of the server needs a value that the task's inputs do not contain."""


def constrained_tools(server: str, tools: list[Tool], candidates: Candidates, *,
                      narrow: bool = True) -> dict[str, dict[str, Any]]:
    """Each callable tool's decoding schema over ``candidates``; raises NoCallableTool when none is.
    ``narrow`` then keeps only the tools that word heuristics favour (the most named enum values, the best
    described): they help the few-shot base model, which cannot tell sibling tools apart. The distilled
    executor has learnt the tools, is offered every callable one, and chooses (``narrow=False``), unless the
    request names several closed-set values of one tool only (``closed_set_owner``)."""
    values = [str(v) for t in tools for v in schema_enum_values(t.inputSchema or {})]
    # A code ("EUR") is never part of a name: a span holding one is no value ("amd worth in EUR"). A word
    # ("museum") may be: only a span made of such words alone is left out ("Egyptian Museum" stays).
    codes = {v.lower() for v in values if v.isupper()}
    enum_words = {v.lower() for v in values} - codes
    schemas = {t.name: constrain_tool_schema(t.inputSchema, candidates,
                                             tool_words(t.name, t.description or "") | codes, enum_words,
                                             tool_name=t.name, tool_description=t.description or "")
               for t in tools}
    required = {t.name: list((t.inputSchema or {}).get("required") or []) for t in tools}
    callable_ = typed_places_and_names({name: schema for name, schema in schemas.items()
                                        if schema is not None and not pair_collapses(schema, required[name])},
                                       tools, candidates.listed.get(LISTED_NAMES, []))
    nouns = candidates.listed.get(LISTING_NOUNS, [])
    blocked = any(names_a_listed_thing(name, nouns) for t in tools if schemas[t.name] is None
                  for name in (t.inputSchema or {}).get("required") or [])
    if not callable_ or (only_listings_left(callable_, candidates.listed.get(LISTING_TOOLS, []), blocked)
                         and not asks_for_the_listing(candidates.texts, nouns)):
        raise NoCallableTool(unresolved_line(server, tools, candidates))
    callable_ = most_typed(fitting_tools(callable_, tools, candidates.requests,
                                         set(candidates.listed.get(DISCOVERY_TOOLS, []))), tools)
    if not callable_:
        raise NoCallableTool(unresolved_line(server, tools, candidates))
    named = named_enum_values([t for t in tools if t.name in callable_], candidates)
    if not narrow:
        return closed_set_owner(callable_, named)
    # The tools that take the most of the enum values the request names ("EUR", "TRY") fit it best.
    most = max((len(values) for values in named.values()), default=0)
    if most:
        callable_ = {name: schema for name, schema in callable_.items() if len(named.get(name, ())) == most}
    favourite = described_best([t for t in tools if t.name in callable_], candidates.requests)
    return {favourite: callable_[favourite]} if favourite else callable_


OWNER_VALUES = 2  # closed-set values a request must name, all of one tool, for that tool to be the only one offered


def closed_set_owner(callable_: dict[str, dict[str, Any]], named: dict[str, set[str]]) -> dict[str, dict[str, Any]]:
    """The one tool offered when the request names at least ``OWNER_VALUES`` of its enum values and no other
    tool takes any ("swap 20 GBP for SGD": the only tool with currency codes), else every callable tool. Values
    from a closed set are typed evidence that the chosen tool must take them; a guess from the verb ("swap")
    does not outweigh it. One named value ("Apple's price in EUR") decides nothing."""
    if len(named) == 1:
        (owner, values), = named.items()
        if len(values) >= OWNER_VALUES and owner in callable_:
            return {owner: callable_[owner]}
    return callable_


_CONTENT = re.compile(r"[a-z]{3,}")
_COMMON = frozenset("""the and for with from that this what whats how much many when where which who will
    can get give show tell please one day days today""".split())


def described_best(tools: list[Tool], requests: list[str]) -> str | None:
    """The one tool whose name and description share clearly more words with the request than any other
    ("disney stock price": get_quote, 'Latest price of a stock'), else None and the model chooses."""
    asked = {w for text in requests for w in _CONTENT.findall(text.lower())} - _COMMON
    if len(tools) < 2 or not asked:
        return None
    overlap = sorted(((len(asked & set(_CONTENT.findall(f"{t.name.replace('_', ' ')} {t.description or ''}".lower()))),
                       t.name) for t in tools), reverse=True)
    (best, name), (second, _) = overlap[0], overlap[1]
    return name if best >= 2 and best >= second + 2 else None


def schema_enum_values(schema: dict[str, Any]) -> list[Any]:
    """Every enum value of a tool's properties ("EUR" is a currency there, not a free-text name)."""
    values: list[Any] = []
    for spec in (schema.get("properties") or {}).values():
        for branch in [spec, *(spec.get("anyOf") or []), spec.get("items") or {}]:
            if isinstance(branch, dict):
                values.extend(branch.get("enum") or [])
    return values


def named_enum_values(tools: list[Tool], candidates: Candidates) -> dict[str, set[str]]:
    """Per tool, the enum values of its properties that the request names (e.g. 'GBP'), a code also when named
    in words ("in euros": 'EUR' of a currency enum)."""
    named: dict[str, set[str]] = {}
    for tool in tools:
        values: set[str] = set()
        for name, spec in ((tool.inputSchema or {}).get("properties") or {}).items():
            branches = [spec, *(spec.get("anyOf") or [])]
            for branch in branches:
                enum = (branch.get("enum") or []) if isinstance(branch, dict) else []
                if enum:
                    values |= {str(v).lower() for v in enum_values_named(enum, name, spec, candidates, tool.name,
                                                                         tool.description or "")}
        if values:
            named[tool.name] = values
    return named


def uncovered(named: dict[str, set[str]], step: ToolStep, outcome: ToolOutcome) -> set[str]:
    """Named enum values that neither the call's arguments nor its output mention."""
    said = (json.dumps(step.params) + " " + outcome.text).lower()
    return {v for values in named.values() for v in values if not re.search(rf"\b{re.escape(v)}\b", said)}
