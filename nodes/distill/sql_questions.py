"""Questions over a SQL server's described schema, each with the SELECT that answers it (the truth a teacher's
call is verified against by running both with the server's own read-only query tool).

Built from the tables, columns and stored text values the server's list and describe tools return
(nodes/arguments/schema_reading.py): counts, a count under a stored value, an average, a highest and a total
of a numeric column, and a row's value looked up by a stored name. Training and held-out questions are phrased
by different shapes (``SHAPES``), so a held-out question shares no phrasing with a training one.
"""

from __future__ import annotations

import re
from typing import Any

from nodes.distill.mention import CatalogFacts, Mention

# kind -> (train phrasings, held-out phrasings)
SHAPES: dict[str, tuple[list[str], list[str]]] = {
    "count": (["how many {table} are there", "number of {table}", "count the {table}"],
              ["what's the total number of {table}"]),
    "count_where": (["how many {table} have {column} {value}", "number of {table} with {column} {value}"],
                    ["count of {table} whose {column} is {value}"]),
    "average": (["what is the average {column} of the {table}", "mean {column} across {table}"],
                ["typical {column} for {table} on average"]),
    "highest": (["what is the highest {column} among the {table}", "max {column} of any of the {table}"],
                ["largest {column} found in {table}"]),
    "total": (["what is the total {column} of all {table}", "sum of {column} over the {table}"],
              ["all {table} together, {column} summed"]),
    "lookup": (["what is the {column} of {value}", "{value}: {column}?"], ["tell me {value}'s {column}"]),
}


def words_of(name: str) -> str:
    """A schema name as words: "unit_price" -> "unit price"."""
    return " ".join(re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").split()).lower()


def _quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _questions(kind: str, fill: dict[str, str], sql: str, query_tool: str, argument: str) -> list[Mention]:
    train, heldout = SHAPES[kind]
    return [Mention(shape.format(**fill), (), (query_tool, {argument: sql}), question=True, bank=bank)
            for bank, shapes in (("train", train), ("heldout", heldout)) for shape in shapes]


def sql_mentions(facts: CatalogFacts, argument: str = "query") -> list[Mention]:
    """Every question of every shape the schema allows, with its truth."""
    found: list[Mention] = []
    tool = facts.query_tool
    if not tool:
        return found
    for table in facts.tables:
        name, table_words = table.name, words_of(table.name)
        found += _questions("count", {"table": table_words}, f"SELECT COUNT(*) FROM {name}", tool, argument)
        numeric = [c for c in table.columns if c.is_numeric and not c.primary_key and not c.name.lower().endswith("id")]
        texts: dict[str, list[Any]] = {col: vals for col, vals in (table.samples or {}).items() if vals}
        for column in numeric:
            fill = {"table": table_words, "column": words_of(column.name)}
            for kind, function in (("average", "AVG"), ("highest", "MAX"), ("total", "SUM")):
                found += _questions(kind, fill, f"SELECT {function}({column.name}) FROM {name}", tool, argument)
        for column, values in texts.items():
            for value in [v for v in values if isinstance(v, str)][:6]:
                fill = {"table": table_words, "column": words_of(column), "value": value}
                found += _questions("count_where", fill,
                                    f"SELECT COUNT(*) FROM {name} WHERE {column} = {_quote(value)}", tool, argument)
                for number in numeric[:3]:
                    found += _questions("lookup", {"column": words_of(number.name), "value": value},
                                        f"SELECT {number.name} FROM {name} WHERE {column} = {_quote(value)}",
                                        tool, argument)
    return found
