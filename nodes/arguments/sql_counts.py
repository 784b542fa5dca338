"""What a count counts, read from the request: distinct values of a named column ("how many different
customers"), a quantity summed rather than rows counted ("how many units in total"), and a count of rows other
than the named table's ("how many people work in the Operations department").

Why apart from sql.py: each is a reading of "how many" against the schema's words, checked before the general
statement shapes (nodes/arguments/sql_shapes.py) are written.
"""

from __future__ import annotations

import re

from nodes.arguments.sql_conditions import value_conditions
from nodes.arguments.sql_literals import RequestLiteral
from nodes.arguments.sql_names import identifier, identifier_words, qualified, same_word
from nodes.arguments.sql_request import SUM_WORDS
from nodes.arguments.sql_schema import TableSchema

_DISTINCT = re.compile(r"\b(?:different|distinct|unique|separate|individual)\s+([a-z_]+)")


def distinct_count(tables: list[TableSchema], text: str, literals: list[RequestLiteral]) -> str | None:
    """"how many different customers have ordered": the distinct values of the text column the word names,
    within the conditions the request writes on that column's table; None when no column is named or a condition
    sits in another table."""
    asked = _DISTINCT.search(text)
    if asked is None:
        return None
    for table in tables:
        for column in table.columns:
            if column.is_text and not column.primary_key and any(
                    same_word(part, asked.group(1)) for part in identifier_words(column.name)):
                if any(lit.table is not table for lit in literals):
                    return None  # "distinct customers who ordered the Harbor Wool Throw": a join, built below
                conditions = value_conditions(literals)
                where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
                return f"SELECT COUNT(DISTINCT {qualified(table, column)}) FROM {identifier(table.name)}{where}"
    return None


_HOW_MANY_OF = re.compile(r"\b(?:how many|number of)\s+([a-z]+)")
_HEADCOUNT = re.compile(r"\bhead[ -]?counts?\b")


def counted_quantity(tables: list[TableSchema], text: str) -> str | None:
    """"how many units ... in total", "how many units of <a named thing>": the word of a number of things that is
    no table's rows (summed, not counted), or None."""
    asked = _HOW_MANY_OF.search(text)
    # "how many units of the Ember Heated Throw are on open orders": units of a named thing are summed too
    if asked is None or not (SUM_WORDS.search(text) or text[asked.end():].startswith(" of ")):
        return None
    word = asked.group(1)
    return None if any(same_word(word, part) for t in tables for part in identifier_words(t.name)) else word


def counts_other_than(table: TableSchema, text: str) -> bool:
    """"how many people work in the Operations department": what is counted (people) is not the named table; a
    "headcount" of a group counts the people in it, never the group's own row."""
    if _HEADCOUNT.search(text):
        return True
    counted = _HOW_MANY_OF.search(text)
    return counted is not None and not any(same_word(counted.group(1), part) for part in identifier_words(table.name))
