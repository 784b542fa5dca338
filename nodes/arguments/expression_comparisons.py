"""Amounts set against each other: a gain between the price paid and the price now ("bought 40 shares at 23.15,
they're at 27.80 now, how much have i made" is 40*(27.80-23.15); "35 shares bought at 142.60 and sold at 158.25"),
and the difference between two costs ("a monthly pass at 289 versus 14 tickets at 23.50 each" is 14*23.50-289).

Why apart from expression_rules.py: these read the values as well as the words. A difference is stated as the
larger less the smaller whichever side the request writes first, so the reading needs the numbers, not only their
placeholders.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_evaluation import evaluate
from nodes.arguments.expression_placeholders import N as _N

_WORDS = r"(?:(?![NP]\d)\S+ ){0,4}?"  # words that are no number: "units of the fund", "drop - in classes"
_GAIN_ASKED = re.compile(r"\b(?:made|make|making|profit|gain|gained|earned|up|lost|lose|loss|down|worth)\b")
_BOUGHT = re.compile(rf"\b(?:bought|buy|purchased|paid for|got|picked up) {_N} {_WORDS}(?:at|for|@) {_N}\b"
                     rf"(?: \S+){{0,10}}? (?:at|for|to|@|now|worth|trading at|sold (?:them |it )?(?:at|for)) {_N}\b")
# the count first: "my gain on 35 shares bought at 142.60 and sold at 158.25"
_BOUGHT_AFTER = re.compile(rf"\b{_N} {_WORDS}(?:bought|purchased|acquired) (?:at|for|@) {_N}\b(?: (?![NP]\d)\S+){{0,8}}? "
                           rf"(?:sold|selling|now|trading|worth|closed|at) (?:them |it |for |at |to )*{_N}\b")
_AGAINST = re.compile(r"\b(?:versus|vs|compared (?:to|with)|against|instead of|rather than|than|or|the other|"
                      r"whereas|while)\b")
_DIFFERENCE_ASKED = re.compile(r"\b(?:difference|gap|save|saving|savings|cheaper|dearer|more expensive|how much more|"
                               r"how much less|better deal|worth it)\b")
_ITEM = re.compile(rf"{_N} {_WORDS}(?:at|@|for|costing) {_N}(?: (?:each|apiece|a piece|per [a-z]+))?\b")


def compared_amounts(normalised: str, numbers: dict[str, str]) -> list[str]:
    """The gain, difference or shares ``normalised`` (numbers as N<i>) asks for; [] when it asks none."""
    if "percent" in normalised or re.search(r"\bP\d+\b", normalised):
        return []  # a change in percent, a tax or a tip: expression_formulas.py and the step rules read those
    return [*_gain(normalised, numbers), *_difference(normalised, numbers)]


def _gain(normalised: str, numbers: dict[str, str]) -> list[str]:
    bought = _BOUGHT.search(normalised)
    asked_after = bought is not None
    bought = bought or _BOUGHT_AFTER.search(normalised)  # "my gain on 35 shares bought at ...": asked before
    if bought is None or not _GAIN_ASKED.search(normalised[bought.end():] if asked_after else normalised):
        return []
    count, paid, now = bought.groups()
    return _larger_first([f"{count}*({now}-{paid})", f"{count}*({paid}-{now})"], numbers)


def _side(words: str) -> str | None:
    """The cost one side of a comparison writes: a quantity at a unit price, else its one amount."""
    item = _ITEM.search(words)
    if item is not None:
        return f"{item[1]}*{item[2]}"
    amounts = re.findall(r"N\d+", words)
    return amounts[0] if len(amounts) == 1 else None


def _difference(normalised: str, numbers: dict[str, str]) -> list[str]:
    against = _AGAINST.search(normalised)
    if against is None or not _DIFFERENCE_ASKED.search(normalised):
        return []
    before, after = normalised[:against.start()], normalised[against.end():]
    after = re.split(r" [?.!] ", after, maxsplit=1)[0]  # the other side ends with its sentence
    left, right = _side(before), _side(after)
    if left is None or right is None:
        return []
    return _larger_first([f"{left}-{right}", f"{right}-{left}"], numbers)


def _larger_first(readings: list[str], numbers: dict[str, str]) -> list[str]:
    """The two orders of a difference, the one of positive value first."""
    def value(template: str) -> float:
        try:
            return evaluate(re.sub(r"N\d+", lambda m: numbers[m.group()], template))
        except (ValueError, KeyError):
            return float("-inf")
    return sorted(readings, key=value, reverse=True)
