"""The WHERE conditions a request writes over a described schema: stored values it names, numbers written with a
column's name, a year or month of a date column, "out of" a quantity (nodes/arguments/sql.py puts them in
statements).
"""

from __future__ import annotations

import re

from nodes.arguments.sql_names import identifier_words, overlap, qualified, quoted_literal, same_word
from nodes.arguments.sql_literals import RequestLiteral
from nodes.arguments.sql_schema import Column, TableSchema

# a year or a month a date column falls in: "hired in 2024", "orders placed in october 2026"
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_YEAR = re.compile(r"\b(?:in|during|for|of|since)\s+((?:19|20)\d\d)\b")
_MONTH = re.compile(rf"\b(?:in|during|for|of)\s+({'|'.join(_MONTHS)})(?:\s+((?:19|20)\d\d))?\b")
# one day: "on oct 7 2026", "on october 7th", "7 oct", "2026-10-07" (a month's first three letters name it)
_MONTH_WORD = rf"({'|'.join(_MONTHS)}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?"
_DAY = re.compile(rf"\b{_MONTH_WORD}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+((?:19|20)\d\d)\b)?|"
                  rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_WORD}(?:,?\s+((?:19|20)\d\d)\b)?|"
                  r"\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b")
# "out of stock": the column named after "out of" is zero
# ("zero pieces in stock", "no items in stock": a count word, then the column's word, is tried first)
_OUT_OF = re.compile(r"\b(?:zero|no|0)\s+(?:pieces|items|units|copies|pcs)\s+(?:left\s+)?in\s+([a-z_]+)|"
                     r"\b(?:out of|no more|none left in|zero)\s+([a-z_]+)")
# "of the products we still have in stock", "which ones are in stock": the column named after "in" is above zero
_STILL_IN = re.compile(r"\b(?:still|currently)\s+(?:have\s+)?in\s+([a-z_]+)|\b(?:are|is)\s+(?:still\s+)?in\s+(stock)\b")


def number_conditions(tables: list[TableSchema], text: str) -> list[tuple[TableSchema, str]]:
    """A number written with a numeric column's one-word name is that column's value: "on floor 3", "the 4th
    floor" -> floor = 3. Several-word columns ("budget_usd") and ids take their numbers from comparisons."""
    found = []
    for table in tables:
        for column in table.columns:
            parts = identifier_words(column.name)
            if not column.is_numeric or column.primary_key or len(parts) != 1 or parts[0] == "id":
                continue
            word = re.escape(parts[0])
            match = re.search(rf"\b{word}s?\s+(?:no\.?\s*|number\s+|#\s*)?(\d+)\b|\b(\d+)(?:st|nd|rd|th)?\s+{word}\b", text)
            if match:
                found.append((table, f"{qualified(table, column)} = {match.group(1) or match.group(2)}"))
        if (key := _numeric_key(table)) is not None and (row := _ROW_NUMBER.search(text)) is not None \
                and same_word(row.group(1), identifier_words(table.name)[-1]):
            found.append((table, f"{qualified(table, key)} = {row.group(2)}"))  # "order #74": orders.id = 74
    return found


# a row named by its table's word and a number: "order #74", "order no. 74", "employee number 12"
_ROW_NUMBER = re.compile(r"\b([a-z]+)\s+(?:no\.?\s*|number\s+|#\s*|id\s+)?#?(\d+)\b(?!\s*(?:%|st\b|nd\b|rd\b|th\b))")


def _numeric_key(table: TableSchema) -> Column | None:
    """The table's numeric primary key (or its numeric ``id`` column), by which a request may name one row."""
    return next((c for c in table.columns if c.is_numeric and (c.primary_key or c.name.lower() == "id")), None)


def value_conditions(literals: list[RequestLiteral]) -> list[str]:
    """One condition per column: "= value", or "IN (...)" for several values of one column ("the Engineering
    and Operations departments")."""
    by_column: dict[str, list[RequestLiteral]] = {}
    for literal in literals:
        by_column.setdefault(qualified(literal.table, literal.column), []).append(literal)
    conditions = []
    for column, found in by_column.items():
        for negated in (False, True):
            values = [quoted_literal(l.value) for l in found if l.negated == negated]
            if len(values) == 1:
                conditions.append(f"{column} {'<>' if negated else '='} {values[0]}")
            elif values:
                conditions.append(f"{column} {'NOT IN' if negated else 'IN'} ({', '.join(values)})")
    return conditions


def date_conditions(asked: TableSchema, words: list[str], text: str) -> list[str]:
    """"hired in 2024" over employees(hire_date): the asked table's date column (the one the request names, else
    its only one) in that year, or month ("in october 2026"). ISO text dates compare by their prefix."""
    dates = [c for c in asked.columns if c.is_date]
    named = [c for c in dates if overlap(c.name, words)]
    column = (named or (dates if len(dates) == 1 else [None]))[0]
    if column is None:
        return []
    if day := _day_written(text):
        return [f"{qualified(asked, column)} = '{day}'" if len(day) == 10 else
                f"substr({qualified(asked, column)}, 6, 5) = '{day}'"]
    if month := _MONTH.search(text):
        number = f"{_MONTHS.index(month.group(1)) + 1:02d}"
        prefix = f"{month.group(2)}-{number}" if month.group(2) else None
        return [f"substr({qualified(asked, column)}, 1, 7) = '{prefix}'" if prefix else
                f"substr({qualified(asked, column)}, 6, 2) = '{number}'"]
    if year := _YEAR.search(text):
        return [f"substr({qualified(asked, column)}, 1, 4) = '{year.group(1)}'"]
    return []


def _day_written(text: str) -> str | None:
    """The one day ``text`` writes, as ISO "YYYY-MM-DD", or "MM-DD" without a year; None when it writes none or
    a day that does not exist."""
    match = _DAY.search(text)
    if match is None:
        return None
    if match.group(7):
        year, month, day = match.group(7), int(match.group(8)), int(match.group(9))
    else:
        word, day, year = ((match.group(1), int(match.group(2)), match.group(3)) if match.group(1)
                           else (match.group(5), int(match.group(4)), match.group(6)))
        month = next(i for i, name in enumerate(_MONTHS, 1) if name.startswith(word.rstrip(".")[:3]))
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    return f"{year}-{month:02d}-{day:02d}" if year else f"{month:02d}-{day:02d}"


def zero_conditions(asked: TableSchema, text: str, *, named_row: bool = False) -> list[str]:
    """"out of stock" over products(units_in_stock): the asked table's numeric column named after "out of" is 0;
    "we still have in stock": it is above 0 (not for a row the request names: "how many Bath Mats are in stock"
    reads its number, whatever it is)."""
    found = []
    for pattern, test in ((_OUT_OF, "= 0"), *(() if named_row else ((_STILL_IN, "> 0"),))):
        for match in pattern.finditer(text):
            word = match.group(match.lastindex or 1)
            columns = [c for c in asked.columns if c.is_numeric and not c.primary_key and overlap(c.name, [word])]
            found += [f"{qualified(asked, c)} {test}" for c in columns[:1]]
    return found
