"""A stored value the request writes shortened ("Ops" for Operations, "Eng" for Engineering, "Mktg" for
Marketing), read as that value.

Why: office shorthand names a department, a city or a category by a few of its letters, and the condition must
equal the stored value: "headcount in Ops" matched no stored value, so no statement was offered. The reading is
narrow: a capitalised word of three to five letters, its letters in order inside one capitalised stored value of
one word that starts with the same letter and is longer by two letters or more, and no other stored value read
so; never a word that opens a sentence or a stop word.
"""

from __future__ import annotations

import re

from nodes.arguments.sql_schema import TableSchema
from nodes.arguments.stop_words import STOP_WORDS

_SHORT = re.compile(r"\b[A-Z][A-Za-z]{2,4}\b")
MIN_EXTRA_LETTERS = 2


def _shortens(short: str, value: str) -> bool:
    """Whether ``short``'s letters appear in order in ``value``, from its first letter on."""
    short, value = short.lower(), value.lower()
    if not value.startswith(short[0]) or len(value) < len(short) + MIN_EXTRA_LETTERS:
        return False
    at = 0
    for letter in short:
        at = value.find(letter, at)
        if at < 0:
            return False
        at += 1
    return True


def stored_values_abbreviated(tables: list[TableSchema], text: str, taken: list[tuple[int, int]]
                              ) -> list[tuple[int, int, TableSchema, str, str]]:
    """(start, end, table, column, stored value) of each capitalised short word of ``text`` that shortens exactly
    one stored one-word text value, outside the ``taken`` spans."""
    values = [(table, column, value) for table in tables for column, stored in table.samples.items()
              for value in stored if isinstance(value, str) and value.strip()[:1].isupper() and " " not in value.strip()]
    stored = {value.lower() for _, _, value in values}
    found = []
    for match in _SHORT.finditer(text):
        opens_sentence = not text[:match.start()].strip() or text[:match.start()].rstrip().endswith((".", "!", "?", ":"))
        if (any(s < match.end() and match.start() < e for s, e in taken) or match.group().lower() in stored
                or opens_sentence or match.group().lower() in STOP_WORDS):
            continue  # "Can you check ..." shortens no "cancelled"
        read = {(t.name, c, v): (t, c, v) for t, c, v in values if _shortens(match.group(), v)}
        if len(read) == 1:
            table, column, value = next(iter(read.values()))
            found.append((match.start(), match.end(), table, column, value))
    return found
