"""Each tool's input schema rewritten per call so that decoding can only pick from the task's candidates
(nodes/arguments/candidates.py): a free string becomes an enum of request spans or dependency values, a date
an enum of resolved ISO dates, an enum only the values the request names, a number one written in the
request or an output. A property with no candidate is dropped when optional (the tool's default applies); a
tool whose required property has none gets no schema, so side-effecting tools cannot be called on invented
ids. The result is a plain JSON schema: llama.cpp turns it into a grammar, vLLM's guided decoding takes it.

What a string may hold is read from its schema (nodes/arguments/value_kinds.py): an IANA zone property gets
the zones of the places the request names, an "HH:MM" property its times of day, an expression its
arithmetic, a currency, country or language code property the codes it names (an enum of codes keeps those the
request names, in words too: nodes/arguments/enum_values.py), a path, URL or SQL property the values the request writes, outputs hold or the server listed, a
city property the spans that may name a place (nodes/arguments/places.py) or that the server listed. Everything else
stays a span, as before.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from indexes.bm25 import plural_stem
from nodes.arguments.candidate_spans import TOKEN
from nodes.arguments.candidates import Candidates
from nodes.arguments.codes import currency_qualifiers
from nodes.arguments.enum_values import enum_values_named
from nodes.arguments.listing_gate import LISTED_WORDS, LISTING_NOUNS, listed_spans, names_a_listed_thing
from nodes.arguments.places import coded_places, may_name_a_place
from nodes.arguments.relations import own_relation_words, relation_words
from nodes.arguments.property_kinds import accepts_range, is_date_property, number_named_for
from nodes.arguments.step_rules import distinct_count
from nodes.arguments.value_kinds import ValueKind, infer_value_kind

_AIRPORT_CODE = re.compile(r"[A-Z]{3}")
# Kinds whose values are resolved by code rather than taken as spans (Candidates.values_for).
LISTED_NAMES = "names"  # Candidates.listed key: listed names the request writes (nodes/execute.py)
RESOLVED_KINDS = frozenset({ValueKind.TIMEZONE, ValueKind.TIME_OF_DAY, ValueKind.EXPRESSION, ValueKind.CURRENCY,
                            ValueKind.COUNTRY, ValueKind.LANGUAGE, ValueKind.PATH, ValueKind.URL, ValueKind.SQL})


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


def _stems(words) -> set[str]:
    return {plural_stem(w.lower()) for w in words}


def constrain_property(name: str, spec: dict[str, Any], candidates: Candidates, *, required: bool = True,
                       own_words: set[str] | None = None, enum_words: set[str] | None = None,
                       tool_name: str = "", tool_description: str = "") -> dict[str, Any] | None:
    """The property's decoding schema over the candidates; None when nothing may fill it. An optional enum
    the request names no value of is left to its default; spans made only of the tool's own words are not
    values, and spans holding them are left out when the request offers others. Spans made only of the
    server's enum words ("museum") are not free-text names either, but a name may hold one ("Egyptian
    Museum"); enum codes ("EUR") come in with the own words (nodes/execute.py ``constrained_tools``).
    ``tool_name`` and ``tool_description`` decide the kind of a generically named property ("input")."""
    string = _string_spec(spec)
    enum = spec.get("enum") if "enum" in spec else (string or {}).get("enum")
    if enum is not None:
        named = enum_values_named(enum, name, spec, candidates, tool_name, tool_description)
        if not named and not required:
            return None
        narrowed = {**spec, "enum": named or enum} if "enum" in spec else {"enum": named or enum,
                                                                           "description": spec.get("description", "")}
        return narrowed
    if "const" in spec:
        return spec
    if string is not None:
        kind = infer_value_kind(name, spec, tool_name, tool_description)
        if kind in RESOLVED_KINDS:
            values = [v for v in candidates.values_for(kind) if _pattern_ok(v, string)]
            if kind in (ValueKind.SQL, ValueKind.EXPRESSION):
                # the builders rank their candidates (nodes/arguments/sql.py, expressions.py); a small model
                # choosing among SELECTs or expressions picks by their surface ("COUNT(*)" for "how many ... in
                # stock", "3/8" for "3/8 of 1,240"), not by their meaning
                values = values[:1]
            return {"enum": values, "description": spec.get("description", "")} if values else None
        if kind is ValueKind.DATE:
            values = candidates.range_values() if accepts_range(name, spec) else candidates.day_values()
        elif kind is ValueKind.PERSON:
            values = [p for p in candidates.people if _pattern_ok(p, string)]  # never "Paris" or "Book"
        elif kind is ValueKind.PLACE:
            # a city the request or an earlier output names (or a word written as a name), an airport code
            # written in capitals ("PEK"), or a name the server listed: never "dinner" or "passport" because
            # the request offered no city
            listed = candidates.listed.get(LISTED_NAMES, [])
            texts = [*candidates.texts, *candidates.outputs]
            coded = coded_places(candidates.texts)  # the city's name in place of its code: one place, not two
            money = currency_qualifiers(candidates.texts)  # "the room price in Hong Kong dollars" names no city
            values = list(dict.fromkeys(s for s in [*coded.values(), *candidates.spans, *listed]
                                        if s not in coded and s not in money
                                        and (s in listed or _AIRPORT_CODE.fullmatch(s) or may_name_a_place(s, texts))))
        elif kind is ValueKind.QUERY:
            longer = [s for s in candidates.spans if len(s.split()) >= 2]
            # a record the request names by its listed name is what a search over records looks for; one it
            # asks about through that record ("Dana's brother") is found by the relation (nodes/arguments/relations.py)
            named = [s for s in candidates.listed.get(LISTED_NAMES, []) if _pattern_ok(s, string)]
            related = [w for w in relation_words(candidates.texts) if _pattern_ok(w, string)] if named else []
            # "when's my little brother's birthday", over a server that lists records of people: the asker's own
            # relation, by its word (a web search keeps the whole question)
            if candidates.listed.get(LISTED_WORDS):
                related = related or [w for w in own_relation_words(candidates.texts) if _pattern_ok(w, string)]
            values = related or named or [s for s in [*candidates.requests, *longer] if _pattern_ok(s, string)]
        else:
            values = [s for s in candidates.spans if _pattern_ok(s, string)]
            words = {v: _stems(TOKEN.findall(v)) for v in values}
            if own_words:  # "amazon", not "amazon stock price" nor "stock": the tool's words name the tool
                own = _stems(own_words)
                values = ([v for v in values if not words[v] & own] or [v for v in values if not words[v] <= own]
                          or values)
            if enum_words:
                enums = _stems(enum_words)
                values = [v for v in values if not words[v] <= enums] or values
            if kind is ValueKind.ID:  # an id the server listed for this request ("task-7")
                values = list(dict.fromkeys([*values, *candidates.listed.get(ValueKind.ID.value, [])]))
        if names_a_listed_thing(name, candidates.listed.get(LISTING_NOUNS, [])):  # "company_or_symbol", list_companies
            values = listed_spans(values, candidates.listed.get(LISTED_NAMES, []), candidates.listed[LISTED_WORDS])
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
        items = constrain_property(name, array["items"], candidates, own_words=own_words, enum_words=enum_words,
                                   tool_name=tool_name, tool_description=tool_description)
        if items is None:
            return None
        # a list that must hold two distinct values cannot be filled from one ("compare" with one city named,
        # written "osaka" and listed "Osaka": a list repeating a value is refused, step_rules.py)
        if isinstance(items.get("enum"), list) and distinct_count(items["enum"]) < int(array.get("minItems") or 0):
            return None
        return {**array, "items": items}
    return spec  # booleans, objects and anything else keep their own schema


def constrain_tool_schema(schema: dict[str, Any] | None, candidates: Candidates,
                          own_words: set[str] | None = None, enum_words: set[str] | None = None,
                          tool_name: str = "", tool_description: str = "") -> dict[str, Any] | None:
    """``schema`` with every property decoded from the candidates; None when a required one cannot be.
    A date property becomes required when the request names a date: the user asked about that day."""
    schema = copy.deepcopy(schema or {"type": "object"})
    properties = schema.get("properties") or {}
    required = set(schema.get("required") or [])
    # As many date properties become required as the request names days: "rooms in Oslo on Friday" names a
    # check-in, not a check-out on the same day.
    days_named = len(candidates.day_values())
    dates_required = 0
    constrained: dict[str, Any] = {}
    # A number written next to a property's word ("4-star") belongs to that property only: not max_price too.
    named_numbers = {name: number_named_for(name, candidates.requests) for name in properties}
    claimed = {value for value in named_numbers.values() if value is not None}
    for name, spec in properties.items():
        decoded = constrain_property(name, spec, candidates, required=name in required, own_words=own_words,
                                     enum_words=enum_words, tool_name=tool_name, tool_description=tool_description)
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
        if candidates.dates and string is not None and "enum" not in string and infer_value_kind(
                name, spec, tool_name, tool_description) is ValueKind.DATE:
            if name in required or dates_required < days_named:
                required.add(name)
                dates_required += 1
    zone_properties = [name for name, spec in properties.items() if name in constrained and infer_value_kind(
        name, spec, tool_name, tool_description) is ValueKind.TIMEZONE and len(constrained[name].get("enum", ())) > 1]
    asked = candidates.asked_zones
    if len(zone_properties) == 1 and asked:
        # one zone to give, several named: the one the question's own sentence asks about ("offices in Lagos,
        # Reykjavik and Lima. What's the time in Reykjavik?"); a conversion's two zones keep both
        name = zone_properties[0]
        constrained[name] = {**constrained[name], "enum": [z for z in constrained[name]["enum"] if z in asked]
                             or constrained[name]["enum"]}
    elif len(zone_properties) >= 2 and len(asked) >= len(zone_properties):
        # a conversion whose question sentence names its zones: the story's other places are no end of it ("moved
        # back after thirty years in Oakland. ... When it's 22:15 here in Honolulu, what time is it in Tokyo?")
        for name in zone_properties:
            constrained[name] = {**constrained[name], "enum": [z for z in constrained[name]["enum"] if z in asked]
                                 or constrained[name]["enum"]}
    schema["properties"] = constrained
    schema["required"] = [name for name in constrained if name in required]
    schema["additionalProperties"] = False
    return schema
