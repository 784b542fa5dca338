"""What a party pays: a bill shared, with or without a tip ("dinner for 6 came to 238.50, add a 20% tip, then
split it" is 238.50*(1+20/100)/6; "split 240 3 ways"), costs shared by the people in it ("four of us: rental 2,340, train tickets 1,180 and car hire 615,
each person's share" is (2340+1180+615)/4; "3 of us are splitting 1,284 evenly" is 1284/3), and tickets bought at
one price with a rider at half of it ("two adult tickets at 69.90 each, my niece rides for half price" is
2*69.90+69.90/2).

Why its own module: a party is counted by people ("of us", "friends", "guests"), never by the things they buy
("2 rooms for 6 nights"), and telling the two apart is the whole of reading these.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P
_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]

_PARTY = re.compile(rf"\b{N} (?:of us|people|friends|persons|guests|ways)\b")
# a number counting things: followed by a plural that is no money word ("2 rooms", "6 nights")
_COUNTED = re.compile(r"\bN\d+ (?!(?:euros|dollars|pounds|bucks|francs|pesos|rupees|plus|this|is|was|has)\b)[a-z]+s\b")
_SHARE_ASKED = re.compile(r"\b(?:each|share|per person|per head|apiece|split|splitting)\b")
# "3 of us are splitting 1,284 evenly", "the 4 of us will share 920": one amount, shared
_SPLITTING_ONE = re.compile(rf"\b{N} (?:of us|people|friends|guests) (?:are |were |will |will be |want to |have to )?"
                            rf"(?:split|splitting|sharing|shared|share|dividing|divide|chipping in on) (?:(?![NP]\d)\S+ ){{0,3}}?"
                            rf"{N}\b(?!.*\b[NP]\d)")  # and no other amount after it (a tip, a second cost)
# "2 adult tickets ... are 69.90 each, and my niece rides for half price"
_HALF_RIDER = re.compile(rf"\b{N} (?:(?![NP]\d)\S+ ){{0,8}}?(?:are|at|cost|costs|for|is|@) {N} (?:each|apiece|a head|"
                         rf"per person|a person|a ticket|per ticket)\b(?: (?![NP]\d)\S+){{0,12}}? half (?:price|fare|"
                         rf"the price|the fare|off)\b")


# the party's total asked: "how much is that all together"
_TOTAL_ASKED = re.compile(r"\b(?:total|altogether|all together|in all|all in|overall|how much (?:is|will|would) (?:that|it|"
                          r"this)(?: be| come to| cost)?)\b")


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


def bill_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), best first: a bill shared by a
    party, with a tip or without."""
    return [
        # a cost shared by some groups, asked per group and per night (day, week): "4 couples are sharing a 2,340
        # holiday rental for 5 nights, each couple's share per night"
        # (the thing shared may be named before its price: "three of us are sharing an apartment for the
        # conference: 1,260 for 4 nights")
        (re.compile(rf"{N} (?:[a-z]+ ){{0,2}}?(?:are |were )?(?:sharing|splitting|share|split) (?:(?![NP]\d)\S+ ){{0,6}}?"
                    rf"{N}(?: \S+){{0,4}}? for {N} (night|day|week|month)s?\b"),
         lambda m: [f"{m[2]}/{m[1]}/{m[3]}"] if re.search(rf"\b(?:per|a|each) {m[4]}\b", m.string) else []),
        # a bill shared after a tip: "5 of us split a 243.75 bill and we're adding 20% tip on top"
        (re.compile(rf"{N} (?:of us|people|friends|ways)(?: \S+){{0,6}}? {N}(?: \S+){{0,8}}? {P}"),
         lambda m: [f"{m[2]}*(1+{m[3]}/100)/{m[1]}"] if re.search(r"each|per person|split|share", m.string) else []),
        (re.compile(rf"{N}(?: \S+){{0,4}}? (?:bill|check|total|dinner|meal)(?: \S+){{0,8}}? {P}(?: \S+){{0,10}}? {N} "
                    rf"(?:of us|people|friends|ways|persons)"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)/{m[3]}"] if re.search(r"each|per person|split|share", m.string) else []),
        # a bill for a party, with a tip, shared: "dinner for 6 came to 238.50, add a 20% tip, then split it"
        (re.compile(rf"(?:for|among|between) {N}(?: \S+){{0,6}}? {N}(?: \S+){{0,8}}? {P}"),
         lambda m: [f"{m[2]}*(1+{m[3]}/100)/{m[1]}"] if re.search(r"each|per person|split|share", m.string) else []),
        # a bill for the party, then a tip: "dinner came to 1,284 for the 11 of us and I want to add a 20% tip"
        (re.compile(rf"{N}(?: \S+){{0,3}}? for (?:the |all |all the )?{N} (?:of us|people|friends|guests|persons)"
                    rf"(?: \S+){{0,10}}? {P} (?:tip|service|gratuity)"),
         lambda m: [f"{m[1]}*(1+{m[3]}/100)/{m[2]}"] if re.search(r"each|per person|split|share", m.string) else []),
        # a bill, a tip, then shared: "dinner came to 186.40, a 20% tip, split evenly between 4 of us"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P} (?:tip|service|gratuity)(?: \S+){{0,10}}? {N} (?:of us|people|ways|friends|"
                    rf"persons|guests)"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)/{m[3]}"] if re.search(r"each|per person|split|share", m.string) else []),
        # "split 240 3 ways"
        (re.compile(rf"split(?:ting)? (?:[a-z]+ ){{0,2}}?{N}(?: [a-z]+){{0,3}}? {N} ways|{N} split {N} ways"),
         lambda m: [f"{m[1] or m[3]}/{m[2] or m[4]}"]),
        # "we spent 312.60 on the cabin groceries, split 4 ways": the request's one amount, shared
        (re.compile(rf"{N}(?: (?![NP]\d)\S+){{0,8}} split (?:it |evenly |equally |them )?{N} ways"),
         lambda m: [f"{m[1]}/{m[2]}"] if not re.search(r"[NP]\d", m.string[:m.start()]) else []),
        # a price a head for the party: "lunch is 12.50 a head and there's 18 of us, how much all together"
        (re.compile(rf"{N} (?:a|per) (?:head|person|guest)\b(?: \S+){{0,8}}? {N} (?:of us|people|guests|persons)\b|"
                    rf"{N} (?:of us|people|guests|persons)\b(?: \S+){{0,8}}? {N} (?:a|per) (?:head|person|guest)\b"),
         lambda m: [f"{m[1]}*{m[2]}" if m[1] else f"{m[3]}*{m[4]}"] if _TOTAL_ASKED.search(m.string) else []),
        # a bill shared: "came to 186.40 and there were 7 of us, how much each"
        (re.compile(rf"{N}(?: \S+){{0,8}}? (?:were|are|for|among|between|by) {N} (?:of us|people|persons|friends|"
                    rf"ways|guests|of them)(?=.*\b(?:each|everyone|everybody|per person|split|share|owe)\b)"),
         lambda m: [f"{m[1]}/{m[2]}"]),
        # the party first, then the bill: "we were 4 persons at the restaurant and the bill is 187,60, how much
        # does each one pay"
        (re.compile(rf"\b(?:we|there) (?:were|are) {N} (?:of us|people|persons|friends|guests)\b(?: (?![NP]\d)\S+){{0,8}}? "
                    rf"(?:bill|check|total|tab)(?: (?![NP]\d)\S+){{0,3}}? {N}(?=.*\b(?:each|everyone|everybody|per person|"
                    rf"split|share|owe)\b)"),
         lambda m: [f"{m[2]}/{m[1]}"]),
    ]
