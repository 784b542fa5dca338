"""What a request asks of a described database, read by code: the numbers it compares with ("more than 90,000"),
the aggregate and order it asks for ("how many", "most recent", "cheapest"), the measure a word implies and the
tables it names. The stored values it writes are read by nodes/arguments/sql_literals.py; nodes/arguments/sql.py
builds SELECT statements from both readings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nodes.arguments.sql_names import identifier_words, overlap, same_word
from nodes.arguments.sql_schema import TableSchema

_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|(?<!n't )(?<!not )\bcount\b|\bhead ?counts?\b")  # "don't count X" leaves X out
# "which one has the fewest units left and how many": the trailing "how many" asks the ranked row's amount
_TRAILING_HOW_MANY = re.compile(r"\b(?:and|&)\s+how many(?:\s+[a-z]+){0,2}\s*[?.!]*\s*$")
_AVERAGE = re.compile(r"\baverage\b|\bmean\b|\bavg\b")
SUM_WORDS = re.compile(r"\btotal\b|\bsum\b|\baltogether\b|\bcombined\b|\badded (?:together|up)\b|\badd(?:ing)? up\b|\ball told\b|"
                       r"\bsummed\b")
_LATEST = re.compile(r"\bmost recent(?:ly)?\b|\blatest\b|\bnewest\b|\brecently\b|\blast\b")
_EARLIEST = re.compile(r"\boldest\b|\bearliest\b|\bfirst\b")
_HIGHEST = re.compile(r"\bhighest\b|\bmost\b|\bbiggest\b|\blargest\b|\bmax(?:imum)?\b|\btop\b|\bgreatest\b|\blongest\b|"
                      r"\bpriciest\b|\bcostliest\b|\bdearest\b|\bbest\b")
LOWEST_WORDS = re.compile(r"\blowest\b|\bcheapest\b|\bleast\b|\bsmallest\b|\bmin(?:imum)?\b|\bfewest\b|\bshortest\b|"
                          r"\bworst\b")
_SMALL_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_RANK_WORDS = (r"(?:highest|lowest|most|least|biggest|largest|smallest|cheapest|priciest|best|worst|newest|oldest|"
               r"latest|earliest|top|fewest|longest|shortest)")
# "top 5", "top three", "the three highest-paid", "5 most expensive"
_TOP_N = re.compile(rf"\btop (\d+|{'|'.join(_SMALL_NUMBERS)})\b|"
                    rf"\b(\d+|{'|'.join(_SMALL_NUMBERS)})\s+{_RANK_WORDS}\b")
_GROUP = re.compile(r"\b(?:per|by|for each|in each|each)\s+([a-z_]+)")
_COMPARE = re.compile(r"(?P<op>more than|greater than|over|above|at least|exceeding|under|below|less than|"
                      r"fewer than|at most|cheaper than|>=|<=|>|<)\s*[$€£]?\s*"
                      r"(?P<num>\d[\d,]*(?:\.\d+)?)(?P<k>k\b)?")
# a comparison the asker checks the answer against: "is it over 30?", "has she ordered more than 10 times", "how
# many are still pending, more than 5?"
_CHECKS_THE_ANSWER = re.compile(r"\b(?:is|was|are|were|will|would)\s+(?:it|that|this|we|they|the (?:total|sum|"
                                r"count|number))\s+(?:be\s+)?(?:still\s+|already\s+)?$")
_TIMES_AFTER = re.compile(r"\s*times\b")
_CLAUSE_BREAK = re.compile(r"[,;]\s*$")
_ENDS = re.compile(r"\s*(?:or (?:not|less|more|under|over|fewer))?\s*\??\s*(?:pls|please)?\W*$")
_OPERATORS = {"more than": ">", "greater than": ">", "over": ">", "above": ">", "exceeding": ">", ">": ">",
              "at least": ">=", ">=": ">=", "under": "<", "below": "<", "less than": "<", "fewer than": "<",
              "cheaper than": "<", "<": "<", "at most": "<=", "<=": "<="}
# the measure an English superlative or grade is about, when the request names no column: "the priciest thing"
# is the highest price, "the best paid" the highest salary or pay
_IMPLIED_MEASURES = ((re.compile(r"\b(?:priciest|costliest|dearest|cheapest|(?:most|least|less|more) expensive)\b|"
                                 # what a thing is sold for: "what do we list it for", "how much does it retail at"
                                 r"\bwhat (?:do|does|did|will|would|should|can) (?:we|they|you|i|it|that|this) "
                                 r"(?:list|sell|charge|retail|go|price)\b.{0,30}\b(?:for|at)\b|"
                                 r"\b(?:sells?|sold|retails?|listed|lists|goes|going) (?:for|at) (?:how much|what)\b|"
                                 r"\bhow much (?:do|does|did|will|would|can) (?:we|they|you|it|that|this|one) "
                                 r"(?:sell|charge|list|retail|go)\b"),
                      ("price", "cost")),
                     (re.compile(r"\b(?:best|highest|lowest|worst|top|least|most)[- ]paid\b|\bearns? the (?:most|least)\b|"
                                 r"\b(?:avg|average|mean|typical|total|highest|lowest|top|max|min)\s+(?:[a-z]+\s+)?"
                                 r"(?:pay|wages?|earnings|income|compensation)\b"),
                      ("salary", "pay", "wage")),
                     (re.compile(r"\bpayroll\b|\b(?:top|highest|biggest|best|lowest)[- ]earners?\b"),
                      ("salary", "pay", "wage")),
                     (re.compile(r"\b(?:heaviest|lightest)\b"), ("weight",)),
                     (re.compile(r"\b(?:tallest)\b"), ("height",)),
                     (re.compile(r"\b(?:youngest)\b"), ("age",)))
# "who has been in Operations the longest", "the longest-serving", "most senior": the earliest by date
TENURE = re.compile(r"\bbeen (?:[a-z]+ ){0,4}(?:the )?longest\b|\blongest[- ]serving\b|\bmost senior\b")
# "what year did Rosa join", "when was the order placed": a date column answers
_WHEN = re.compile(r"\bwhat (?:year|month|day|date)\b|\bwhich (?:year|month|day|date)\b|\bwhen\b|\bsince\b")


@dataclass(frozen=True)
class RequestIntent:
    """The shape of answer the request asks for."""

    aggregate: str | None  # COUNT, AVG, SUM
    order: str | None  # DESC, ASC
    by_date: bool
    limit: int
    group_word: str | None
    when: bool = False  # "what year did ...", "when was ...": a date is asked


def implied_measures(text: str) -> list[str]:
    """Column words a superlative or grade implies ("priciest" -> price, cost), for a request naming none."""
    return [word for pattern, words in _IMPLIED_MEASURES if pattern.search(text) for word in words]


def comparisons_written(text: str) -> list[tuple[str, float]]:
    """(operator, number) for each comparison the request writes: "more than 90k" -> (">", 90000.0)."""
    found = []
    for match in _COMPARE.finditer(text):
        before, after = text[:match.start()], text[match.end():]
        if _CHECKS_THE_ANSWER.search(before) or _TIMES_AFTER.match(after) or (
                _CLAUSE_BREAK.search(before) and _ENDS.match(after)):
            continue  # "add up the throws in open orders, is it over 30?": a check of the answer, not a condition
        value = float(match.group("num").replace(",", "")) * (1000 if match.group("k") else 1)
        found.append((_OPERATORS[match.group("op")], value))
    return found


def read_intent(text: str) -> RequestIntent:
    """The aggregate, order, limit and grouping the request's words ask for."""
    counts = _COUNT.search(_TRAILING_HOW_MANY.sub("", text) if _ranks(text) else text)
    aggregate = "COUNT" if counts else "AVG" if _AVERAGE.search(text) else "SUM" if SUM_WORDS.search(
        text) else None
    by_date = bool(_LATEST.search(text) or _EARLIEST.search(text)) and aggregate is None
    if by_date:
        order = "DESC" if _LATEST.search(text) else "ASC"
    else:
        order = "DESC" if _HIGHEST.search(text) else "ASC" if LOWEST_WORDS.search(text) else None
    top = _TOP_N.search(text)
    written = (top.group(1) or top.group(2)) if top else None
    limit = int(written) if written and written.isdigit() else _SMALL_NUMBERS.get(written or "", 1)
    group = _GROUP.search(text)
    return RequestIntent(aggregate, order, by_date, limit, group.group(1) if group else None, bool(_WHEN.search(text)))


def _ranks(text: str) -> bool:
    return bool(_HIGHEST.search(text) or LOWEST_WORDS.search(text) or _LATEST.search(text) or _EARLIEST.search(text))


def tables_mentioned(tables: list[TableSchema], words: list[str]) -> list[TableSchema]:
    """Tables whose name the request writes, in the order it writes them."""
    firsts = []
    for table in tables:
        positions = [i for i, w in enumerate(words) if any(same_word(part, w) for part in identifier_words(table.name))]
        if positions:
            firsts.append((positions[0], table))
    return [table for _, table in sorted(firsts, key=lambda f: f[0])]


def tables_by_columns(tables: list[TableSchema], words: list[str]) -> list[TableSchema]:
    """The tables holding the column the request's words name best (none when no column is named)."""
    scored = [(max((overlap(c.name, words) for c in t.columns if not c.primary_key), default=0), t) for t in tables]
    best = max((s for s, _ in scored), default=0)
    return [t for s, t in scored if s == best and best > 0]
