"""What a request asks of a described database, read by code: the stored values it writes ("Engineering"), the
numbers it compares with ("more than 90,000"), the aggregate and order it asks for ("how many", "most recent",
"cheapest") and the tables it names. nodes/arguments/sql.py builds SELECT statements from this reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nodes.arguments.sql_names import identifier_words, overlap, same_word
from nodes.arguments.sql_schema import Column, TableSchema
from nodes.arguments.sql_slips import stored_values_misspelt

_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|(?<!n't )(?<!not )\bcount\b|\bhead ?counts?\b")  # "don't count X" leaves X out
# "which one has the fewest units left and how many": the trailing "how many" asks the ranked row's amount
_TRAILING_HOW_MANY = re.compile(r"\b(?:and|&)\s+how many(?:\s+[a-z]+){0,2}\s*[?.!]*\s*$")
_AVERAGE = re.compile(r"\baverage\b|\bmean\b|\bavg\b")
SUM_WORDS = re.compile(r"\btotal\b|\bsum\b|\baltogether\b|\bcombined\b")
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
_OPERATORS = {"more than": ">", "greater than": ">", "over": ">", "above": ">", "exceeding": ">", ">": ">",
              "at least": ">=", ">=": ">=", "under": "<", "below": "<", "less than": "<", "fewer than": "<",
              "cheaper than": "<", "<": "<", "at most": "<=", "<=": "<="}
# a negation just before a stored value: "shipped but aren't delivered", "everyone except Finance", "ignore
# cancelled orders", "leave out anything that got cancelled"
_NEGATION = re.compile(r"(?:\bnot|n't|\bexcept|\bexcluding|\bother than|\bbesides|\boutside|\bnon-?|\bignor(?:e|ing)|"
                       r"\bwithout|\bleav(?:e|ing) (?:out|aside)|\b(?:set|setting|putting|put) aside|\bapart from|"
                       r"\bskip(?:ping)?|\bdisregard(?:ing)?)\s+"
                       r"(?:(?:yet|been|in|the|from|at|of|based|located|living|working|counting|marked|set|as|any|"
                       r"they|we|you|he|she|it|i|had|have|has|"
                       r"anything|anyone|anybody|everything|everyone|all|that|which|who|got|get|were|was|are|is|"
                       r"ones?|those|orders?|items?|count|include|including)\s+)*$",
                       re.IGNORECASE)
NEGATION_REACH = 40  # characters before a value a negation may stand: "leave out anything that got cancelled"
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
class RequestLiteral:
    """A stored value the request writes, with the column that stores it."""

    table: TableSchema
    column: Column
    value: str
    negated: bool = False  # "aren't delivered", "not in Bath", "except Finance"


@dataclass(frozen=True)
class RequestIntent:
    """The shape of answer the request asks for."""

    aggregate: str | None  # COUNT, AVG, SUM
    order: str | None  # DESC, ASC
    by_date: bool
    limit: int
    group_word: str | None
    when: bool = False  # "what year did ...", "when was ...": a date is asked


def literals_written(tables: list[TableSchema], text: str,
                     written: list[tuple[int, int, RequestLiteral]] | None = None) -> list[RequestLiteral]:
    """Sample values the request writes (case-insensitive, whole words), longest first, without overlaps;
    ``written`` is ``stored_values_written`` of the same request where the caller has it already (its slip scan
    is the costly part)."""
    found = list(written) if written is not None else stored_values_written(tables, text)
    found.sort(key=lambda f: f[0] - f[1])
    kept: list[tuple[int, int, RequestLiteral]] = []
    for start, end, literal in found:
        if not any(s < end and start < e for s, e, _ in kept):
            kept.append((start, end, literal))
    # "how many people work in Marketing", "how many of our people work out of Charlotte": "people" is what is
    # counted, though a department is called People (another department is named, or the word is written in lower
    # case where the stored name is capitalised)
    counted = [k for k in kept if re.search(r"\b(?:how many|number of)\s+(?:of\s+(?:our|the|your|their|my)\s+)?$",
                                            text[:k[0]], re.IGNORECASE)
               and (any(o is not k and o[2].column == k[2].column for o in kept)
                    or (text[k[0]:k[1]].islower() and not k[2].value.islower()))]
    return [literal for start, end, literal in sorted(kept, key=lambda k: k[0]) if (start, end, literal) not in counted]


def stored_values_written(tables: list[TableSchema], text: str) -> list[tuple[int, int, RequestLiteral]]:
    """(start, end, literal) of every stored value the request writes, overlaps and all."""
    found: list[tuple[int, int, RequestLiteral]] = []
    for table in tables:
        for name, values in table.samples.items():
            column = table.column(name)
            if column is None:
                continue
            for value in values:
                if not isinstance(value, str) or not value.strip():
                    continue
                # a stored "Bamboo Bath Mat" is written "bamboo bath mats" too
                # and a stored plural "Blankets" as "blanket orders"
                stem = value.strip()[:-1] if re.search(r"[^s]s$", value.strip()) and len(value.strip()) > 4 else value.strip()
                match = re.search(rf"(?<!\w){re.escape(stem)}(?:e?s)?(?!\w)", text, re.IGNORECASE)
                if match:
                    negated = bool(_NEGATION.search(text[max(0, match.start() - NEGATION_REACH):match.start()]))
                    found.append((match.start(), match.end(), RequestLiteral(table, column, value, negated)))
            found += _first_words_written(table, column, values, text)
    taken = [(start, end) for start, end, _ in found]
    for start, end, table, name, value in stored_values_misspelt(tables, text, taken):
        if (column := table.column(name)) is not None:
            found.append((start, end, RequestLiteral(table, column, value, False)))
    return found


def _first_words_written(table: TableSchema, column: Column, values: list, text: str
                         ) -> list[tuple[int, int, RequestLiteral]]:
    """A stored value of several words that the request names by its first word alone, written as a name
    (capitalised inside the sentence, or possessive): "what's Chiara's job title" names "Chiara Bellini". Only a
    first word that one stored value of the column starts with counts: "Head" of "Head of Sales" and "Head of
    People" names neither."""
    firsts: dict[str, list[str]] = {}
    for value in values:
        if isinstance(value, str) and len(value.split()) > 1:
            firsts.setdefault(value.split()[0].lower(), []).append(value)
    found = []
    for word, owners in firsts.items():
        if len(owners) != 1 or len(word) < 3 or not word.isalpha():
            continue
        for match in re.finditer(rf"\b{re.escape(word)}\b", text, re.IGNORECASE):
            possessive = text[match.end():match.end() + 2] in ("'s", "’s")
            opens_sentence = not text[:match.start()].strip() or text[:match.start()].rstrip()[-1] in ".!?"
            if possessive or (text[match.start()].isupper() and not opens_sentence):
                found.append((match.start(), match.end(), RequestLiteral(table, column, owners[0])))
                break
    return found


def implied_measures(text: str) -> list[str]:
    """Column words a superlative or grade implies ("priciest" -> price, cost), for a request naming none."""
    return [word for pattern, words in _IMPLIED_MEASURES if pattern.search(text) for word in words]


def comparisons_written(text: str) -> list[tuple[str, float]]:
    """(operator, number) for each comparison the request writes: "more than 90k" -> (">", 90000.0)."""
    found = []
    for match in _COMPARE.finditer(text):
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


# a name written mid-sentence in two or more capitalised words: "Velvet Cushion Covers", "New York"
# (a word ending a sentence ends the name: "... in Lisbon. What do we ..." names no "Lisbon What")
WRITTEN_NAME = re.compile(r"(?<=[\w,;:)] )(?:[A-Z](?:[\w'&.-]*[\w'&-])?\s+)+[A-Z][\w'&.-]*")


def names_unheld(tables: list[TableSchema], request: str,
                 written: list[tuple[int, int, RequestLiteral]] | None = None) -> bool:
    """The request names a thing no stored value holds ("how many Velvet Cushion Covers do we have"): a statement
    without it would answer about everything (all products), so none is offered, and the answer says it was not
    found."""
    held = [(start, end) for start, end, _ in (written if written is not None
                                               else stored_values_written(tables, request))]
    for name in WRITTEN_NAME.finditer(request):
        if not any(start < name.end() and name.start() < end for start, end in held):
            return True
    return False
