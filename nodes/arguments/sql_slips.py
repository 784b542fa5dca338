"""A stored value the request writes with a slip ("harbourside bakry", "tobias hartman", "jaquard tablecloth"), read
as that value.

Why: a condition must equal a stored value, so a name typed on a phone matched nothing: the statement answered
for every row ("COUNT(*) FROM orders" for "orders did harbourside bakry place") or none was offered. The reading is
narrow: a run of two to four request words against a stored value of as many words or more (its first words),
the whole run at most one edit per six letters away (one edit, over ten letters or more, when every word is an
English word), and that stored value the only one so close.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import DamerauLevenshtein

from indexes.spelling import english_words
from nodes.arguments.sql_schema import TableSchema

MAX_WORDS = 4
LETTERS_PER_EDIT = 6
LONG_RUN = 10
_WORD = re.compile(r"[^\W_][\w'&.-]*")


def stored_values_misspelt(tables: list[TableSchema], text: str, taken: list[tuple[int, int]]
                           ) -> list[tuple[int, int, TableSchema, str, str]]:
    """(start, end, table, column, stored value) of each run of words in ``text`` that misspells one stored text
    value of two words or more, outside the ``taken`` spans."""
    words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    values = [(table, column, value) for table in tables for column, stored in table.samples.items()
              for value in stored if isinstance(value, str) and len(value.split()) >= 2]
    if not values:
        return []
    english = english_words()
    found: list[tuple[int, int, TableSchema, str, str]] = []
    i = 0
    while i < len(words):
        hit = None
        for size in range(min(MAX_WORDS, len(words) - i), 1, -1):
            run = words[i:i + size]
            start, end = run[0][1], run[-1][2]
            if any(s < end and start < e for s, e in taken):
                continue
            typed = " ".join(w.lower() for w, _, _ in run)
            letters = len(typed.replace(" ", ""))
            # words that are all English ("tobias hartman" is, in the encoder's vocabulary) may slip by one edit
            # only, over a long run
            limit = (max(1, letters // LETTERS_PER_EDIT) if not all(w.lower() in english for w, _, _ in run)
                     else 1 if letters >= LONG_RUN else 0)
            if limit == 0:
                continue
            close = {(t.name, c, v): (t, c, v) for t, c, v in values
                     if 0 < DamerauLevenshtein.distance(typed, " ".join(v.lower().split()[:size])) <= limit}
            if len(close) == 1:
                table, column, value = next(iter(close.values()))
                hit = (start, end, table, column, value, size)
                break
        if hit is None:
            i += 1
            continue
        found.append(hit[:5])
        i += hit[5]
    return found
