"""Each tool's input schema rewritten per call so that decoding can only pick from the task's candidates
(nodes/arguments/candidates.py): a free string becomes an enum of request spans or dependency values, a date
an enum of resolved ISO dates, an enum only the values the request names, a number one written in the
request or an output. A property with no candidate is dropped when optional (the tool's default applies); a
tool whose required property has none gets no schema, so side-effecting tools cannot be called on invented
ids. The result is a plain JSON schema: llama.cpp turns it into a grammar, vLLM's guided decoding takes it.

What a string may hold is read from its schema's kind (nodes/arguments/string_values.py); an enum of codes keeps
those the request names, in words too (nodes/arguments/enum_values.py).
"""

from __future__ import annotations

import copy
from typing import Any

from nodes.arguments.candidates import Candidates
from nodes.arguments.enum_values import enum_values_named
from nodes.arguments.property_kinds import number_named_for
from nodes.arguments.step_rules import distinct_count
from nodes.arguments.string_values import string_schema
from nodes.arguments.value_kinds import ValueKind, infer_value_kind


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


def names_a_record(name: str, schema: dict[str, Any]) -> bool:
    """Whether a free-text query in property ``name`` names the record sought ("PlayStation 5 Slim") rather than
    taking the whole request: it is optional and sits beside the tool's other inputs, its filters. A required
    query, or a tool's only input, is what a search engine takes. The run's decoding schema and the teacher's
    labels (nodes/distill/call_space.py) read it alike."""
    return name not in (schema.get("required") or []) and len(schema.get("properties") or {}) > 1


def constrain_property(name: str, spec: dict[str, Any], candidates: Candidates, *, required: bool = True,
                       names_record: bool = False, own_words: set[str] | None = None,
                       enum_words: set[str] | None = None,
                       tool_name: str = "", tool_description: str = "") -> dict[str, Any] | None:
    """The property's decoding schema over the candidates; None when nothing may fill it. An optional enum
    the request names no value of is left to its default; spans made only of the tool's own words are not
    values, and spans holding them are left out when the request offers others. Spans made only of the
    server's enum words ("museum") are not free-text names either, but a name may hold one ("Egyptian
    Museum"); enum codes ("EUR") come in with the own words (nodes/execute.py ``constrained_tools``).
    ``tool_name`` and ``tool_description`` decide the kind of a generically named property ("input").
    ``names_record``: an optional property beside the tool's other inputs, whose free-text query names the record
    sought rather than repeating the whole question."""
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
        return string_schema(name, spec, string, candidates, names_record=names_record, own_words=own_words,
                             enum_words=enum_words, tool_name=tool_name, tool_description=tool_description)
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
        decoded = constrain_property(name, spec, candidates, required=name in required,
                                     names_record=names_a_record(name, schema), own_words=own_words,
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
