"""Amounts set against each other: a gain between the price paid and the price now ("bought 40 shares at 23.15,
they're at 27.80 now, how much have i made" is 40*(27.80-23.15)), the difference between two costs ("a monthly
pass at 289 versus 14 tickets at 23.50 each" is 14*23.50-289), and several costs shared by a party ("four of us
splitting rental 2,340, flights 1,180 and car hire 615, each person's share" is (2340+1180+615)/4).

Why apart from expression_rules.py: these read the values as well as the words. A difference is stated as the
larger less the smaller whichever side the request writes first, so the reading needs the numbers, not only their
placeholders.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_evaluation import evaluate
from nodes.arguments.expression_rules import N as _N

_WORDS = r"(?:(?![NP]\d)\S+ ){0,4}?"  # words that are no number: "units of the fund", "drop - in classes"
_GAIN_ASKED = re.compile(r"\b(?:made|make|making|profit|gain|gained|earned|up|lost|lose|loss|down|worth)\b")
_BOUGHT = re.compile(rf"\b(?:bought|buy|purchased|paid for|got|picked up) {_N} {_WORDS}(?:at|for|@) {_N}\b"
                     rf"(?: \S+){{0,10}}? (?:at|for|to|@|now|worth|trading at|sold (?:them |it )?(?:at|for)) {_N}\b")
_AGAINST = re.compile(r"\b(?:versus|vs|compared (?:to|with)|against|instead of|rather than|than|or|the other|"
                      r"whereas|while)\b")
_DIFFERENCE_ASKED = re.compile(r"\b(?:difference|gap|save|saving|savings|cheaper|dearer|more expensive|how much more|"
                               r"how much less|better deal|worth it)\b")
_ITEM = re.compile(rf"{_N} {_WORDS}(?:at|@|for|costing) {_N}(?: (?:each|apiece|a piece|per [a-z]+))?\b")
_PARTY = re.compile(rf"\b{_N} (?:of us|people|friends|persons|guests|ways)\b")
# a number counting things: followed by a plural that is no money word ("2 rooms", "6 nights")
_COUNTED = re.compile(r"\bN\d+ (?!(?:euros|dollars|pounds|bucks|francs|pesos|rupees|plus|this|is|was|has)\b)[a-z]+s\b")
_SHARE_ASKED = re.compile(r"\b(?:each|share|per person|per head|apiece|split|splitting)\b")


def compared_amounts(normalised: str, numbers: dict[str, str]) -> list[str]:
    """The gain, difference or shares ``normalised`` (numbers as N<i>) asks for; [] when it asks none."""
    if "percent" in normalised or re.search(r"\bP\d+\b", normalised):
        return []  # a change in percent, a tax or a tip: expression_formulas.py and the step rules read those
    return [*_gain(normalised, numbers), *_difference(normalised, numbers), *_shared(normalised)]


def _gain(normalised: str, numbers: dict[str, str]) -> list[str]:
    bought = _BOUGHT.search(normalised)
    if bought is None or not _GAIN_ASKED.search(normalised[bought.end():]):
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


def _shared(normalised: str) -> list[str]:
    party = _PARTY.search(normalised)
    if party is None or not _SHARE_ASKED.search(normalised):
        return []
    after = normalised[party.end():]
    if _COUNTED.search(after):
        return []  # "2 rooms for 6 nights": counts of things, not costs to add up
    costs = re.findall(r"N\d+", after)
    return [f"({'+'.join(costs)})/{party[1]}"] if len(costs) >= 2 else []


def _larger_first(readings: list[str], numbers: dict[str, str]) -> list[str]:
    """The two orders of a difference, the one of positive value first."""
    def value(template: str) -> float:
        try:
            return evaluate(re.sub(r"N\d+", lambda m: numbers[m.group()], template))
        except (ValueError, KeyError):
            return float("-inf")
    return sorted(readings, key=value, reverse=True)
