"""Arithmetic a request names in words: "product of 4, 5 and 6", "difference between 80 and 35", "subtract 17
from 90", "divide 420 by 6", "split 243 between 4".

Why its own module: these name the operation, not a word problem; nodes/arguments/expression_rules.py takes the
named operations in after prices, and splits after percentages.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_lists import listed
from nodes.arguments.expression_placeholders import LIST, N

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def operation_rules() -> list[_Rule]:
    """Products, differences, sums, subtractions and divisions a request names, in the order they are tried."""
    return [
        (re.compile(rf"product of {LIST}"), lambda m: ["*".join(listed(m[1]))]),
        (re.compile(rf"difference between {N} and {N}"), lambda m: [f"{m[1]}-{m[2]}", f"{m[2]}-{m[1]}"]),
        (re.compile(rf"add {N} (?:and|to|plus) {N}"), lambda m: [f"{m[1]}+{m[2]}"]),
        (re.compile(rf"subtract {N} from {N}"), lambda m: [f"{m[2]}-{m[1]}"]),
        (re.compile(rf"multiply {N} (?:by|and|with) {N}"), lambda m: [f"{m[1]}*{m[2]}"]),
        (re.compile(rf"divide {N} (?:by|into|between|among) {N}"), lambda m: [f"{m[1]}/{m[2]}"]),
    ]


def split_rules() -> list[_Rule]:
    """An amount split or divided among a count, in the order they are tried."""
    return [
        (re.compile(rf"split {N} (?:between|among|by|across|into|in) {N}|{N} split (?:between |among |by |into )?{N}"),
         lambda m: [f"{m[1]}/{m[2]}" if m[1] else f"{m[3]}/{m[4]}"]),
        (re.compile(rf"{N} divided (?:equally |evenly )?(?:by|into|between|among) {N}"), lambda m: [f"{m[1]}/{m[2]}"]),
    ]
