"""An amount changed by a percentage or a figure, and the change between two figures in percent: "increase 80 by
15%", "cut 2,400 by 12.5%", "went up from 1,820 to 1,975, what percentage increase", "4.6m last FY vs 5.29m
this FY. growth in %?".

Why its own module: both read a change of one amount; nodes/arguments/expression_rules.py takes the first in
after fractions and the second after splits, where each was tried before.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def change_by_rules() -> list[_Rule]:
    """An amount raised or cut by a percentage or a figure, in the order they are tried."""
    return [
        # "increase 80 by 15%", "cut 2,400 by 12.5%", "raise 40 by 5"
        (re.compile(rf"(?:increase|raise|grow|up|mark up) {N} by {P}"), lambda m: [f"{m[1]}*(1+{m[2]}/100)"]),
        (re.compile(rf"(?:decrease|reduce|cut|lower|drop|discount|mark down) {N} by {P}"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)"]),
        (re.compile(rf"(?:increase|raise|grow) {N} by {N}"), lambda m: [f"{m[1]}+{m[2]}"]),
        (re.compile(rf"(?:decrease|reduce|cut|lower) {N} by {N}"), lambda m: [f"{m[1]}-{m[2]}"]),
    ]


def percent_change_rules() -> list[_Rule]:
    """The change between two figures, asked in percent, in the order they are tried."""
    return [
        # a change in percent: "went up from 1,820 to 1,975, what percentage increase"
        # (or the percent asked first: "what percent gain is it when a stock climbs from 84.20 to 97.83")
        (re.compile(rf"(?:from|went|grew|rose|fell|dropped|jumped|climbed|moved) {N} (?:\( \S+ \) )?(?:[a-z]+ ){{0,2}}to "
                    rf"{N}(?= .*\bpercent|.*%)|percent(?:age)? (?:\w+ )?from {N} to {N}|"
                    rf"percent(?:age)? (?:gain|loss|increase|decrease|change|rise|drop|growth|jump|fall|up|down)\b"
                    rf"(?: (?![NP]\d)\S+){{0,12}}? (?:from )?{N} (?:[a-z]+ ){{0,2}}to {N}"),
         lambda m: [f"({m[2]}-{m[1]})/{m[1]}*100" if m[1] else f"({m[4]}-{m[3]})/{m[3]}*100" if m[3]
                    else f"({m[6]}-{m[5]})/{m[5]}*100"]),
        # two figures set against each other, then the change asked in percent: "4.6m last FY vs 5.29m this FY.
        # growth in %?"
        (re.compile(rf"{N}(?: [a-z]+){{0,3}} (?:vs|versus|against|compared to|compared with) {N}"
                    rf"(?=.*\b(?:growth|change|increase|decrease|up|down)\b)(?=.*\bpercent)"),
         lambda m: [f"({m[2]}-{m[1]})/{m[1]}*100"]),
    ]
