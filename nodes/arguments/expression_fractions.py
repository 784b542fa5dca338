"""Fractions of an amount and the whole a part is of: "half of 3/4 of 960", "a third of 90", "45 out of 60, what
percentage is that", "30% of what is 45".

Why its own module: these read a fraction or a part of a whole, not a rate; nodes/arguments/expression_rules.py
takes them in after the bills shared by a party.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def fraction_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), in the order they are tried."""
    return [
        # a share of a share: "half of 3/4 of 960"
        (re.compile(rf"{N} / {N} of {N} / {N} of {N}"), lambda m: [f"{m[5]}*{m[3]}/{m[4]}*{m[1]}/{m[2]}"]),
        # "a third of 90" (1/3 of 90, nodes/arguments/number_words.py), "3/4 of 1,200"
        (re.compile(rf"{N} / {N} of {N}"), lambda m: [f"{m[3]}*{m[1]}/{m[2]}"]),
        # "45 out of 60, what percentage is that", "3,420 done out of 4,750"
        (re.compile(rf"{N}(?: [a-z]+)? out of {N}"), lambda m: [f"{m[1]}/{m[2]}*100"] if re.search(r"percent|%", m.string) else []),
        # "30% of what is 45", "45 is 30% of what"
        (re.compile(rf"{P} of what (?:is|equals|=|makes|gives) {N}"), lambda m: [f"{m[2]}*100/{m[1]}"]),
        (re.compile(rf"{N} is {P} of what"), lambda m: [f"{m[1]}*100/{m[2]}"]),
    ]
