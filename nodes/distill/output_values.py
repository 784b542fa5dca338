"""Values that only a server's own outputs give: a flight number from a search's results, an attraction's name
from a city's list. A request for a tool that takes one ("is CA981 on time", "admission for Osaka Castle") must
name a value the server has, and no listing tool lists it.

Each read-only tool of the server whose required arguments are all places (or that takes none) is run a few
times with the catalogue's place names. Every short string in its output is kept under its field's name
("flight_no"; a whole number too, as an id is one), and the ``name`` of each record in a list under the list's
singular ("attractions" -> "attraction"). A property of another tool takes the values kept under its own name
(nodes/distill/catalog_mentions.py).
"""

from __future__ import annotations

import random
import re
from typing import Any

from mcp.types import Tool

from nodes.arguments.candidate_spans import MAX_SPAN_WORDS
from nodes.arguments.folder_reading import Call
from nodes.arguments.tool_signature import identifier_words, properties_of, property_kinds, required_arguments
from nodes.arguments.value_kinds import ValueKind

PROBES_PER_TOOL = 3
MAX_VALUE_CHARS = 60
MAX_VALUES_PER_FIELD = 200
MAX_PAGE = 100  # the most records one listing call asks for
_PAGE_WORDS = frozenset({"limit", "max", "top", "count", "size", "results", "num", "page"})
_RESULTS = re.compile(r"\b(?:results?|records|items|entries|rows|matches)\b", re.IGNORECASE)


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def fields_in(data: Any) -> dict[str, list[str]]:
    """Short strings of a parsed output, by field name; a listed record's ``name`` under the list's singular."""
    found: dict[str, list[str]] = {}

    def keep(field: str, value: Any) -> None:
        if isinstance(value, int) and not isinstance(value, bool):  # an id ("hotel_id": 149)
            value = str(value)
        if isinstance(value, str) and 0 < len(value.strip()) <= MAX_VALUE_CHARS:
            found.setdefault(field, []).append(value.strip())

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                keep(str(key), value)
                if isinstance(value, list):
                    for item in value:
                        if isinstance(item, dict):
                            keep(_singular(str(key)), item.get("name"))
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(data)
    return found


def _probe_calls(tool: Tool, places: list[str], rng: random.Random) -> list[dict[str, Any]]:
    """Up to PROBES_PER_TOOL argument sets for a tool whose required arguments are all places (distinct in a
    call); for a tool that requires none, the empty call and its widest page."""
    required = required_arguments(tool)
    if not required:
        return [{}, page] if (page := widest_page(tool)) else [{}]
    kinds = property_kinds(tool)
    if any(kinds.get(name) is not ValueKind.PLACE for name in required) or len(places) < len(required):
        return []
    return [dict(zip(required, rng.sample(places, len(required)))) for _ in range(PROBES_PER_TOOL)]


def widest_page(tool: Tool) -> dict[str, int]:
    """The tool's optional count of results at its schema's maximum (``{"limit": 20}``), or nothing. Why: a
    listing's default page (the five cheapest products) names too few of its records for the requests that
    name one to vary; every training request for a product search named one of five short names."""
    required = set(required_arguments(tool))
    for name, spec in properties_of(tool).items():
        if name in required or not isinstance(spec, dict) or spec.get("type") != "integer":
            continue
        maximum = spec.get("maximum")
        counts = set(identifier_words(name)) & _PAGE_WORDS or _RESULTS.search(str(spec.get("description") or ""))
        if isinstance(maximum, int) and maximum > 1 and counts:
            return {name: min(maximum, MAX_PAGE)}
    return {}


def own_records_key(tool: str) -> str:
    """Where the names of the records a tool returns when called with no arguments are kept: the values an
    optional free-text query of that tool can name ("search products" -> "Galaxy S25 Ultra")."""
    return f"{tool}()"


def record_names(data: Any) -> list[str]:
    """What a free-text query can name of each record listed in a parsed output: its ``name`` or ``title``,
    else its short words ("Anker", "PowerCore 10000", "power bank"), never a number, an id or a sentence. A value
    longer than a request's span ("6-inch e-reader with E Ink Carta 1300 screen") describes the record: no span
    can hold it, so a request naming it was labelled with the whole request as its query."""
    records = [item for value in (data.values() if isinstance(data, dict) else [data]) if isinstance(value, list)
               for item in value if isinstance(item, dict)]
    names: list[str] = []
    for record in records:
        titled = [record[key] for key in ("name", "title") if isinstance(record.get(key), str)]
        words = titled or [v for key, v in record.items() if isinstance(v, str) and not key.endswith("id")
                           and len(v.split()) <= MAX_SPAN_WORDS]
        names += [w.strip() for w in words if 0 < len(w.strip()) <= MAX_VALUE_CHARS and not w.strip().isdigit()]
    return names


async def output_values(readable: list[Tool], places: list[str], call: Call, *, seed: int = 7) -> dict[str, list[str]]:
    """Field name -> the values the server's read-only tools returned for it, probed with ``places``; and
    under ``own_records_key`` the record names a tool that requires nothing returns."""
    rng = random.Random(seed)
    found: dict[str, list[str]] = {}
    for tool in readable:
        for arguments in _probe_calls(tool, places, rng):
            data = (await call(tool.name, arguments)).data()
            if data is None:  # an output that is not JSON gives no fields
                continue
            for field, values in fields_in(data).items():
                found.setdefault(field, []).extend(values)
            if not required_arguments(tool):
                found.setdefault(own_records_key(tool.name), []).extend(record_names(data))
    return {field: list(dict.fromkeys(values))[:MAX_VALUES_PER_FIELD] for field, values in found.items()}
