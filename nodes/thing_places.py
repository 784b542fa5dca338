"""A place the question points at through a thing it names: "I want to see the Terracotta Army tomorrow. What's
the weather going to be like in that city?", "We're visiting Gyeongbokgung Palace. Cheapest hotel there?".

Why: no part of such a question names the city, so the landmark's name was taken as the city ("unknown city
'Gyeongbokgung Palace'") or the executor picked a listed city at random. The catalogue knows where the thing is:
a read-only tool that looks a thing up by its name (an attractions server's ``get_details(attraction)``) returns
its city. Code asks it, reads the city from the output (a ``city`` or ``town`` field, else a value the gazetteer
knows as a city), and writes the city in place of the reference. Nothing is guessed: no answer, no rewrite.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp.types import Tool

from nodes.answering.missing_names import thing_names
from nodes.approval import changes_data
from nodes.arguments.places import places_named
from nodes.arguments.value_kinds import ValueKind, infer_value_kind

# "in that city", "there", "the same town": a place the question does not name
_REFERENCE = re.compile(r"\b(?:(in|to|from|near|around|at)\s+)?(?:(?:that|the same|this|the) (?:city|town|place)|there)\b",
                        re.IGNORECASE)
_PLACE_KEYS = ("city", "town", "locality", "municipality")
_NAME_WORDS = re.compile(r"\bnames?\b|\bnamed\b|\btitle\b", re.IGNORECASE)


def refers_to_a_place(text: str) -> bool:
    """Whether ``text`` points at a place it does not name ("in that city", "there")."""
    return _REFERENCE.search(text) is not None


def place_reference(question: str) -> tuple[re.Match[str], list[str]] | None:
    """The reference to an unnamed place and the things the question names, when it names no place itself."""
    found = _REFERENCE.search(question)
    if found is None or places_named([question]):
        return None
    things = thing_names(question)
    return (found, things) if things else None


def lookup_property(tool: Tool) -> str | None:
    """The one required text property of a read-only tool that looks a thing up by its name; None for any other
    tool (a place, a date or an id property; a free-text search; a tool that may change data)."""
    if changes_data(tool):
        return None
    schema = tool.inputSchema or {}
    required = schema.get("required") or []
    properties = schema.get("properties") or {}
    if len(required) != 1:
        return None
    name = required[0]
    spec = properties.get(name) or {}
    if spec.get("type") not in (None, "string") or not _NAME_WORDS.search(str(spec.get("description") or "")):
        return None
    kind = infer_value_kind(name, spec, tool.name, tool.description or "")
    return name if kind not in (ValueKind.PLACE, ValueKind.DATE, ValueKind.URL, ValueKind.PATH) else None


def place_in(output: str) -> str | None:
    """The city a lookup's output gives: a ``city``-like field at any depth, else None."""
    try:
        data: Any = json.loads(output)
    except (ValueError, TypeError):
        return None
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            for key in _PLACE_KEYS:
                if isinstance(value.get(key), str) and value[key].strip():
                    return value[key].strip()
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return None


def with_place(question: str, reference: re.Match[str], place: str) -> str:
    """``question`` with the reference replaced by the place ("in that city" -> "in Xi'an", "there" -> "in Seoul")."""
    preposition = reference.group(1) or "in"
    return f"{question[:reference.start()]}{preposition} {place}{question[reference.end():]}"
