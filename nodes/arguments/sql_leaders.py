"""Who leads a group the database names: "who runs the People team", "whoever runs Operations", "the head of
Sales's name".

Why: the group is a stored value of one table (departments.name = 'Operations'), and the word builder reads the
request as a question about that row. The person is a row of another table whose stored text (a job title such
as "Operations Director" or "Head of People") holds the group's name beside a word of rank. The statement is
built from the schema's own stored values, never from a list of our groups or titles.
"""

from __future__ import annotations

import re

from nodes.arguments.sql_columns import label_column
from nodes.arguments.sql_literals import RequestLiteral
from nodes.arguments.sql_names import identifier, qualified, quoted_literal
from nodes.arguments.sql_schema import TableSchema

# the request asks who leads something: "who runs", "whoever heads", "the head of", "in charge of"
_ASKS_LEADER = re.compile(r"\b(?:who(?:'s|\s+is)?|whoever|person (?:who|that))\s+(?:currently\s+)?(?:runs|leads|heads|"
                          r"manages|oversees|is in charge of|in charge of|is responsible for|responsible for|"
                          r"(?:the\s+)?(?:head|boss|leader|director|chief) of)\b|\b(?:head|boss|leader|director|chief)"
                          r"\s+of\b", re.IGNORECASE)
# words of rank in a stored title, strongest first; a plain "manager" may manage a part of the group only
_RANK_ORDER = ("head", "chief", "vp", "vice president", "director", "lead")


def _rank(title: str) -> int | None:
    words = title.lower()
    return next((i for i, rank in enumerate(_RANK_ORDER) if re.search(rf"\b{rank}\b", words)), None)


def leader_statement(tables: list[TableSchema], request: str, literals: list[RequestLiteral]) -> str | None:
    """A SELECT of the person whose stored title holds the group the request names beside a word of rank; None
    when the request asks no such thing or no title fits."""
    if not _ASKS_LEADER.search(request) or not literals:
        return None
    group = literals[0]
    for table in tables:
        label = label_column(table)
        for column in table.columns:
            if table is group.table or not column.is_text or label is None or column is label:
                continue
            titles = [v for v in table.samples.get(column.name, []) if isinstance(v, str)
                      and re.search(rf"\b{re.escape(group.value)}\b", v, re.IGNORECASE) and _rank(v) is not None]
            if titles:
                title = min(titles, key=lambda v: _rank(v) or 0)
                return (f"SELECT {qualified(table, label)}, {qualified(table, column)} FROM {identifier(table.name)} "
                        f"WHERE {qualified(table, column)} = {quoted_literal(title)}")
    return None
