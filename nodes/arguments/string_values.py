"""What a string property may hold in one call, read from its kind (nodes/arguments/value_kinds.py): an IANA
zone property the zones of the places the request names, an "HH:MM" property its times of day, an expression its
arithmetic, a currency, country or language code property the codes it names, a path, URL or SQL property the
values the request writes, outputs hold or the server listed, a date the resolved days, a person the people named,
a city the spans that may name a place (nodes/arguments/places.py) or that the server listed, a search query the
request's longer spans or the records it names. Everything else stays a span of the request.

Why its own module: the tool schema (nodes/arguments/schema.py) decides which properties are kept and required;
this decides the values of one, and most of a call's arguments are strings.
"""

from __future__ import annotations

import re
from typing import Any

from indexes.bm25 import plural_stem
from nodes.arguments.candidate_spans import TOKEN
from nodes.arguments.candidates import Candidates
from nodes.arguments.codes import currency_qualifiers
from nodes.arguments.listing_gate import LISTED_WORDS, LISTING_NOUNS, listed_spans, names_a_listed_thing
from nodes.arguments.places import coded_places, may_name_a_place
from nodes.arguments.property_kinds import accepts_range, is_date_property
from nodes.arguments.relations import own_relation_words, relation_words
from nodes.arguments.value_kinds import ValueKind, infer_value_kind

_AIRPORT_CODE = re.compile(r"[A-Z]{3}")
# Kinds whose values are resolved by code rather than taken as spans (Candidates.values_for).
LISTED_NAMES = "names"  # Candidates.listed key: listed names the request writes (nodes/execute.py)
MIN_QUERY_WORDS = 2  # a search query is the whole request or a span this long: one word is too little to search by
RESOLVED_KINDS = frozenset({ValueKind.TIMEZONE, ValueKind.TIME_OF_DAY, ValueKind.EXPRESSION, ValueKind.CURRENCY,
                            ValueKind.COUNTRY, ValueKind.LANGUAGE, ValueKind.PATH, ValueKind.URL, ValueKind.SQL})


def _pattern_ok(value: str, spec: dict[str, Any]) -> bool:
    pattern = spec.get("pattern")
    if pattern and not re.search(pattern, value):
        return False
    return spec.get("minLength", 0) <= len(value) <= spec.get("maxLength", 10_000)


def _stems(words) -> set[str]:
    return {plural_stem(w.lower()) for w in words}


def string_schema(name: str, spec: dict[str, Any], string: dict[str, Any], candidates: Candidates, *,
                  names_record: bool = False, own_words: set[str] | None = None, enum_words: set[str] | None = None,
                  tool_name: str = "", tool_description: str = "") -> dict[str, Any] | None:
    """The decoding schema of a string property without an enum (``string``: its string branch), an enum of the
    values its kind allows; None when none may fill it. ``names_record``, ``own_words``, ``enum_words``: as for
    ``schema.constrain_property``."""
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
        longer = [s for s in candidates.spans if len(s.split()) >= MIN_QUERY_WORDS]
        # a record the request names by its listed name is what a search over records looks for; one it
        # asks about through that record ("Dana's brother") is found by the relation (nodes/arguments/relations.py)
        named = [s for s in candidates.listed.get(LISTED_NAMES, []) if _pattern_ok(s, string)]
        related = [w for w in relation_words(candidates.texts) if _pattern_ok(w, string)] if named else []
        # "when's my little brother's birthday", over a server that lists records of people: the asker's own
        # relation, by its word (a web search keeps the whole question)
        if candidates.listed.get(LISTED_WORDS):
            related = related or [w for w in own_relation_words(candidates.texts) if _pattern_ok(w, string)]
        # A required query, or a tool's only input, is what a search engine takes: the request itself. An
        # optional one beside the tool's filters (``names_record``) names the record sought ("PlayStation 5
        # Slim", not "could you check how much does a PlayStation 5 Slim cost rn"), as the teacher labels it
        # (nodes/distill/call_verification.intended_fit); the request stays its last resort when no span is long
        # enough.
        spans = [s for s in longer if _pattern_ok(s, string)]
        whole = [s for s in candidates.requests if _pattern_ok(s, string)]
        values = related or named or (spans if names_record and spans else [*whole, *spans])
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
