"""Sums of money a request writes: a figure beside a currency ("300 dollars", "$84", "12k yen"), and whether the
request asks to convert one into another currency.

Why one module: the convert node (nodes/conversion_gap.py) reads the amounts it owes, and retrieval
(nodes/arguments/typed_fit.py) reads a written conversion ("1 eur in usd") as a typed signature that only a
converting tool fills, whatever a shop's "list price in USD" shares with its words.
"""

from __future__ import annotations

import re

from nodes.arguments.codes import currencies_written

_LIMIT = r"\b(?:under|below|less than|at most|max(?:imum)?|up to|within|budget(?: of)?|no more than|over|above)"
_LIMIT_WORD = re.compile(_LIMIT, re.IGNORECASE)
_SCALES = {"": 1.0, "k": 1e3, "m": 1e6}
_FIGURE = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s?([kKmM]?)\b")
_WRITTEN = r"\d(?:[\d,]*\d)?(?:\.\d+)?"  # a figure as written, never ending in its comma ("140, ¥9,800")


def written_sums(question: str) -> list[tuple[str, str]]:
    """(the sum as written, its code) for each figure written beside a currency ("5000 baht", "$84"), in text order;
    a figure after a limit word is left out, as in ``written_amounts``."""
    found: list[tuple[int, str, str]] = []
    for span, code in currencies_written([question]):
        escaped = re.escape(span)
        before = rf"{escaped}\s?{_WRITTEN}[kKmM]?\b" if not span[0].isalpha() else r"(?!)"
        # a symbol written before a figure is that figure's ("£140, ¥9,800": ¥ goes with 9,800, not with 140)
        after = rf"{_WRITTEN}\s?[kKmM]?\s*{escaped}\b" + (r"(?!\s?\d)" if not span[0].isalpha() else "")
        for match in re.finditer(rf"(?:{_LIMIT}\s+)?(?:{before}|{after})", question, re.IGNORECASE):
            if not _LIMIT_WORD.match(match.group()):
                found.append((match.start(), match.group(), code))
    return [(text, code) for _, text, code in sorted(found)]


def written_amounts(question: str) -> list[tuple[float, str]]:
    """(amount, code) for each currency the question writes beside a figure ("how many pesos 300 dollars gets me":
    300 USD); a figure after a limit word is a constraint, not an amount ("hotels under 200 euros")."""
    amounts = []
    for text, code in written_sums(question):
        figure = _FIGURE.search(text)
        amounts.append((float(figure.group(1).replace(",", "")) * _SCALES[figure.group(2).lower()], code))
    return amounts


def asks_money_conversion(question: str) -> bool:
    """The question writes a sum in one currency and names another ("1 eur in usd", "how many Swiss francs for
    1,500 Canadian dollars"): a conversion, whatever else its words match."""
    amounts = {code for _, code in written_amounts(question)}
    named = {code for _, code in currencies_written([question])}
    return len(amounts) == 1 and bool(named - amounts)
