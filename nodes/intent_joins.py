"""Where a message joins intents: a ";", a "?" before the next question, a comma, "and", "&", "also", "plus"
before an intent of its own, numbered items. Not inside a list of figures ("82, 91, 77 and 95"), a number said in
words ("seven hundred and forty") or two measures of one question ("highs and lows"). Read by the intent splitter
(nodes/intent_split.py).
"""

from __future__ import annotations

import re

from nodes.arguments.number_words import SMALL_NUMBER_WORDS, TENS_WORDS
from nodes.shared_asks import joins_two_measures

# (a question mark ends an intent, with the "and" or "also" after it: "What's the weather in Paris tomorrow? What's
# Apple's stock price?")
_JOINS = re.compile(r"\s*;\s*|(?<=\?)\s+(?:(?:and|also|plus)\b[,\s]*)*(?=\S)|(?<![\d)])\s+\+\s+(?![\d(])|"
                    # "..., then tell me ...", "... and then the cheapest hotel": "then" orders the asks, it points
                    # at no time
                    r",\s+(?:and\s+)?(?:then\s+|also\s+)?|\s+(?:and|&)\s+(?:then\s+|also\s+)?|\s+also\s+|"
    # "stock prices for Tesla and Boeing plus the cheapest hotel in Chicago": "plus" before an intent
                    # of its own, never after a figure ("200 plus the 15% tip" is arithmetic)
                    r"(?<![\d%])\s+plus\s+(?=(?:the|what|what's|whats|how|when|where|which|is|are|any|also)\b)|"
                    # numbered items: "1) weather in Rome 2) LVMH share price", "(1) ... (2) ..."
                    r"(?:^|\s+)\(?\d\)\s+", re.I)

# Either side of a join inside a list of figures: "82, 91", "88 and 95", "$12, $15"
_LIST_BEFORE = re.compile(r"\d%?$")
_LIST_AFTER = re.compile(r"[$€£¥₹]?\d")
_UNITS_SAID = f"{SMALL_NUMBER_WORDS}|{TENS_WORDS}"
_SCALE_BEFORE = re.compile(r"\b(?:hundred|thousand|million|billion)\s*$", re.IGNORECASE)
_UNIT_AFTER = re.compile(rf"\s*(?:{_UNITS_SAID})\b", re.IGNORECASE)
_UNIT_BEFORE = re.compile(rf"\b(?:{_UNITS_SAID}|\d+)\s*$", re.IGNORECASE)
_PART_AFTER = re.compile(r"\s*an? (?:half|quarter)\b", re.IGNORECASE)


def pieces_at_joins(question: str) -> list[str]:
    """``question`` cut at its joins, except a comma or "and" inside a list of figures ("scores were 82, 91, 77
    and 95"): numbers are operands of one question, not entities of several."""
    pieces, start = [], 0
    for join in _JOINS.finditer(question):
        if _LIST_BEFORE.search(question, 0, join.start()) and _LIST_AFTER.match(question, join.end()):
            continue
        if (_SCALE_BEFORE.search(question, 0, join.start()) and _UNIT_AFTER.match(question, join.end())) or (
                _UNIT_BEFORE.search(question, 0, join.start()) and _PART_AFTER.match(question, join.end())):
            continue  # "seven hundred and forty", "two and a half": one number said in words
        if join.group().strip() == "&" and _one_name_each_side(question, join):
            continue  # "amazon, johnson & johnson, and the SPY etf": "&" inside a list item is a name's own
        if join.group().strip() == "and" and joins_two_measures(question[:join.start()],
                                                                _JOINS.split(question[join.end():], maxsplit=1)[0]):
            continue  # "what highs and lows are Dubai and Cairo looking at": two measures of one question
        pieces.append(question[start:join.start()])
        start = join.end()
    return [*pieces, question[start:]]


_ITEM_BOUNDARY = re.compile(r"[,;:?!—–]|\s-\s|\band\b", re.I)
MAX_NAME_SIDE_WORDS = 2


def _one_name_each_side(question: str, join: re.Match[str]) -> bool:
    """Whether the "&" of ``join`` stands inside one list item of a name's length: at most two words on each side
    up to the item's ends ("Procter & Gamble", "johnson & johnson", "AT & T")."""
    before = _ITEM_BOUNDARY.split(question[:join.start()])[-1].split()
    after = _ITEM_BOUNDARY.split(question[join.end():], maxsplit=1)[0].split()
    return 0 < len(before) <= MAX_NAME_SIDE_WORDS and 0 < len(after) <= MAX_NAME_SIDE_WORDS
