"""The closed set an executor's arguments are decoded from, built per call from the task's own inputs.

Why: the 135M executor, free to write a string, writes "Zuraflax" for Zurich and "2018-3-4" for "this
weekend". So each tool's input schema is rewritten before decoding (ARCHITECTURE.md decision 8):
- a free string may only be a span of the request (task text, earlier turns) or a value from a
  dependency's output;
- a date string may only be an ISO date resolved by code from the words used (nodes/date_mentions.py);
- an enum is narrowed to the values the request names, when it names any ("EGP" of 18 currencies);
- a number may only be one written in the request or a dependency's output.
A property with no candidate is dropped when optional (the tool's default applies); a tool whose required
property has none is dropped, so side-effecting tools cannot be called on invented ids. The result is a
plain JSON schema: llama.cpp turns it into a grammar, vLLM's guided decoding takes it as is.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from nodes.claims import concepts_of, field_concepts
from indexes.bm25 import plural_stem
from nodes.date_mentions import DateMention, find_date_mentions
from nodes.property_kinds import (
    accepts_range,
    is_date_property,
    is_id_property,
    is_person_property,
    is_query_property,
    named_ids,
    number_named_for,
    people_named,
)

MAX_SPAN_WORDS = 4
MAX_DEPENDENCY_VALUES = 60
MAX_DEPENDENCY_VALUE_CHARS = 60
_TOKEN = re.compile(r"[\w][\w'&.\-]*[\w]|[\w]")
_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])")
_STOP = frozenset("""a an and are as at be by can could do does for from get give has have how i in is it
    its me my of on or our please show tell that the their then there this to want was what whats what's
    when where which who will with would you your any some much many find look up check
    top best cheapest nearest highest lowest most least""".split())


@dataclass
class Candidates:
    """What the request offers: its word spans, the dates it names, its numbers, and dependency values."""

    spans: list[str] = field(default_factory=list)
    dates: list[DateMention] = field(default_factory=list)
    numbers: list[float] = field(default_factory=list)
    words: set[str] = field(default_factory=set)  # lower-cased words, for narrowing enums
    requests: list[str] = field(default_factory=list)  # the request texts whole: what a search query takes
    request_numbers: list[float] = field(default_factory=list)  # numbers the user wrote
    dependency_numbers: list[tuple[str, float]] = field(default_factory=list)  # (field, value), in output order
    people: list[str] = field(default_factory=list)  # names a booking may be made under

    def numbers_for(self, name: str, description: str) -> list[float]:
        """Numbers a property may take: those the user wrote, and from dependency outputs the values of the
        field of the same name (every "hotel_id"), else the first value of a field that measures what the
        property does ("amount" takes the quote's first price, "last", not the day's low). An id takes a
        number the user wrote only when it names that id ("hotel 12"): the 4 of "4-star" is no hotel_id."""
        if is_id_property(name):
            same = [v for f, v in self.dependency_numbers if f == name]
            return list(dict.fromkeys([*named_ids(name, self.requests), *same]))
        same = [v for f, v in self.dependency_numbers if f == name]
        if not same:
            wanted = field_concepts((name,)) | concepts_of(set(_TOKEN.findall(description.lower())))
            fitting = [v for f, v in self.dependency_numbers if field_concepts((f,)) & wanted]
            same = fitting[:1] or [v for _, v in self.dependency_numbers]
        return list(dict.fromkeys([*self.request_numbers, *same]))

    def day_values(self) -> list[str]:
        return list(dict.fromkeys(m.first.isoformat() for m in self.dates))

    def range_values(self) -> list[str]:
        return list(dict.fromkeys(m.as_argument() for m in self.dates))


def _spans(text: str, blocked: list[tuple[int, int]]) -> list[str]:
    """Word n-grams of ``text`` that neither start nor end with a stop word and overlap no date phrase."""
    tokens = [(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text)]
    found: list[str] = []
    for i in range(len(tokens)):
        for size in range(1, MAX_SPAN_WORDS + 1):
            if i + size > len(tokens):
                break
            first, last = tokens[i], tokens[i + size - 1]
            if first[0].lower() in _STOP or last[0].lower() in _STOP:
                continue
            if any(first[1] < end and start < last[2] for start, end in blocked):
                continue
            found.append(text[first[1] : last[2]])
    return found


def _dependency_values(outputs: list[str]) -> tuple[list[str], list[tuple[str, float]]]:
    """Short strings, and numbers with their field, inside dependency outputs (JSON when it parses, else
    its words)."""
    strings: list[str] = []
    numbers: list[tuple[str, float]] = []

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                walk(item, str(name))
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, bool):
            return
        elif isinstance(value, (int, float)):
            numbers.append((key, float(value)))
        elif isinstance(value, str) and 0 < len(value) <= MAX_DEPENDENCY_VALUE_CHARS:
            strings.append(value)

    for output in outputs:
        try:
            walk(json.loads(output), "")
        except (json.JSONDecodeError, TypeError):
            strings.extend(_spans(output, []))
            numbers.extend(("", float(n)) for n in _NUMBER.findall(output))
    return list(dict.fromkeys(strings))[:MAX_DEPENDENCY_VALUES], numbers[:MAX_DEPENDENCY_VALUES]


def gather_candidates(request_texts: list[str], dependency_outputs: list[str], today: date,
                      user_name: str = "") -> Candidates:
    """The candidates of one task: ``request_texts`` are the user's words (the task, the question, earlier
    turns), ``dependency_outputs`` the outputs of the tasks it depends on, ``user_name`` the person the run
    acts for (a booking's name when the request names nobody)."""
    spans: list[str] = []
    dates: list[DateMention] = []
    numbers: list[float] = []
    words: set[str] = set()
    for text in request_texts:
        mentions = find_date_mentions(text, today)
        dates.extend(mentions)
        blocked = [(m.start(), m.end()) for phrase in (d.phrase for d in mentions)
                   for m in re.finditer(re.escape(phrase), text)]
        spans.extend(_spans(text, blocked))
        masked = text
        for phrase in (d.phrase for d in mentions):
            masked = masked.replace(phrase, " ")
        numbers.extend(float(n) for n in _NUMBER.findall(masked))
        words.update(w.lower() for w in _TOKEN.findall(text))
    dep_strings, dep_numbers = _dependency_values(dependency_outputs)
    words.update(s.lower() for s in dep_strings)  # "USD" in a quote names the currency to convert from
    unique_dates = list({(d.first, d.last): d for d in dates}.values())
    requests = [" ".join(t.split()).strip(" ?!.") for t in request_texts if t.strip()]
    # A value with a control character is no name, and inside a decoding grammar it can crash llama.cpp.
    printable = [s for s in spans + dep_strings if s.isprintable()]
    return Candidates(spans=list(dict.fromkeys(printable)), dates=unique_dates,
                      numbers=list(dict.fromkeys(numbers + [v for _, v in dep_numbers])), words=words,
                      requests=list(dict.fromkeys(r for r in requests if r)),
                      request_numbers=list(dict.fromkeys(numbers)), dependency_numbers=dep_numbers,
                      people=list(dict.fromkeys([*people_named(request_texts), *([user_name.strip()]
                                                                                  if user_name.strip() else [])])))


def _string_spec(spec: dict[str, Any]) -> dict[str, Any] | None:
    """The string branch of a property (``str | None`` arrives as anyOf [string, null])."""
    if spec.get("type") == "string":
        return spec
    for branch in spec.get("anyOf") or []:
        if isinstance(branch, dict) and branch.get("type") == "string":
            return branch
    return None


def _typed(spec: dict[str, Any], kind: str) -> dict[str, Any] | None:
    if spec.get("type") == kind:
        return spec
    for branch in spec.get("anyOf") or []:
        if isinstance(branch, dict) and branch.get("type") == kind:
            return branch
    return None


def _fits(value: float, spec: dict[str, Any]) -> bool:
    if spec.get("type") == "integer" and value != int(value):
        return False
    if "minimum" in spec and value < spec["minimum"] or "maximum" in spec and value > spec["maximum"]:
        return False
    if "exclusiveMinimum" in spec and value <= spec["exclusiveMinimum"]:
        return False
    return not ("exclusiveMaximum" in spec and value >= spec["exclusiveMaximum"])


def _pattern_ok(value: str, spec: dict[str, Any]) -> bool:
    pattern = spec.get("pattern")
    if pattern and not re.search(pattern, value):
        return False
    return spec.get("minLength", 0) <= len(value) <= spec.get("maxLength", 10_000)


def _named(values: list[Any], candidates: Candidates) -> list[Any]:
    return [v for v in values if isinstance(v, str) and v.lower() in candidates.words]


def constrain_property(name: str, spec: dict[str, Any], candidates: Candidates, *, required: bool = True,
                       own_words: set[str] | None = None) -> dict[str, Any] | None:
    """The property's decoding schema over the candidates; None when nothing may fill it. An optional enum
    the request names no value of is left to its default; spans made only of the tool's own words are not
    values, and spans holding them are left out when the request offers others."""
    string = _string_spec(spec)
    enum = spec.get("enum") if "enum" in spec else (string or {}).get("enum")
    if enum is not None:
        named = _named(enum, candidates)
        if not named and not required:
            return None
        narrowed = {**spec, "enum": named or enum} if "enum" in spec else {"enum": named or enum,
                                                                           "description": spec.get("description", "")}
        return narrowed
    if "const" in spec:
        return spec
    if string is not None:
        if is_date_property(name, string | {"description": spec.get("description", "")}):
            values = candidates.range_values() if accepts_range(name, spec) else candidates.day_values()
        elif is_person_property(name, spec):
            values = [p for p in candidates.people if _pattern_ok(p, string)]  # never "Paris" or "Book"
        elif is_query_property(name, string):
            longer = [s for s in candidates.spans if len(s.split()) >= 2]
            values = [s for s in [*candidates.requests, *longer] if _pattern_ok(s, string)]
        else:
            values = [s for s in candidates.spans if _pattern_ok(s, string)]
            if own_words:  # "amazon", not "amazon stock price" nor "stock": the tool's words name the tool
                own = {plural_stem(w.lower()) for w in own_words}
                specific = [v for v in values if not {plural_stem(w.lower()) for w in _TOKEN.findall(v)} & own]
                values = specific or [v for v in values if not {plural_stem(w.lower()) for w in _TOKEN.findall(v)} <= own] \
                    or values
        values = [v for v in values if _pattern_ok(v, string) or is_date_property(name, string)]
        return {"enum": values, "description": spec.get("description", "")} if values else None
    for kind in ("integer", "number"):
        numeric = _typed(spec, kind)
        if numeric is not None:
            offered = candidates.numbers_for(name, str(spec.get("description") or numeric.get("description") or ""))
            values = [int(v) if kind == "integer" else v for v in offered if _fits(v, numeric)]
            return {"enum": list(dict.fromkeys(values))} if values else None
    array = _typed(spec, "array")
    if array is not None and isinstance(array.get("items"), dict):
        items = constrain_property(name, array["items"], candidates, own_words=own_words)
        if items is None:
            return None
        return {**array, "items": items}
    return spec  # booleans, objects and anything else keep their own schema


def constrain_tool_schema(schema: dict[str, Any] | None, candidates: Candidates,
                          own_words: set[str] | None = None) -> dict[str, Any] | None:
    """``schema`` with every property decoded from the candidates; None when a required one cannot be.
    A date property becomes required when the request names a date: the user asked about that day."""
    schema = copy.deepcopy(schema or {"type": "object"})
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    # As many date properties become required as the request names days: "hotels in Oslo on Friday" names a
    # check-in, not a check-out on the same day.
    days_named = len(candidates.day_values())
    dates_required = 0
    constrained: dict[str, Any] = {}
    # A number written next to a property's word ("4-star") belongs to that property only: not max_price too.
    named_numbers = {name: number_named_for(name, candidates.requests) for name in properties}
    claimed = {value for value in named_numbers.values() if value is not None}
    for name, spec in properties.items():
        decoded = constrain_property(name, spec, candidates, required=name in required, own_words=own_words)
        named_number = named_numbers[name]
        if decoded is not None and "enum" in decoded and all(isinstance(v, (int, float)) for v in decoded["enum"]):
            if named_number is not None and named_number in decoded["enum"]:
                decoded = {**decoded, "enum": [named_number]}  # "4-star" sets min_stars to 4, and it must be set
                required.add(name)
            else:
                kept = [v for v in decoded["enum"] if v not in claimed]
                decoded = {**decoded, "enum": kept} if kept else None
        if decoded is None:
            if name in required:
                return None
            continue
        constrained[name] = decoded
        string = _string_spec(spec)
        if candidates.dates and string is not None and "enum" not in string and is_date_property(
                name, string | {"description": spec.get("description", "")}):
            if name in required or dates_required < days_named:
                required.add(name)
                dates_required += 1
    schema["properties"] = constrained
    schema["required"] = [name for name in constrained if name in required]
    schema["additionalProperties"] = False
    return schema
