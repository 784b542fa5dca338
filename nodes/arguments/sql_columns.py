"""Which columns of a described schema a request names: the row's label, the measured numbers, two columns it
multiplies, the text column "which <word>" asks for (nodes/arguments/sql.py builds statements over them).
"""

from __future__ import annotations

import re

from nodes.arguments.sql_names import identifier_words, overlap, same_word
from nodes.arguments.sql_schema import Column, TableSchema

_LABELS = ("name", "title", "full_name", "label", "username")
# "quantity x list price", "qty * price", "units times unit cost": the product of two named columns
_PRODUCT = re.compile(r"\b([a-z_]+)\s*(?:x|\*|×|times)\s*(?:(?:list|unit|the)\s+)?([a-z_]+)\b")


def label_column(table: TableSchema) -> Column | None:
    """The column that names a row (name, title, ...), shown beside the value asked for; else its first text."""
    for wanted in _LABELS:
        if column := table.column(wanted):
            return column
    named = [c for c in table.columns if c.is_text and not c.primary_key and identifier_words(c.name)[-1:] == ["name"]]
    texts = [c for c in table.columns if c.is_text and not c.primary_key and "id" not in identifier_words(c.name)]
    return (named or texts or [None])[0]


def measured_columns(tables: list[TableSchema], home: TableSchema, words: list[str], *, dates: bool
              ) -> list[tuple[TableSchema, Column]]:
    """The numeric (or date) columns the request names, best first; with none named, ``home``'s only one. A table
    with several and none named is ambiguous ("avg pay in marketing" over departments(floor, budget)): nothing,
    and the statement is chosen by meaning instead (nodes/arguments/sql_by_meaning.py)."""
    def fits(column: Column) -> bool:
        if dates:
            return column.is_date
        return column.is_numeric and not column.primary_key and "id" not in identifier_words(column.name)

    scored = [(overlap(c.name, words), t is home, t, c) for t in tables for c in t.columns if fits(c)]
    best = max((s for s, *_ in scored), default=0)
    if best:  # the asked table's own column first, and alone when it has one ("budget" of projects)
        named = [(own, t, c) for s, own, t, c in scored if s == best]
        # "budget planning: the total combined salary in People": of two named columns, the one the aggregate
        # word governs is measured, wherever its table sits
        governed = [(own, t, c) for own, t, c in named if _governed(c, words)]
        named = governed if governed and len(governed) < len(named) else named
        return [(t, c) for own, t, c in named if own] or [(t, c) for _, t, c in named]
    own = [(home, c) for c in home.columns if fits(c)]
    return own if len(own) == 1 else []


_MEASURE_CUES = frozenset({"total", "sum", "combined", "average", "avg", "mean", "highest", "lowest", "most",
                           "least", "max", "min", "maximum", "minimum", "biggest", "largest", "smallest", "top"})
_GOVERNED_REACH = 3  # words after an aggregate word its measure may stand: "the total combined salary"


def _governed(column: Column, words: list[str]) -> bool:
    """A word of ``column``'s name stands within a few words after an aggregate or superlative word."""
    parts = [p for p in identifier_words(column.name) if len(p) > 2]
    return any(same_word(part, following) for i, word in enumerate(words) if word in _MEASURE_CUES
               for following in words[i + 1:i + 1 + _GOVERNED_REACH] for part in parts)


def names_a_number(table: TableSchema, words: list[str]) -> bool:
    return any(c.is_numeric and not c.primary_key and "id" not in identifier_words(c.name) and overlap(c.name, words)
               for c in table.columns)


def abbreviates(word: str, column: Column) -> bool:
    """"qty" for quantity, either way round: the shorter one's letters in order in the longer, first letters
    alike."""
    for part in identifier_words(column.name):
        short, long = sorted((word, part), key=len)
        if same_word(word, part) or (len(short) >= 3 and long.startswith(short[0])
                                     and re.search(".*".join(map(re.escape, short)), long)):
            return True
    return False


def column_product(tables: list[TableSchema], text: str) -> tuple[tuple[TableSchema, Column], ...] | None:
    """The two numeric columns a request multiplies ("revenue (quantity x list price)"), or None."""
    for match in _PRODUCT.finditer(text):
        sides = []
        for word in match.groups():
            found = [(t, c) for t in tables for c in t.columns if c.is_numeric and not c.primary_key
                     and "id" not in identifier_words(c.name) and abbreviates(word, c)]
            if not found:
                break
            sides.append(found[0])
        if len(sides) == 2 and sides[0][1] is not sides[1][1]:
            return tuple(sides)
    return None


def text_column_named(tables: list[TableSchema], words: list[str], text: str) -> tuple[TableSchema, Column] | None:
    """The text column "which <word>" names ("which customer" -> orders.customer), when one table has it."""
    which = re.search(r"\bwhich ([a-z_]+)", text)
    if which is None:
        return None
    found = [(t, c) for t in tables for c in t.columns if c.is_text and not c.primary_key
             and any(same_word(part, which.group(1)) for part in identifier_words(c.name))]
    return found[0] if len(found) == 1 else None
