"""What a party pays: costs shared by the people in it ("four of us: rental 2,340, flights 1,180 and car hire 615,
each person's share" is (2340+1180+615)/4; "3 of us are splitting 1,284 evenly" is 1284/3), and tickets bought at
one price with a rider at half of it ("two adult tickets at 69.90 each, my niece rides for half price" is
2*69.90+69.90/2).

Why its own module: a party is counted by people ("of us", "friends", "guests"), never by the things they buy
("2 rooms for 6 nights"), and telling the two apart is the whole of reading these.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_rules import N as _N

_PARTY = re.compile(rf"\b{_N} (?:of us|people|friends|persons|guests|ways)\b")
# a number counting things: followed by a plural that is no money word ("2 rooms", "6 nights")
_COUNTED = re.compile(r"\bN\d+ (?!(?:euros|dollars|pounds|bucks|francs|pesos|rupees|plus|this|is|was|has)\b)[a-z]+s\b")
_SHARE_ASKED = re.compile(r"\b(?:each|share|per person|per head|apiece|split|splitting)\b")
# "3 of us are splitting 1,284 evenly", "the 4 of us will share 920": one amount, shared
_SPLITTING_ONE = re.compile(rf"\b{_N} (?:of us|people|friends|guests) (?:are |were |will |will be |want to |have to )?"
                            rf"(?:split|splitting|sharing|share|dividing|divide|chipping in on) (?:(?![NP]\d)\S+ ){{0,3}}?"
                            rf"{_N}\b(?!.*\b[NP]\d)")  # and no other amount after it (a tip, a second cost)
# "2 adult tickets ... are 69.90 each, and my niece rides for half price"
_HALF_RIDER = re.compile(rf"\b{_N} (?:(?![NP]\d)\S+ ){{0,8}}?(?:are|at|cost|costs|for|is|@) {_N} (?:each|apiece|a head|"
                         rf"per person|a person|a ticket|per ticket)\b(?: (?![NP]\d)\S+){{0,12}}? half (?:price|fare|"
                         rf"the price|the fare|off)\b")


def party_costs(normalised: str) -> list[str]:
    """The shares or the party's total ``normalised`` (numbers as N<i>) asks for; [] when it asks none."""
    return [*_shared(normalised), *_with_half_rider(normalised)]


def _shared(normalised: str) -> list[str]:
    one = _SPLITTING_ONE.search(normalised)
    if one is not None:
        return [f"{one[2]}/{one[1]}"]
    party = _PARTY.search(normalised)
    if party is None or not _SHARE_ASKED.search(normalised):
        return []
    after = normalised[party.end():]
    if _COUNTED.search(after):
        return []  # "2 rooms for 6 nights": counts of things, not costs to add up
    costs = re.findall(r"N\d+", after)
    return [f"({'+'.join(costs)})/{party[1]}"] if len(costs) >= 2 else []


def _with_half_rider(normalised: str) -> list[str]:
    rider = _HALF_RIDER.search(normalised)
    return [f"{rider[1]}*{rider[2]}+{rider[2]}/2"] if rider is not None else []
