"""Names in SQL built from a request: the words of an identifier ("units_in_stock", "hireDate"), whether a
request's word is one of them, and identifiers and literals written as SQLite reads them.

Why apart: the statement builder (nodes/arguments/sql.py) and its join paths (nodes/arguments/sql_joins.py)
both name tables and columns the same way.
"""

from __future__ import annotations

import re
import sqlite3
from functools import lru_cache

from indexes.bm25 import plural_stem
from nodes.arguments.sql_schema import Column, TableSchema


def identifier_words(identifier: str) -> list[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", identifier)
    return [p for p in re.split(r"[\W_]+", spaced.lower()) if p]


def same_word(a: str, b: str) -> bool:
    """One word, up to plurals and short endings ("hired" / "hire", "salaries" / "salary")."""
    a, b = plural_stem(a), plural_stem(b)
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 2


def overlap(identifier: str, words: list[str]) -> int:
    # "in" of units_in_stock is no word a request names a column by
    return sum(1 for part in identifier_words(identifier) if len(part) > 2 and any(same_word(part, w) for w in words))


@lru_cache(maxsize=512)
def identifier(name: str) -> str:
    """``name`` as SQLite reads it: bare when SQLite takes it bare, else double-quoted ("order", "first name")."""
    if re.fullmatch(r"[A-Za-z_]\w*", name):
        probe = sqlite3.connect(":memory:")
        try:
            probe.execute(f'CREATE TABLE probe ("{name}")')
            probe.execute(f"SELECT {name} FROM probe")
            return name
        except sqlite3.OperationalError:
            pass  # a keyword: quoted below
        finally:
            probe.close()
    return '"' + name.replace('"', '""') + '"'


def qualified(table: TableSchema, column: Column | str) -> str:
    return f"{identifier(table.name)}.{identifier(column if isinstance(column, str) else column.name)}"


def quoted_literal(value: str | float) -> str:
    if isinstance(value, (int, float)):
        return str(int(value)) if value == int(value) else repr(value)
    return "'" + value.replace("'", "''") + "'"
