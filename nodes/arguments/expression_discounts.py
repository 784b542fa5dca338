"""Discounts one after another, and the price before a change: "15% discount on a jacket costing 129,90, then
extra 10%", "180, 35% off, then an extra 10% off", "paid 92 after a 20% discount, what was the original price".

Why its own module: a second discount is taken off the reduced price, not the first, and a price "after" a
change is divided by it; nodes/arguments/expression_rules.py takes these in before the rates of tax on a price,
which would read the same words as one percentage added.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def discount_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), in the order they are tried."""
    return [
        # a discount written before the price, then another: "15% discount on a jacket costing 129,90, then extra 10%"
        (re.compile(rf"{P} (?:discount|off|reduction|markdown)\b(?: (?![NP]\d)\S+){{0,6}}? {N}(?: (?![NP]\d)\S+){{0,12}}? "
                    rf"(?:extra|another|additional|further|second) {P}"),
         lambda m: [f"{m[2]}*(1-{m[1]}/100)*(1-{m[3]}/100)"]),
        # two discounts one after the other: "180, 35% off, then an extra 10% off"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P} off(?: \S+){{0,10}}? {P} off"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)*(1-{m[3]}/100)"]),
        # the price before a change: "paid 92 after a 20% discount, what was the original price"
        (re.compile(rf"{N}(?: \S+){{0,6}}? after (?:a |an |the )?{P} (?:discount|off|reduction|cut|markdown)"),
         lambda m: [f"{m[1]}/(1-{m[2]}/100)"] if re.search(r"original|before|full|regular|was it", m.string) else []),
        (re.compile(rf"{N}(?: \S+){{0,6}}? after (?:a |an |the )?{P} (?:increase|raise|rise|markup|tip|tax)"),
         lambda m: [f"{m[1]}/(1+{m[2]}/100)"] if re.search(r"original|before|was it", m.string) else []),
    ]
