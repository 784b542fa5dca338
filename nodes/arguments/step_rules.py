"""The rules a decoded executor step must meet, and the repairs made to it before it runs.

The step check refuses, inside structured decoding so the model is re-asked with the reason: a tool outside
the server, arguments outside the tool's schema or outside the closed set the request offers, a list that
repeats a value, a source and target of one value. ``settle_arguments`` then drops a value repeated across
properties and puts source/target pairs in the request's order (nodes/arguments/direction.py).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any

import jsonschema
from mcp.types import Tool
from pydantic import BaseModel, Field

from nodes.arguments.direction import direction_pairs, order_by_request, separate_pair
from nodes.arguments.numbers_in_names import without_numbers_of_names, without_parts_of_names
from nodes.arguments.tool_signature import property_kinds
from nodes.arguments.value_kinds import ValueKind
from nodes.arguments.whole_names import widen_to_listed_names
from nodes.arguments.written_choices import bind_written_choices


class ToolStep(BaseModel):
    tool: str = Field(min_length=1)
    params: dict[str, Any] = Field(default_factory=dict)


class ToolRefused(ValueError):
    """The model named a tool it may not call, or arguments that break the tool's schema."""


@lru_cache(maxsize=1024)
def _validator_for(schema_json: str) -> jsonschema.protocols.Validator | None:
    """A compiled validator per distinct schema. ``jsonschema.validate`` re-checks the schema against its
    metaschema on every call, which cost ~1 ms a task step; the schema is checked here once instead.
    None for a schema that is itself invalid (a user's server): its arguments are then left for the server
    to validate, which it must do anyway."""
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError:
        return None
    return cls(schema)


def distinct_count(values: list[Any]) -> int:
    """How many different values a list holds, case aside: "osaka" and "Osaka" are one city."""
    return len({json.dumps(v, sort_keys=True).casefold() for v in values})


def schema_accepts(schema: dict[str, Any], params: dict[str, Any]) -> bool:
    """Whether ``params`` fit ``schema``; a schema that is itself invalid accepts them (its server validates)."""
    validator = _validator_for(json.dumps(schema, sort_keys=True))
    return validator is None or validator.is_valid(params)


def make_step_check(server: str, tools: list[Tool], constrained: dict[str, dict[str, Any]] | None = None,
                    request_texts: list[str] | None = None):
    """The in-code guard: only this server's tools, arguments valid against the tool's input schema and,
    when given, against its ``constrained`` schema (the closed set of values the request offers); a source and
    target of one value only when the request names no other (``settle_arguments`` repairs that case)."""
    by_name = {t.name: t for t in tools}
    validators = {t.name: _validator_for(json.dumps(t.inputSchema or {"type": "object"}, sort_keys=True))
                  for t in tools}
    narrowed = {name: _validator_for(json.dumps(schema, sort_keys=True)) for name, schema in (constrained or {}).items()}

    def check(step: ToolStep) -> None:
        tool = by_name.get(step.tool)
        if tool is None:
            raise ToolRefused(
                f"tool '{step.tool}' is not a tool of server '{server}'; allowed: {', '.join(by_name)}"
            )
        if constrained is not None and step.tool not in constrained:
            raise ToolRefused(f"tool '{step.tool}' needs a value the request does not give; allowed: "
                              f"{', '.join(constrained)}")
        for name, value in step.params.items():
            # One span names one thing: ["guangzhou", "guangzhou"] compares a city with itself.
            if isinstance(value, list) and distinct_count(value) < len(value):
                raise ToolRefused(f"{name} repeats a value; give each value once")
        params = separate_pair(step.params, (constrained or {}).get(step.tool) or tool.inputSchema or {},
                               request_texts or [])
        for source, target in direction_pairs(list(params)):
            # USD -> USD converts nothing; Paris -> Paris is no trip.
            if str(params[source]).strip().lower() == str(params[target]).strip().lower():
                raise ToolRefused(f"{source} and {target} are both {params[source]!r}; they must differ")
        try:
            if (validator := validators[step.tool]) is not None:
                validator.validate(step.params)
        except jsonschema.ValidationError as exc:
            raise ToolRefused(f"arguments for {step.tool} are invalid: {exc.message}") from exc
        try:
            if (validator := narrowed.get(step.tool)) is not None:
                validator.validate(step.params)
        except jsonschema.ValidationError as exc:
            raise ToolRefused(f"arguments for {step.tool} must come from the request: {exc.message}") from exc

    return check


NAMED_KINDS = frozenset({ValueKind.NAME, ValueKind.PLACE, ValueKind.PERSON})  # a name, never free text


def settle_arguments(step: ToolStep, tool: Tool, request_texts: list[str],
                     known_names: list[str] | None = None, constrained: dict[str, Any] | None = None,
                     named: list[str] | None = None) -> ToolStep:
    """The decoded step with a part of a listed name widened to the whole name the request writes, a name
    with words after it cut to the server's listed name (``named``: those the request writes) it holds
    (nodes/arguments/whole_names.py), a value repeated across properties dropped, an optional number the
    request writes only inside a listed name, and an optional name only inside another argument's span, dropped
    (nodes/arguments/numbers_in_names.py), source/target pairs in the request's order
    (nodes/arguments/direction.py), and the enum choices the request states bound
    (nodes/arguments/written_choices.py). ``constrained`` is the tool's decoding schema: its enums hold
    the typed values the request resolved to (two time zones), which a pair given one value twice is split by."""
    names = {p for p, kind in property_kinds(tool).items() if kind in NAMED_KINDS}
    step = ToolStep(tool=step.tool, params=widen_to_listed_names(step.params, request_texts, known_names or [],
                                                                 named=named or [], name_properties=names))
    step = drop_repeated_values(step, tool)
    params = without_numbers_of_names(step.params, tool, request_texts, known_names or [])  # "MacBook Pro 14 (M4)"
    params = without_parts_of_names(params, tool, request_texts)  # no "brand": "m2" of "ipad air 11 (m2)"
    params = separate_pair(params, constrained or tool.inputSchema or {}, request_texts)
    params = bind_written_choices(params, tool, request_texts)  # "business class", "cheapest": the stated choice
    params = without_backward_end(params, tool)
    params = widened_to_named_span(params, constrained or {})
    return ToolStep(tool=step.tool, params=order_by_request(params, request_texts))


_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_START_WORDS = frozenset("in checkin start from depart departure begin begins since".split())
_END_WORDS = frozenset("out checkout end to return until till ends".split())


def without_backward_end(params: dict[str, Any], tool: Tool) -> dict[str, Any]:
    """``params`` without an optional end day that comes before its start day ("check_in": Friday, "check_out":
    today): the 135M executor filled it with another day the request named, and the tool's default (one night, one
    day) is what was asked."""
    required = set((tool.inputSchema or {}).get("required") or [])
    days = {name: value for name, value in params.items() if isinstance(value, str) and _ISO_DAY.match(value)}
    starts = [v for n, v in days.items() if set(re.split(r"[_\W]+", n.lower())) & _START_WORDS]
    ends = [n for n in days if set(re.split(r"[_\W]+", n.lower())) & _END_WORDS and n not in required]
    return {n: v for n, v in params.items() if not (n in ends and starts and v < min(starts))}


def widened_to_named_span(params: dict[str, Any], constrained: dict[str, Any]) -> dict[str, Any]:
    """``params`` with a range property given one day widened to the span its decoding offered first: the request
    named that day with others ("the highs Tuesday and Wednesday"), and the 135M executor writes one day."""
    properties = constrained.get("properties") or {}
    widened = dict(params)
    for name, value in params.items():
        offered = (properties.get(name) or {}).get("enum") or []
        span = offered[0] if offered and isinstance(offered[0], str) else ""
        first, _, last = span.partition(" to ")
        # the span was made of days named together: two or more of the offered single days lie in it ("next week"
        # and "Monday" offer a week written as such, and Monday is what was asked of it)
        inside = [v for v in offered[1:] if isinstance(v, str) and _ISO_DAY.match(v) and first <= v <= last]
        if isinstance(value, str) and _ISO_DAY.match(value) and _ISO_DAY.match(first) and _ISO_DAY.match(last) \
                and value in inside and len(inside) >= 2:
            widened[name] = span
    return widened


def drop_repeated_values(step: ToolStep, tool: Tool) -> ToolStep:
    """One span fills one property: a value repeated in an optional property ("city": "Tokyo", "cuisine":
    "Tokyo") is removed there, so the tool's default applies instead of a filter nobody asked for."""
    required = set((tool.inputSchema or {}).get("required") or [])
    seen: set[str] = set()
    params: dict[str, Any] = {}
    for name in sorted(step.params, key=lambda n: (n not in required, list(step.params).index(n))):
        value = step.params[name]
        key = value.strip().lower() if isinstance(value, str) else None
        if key is not None and key in seen and name not in required:
            continue
        if key is not None:
            seen.add(key)
        params[name] = value
    return ToolStep(tool=step.tool, params={n: params[n] for n in step.params if n in params})
