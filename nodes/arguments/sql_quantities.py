"""Quantities moved: "which product have customers ordered the most units of" sums the quantity column of the rows
that refer to a product (orders.quantity), grouped by the product, not the product's own number that happens to say
"units" (products.units_in_stock); "how much revenue" (or "qty x price") is the sum of quantity times the price it
refers to.

Why apart from sql.py: it is one shape with its own reading (the referring table's quantity column), and sql.py
already holds the general builder.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.sql_columns import label_column
from nodes.arguments.sql_conditions import value_conditions
from nodes.arguments.sql_joins import Link, join_clause
from nodes.arguments.sql_names import identifier_words, qualified, same_word
from nodes.arguments.sql_literals import RequestLiteral
from nodes.arguments.sql_request import LOWEST_WORDS
from nodes.arguments.sql_schema import Column, TableSchema

# units moved, in English: "the most units", "sold the most", "ordered the fewest pieces"
_UNITS_MOVED = re.compile(r"\b(?:most|fewest|least)\s+(?:units|items|pieces|copies)\b(?!\s+(?:left|remaining|in stock|on hand))|"
                          r"\b(?:best|top|worst)[- ]?sell(?:ing|er)\b|"
                          r"\b(?:sold|ordered|bought|purchased|shipped)\s+(?:the\s+)?(?:most|fewest|least)\b"
                          r"(?!\s+(?:times|often|orders))")  # "ordered the most times" counts orders
_QUANTITY_WORDS = ("quantity", "qty", "units", "count")
_WHICH = re.compile(r"\bwhich\s+([a-z_]+)")


def _quantity_column(table: TableSchema) -> Column | None:
    for column in table.columns:
        parts = identifier_words(column.name)
        if column.is_numeric and not column.primary_key and "id" not in parts and parts[:1] and \
                parts[0] in _QUANTITY_WORDS:
            return column
    return None


def asks_units_moved(text: str) -> bool:
    """"the best-selling product", "sold the most", "the most units": a ranking by units moved."""
    return bool(_UNITS_MOVED.search(text))


def units_ranking(tables: list[TableSchema], links: list[Link], text: str, literals: list[RequestLiteral],
                  limit: int) -> str | None:
    """SELECT <label>, SUM(<quantity>) of the rows referring to the ranked table, best first; None when the
    request asks no ranking by units moved or no referring table has a quantity column."""
    if not asks_units_moved(text):
        return None
    which = _WHICH.search(text)
    for table in tables:
        quantity = _quantity_column(table)
        referred = [t for link in links if link.table == table.name for t in tables if t.name == link.other]
        if quantity is None:
            continue
        # "which customer bought the most units": a text column of the moving rows themselves (orders.customer)
        own = [c for c in table.columns if which and c.is_text and not c.primary_key
               and any(same_word(which.group(1), p) for p in identifier_words(c.name))]
        named = [t for t in referred if which and any(same_word(which.group(1), p) for p in identifier_words(t.name))]
        ranked = [table] if own else (named or (referred if len(referred) == 1 else []))[:1]
        label = own[0] if own else label_column(ranked[0]) if ranked else None
        if label is None:
            continue
        needed = [t for t in [ranked[0], *(lit.table for lit in literals)] if t.name != table.name]
        clause = join_clause(table, needed, tables, links)
        if clause is None:
            continue
        conditions = value_conditions(literals)
        where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        order = "ASC" if LOWEST_WORDS.search(text) else "DESC"
        total = f"SUM({qualified(table, quantity)})"
        return (f"SELECT {qualified(ranked[0], label)}, {total} {clause}{where} GROUP BY "
                f"{qualified(ranked[0], label)} ORDER BY {total} {order} LIMIT {limit}")
    return None



# units that left, in English, after a named thing is counted: "how many Spa Towel Bundles went out in September"
_MOVED_VERB = re.compile(r"\b(?:went|go|gone|going|sent|shipped|delivered|dispatched)\s+out\b|\b(?:sold|sell|ordered|order|"
                         r"bought|buy|purchased|shipped|delivered|dispatched)\b")


def units_moved_total(tables: list[TableSchema], links: list[Link], text: str, literals: list[RequestLiteral],
                      dated: Callable[[TableSchema], list[str]]) -> str | None:
    """SELECT SUM(<quantity>) of the rows referring to a named thing the request counts ("how many Featherlight
    Cotton Throws did customers order"): each order holds many units, so the rows are not counted; None when the
    thing counted is not a named row or nothing moved is asked. ``dated`` gives a table's date conditions."""
    named = next((lit for lit in literals if not lit.negated and lit.column == label_column(lit.table)), None)
    if named is None or not _MOVED_VERB.search(text):
        return None
    *head, last = named.value.lower().split() or [""]
    stem = r"\s+".join([*map(re.escape, head), re.escape(last[:max(3, len(last) - 2)]) + r"\w*"])  # "shelves"
    if not re.search(rf"\bhow many\s+(?:of\s+(?:the|our|those|these)\s+)?{stem}", text):
        return None
    for table in tables:
        quantity = _quantity_column(table)
        if quantity is None or table is named.table or not any(
                link.table == table.name and link.other == named.table.name for link in links):
            continue
        clause = join_clause(table, [lit.table for lit in literals if lit.table.name != table.name], tables, links)
        if clause is None:
            continue
        conditions = [*value_conditions(literals), *dated(table)]
        where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        return f"SELECT SUM({qualified(table, quantity)}) {clause}{where}"
    return None


# money taken, in English: revenue is quantity times price, whatever the schema calls them
_REVENUE = re.compile(r"\b(?:revenue|turnover|takings|gross sales|sales (?:value|total)|money (?:made|taken|brought)|"
                      r"(?:most|least) money)\b")
_PRICE_WORDS = ("price", "cost", "rate", "fee")


def revenue_product(tables: list[TableSchema], links: list[Link], text: str
                    ) -> tuple[tuple[TableSchema, Column], tuple[TableSchema, Column]] | None:
    """(quantity, price) columns whose product is the revenue the request asks for: a quantity column and the
    price column of its own table or of a table it refers to; None when the request asks no revenue."""
    if not _REVENUE.search(text):
        return None
    # a table that refers to others records movements (orders); one referred to holds stock levels
    movers = sorted(tables, key=lambda t: not any(link.table == t.name for link in links))
    for table in movers:
        quantity = _quantity_column(table)
        if quantity is None:
            continue
        reachable = [table, *(t for link in links if link.table == table.name for t in tables if t.name == link.other)]
        for other in reachable:
            price = next((c for c in other.columns if c.is_numeric and not c.primary_key
                          and any(p in identifier_words(c.name) for p in _PRICE_WORDS)), None)
            if price is not None:
                return (table, quantity), (other, price)
    return None


def product_sums(tables: list[TableSchema], product: tuple[tuple[TableSchema, Column], ...],
                 literals: list[RequestLiteral], links: list[Link], dated: list[str]) -> list[str]:
    """SUM(a * b) over the rows the request's values (and ``dated``, its period) pick, joined as the columns and
    values need."""
    (start, left), (other, right) = product
    clause = join_clause(start, [t for t in [other, *(l.table for l in literals)] if t.name != start.name], tables,
                         links)
    if clause is None:
        return []
    conditions = [*value_conditions(literals), *dated]
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    return [f"SELECT SUM({qualified(start, left)} * {qualified(other, right)}) {clause}{where}"]


def product_ranking(tables: list[TableSchema], product: tuple[tuple[TableSchema, Column], ...],
                    group: tuple[TableSchema, Column], literals: list[RequestLiteral], links: list[Link],
                    dated: list[str], lowest: bool) -> list[str]:
    """The group with the largest (or smallest) SUM(a * b): "which customer has brought us the most money" is each
    customer's quantity times price, summed over the rows the request's values pick."""
    (start, left), (other, right) = product
    table, label = group
    needed = [t for t in [other, table, *(l.table for l in literals)] if t.name != start.name]
    clause = join_clause(start, needed, tables, links)
    if clause is None:
        return []
    conditions = [*value_conditions(literals), *dated]
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    total = f"SUM({qualified(start, left)} * {qualified(other, right)})"
    return [f"SELECT {qualified(table, label)}, {total} {clause}{where} GROUP BY {qualified(table, label)} "
            f"ORDER BY {total} {'ASC' if lowest else 'DESC'} LIMIT 1"]
