"""Amounts that change by percentages over steps, and amounts set against a whole: growth a year for some years
("1.2M last year, if we grow 8% a year for the next three years" is 1200000*(1+8/100)**3), a rise then a fall
("10,000, up 4.2% one week and down 3.1% the next" is 10000*(1+4.2/100)*(1-3.1/100)), what a budget leaves
after its costs ("budget 18,000, the venue takes 7,350, catering 42 a head for 65 people, left over" is
18000-7350-42*65), a share after a part held back ("4,500 across 6 people, holding back 10%" is
4500*(1-10/100)/6), what is still owed after a part paid ("213.60 split 3 ways, I already chipped in 40" is
213.60/3-40) and how much of a target was reached ("target 250k, we closed 212,400, as a percentage").

Why its own module: each reads several amounts in the order a person tells them, and what one amount means
(the whole, a cost, a rate) comes from the words around it, not from its place in a formula.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]
_GROW = (r"(?:grow|grows|growing|grew|grown|rise|rises|rising|rose|increase|increases|increasing|increased|up|gain|"
         r"gains|gained|climb|climbs|climbed|jump|jumps|jumped)")
_FALL = (r"(?:fall|falls|falling|fell|drop|drops|dropping|dropped|shrink|shrinks|shrank|decline|declines|declined|"
         r"decrease|decreases|decreased|down|lose|loses|lost|slip|slips|slipped|sink|sinks|sank)")
_GAP = r"(?: (?![NP]\d)\S+)"  # a word that is no other number
_PER_HEAD = r"(?:a|per|each) (?:head|person|guest|attendee|seat|ticket)"


def _costs_after(text: str) -> list[str]:
    """The costs told after a budget: "N1 and catering is N2 a head for N3 people" -> ["N1", "N2*N3"]."""
    costs, taken = [], set()
    for each in re.finditer(rf"{N} {_PER_HEAD} (?:for|x|times) {N}\b", text):
        costs.append(f"{each[1]}*{each[2]}")
        taken.update((each[1], each[2]))
    costs.extend(n for n in re.findall(r"N\d+", text) if n not in taken)
    return costs


def _left_of_budget(m: re.Match[str]) -> list[str]:
    costs = _costs_after(m.string[m.end():])
    return [f"{m[1]}-{'-'.join(costs)}"] if costs else []


def _over_years(change: str, sign: str) -> _Rule:
    """"N0 ... grow(s) P1 a year ... N2 years": the amount changed by the rate, compounded over the years."""
    return (re.compile(rf"{N}{_GAP}{{0,8}}? {change} (?:by )?(?:about )?{P} (?:a|per|each|every) year{_GAP}{{0,6}}? "
                       rf"{N} years\b"), lambda m: [f"{m[1]}*(1{sign}{m[2]}/100)**{m[3]}"])


def _one_then_other(first: str, first_sign: str, then: str, then_sign: str) -> _Rule:
    """"N0 , went up P1 one week and then down P2 the next": two changes, one after the other."""
    return (re.compile(rf"{N}{_GAP}{{0,6}}? {first} (?:by )?{P}{_GAP}{{0,6}}? {then} (?:by )?{P}"),
            lambda m: [f"{m[1]}*(1{first_sign}{m[2]}/100)*(1{then_sign}{m[3]}/100)"])


def growth_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), best first."""
    return [
        # "revenue was N0 last year, if we grow P1 a year for the next N2 years"
        _over_years(_GROW, "+"),
        _over_years(_FALL, "-"),
        # a rise, then a fall, or the other way round
        _one_then_other(_GROW, "+", _FALL, "-"),
        _one_then_other(_FALL, "-", _GROW, "+"),
        # "budget is N0 the venue takes N1 and catering is N2 a head for N3 people how much is left over"
        (re.compile(rf"\bbudget(?: is| of| was)? {N}(?=.*\b(?:left|left over|leftover|remains?|remaining)\b)"),
         _left_of_budget),
        # "splitting a N0 budget across N1 people , but i want to hold back P2"
        (re.compile(rf"{N}{_GAP}{{0,3}}? (?:across|among|between|for) {N} (?:people|persons|ways|staff|employees|of us)"
                    rf"{_GAP}{{0,8}}? (?:hold back|holding back|keep back|keep|set aside|reserve|save)(?: \S+)? {P}"),
         lambda m: [f"{m[1]}*(1-{m[3]}/100)/{m[2]}"]),
        # "N0 split N1 ways , but i already chipped in N2 how much do i still owe"
        (re.compile(rf"{N}{_GAP}{{0,2}}? split {N} ways{_GAP}{{0,6}}? (?:already |have |had )*(?:paid|chipped in|put in|"
                    rf"gave|sent|covered) {N}(?=.*\bowe\b)"), lambda m: [f"{m[1]}/{m[2]}-{m[3]}"]),
        # "target was N1 and we closed N2 how close did we get , as a percentage"
        (re.compile(rf"\b(?:target|goal|quota)(?: was| is| of)? {N}{_GAP}{{0,4}}? (?:closed|hit|reached|made|got|did|"
                    rf"sold|raised|booked|achieved) {N}(?=.*\bpercent)"), lambda m: [f"{m[2]}/{m[1]}*100"]),
    ]
