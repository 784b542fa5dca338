"""SELECT statements a request asks for, built by code over a described schema, as a closed set best first:
"How many employees work in Engineering?" over employees(department_id) and departments(name) gives
SELECT COUNT(*) FROM employees JOIN departments ON employees.department_id = departments.id
WHERE departments.name = 'Engineering'.

Why: a SQL server's ``query`` is no span of the request, and a 135M model writes no working SQL (ARCHITECTURE.md
decision 11). The builder's grammar is closed: tables and columns of the schema (nodes/arguments/sql_schema.py),
literals only where a request span equals a stored sample value (written in the stored spelling: "engineering"
-> 'Engineering') or a number the request compares with ("more than 90,000"), and a few shapes:
- COUNT(*) for "how many" / "number of", AVG for "average" / "mean", SUM for "total" / "sum";
- ORDER BY ... DESC LIMIT 1 for "highest", "most expensive", "biggest", "top" (LIMIT n for "top n"), ASC for
  "lowest", "cheapest", "least"; on a date column for "most recent", "latest", "newest" / "oldest", "earliest",
  returning the row's name column with the value;
- the name-like column for "list", "which", "who" (or the columns the request names: "Alice's salary");
- GROUP BY for "per / by / each <table>" and for "which <table> has the highest average <column>".
Tables and columns are chosen by word overlap with their names (underscores and camelCase split, plurals and
"-ed" forms matched by simple stemming only), and joined along declared foreign keys or ``<table>_id`` columns
when a literal or the measured column sits in another table than the one asked about.
Every statement passes ``is_select_only`` before it is offered.
"""

from __future__ import annotations

import re
from dataclasses import replace

from indexes.abbreviations import COUNT_SIGN
from nodes.arguments.sql_columns import column_product, measured_columns, names_a_number, text_column_named
from nodes.arguments.sql_conditions import date_conditions, number_conditions, value_conditions, zero_conditions
from nodes.arguments.sql_counts import counted_quantity, counts_other_than, distinct_count
from nodes.arguments.sql_joins import join_clause, schema_links
from nodes.arguments.sql_leaders import leader_statement
from nodes.arguments.sql_not_yet import with_waiting_state
from nodes.arguments.sql_names import identifier, overlap, qualified, quoted_literal, same_word
from nodes.arguments.sql_literals import RequestLiteral, literals_written, names_unheld, stored_values_written
from nodes.arguments.sql_request import (
    LOWEST_WORDS,
    TENURE,
    comparisons_written,
    implied_measures,
    read_intent,
    tables_by_columns,
    tables_mentioned,
)
from nodes.arguments.sql_quantities import (asks_units_moved, units_moved_total, product_ranking, product_sums, revenue_product,
                                            units_ranking)
from nodes.arguments.sql_safety import is_select_only
from nodes.arguments.sql_story import without_guesses, without_story_values
from nodes.arguments.sql_shapes import statement_shapes
from nodes.arguments.sql_schema import (
    TableSchema,
    parse_rows,
    parse_table_description,
    parse_table_listing,
)

# The SQL side of argument values in one import: building and checking statements here, reading a server's
# listings in nodes/arguments/sql_schema.py.
__all__ = ["TableSchema", "candidate_queries", "is_select_only", "parse_rows", "parse_table_description",
           "parse_table_listing", "with_samples"]

MAX_CANDIDATES = 8
_WORD = re.compile(r"[a-z0-9]+")
_BY_NUMBER = re.compile(r"\b(?:the )?(?:most popular|most common|biggest|largest|top|leading) (?:[a-z_]+ )?([a-z_]+) "
                        r"by (?:the )?(?:number|count) of ([a-z_]+)")
_SOLD_OUT = re.compile(r"\bsold out\b")
# what is kept, in a shop's words: "have we got on the shelves", "do we have left", "in the warehouse"
_ON_HAND = re.compile(r"\b(?:on (?:the|our) shel(?:f|ves)|in the (?:warehouse|storeroom|stockroom)|in inventory|on hand|"
                      r"(?:do|did) we (?:still )?have (?:left|remaining)|have we (?:still )?got left|(?:are|is) left)\b")
_BY_COUNT_OF = re.compile(r"\(?\s*\bby (?:the )?(?:number|count) of [a-z_]+\s*\)?")
_MOST_OF = re.compile(r"\b(?:most|fewest|least)\s+([a-z_]+)")
_MOST_NUMBER = re.compile(r"\b(?:highest|largest|greatest|biggest) (?:number|count|amount) of\b")
_FEWEST_NUMBER = re.compile(r"\b(?:lowest|smallest) (?:number|count) of\b")


def _statements(tables: list[TableSchema], request: str,
                written: list[tuple[int, int, RequestLiteral]] | None = None) -> list[str]:
    text = " ".join(COUNT_SIGN.sub("number of ", request.lower()).split())  # "# orders bluewater": a count
    # "the largest number of orders" asks what "the most orders" asks: a ranking of counts, not one count
    text = _MOST_NUMBER.sub("most", _FEWEST_NUMBER.sub("fewest", text))
    # "the most popular category by number of products" asks "which category has the most products"
    text = _BY_NUMBER.sub(r"which \1 has the most \2", text)
    text = _SOLD_OUT.sub("out of stock", text)  # "which one is sold out": the stock column is zero
    # "how many Bath Mats are on the shelves": the stock column is read, whichever word the schema uses
    text = _ON_HAND.sub(lambda m: f"{m.group()} in stock on hand", text)
    text = TENURE.sub("earliest", text)  # "who has been in Operations the longest": the earliest date
    if _MOST_OF.search(text) or asks_units_moved(text):
        # "the most orders (by number of orders)", "best-selling by number of units": says again what "most" says
        text = _BY_COUNT_OF.sub(" ", text)
    words = _WORD.findall(text)
    words += [w for w in implied_measures(text) if w not in words]
    literals = literals_written(tables, request, written)
    intent = read_intent(text)
    comparisons = comparisons_written(text)
    links = schema_links(tables)
    mentioned = tables_mentioned(tables, words)
    most = _MOST_OF.search(text)
    if most and intent.aggregate is None and any(same_word(most.group(1), t.name.lower()) for t in mentioned[1:]):
        intent = replace(intent, aggregate="COUNT")  # "which department has the most employees": count them
    asked_tables = mentioned[:1] or tables_by_columns(tables, words) or [literal.table for literal in literals[:1]]
    if len(asked_tables) > 1 and literals:
        # "cheapest thing in the Bath category? name + price": of the tables a column word ties ("name"), the one
        # holding the stored value the request writes first
        holding = {lit.table.name for lit in literals}
        asked_tables = sorted(asked_tables, key=lambda t: t.name not in holding)
    if asked_tables:
        # a stored value no join reaches from the asked table is a word of the chat, not a condition: "the October
        # sales recap" over orders is no department named Sales
        literals = [lit for lit in literals if lit.table.name == asked_tables[0].name
                    or join_clause(asked_tables[0], [lit.table], tables, links) is not None]
    literals, guessed = without_guesses(literals, asked_tables[0] if asked_tables else None, intent)
    if (intent.aggregate == "COUNT" and literals and asked_tables[0] is literals[0].table
            and (not mentioned or counts_other_than(asked_tables[0], text))
            and not names_a_number(asked_tables[0], words)):
        # "how many ppl work in Engineering": Engineering names a department; what is counted is what refers
        # to it (employees.department_id), not the one department row ("how many Bath Mats in stock" reads
        # the product's units_in_stock instead)
        referring = [t for t in tables for link in links if link.other == asked_tables[0].name and link.table == t.name]
        asked_tables = referring[:1] + asked_tables
    if intent.by_date and asked_tables and not any(c.is_date for c in asked_tables[0].columns):
        # "who has been in Operations the longest": Operations names a department, which holds no date; the rows
        # that refer to it (employees.hire_date) are ordered
        referring = [t for t in tables for link in links if link.other == asked_tables[0].name
                     and link.table == t.name and any(c.is_date for c in t.columns)]
        asked_tables = referring[:1] + asked_tables
    if intent.aggregate == "COUNT" and (moved := units_moved_total(
            tables, links, text, literals, lambda table: date_conditions(table, words, text))) is not None:
        return [moved]  # "how many Spa Towel Bundles went out in September": the units on its orders, summed
    if intent.aggregate == "COUNT" and (counted := counted_quantity(tables, text)) is not None:
        # "how many units has X ordered in total": the asked rows' quantities summed, not the rows counted; the
        # word "units" names the asked table's column only when it is in its name
        intent = replace(intent, aggregate="SUM")
        if asked_tables and not any(overlap(c.name, [counted]) for c in asked_tables[0].columns):
            words = [w for w in words if not same_word(w, counted)]
    if most and intent.aggregate is None and (column := text_column_named(tables, words, text)) is not None:
        # "which customer has placed the most orders": orders grouped by their customer column
        table, label = column
        if any(same_word(most.group(1), t.name.lower()) for t in tables if t is table):
            return [f"SELECT {qualified(table, label)}, COUNT(*) FROM {identifier(table.name)} GROUP BY "
                    f"{qualified(table, label)} ORDER BY COUNT(*) {'ASC' if LOWEST_WORDS.search(text) else 'DESC'} LIMIT 1"]
    if intent.aggregate is None and (ranking := units_ranking(tables, links, text, literals, intent.limit)):
        return [ranking]
    if intent.aggregate == "COUNT" and (distinct := distinct_count(tables, text, literals)) is not None:
        return [distinct]
    statements: list[str] = []
    if (product := column_product(tables, text) or revenue_product(tables, links, text)) is not None:
        dated = date_conditions(product[0][0], words, text)
        if most and (group := text_column_named(tables, words, text)) is not None:  # "which customer ... most money"
            statements.extend(product_ranking(tables, product, group, literals, links, dated,
                                              bool(LOWEST_WORDS.search(text))))
        statements.extend(product_sums(tables, product, literals, links, dated))
    for asked in asked_tables:
        group = next((t for t in tables if intent.group_word and same_word(intent.group_word, t.name.lower())), None)
        numbered = number_conditions(tables, text)
        named_here = any(lit.table is asked for lit in literals)
        matched = [*value_conditions(literals), *zero_conditions(asked, text, named_row=named_here),
                   *([] if guessed else _dated(asked, literals, words, text)),
                   *(condition for _, condition in numbered)]
        options = [(matched, [*(l.table for l in literals), *(t for t, _ in numbered)])]
        if comparisons:  # "earn more than 90,000": each numeric column it may compare, best first
            options = [([*matched, *(f"{qualified(t, c)} {op} {quoted_literal(v)}" for op, v in comparisons)],
                        [*(l.table for l in literals), t]) for t, c in measured_columns(tables, asked, words, dates=False)[:3]]
        for conditions, needed in options:
            statements.extend(statement_shapes(tables, asked, group, mentioned, intent, words, conditions, needed, links,
                                      literals))
    return statements


def _dated(asked: TableSchema, literals: list[RequestLiteral], words: list[str], text: str) -> list[str]:
    """The day, month or year the request writes, on the asked table's date column, else on the date column of a
    table holding one of its stored values (joined anyway): "which product did Oakridge Boutique order on Oct 7"
    asks products, and the day is the order's."""
    own = date_conditions(asked, words, text)
    if own:
        return own
    for literal in literals:
        if literal.table is not asked and (joined := date_conditions(literal.table, words, text)):
            return joined
    return []


def candidate_queries(request: str, tables: list[TableSchema],
                      samples: dict[tuple[str, str], list[str]] | None = None) -> list[str]:
    """Up to MAX_CANDIDATES SELECT statements answering ``request`` over ``tables``, best first; [] when the
    request names no table, column or stored value of them. ``samples`` adds stored text values by (table,
    column) to those the tables carry."""
    tables = with_samples(tables, samples)
    request = with_waiting_state(tables, request)  # "still waiting to go out": the stored 'pending'
    written = stored_values_written(tables, request)  # once: both readings below take it
    request, written = without_story_values(request, written)
    if names_unheld(tables, request, written):
        return []
    known = [t.name for t in tables]
    leader = leader_statement(tables, request, literals_written(tables, request, written))
    statements = [s for s in dict.fromkeys([*([leader] if leader else []), *_statements(tables, request, written)])
                  if is_select_only(s, known)]
    return statements[:MAX_CANDIDATES]


def with_samples(tables: list[TableSchema], samples: dict[tuple[str, str], list[str]] | None) -> list[TableSchema]:
    """``tables`` carrying the stored text values of ``samples`` (by table and column) beside their own."""
    if not samples:
        return tables
    return [replace(t, samples={**t.samples, **{column: values for (table, column), values in samples.items()
                                               if table.lower() == t.name.lower()}}) for t in tables]
