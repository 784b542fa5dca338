"""The call space the search teacher (nodes/distill/search_teacher.py) tries for a synthesised request: every call
the executor's decoding schemas allow (tool x candidate values, up to ``MAX_CALLS_PER_TOOL`` per tool, the call the
request was written for first), ranked by retrieval score. Nothing here runs a tool.

Why apart: enumerating and ranking calls is pure and tested on its own; running them, verifying the outputs and
choosing the label is the teacher's.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from mcp.types import Tool

from nodes.arguments.schema import names_a_record
from nodes.arguments.tool_signature import properties_of, property_kinds
from nodes.distill.call_verification import intended_fit, named_value_fit
from nodes.distill.catalog_requests import SynthRequest
from nodes.distill.mention import mark_of

MAX_CALLS_PER_TOOL = 12
NAMED_VALUE_BONUS = 0.3
# The call the request was written for: its tool, and each mention in its own property (call_verification.
# intended_fit). It outranks a sibling tool or a swapped "from"/"to" by more than label_choice.NEAR_TIE, and still
# has to be verified.
INTENDED_BONUS = 0.2

Encode = Callable[[Sequence[str]], Sequence[Any]]


def list_choices(values: list[Any], spec: dict[str, Any]) -> list[list[Any]]:
    """The lists a list property may take from its enum: as many values as it must hold at least (one when it
    sets no minimum) up to all of them, in the order named, the longest first ("Osaka and Lima" is both). A
    list never holds one value twice: not in another case, nor inside another ("new delhi", "delhi")."""
    low = max(int(spec.get("minItems") or 1), 1)
    high = min(int(spec.get("maxItems") or len(values)), len(values))
    return [list(c) for size in range(high, low - 1, -1) for c in itertools.combinations(values, size)
            if not any(_overlap(a, b) for a, b in itertools.combinations(c, 2))]


def _overlap(a: Any, b: Any) -> bool:
    """Whether two list values name the same thing: equal but for case, or one inside the other."""
    x, y = str(a).casefold(), str(b).casefold()
    return x in y or y in x


def candidate_calls(allowed: dict[str, dict[str, Any]], tools: dict[str, Tool], named: tuple[str, ...] = (),
                    marks: frozenset[str] = frozenset(), own: dict[str, frozenset[str]] | None = None
                    ) -> list[tuple[str, dict[str, Any]]]:
    """Every call the decoding schemas allow for the tools' required arguments (enumerable values only), for
    those the decoding made required (a day the request names), and for the optional properties the request
    was written to name (``named``: a search's free-text query) where a tool's decoding offers them. Up to
    ``MAX_CALLS_PER_TOOL`` per tool, the values the request's mentions name (``marks``, as ``mark_of`` compares
    them) first: two places of fifteen spans are otherwise past the limit. Before those, each property's ``own``
    mention's value, so the first call is the one the request was written for: with both places marked, the first
    place filled both properties in all twelve calls, and a route was labelled backwards. A mentioned value an
    optional property offers is also tried there alone, with the first call's required values."""
    own = own or {}
    calls: list[tuple[str, dict[str, Any]]] = []
    for name, schema in allowed.items():
        properties = schema.get("properties") or {}
        needed = [*((tools[name].inputSchema or {}).get("required") or []), *(schema.get("required") or [])]
        required = list(dict.fromkeys([*needed, *(p for p in named if (properties.get(p) or {}).get("enum"))]))
        choices: list[list[Any]] = []
        for prop in required:
            spec = properties.get(prop) or {}
            items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
            if spec.get("enum"):
                mine = own.get(prop, frozenset())
                choices.append(sorted(spec["enum"], key=lambda v: (mark_of(v) not in mine, mark_of(v) not in marks)))
            elif spec.get("type") == "array" and items.get("enum"):
                choices.append(sorted(list_choices(list(items["enum"]), spec), key=lambda values: (
                    -sum(mark_of(v) in marks for v in values), sum(mark_of(v) not in marks for v in values))))
            else:
                choices = []
                break
        if len(choices) != len(required):
            continue
        combos = [dict(zip(required, values))
                  for values in itertools.islice(itertools.product(*choices), MAX_CALLS_PER_TOOL)]
        if not combos:  # a list whose values all name one thing ("delhi", "new delhi") forms no call
            continue
        calls += [(name, arguments) for arguments in combos]
        # a value the request names, in an optional property that offers it: "products for kobo" by brand, where
        # no free-text span is "kobo" alone
        base = {prop: value for prop, value in combos[0].items() if prop in needed}
        calls += [(name, {**base, prop: value}) for prop, spec in properties.items() if prop not in required
                  for value in spec.get("enum") or [] if mark_of(value) in marks]
    return calls


def ranked_calls(request: SynthRequest, calls: list[tuple[str, dict[str, Any]]], tools: dict[str, Tool],
                 encode: Encode) -> list[tuple[float, str, dict[str, Any]]]:
    """Calls with their retrieval score, best first: the request's similarity to the tool's description, plus a
    bonus when a value is one the request names, plus one for the call it was written for. The call it was written
    for names its values as the request does, so it has the first bonus too: a web search's whole request was a
    near tie of the place alone ("Mumbai"), and one in three of its labels took the place."""
    names = list(dict.fromkeys(name for name, _ in calls))
    if not names:
        return []
    vectors = np.asarray(encode([request.request] +
                                [f"{n.replace('_', ' ')}: {tools[n].description or ''}" for n in names]))
    similarity = dict(zip(names, (vectors[1:] @ vectors[0]).tolist()))
    kinds = {name: property_kinds(tools[name]) for name in names}
    # the queries that take the whole request; the rest name a record, as the run's decoding schema reads them
    whole_request = {name: {p for p in properties_of(tools[name]) if not names_a_record(p, tools[name].inputSchema
                                                                                        or {})} for name in names}
    scored = []
    for name, arguments in calls:
        intended = intended_fit(request, name, arguments, kinds[name], whole_request[name])
        named = 1.0 if intended == 1.0 else named_value_fit(arguments, request.mentions)
        scored.append((similarity[name] + NAMED_VALUE_BONUS * named + INTENDED_BONUS * intended, name, arguments))
    return sorted(scored, key=lambda call: -call[0])
