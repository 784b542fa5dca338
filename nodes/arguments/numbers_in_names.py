"""An optional number the request writes only inside a name is dropped: "MacBook Pro 14 (M4)" asks for no price
limit of 14 and no 14 results.

Why: a number a request writes is a candidate for every numeric property (nodes/arguments/candidates.py), and the
135M executor filled a product search's optional ``max_price_usd`` and ``limit`` with the 14 of "MacBook Pro 14
(M4)" and the 11 of "iPad Air 11 (M2)" (benchmarks/distill.py, dev bank). The number is part of a name: one the
step's own string arguments hold as a span of the request (one span fills one property, as in
nodes/arguments/step_rules.py ``drop_repeated_values``), or one the catalogue's listing tools returned
(tools/pool.py ``known_names``), written whole. A number the request also writes outside every such name ("a
MacBook Pro 14 (M4) under 2000") is left alone, and so is a required property, which has no default to fall back
on. A string longer than a span (a search query that is the whole request) is no name.

The same holds for an optional name written only inside the span another argument holds: the executor filled a
product search's ``brand`` with "MacBook Pro" and "m2" beside the query "MacBook Pro 14 (M4)" and "ipad air 11
(m2)" (dev bank). Only names, places, people and free text are read so: a typed value (a day, a code, an enum
choice) inside a name is a filter the request may mean, and a listed name holds no filter the request wrote.
"""

from __future__ import annotations

import re
from typing import Any

from mcp.types import Tool

from nodes.arguments.candidate_spans import MAX_SPAN_WORDS, NUMBER
from nodes.arguments.number_words import as_digits
from nodes.arguments.tool_signature import property_kinds
from nodes.arguments.value_kinds import ValueKind

_SPAN_KINDS = frozenset({ValueKind.NAME, ValueKind.PLACE, ValueKind.PERSON, ValueKind.QUERY})


def without_numbers_of_names(params: dict[str, Any], tool: Tool, request_texts: list[str],
                             known_names: list[str]) -> dict[str, Any]:
    """``params`` less each optional numeric value that the request writes, but only inside names it writes whole:
    the span another argument holds, or a listed name."""
    required = set((tool.inputSchema or {}).get("required") or [])
    numeric = {name for name, value in params.items() if name not in required
               and isinstance(value, (int, float)) and not isinstance(value, bool)}
    if not numeric:
        return params
    spans = [v for v in params.values() if isinstance(v, str) and len(v.split()) <= MAX_SPAN_WORDS]
    names = [n for n in [*spans, *known_names] if any(c.isdigit() for c in n)]
    if not names:
        return params
    written = _numbers(request_texts)
    outside = _numbers([_masked(text, names) for text in request_texts])
    return {name: value for name, value in params.items()
            if name not in numeric or float(value) not in written or float(value) in outside}


def without_parts_of_names(params: dict[str, Any], tool: Tool, request_texts: list[str]) -> dict[str, Any]:
    """``params`` less each optional name the request writes only inside the longer span another argument holds
    ("brand": "m2" beside "query": "ipad air 11 (m2)")."""
    required = set((tool.inputSchema or {}).get("required") or [])
    kinds = property_kinds(tool)
    spans = {name: value for name, value in params.items()
             if isinstance(value, str) and value.strip() and len(value.split()) <= MAX_SPAN_WORDS}
    texts = [" ".join(t.split()).lower() for t in request_texts]

    def only_inside(name: str, value: str) -> bool:
        holders = [v for n, v in spans.items() if n != name and len(v) > len(value) and _holds(v, value)]
        return bool(holders) and any(_holds(t, value) for t in texts) and \
            not any(_holds(_masked(t, holders), value) for t in texts)

    return {name: value for name, value in params.items()
            if not (name in spans and name not in required and kinds.get(name) in _SPAN_KINDS
                    and only_inside(name, value))}


def _holds(text: str, part: str) -> bool:
    """Whether ``text`` writes ``part`` as whole words."""
    said = " ".join(part.split())
    return re.search(rf"(?<![\w.]){re.escape(said)}(?![\w.])", " ".join(text.split()), re.IGNORECASE) is not None


def _numbers(texts: list[str]) -> set[float]:
    return {float(n) for text in texts for n in NUMBER.findall(as_digits(text))}


def _masked(text: str, names: list[str]) -> str:
    """``text`` with each of ``names``, written whole, blanked out (longest first, so "iPad Air 11 (M2)" goes whole
    before a shorter name inside it)."""
    text = " ".join(text.split())
    for name in sorted(names, key=len, reverse=True):
        said = " ".join(name.split())
        if said.lower() in text.lower():
            text = re.sub(rf"(?<![\w.]){re.escape(said)}(?![\w.])", " ", text, flags=re.IGNORECASE)
    return text
