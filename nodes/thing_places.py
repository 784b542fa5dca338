"""A place the question points at through a thing it names: "I want to see the Terracotta Army tomorrow. What's
the weather going to be like in that city?", "We're visiting Gyeongbokgung Palace. Cheapest hotel there?".

Why: no part of such a question names the city, so the landmark's name was taken as the city ("unknown city
'Gyeongbokgung Palace'") or the executor picked a listed city at random. The catalogue knows where the thing is:
a read-only tool that looks a thing up by its name (an attractions server's ``get_details(attraction)``) returns
its city. Code asks it, reads the city from the output (a ``city`` or ``town`` field, else a value the gazetteer
knows as a city), and writes the city in place of the reference. Nothing is guessed: no answer, no rewrite.
"""

from __future__ import annotations

import calendar
import json
import re
from datetime import date
from typing import Any

from mcp.types import Tool

from nodes.answering.missing_names import thing_names
from nodes.approval import changes_data
from nodes.arguments.places import places_named
from nodes.arguments.stop_words import STOP_WORDS
from nodes.arguments.value_kinds import ValueKind, infer_value_kind
from nodes.date_mentions import find_date_mentions

# "in that city", "there", "the same town", "the city it's in", "to wherever that is": a place the question does
# not name
_REFERENCE = re.compile(r"\b(?:(in|to|from|near|around|at)\s+)?(?:(?:that|the same|this|the) (?:city|town|place)"
                        r"(?: (?:it's|it is|that's|that is|they're|they are) in\b)?|"
                        r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )there(?!'s|\s+(?:is|are|was|were)\b)|"
                        r"wherever (?:that|it|this) is|where(?:ver)? (?:that|it)'s)\b", re.IGNORECASE)
# A thing's name as people type it: capitalised words that may hold "of", "by the", "de" and a capitalised code
# ("Gardens by the Bay", "Temple of Heaven", "CN Tower"), one capitalised word after the first ("see the
# Colosseum"), or lower-case words after "see", "visit", "up" or "near" ("near the colosseum", "up the burj khalifa")
_CAPITALISED_THING = re.compile(r"(?<![\w'])((?:[A-Z]{2,}|[A-Z][a-zà-ÿ]+)(?:\s+(?:(?:of|by|de|del|la|the|of the|"
                                r"by the|on the|at the)\s+)?(?:[A-Z]{2,}|[A-Z][a-zà-ÿ]+))*)(?![\w'])")
_TYPED_THING = re.compile(r"\b(?:see|seeing|visit|visiting|tour|touring|up|near|by)\s+(?:the\s+)?"
                          r"([a-zà-ÿ][a-zà-ÿ'-]+(?:\s+[a-zà-ÿ][a-zà-ÿ'-]+)?)")
_POINTS_AT_A_THING = re.compile(r"\bit(?:'s| is)? in\b|\bwherever\b|\bwhere (?:that|it)'s\b", re.IGNORECASE)
MAX_THINGS = 3
_TOWN_POPULATION = 100_000
_CALENDAR = frozenset(name.lower() for name in (*calendar.month_name[1:], *calendar.day_name, *calendar.day_abbr))
_PLACE_KEYS = ("city", "town", "locality", "municipality")
_NAME_WORDS = re.compile(r"\bnames?\b|\bnamed\b|\btitle\b", re.IGNORECASE)


def refers_to_a_place(text: str) -> bool:
    """Whether ``text`` points at a place it does not name ("in that city", "there")."""
    return _REFERENCE.search(text) is not None


def reference_end(text: str) -> int | None:
    """Where the first reference to an unnamed place in ``text`` ends ("in that city", "there"), or None."""
    found = _REFERENCE.search(text)
    return found.end() if found else None


def place_reference(question: str) -> tuple[re.Match[str], list[str]] | None:
    """The reference to an unnamed place and the things the question names, when it names no place itself (a place
    inside a thing's name is the thing's: "Victoria Peak", "Giza Pyramids")."""
    found = _REFERENCE.search(question)
    if found is None:
        return None
    things = things_to_locate(question[:found.start()] + " " + question[found.end():])
    inside = [t.lower() for t in things]
    # "from zurich to wherever that is" points at the thing's place though it names another; "there" does not
    pointed = _POINTS_AT_A_THING.search(found.group()) is not None
    if not pointed and any(not any(m.span.lower() in thing for thing in inside) for m in places_named([question])):
        return None
    return (found, things) if things else None


def things_to_locate(text: str) -> list[str]:
    """The names of things ``text`` may point at, most name-like first: two or more capitalised words, then a
    capitalised name with joining words or a code, one capitalised word after the first, then lower-case words
    after "see", "visit", "up" or "near"; never a stop word, a day, a month or a place alone."""
    found = thing_names(text)
    for match in _CAPITALISED_THING.finditer(text):
        name = match.group(1)
        first = match.start() == 0 or text[:match.start()].rstrip().endswith((".", "!", "?", ":"))
        words = name.split()
        if len(words) == 1 and (first or name.isupper()) or words[0].lower() in STOP_WORDS:
            continue  # a sentence's first word; a lone code ("UV")
        found.append(name)
    for match in _TYPED_THING.finditer(text) if not found else ():
        words = match.group(1).split()
        while words and (words[-1] in STOP_WORDS or find_date_mentions(words[-1], date.today())):
            words = words[:-1]
        if words:
            found.append(" ".join(words))
    # "zurich" is written as a place; "the sagrada familia" is a thing, though a village in Chile shares its name
    written_as_places = {m.span.lower() for m in places_named([text]) if m.place.population >= _TOWN_POPULATION}
    kept = [name for name in dict.fromkeys(found) if name.lower() not in _CALENDAR | written_as_places
            and not find_date_mentions(name, date.today())]
    return kept[:MAX_THINGS]


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


def with_place(question: str, reference: re.Match[str], place: str, thing: str = "") -> str:
    """``question`` with the reference replaced by the place ("in that city" -> "in Xi'an", "there" -> "in Seoul"),
    and without the thing a follow-up carried in brackets for the lookup ("... on saturday (Eiffel Tower)")."""
    preposition = reference.group(1) or "in"
    placed = f"{question[:reference.start()]}{preposition} {place}{question[reference.end():]}"
    return re.sub(rf"\s*\({re.escape(thing)}\)\s*$", "", placed) if thing else placed
