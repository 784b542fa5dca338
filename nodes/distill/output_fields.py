"""The fields a tool answers with that none of its sibling tools do ("sessions", "period high" of a price
history; "seats left" of a flight search): what people ask for when they want that tool's answer.

Why: a tool's description and name often do not say the words a request uses. "visa shares over recent
sessions" asks for a history; "sessions" is in neither the history tool's description nor its name, but it is
a field of its output. The training bank phrases some requests by these fields (nodes/distill/
phrase_families.py), so the executor learns a tool also by what it returns.

Each read-only tool is called with values its synthesised requests would name; a field counts when no other
tool of the server returns it. A field that holds the records a tool answers with ("sessions" of a history,
"products" of a search) is what its answer is made of: requests asking by field name it more often than the
tool's other fields (``OutputFields.contents``). Field names are read as words ("period_change_pct" ->
"period change pct"). Left out: ids, one- or two-letter names, an answer's envelope ("note", "count"), keys
that are values (a map keyed by city), and fields worded as requests name values (an argument's name: "date",
"city"; a day word: "days", "last").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from mcp.types import Tool

from indexes.spelling import english_words
from nodes.arguments.folder_reading import Call
from nodes.arguments.gazetteer import gazetteer
from nodes.arguments.tool_signature import identifier_words, properties_of, property_kinds, required_arguments
from nodes.arguments.value_kinds import ValueKind
from nodes.distill.catalog_mentions import DAY_WORDS
from nodes.distill.mention import Mention

MAX_FIELDS_PER_TOOL = 8
MIN_FIELD_LETTERS = 3
PROBES = 3  # calls tried per tool, with other values, until one answers
# An answer's envelope, not what it answers: every kind of tool may return these.
ENVELOPE = frozenset({"note", "notes", "summary", "count", "total", "source", "query", "results", "result", "as of",
                      "status", "message", "error", "errors", "data", "items"})
# Kinds whose mention gives the value itself (its evidence); a day, an expression or a SQL question is phrased in
# words a call cannot take as they are, and their tools answer questions, not fields.
PROBED_KINDS = frozenset({ValueKind.NAME, ValueKind.PLACE, ValueKind.ID, ValueKind.PERSON, ValueKind.QUERY})


def probe_arguments(tool: Tool, by_property: dict[str, list[Mention]]) -> list[dict[str, Any]]:
    """Up to ``PROBES`` calls' arguments for ``tool`` from its requests' mentions (``by_property``, required
    properties only): each property's next value not used by another property in the call, two for a list, a
    number as a number; none when a required property is of a kind not probed. A tool that requires nothing
    is called with no arguments."""
    kinds = property_kinds(tool)
    required = required_arguments(tool)
    values: dict[str, list[Any]] = {}
    for name in required:
        spec = properties_of(tool).get(name) or {}
        enum = spec.get("enum") or (spec.get("items") or {}).get("enum")
        if kinds.get(name, ValueKind.NAME) not in PROBED_KINDS and not enum:
            return []
        values[name] = [_typed(m.evidence[0] if m.evidence else m.words, spec) for m in by_property.get(name) or []]
        values[name] = [v for v in values[name] if v is not None]
    calls: list[dict[str, Any]] = []
    for attempt in range(PROBES if required else 1):
        arguments: dict[str, Any] = {}
        for name in required:
            spec = properties_of(tool).get(name) or {}
            unused = [v for v in values[name] if v not in arguments.values()][attempt:]
            size = max(int(spec.get("minItems") or 1), 1)
            if len(unused) < (size if spec.get("type") == "array" else 1):
                return calls
            arguments[name] = unused[:size] if spec.get("type") == "array" else unused[0]
        calls.append(arguments)
    return calls


def _typed(value: str, spec: dict[str, Any]) -> Any:
    """``value`` as the property's type takes it; None for a number property given no number."""
    if spec.get("type") not in ("integer", "number"):
        return value
    try:
        return int(value) if spec.get("type") == "integer" else float(value)
    except ValueError:
        return None


def answer_fields(data: Any) -> list[str]:
    """The field names of a parsed output, in order: its keys, and the keys of each record it holds (a nested
    object, or the first record of a list: a search's results)."""
    found: list[str] = []
    records = [data] if isinstance(data, dict) else [data[0]] if isinstance(data, list) and data else []
    for record in records:
        if not isinstance(record, dict):
            continue
        for key, value in record.items():
            found.append(str(key))
            inner = value[0] if isinstance(value, list) and value else value
            if isinstance(inner, dict):
                found.extend(str(k) for k in inner)
    return list(dict.fromkeys(found))


def _names_a_place(key: str) -> bool:
    """A key the gazetteer knows as a place and no English word is ("hangzhou"; not "date", a town in Japan)."""
    word = key.lower()
    return word in gazetteer().by_name and word not in english_words()


def field_phrase(key: str, values: set[str] = frozenset()) -> str:
    """A field name as words, "" for an id, an envelope field, a name too short to ask for, or a key that is a
    value, not a field (a map keyed by city: "Amsterdam", one of ``values``, lower-cased) ("period_change_pct"
    -> "period change pct", "hotel_id" -> "")."""
    words = identifier_words(key)
    phrase = " ".join(words)
    if (not words or words[-1] == "id" or len("".join(words)) < MIN_FIELD_LETTERS or phrase in ENVELOPE
            or re.search(r"\s", key) or key.lower() in values or _names_a_place(key)):
        return ""
    return phrase


def distinctive_fields(fields_by_tool: dict[str, list[str]],
                       values: set[str] = frozenset()) -> dict[str, list[str]]:
    """Per tool, the field phrases no other tool of the server returns, at most ``MAX_FIELDS_PER_TOOL``."""
    phrases = {tool: [p for p in dict.fromkeys(field_phrase(k, values) for k in keys) if p]
               for tool, keys in fields_by_tool.items()}
    distinct: dict[str, list[str]] = {}
    for tool, own in phrases.items():
        others = {p for other, theirs in phrases.items() if other != tool for p in theirs}
        kept = [p for p in own if p not in others][:MAX_FIELDS_PER_TOOL]
        if kept:
            distinct[tool] = kept
    return distinct


def record_lists(data: Any) -> list[str]:
    """The keys of a parsed output that hold a list of records ("sessions": [{"date": ..., "close": ...}])."""
    return [str(key) for key, value in data.items() if isinstance(value, list) and value
            and isinstance(value[0], dict)] if isinstance(data, dict) else []


@dataclass
class OutputFields:
    """Per tool, the field phrases only its output has, and of those the ones holding its records."""

    fields: dict[str, list[str]] = field(default_factory=dict)
    contents: dict[str, list[str]] = field(default_factory=dict)


async def output_fields(readable: list[Tool], probes: dict[str, list[dict[str, Any]]], call: Call,
                        names: list[str] = ()) -> OutputFields:
    """The fields only each tool's output has. Each tool is called with its ``probes`` arguments in turn
    until one call answers JSON; a tool with no probe that answers gives no fields. A key that is one of
    ``names`` (the catalogue's listed names) or a place is a value, not a field; a field that some tool of the
    server takes as an argument ("date", "city"), or that is worded as requests name days ("days"), is what
    requests name values of, and asks for nothing."""
    arguments = {" ".join(identifier_words(p)) for tool in readable for p in properties_of(tool)}
    said_of_days = {w for words in DAY_WORDS for w in words.split()}  # "days" is how "in 3 days" names a day
    fields_by_tool: dict[str, list[str]] = {}
    lists_by_tool: dict[str, set[str]] = {}
    for tool in readable:
        for probe in probes.get(tool.name, []):
            outcome = await call(tool.name, probe)
            data = outcome.data() if outcome.ok else None
            if data is not None:
                fields_by_tool[tool.name] = [k for k in answer_fields(data) if " ".join(identifier_words(k))
                                             not in arguments and not set(identifier_words(k)) <= said_of_days]
                lists_by_tool[tool.name] = {field_phrase(k) for k in record_lists(data)}
                break
    distinct = distinctive_fields(fields_by_tool, {n.lower() for n in names})
    contents = {tool: kept for tool, own in distinct.items()
                if (kept := [p for p in own if p in lists_by_tool.get(tool, ())])}
    return OutputFields(distinct, contents)
