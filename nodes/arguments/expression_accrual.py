"""Amounts that build up: a sum put aside each period on top of what is already saved ("500 a month into the
fund for 7 more months and I already have 1,250" is 500*7+1250), and points earned per unit of money spent on
amounts that add up ("7 miles per dollar; the fare was 1,284 plus a 96 seat upgrade" is (1284+96)*7).

Why its own module: both read a rate and what it applies to from different sentences of the request, and
neither is a chain of operators or one of the rule shapes of expression_rules.py.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_placeholders import N

_PERIOD = r"(day|week|month|year|fortnight|quarter)"
_NO_NUMBER = r"(?: (?![NP]\d)\S+)"
# "500 a month ... for 7 more months ... already have 1,250 saved"
_SAVED_ON_TOP = re.compile(rf"{N} (?:a|an|per|each|every) {_PERIOD}\b{_NO_NUMBER}{{0,8}}? (?:for|over|during) (?:the next |another )?"
                           rf"{N} (?:more |further |extra )?\2s?\b{_NO_NUMBER}{{0,10}}? (?:already|currently|now|start|"
                           rf"starting|saved|have|got)\b{_NO_NUMBER}{{0,4}}? {N}\b")
# "already have 1,250 saved ... add 500 a month for 7 months", "... 275 every month ... after 2.5 years"
_SAVED_FIRST = re.compile(rf"(?:already|currently|now|start|starting|saved|have|got)\b{_NO_NUMBER}{{0,4}}? {N}\b"
                          rf"{_NO_NUMBER}{{0,10}}? {N} (?:a|an|per|each|every) {_PERIOD}\b{_NO_NUMBER}{{0,10}}? "
                          rf"(?:for|over|during|after|in|within) (?:the next |another )?{N} (?:more |further |extra )?"
                          rf"{_PERIOD}s?\b")
# periods in one another: a monthly amount over years is twelve a year
_PER = {("month", "year"): 12, ("week", "year"): 52, ("day", "year"): 365, ("quarter", "year"): 4,
        ("fortnight", "year"): 26, ("day", "week"): 7, ("week", "month"): 52 / 12, ("day", "month"): 365 / 12}
_MONEY = r"(?:dollar|euro|pound|buck|usd|eur|gbp|franc|yen)"
# "7 miles per dollar spent ... 1,284 plus a 96 seat upgrade"
_PER_MONEY = re.compile(rf"{N} ([a-z]+) (?:per|for each|for every|every|a|an|on each) {_MONEY}s?\b{_NO_NUMBER}{{0,12}}? "
                        rf"{N}(?:{_NO_NUMBER}{{0,3}}? (?:plus|\+|and|with)(?: then| another| later)? (?:a |an |the )?{N})?")


def accrued_amounts(normalised: str) -> list[str]:
    """The total ``normalised`` (numbers as N<i>) builds up to; [] when it asks none."""
    found = []
    on_top = _SAVED_ON_TOP.search(normalised)
    if on_top is not None:
        found.append(f"{on_top[1]}*{on_top[3]}+{on_top[4]}")
    first = _SAVED_FIRST.search(normalised)
    if first is not None:
        rate, span = first[3], first[5]
        scale = 1 if rate == span else _PER.get((rate, span))
        if scale is not None:
            times = first[4] if scale == 1 else f"{first[4]}*{scale:g}"
            found.append(f"{first[1]}+{first[2]}*{times}")
    earned = _PER_MONEY.search(normalised)
    if earned is not None and re.search(rf"\bhow (?:many|much) {re.escape(earned[2])}", normalised):
        spent = f"({earned[3]}+{earned[4]})" if earned[4] else earned[3]
        found.append(f"{spent}*{earned[1]}")
    return found
