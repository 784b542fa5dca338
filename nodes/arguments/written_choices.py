"""A choice the request states reaches the call: an enum value it writes ("business class"), and the order its
superlative asks for ("cheapest", "top-rated", "earliest").

Why: the executor (a 135M model) left optional properties unset. "business class flight from London to New
York, cheapest" was called without ``cabin`` and answered with an economy fare; the constraint was lost without
a word. The closed set is the property's own enum, so nothing is invented: a value is bound only when it is the
one value of that enum the request writes (the longest, so "business class" beats "business"), or, for a
property that orders the results (``sort_by``, ``order``), the one value whose field the request's superlative
measures. Only a property the model left unset is bound, and never with a value another property holds
("convert 100 usd to yen" writes one currency code, which is the source, not the target too).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from mcp.types import Tool

from nodes.field_vocabulary import concepts_of, superlative_order

MIN_VALUE_CHARS = 3
# Enum values that are as often ordinary words of a request ("the first train", "any hotel", "plus tax").
_ORDINARY = frozenset("first last next any all none plus other default standard best top new".split())
_ORDERS = re.compile(r"(?:^|_)(?:sort|order)(?:_|$)|^sort", re.IGNORECASE)


# A value written only to waive it: "any stars", "whatever class", "no matter the cabin"
_WAIVED = re.compile(r"(?:\bany|\bwhatever|\bno matter(?: the)?|\bregardless of(?: the)?|\bdon'?t care about(?: the)?)\s+$",
                     re.IGNORECASE)


def _written(value: str, text: str) -> bool:
    return any(not _WAIVED.search(text, 0, m.start())
               for m in re.finditer(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.IGNORECASE))


def written_value(values: Iterable[Any], texts: list[str]) -> str | None:
    """The one enum value the request writes (the longest where one holds another: "business class" over
    "business"); None when it writes none or two apart."""
    text = "\n".join(texts)
    written = [v for v in values if isinstance(v, str) and len(v) >= MIN_VALUE_CHARS and not v.isdigit()
               and v.lower() not in _ORDINARY and _written(v, text)]
    kept = [v for v in written if not any(v != w and _written(v, w) for w in written)]
    return kept[0] if len(kept) == 1 else None


def asked_order(values: Iterable[Any], texts: list[str]) -> str | None:
    """The one ordering value whose field the request's superlative measures ("cheapest" -> "price")."""
    order = superlative_order("\n".join(texts))
    asked = {order[0]} if order else set()
    fitting = [v for v in values if isinstance(v, str) and concepts_of(set(re.split(r"[_\W]+", v.lower()))) & asked]
    named = [v for v in fitting if any(concept in v.lower() for concept in asked)]  # "rating" over "stars"
    return fitting[0] if len(fitting) == 1 else named[0] if len(named) == 1 else None


def bind_written_choices(params: dict[str, Any], tool: Tool, texts: list[str]) -> dict[str, Any]:
    """``params`` with each enum property set to the value the request states for it (see the module docstring)."""
    properties = (tool.inputSchema or {}).get("properties") or {}
    bound = dict(params)
    for name, spec in properties.items():
        values = spec.get("enum") if isinstance(spec, dict) else None
        if not values:
            continue
        if bound.get(name) not in (None, ""):
            continue  # the model's choice stands: "yen" names the JPY it chose, though only "usd" is written
        orders = _ORDERS.search(name) is not None
        # an order asked by a superlative comes before a value merely written ("cheapest, 4 stars": by price)
        chosen = (asked_order(values, texts) if orders else None) or written_value(values, texts)
        if chosen is not None and chosen not in bound.values():  # one written value fills one property
            bound[name] = chosen
    return bound
