"""Averages and totals of a list of figures a request writes: "average of 72, 85, 91 and 67", "scores were 82, 91,
77, 88 and 95. what's her average", "total these up: 1,245.50, 389.75 and 76.25".

Why its own module: these read a list, not one amount's role; nodes/arguments/expression_rules.py takes them in
after roots and powers.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import LIST

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def listed(group: str) -> list[str]:
    """The figures of a matched list, in order ("N0 , N1 and N2" -> N0, N1, N2)."""
    return re.findall(r"N\d+", group)


def list_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), in the order they are tried."""
    return [
        (re.compile(rf"(?:average|mean|avg) (?:of )?(?:[a-z]+ ){{0,6}}?{LIST}"),
         lambda m: [f"({'+'.join(listed(m[1]))})/{len(listed(m[1]))}"]),
        # "scores were 82, 91, 77, 88 and 95. what's her average"
        (re.compile(rf"{LIST}(?: \S+){{0,12}}? (?:average|mean|avg)\b"),
         lambda m: [f"({'+'.join(listed(m[1]))})/{len(listed(m[1]))}"]),
        (re.compile(rf"(?:sum|total) of {LIST}|(?:add|sum|total) up {LIST}|add together {LIST}"),
         lambda m: ["+".join(listed(m[1] or m[2] or m[3]))]),
        # "total the following travel claims for me : 1,245.50 , 389.75 and 76.25", "total these up : ..."
        (re.compile(rf"\b(?:total|sum|tally|add)\b(?: (?![NP]\d)\S+){{1,8}}? {LIST}"),
         lambda m: ["+".join(listed(m[1]))]),
    ]
