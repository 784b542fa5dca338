"""A rate is the value of one unit: "the EUR to USD rate" calls a converter with the amount 1; and a count of
units is that many times the unit's price: "10 ASML shares in pounds" converts ten times the quote.

Why: a converter's amount is required, and a request that asks for a rate or a ratio writes no number, so the
call could not be made at all ("convert_currency needs amount"). The 1 is offered only when the request writes
no number and asks for a rate, and only to a property that reads as the quantity to convert (by its name or
description), for any server's converter. A count is read only before a noun of things priced one by one
(shares, units, tickets, items, seats): a hotel's "3 nights" are already in its total.
"""

from __future__ import annotations

import re

_ASKS_RATE = re.compile(r"\b(?:rates?|ratio|exchange|conversion factor|per one|for one|of one|one unit)\b", re.I)
_QUANTITY = re.compile(r"\b(?:amount|quantity|qty|value)\b", re.I)


def asks_for_a_rate(texts: list[str]) -> bool:
    """Whether the request asks for a rate or ratio and writes no number of its own."""
    return any(_ASKS_RATE.search(text) for text in texts) and not any(re.search(r"\d", text) for text in texts)


def is_quantity_to_convert(name: str, description: str) -> bool:
    """Whether a numeric property is the quantity a converter converts ("amount", "value", "Amount in ...")."""
    return bool(_QUANTITY.search(name.replace("_", " ")) or _QUANTITY.search(description.split(".")[0]))


_COUNTED = re.compile(r"\b(\d+(?:\.\d+)?)\s+(?:[A-Za-z.&'-]+\s+){0,2}?(?:shares?|units?|tickets?|items?|pieces?|copies|"
                      r"seats?)\b", re.I)


def units_counted(texts: list[str]) -> list[float]:
    """The counts of things priced one by one that the request writes ("10 ASML shares" -> 10)."""
    return [float(m.group(1)) for text in texts for m in _COUNTED.finditer(text)]


_PEOPLE = re.compile(r"\b(\d+)\s+(?:adults?|people|persons|guests|travell?ers|passengers|kids|children|of us)\b", re.I)


def people_counted(texts: list[str]) -> list[float]:
    """The counts of people the request writes ("we're 2 adults and a baby" -> 2): a party's size, never a price."""
    return [float(m.group(1)) for text in texts for m in _PEOPLE.finditer(text)]
