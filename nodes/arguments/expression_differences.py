"""A difference of two amounts the request computes each its own way: "what's the gap between 17.5% of 4,860 and 12%
of 6,275", "what's bigger, 13 cubed or 47 squared, and by how much".

Why: each side is a calculation the grammar reads alone (a share of an amount, a power), but read together the
rules join them with "and" as a sum, or take one side only. So each side is read as its own request, and the
difference is the larger less the smaller: people asking "by how much" or "the gap" want a positive amount.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# the two sides: "the difference between A and B", "A or B ... by how much"
_BETWEEN = re.compile(r"\b(?:difference|gap|spread)\s+between\s+(?P<a>[^?!;]+?)\s+and\s+(?P<b>[^?!;]+?)\s*(?:[?!;]|$|,)",
                      re.IGNORECASE)
_EITHER = re.compile(r"(?:^|[,:]\s*|\b(?:is|are)\s+)(?P<a>[^,?!;:]*?\d[^,?!;:]*?)\s+or\s+(?P<b>[^,?!;:]*?\d[^,?!;:]*?)"
                     r"(?=\s*(?:[,?!;]|$|\band\b))", re.IGNORECASE)
_PER_PERIOD = re.compile(r"\bper (?:day|week|month|year)\b", re.IGNORECASE)
_A_PERIOD = re.compile(r"\b(?:a|an|per|each|every) (?:day|week|month|year)\b", re.IGNORECASE)
_ASKS_BY = re.compile(r"\bby how much\b|\bhow much (?:more|less|bigger|smaller|higher|lower|cheaper|dearer)\b|"
                      r"\bhow many more\b|\bdifference\b|\bgap\b", re.IGNORECASE)


def difference_expressions(text: str, read: Callable[[str], list[str]],
                           evaluate: Callable[[str], float]) -> list[str]:
    """The larger side less the smaller, when the request asks a difference of two sides that each read as a
    calculation; [] otherwise. ``read`` reads one side's expressions, best first; ``evaluate`` gives a value."""
    if not _ASKS_BY.search(text):
        return []
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)  # "6,275": a grouping comma is no break between sides
    match = _BETWEEN.search(text) or _EITHER.search(text)
    if match is None:
        return []
    # "$1,380 a year or $119 a month, how much cheaper per month": each side in the period asked
    period = _PER_PERIOD.search(text[match.end():]) or _PER_PERIOD.search(text[:match.start()])
    sides = []
    for side in (match["a"], match["b"]):
        found = (read(f"{side}, what is that {period[0]}") if period and _A_PERIOD.search(side) else []) or read(side)
        if not found:
            return []
        sides.append(found[0])
    try:
        first, second = (evaluate(side) for side in sides)
    except ValueError:
        return []
    larger, smaller = sides if first >= second else sides[::-1]
    return [f"({larger})-({smaller})"]
