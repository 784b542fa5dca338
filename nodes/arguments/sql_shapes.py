"""The statements of one asked table under one set of conditions: a count (or the named number of a named row),
an average, sum or ranking over a measured column, the latest or earliest by date, or the named columns of the
asked rows. nodes/arguments/sql.py decides the asked table, its conditions and joins; this writes the SELECTs.

Why apart: choosing what is asked and writing its statement grow separately; each shape here is one reading of
the request's intent (nodes/arguments/sql_request.py), best first.
"""

from __future__ import annotations

from nodes.arguments.sql_columns import label_column, measured_columns
from nodes.arguments.sql_joins import Link, join_clause
from nodes.arguments.sql_literals import RequestLiteral
from nodes.arguments.sql_names import identifier, identifier_words, overlap, qualified
from nodes.arguments.sql_request import RequestIntent
from nodes.arguments.sql_schema import TableSchema


def statement_shapes(tables: list[TableSchema], asked: TableSchema, group: TableSchema | None, mentioned: list[TableSchema],
            intent: RequestIntent, words: list[str], conditions: list[str], needed: list[TableSchema], links: list[Link],
            literals: list[RequestLiteral]) -> list[str]:
    """The statements of one asked table under one set of conditions."""
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    found: list[str] = []

    def add(select: str, start: TableSchema, extra: list[TableSchema], tail: str = "") -> None:
        clause = join_clause(start, [t for t in [*needed, *extra] if t.name != start.name], tables, links)
        if clause is not None:
            found.append(f"SELECT {select} {clause}{where}{tail}")

    if intent.aggregate == "COUNT":
        # "how many Bamboo Bath Mats are in stock": a row the request names, and a number of it the request
        # names ("units_in_stock"), is read, not counted
        if any(l.table is asked for l in literals):
            label = label_column(asked)
            for column in [c for c in asked.columns if c.is_numeric and overlap(c.name, words)
                           and not c.primary_key and "id" not in identifier_words(c.name)]:
                shown = f"{qualified(asked, label)}, " if label is not None else ""
                add(f"{shown}{qualified(asked, column)}", asked, [])
        counted = next((t for t in mentioned if t is not asked and group is None), None)
        if group is not None or (counted is not None and intent.order):
            grouper = group or asked
            rows = asked if grouper is not asked else counted
            if rows is None:  # "the headcount per department": the rows that refer to each department
                rows = next((t for t in tables for link in links if link.other == grouper.name
                             and link.table == t.name), None)
            label = label_column(grouper)
            if label is not None and rows is not None:
                order = f" ORDER BY COUNT(*) {intent.order} LIMIT {intent.limit}" if intent.order else ""
                add(f"{qualified(grouper, label)}, COUNT(*)", rows, [grouper],
                    f" GROUP BY {qualified(grouper, label)}{order}")
        by_column = next((c for c in asked.columns if group is None and intent.group_word and c.is_text
                          and overlap(c.name, [intent.group_word])), None)
        if by_column is not None:  # "how many products per category": the asked rows grouped by their column
            add(f"{qualified(asked, by_column)}, COUNT(*)", asked, [],
                f" GROUP BY {qualified(asked, by_column)} ORDER BY COUNT(*) DESC")
        add("COUNT(*)", asked, [])
        return found
    if intent.aggregate in ("AVG", "SUM") or (intent.order and not intent.by_date):
        for table, column in measured_columns(tables, asked, words, dates=False)[:3]:
            value = f"{intent.aggregate}({qualified(table, column)})" if intent.aggregate else None
            grouper = group or (asked if table is not asked and value else None)
            if value and grouper is not None and (label := label_column(grouper)) is not None:
                order = f" ORDER BY {value} {intent.order} LIMIT {intent.limit}" if intent.order else ""
                add(f"{qualified(grouper, label)}, {value}", table, [grouper],
                    f" GROUP BY {qualified(grouper, label)}{order}")
            elif value:
                add(value, table, [asked] if asked is not table else [])
            else:
                label = label_column(table)
                shown = f"{qualified(table, label)}, " if label is not None else ""
                add(f"{shown}{qualified(table, column)}", table, [],
                    f" ORDER BY {qualified(table, column)} {intent.order} LIMIT {intent.limit}")
        return found
    if intent.by_date:
        for table, column in measured_columns(tables, asked, words, dates=True)[:3]:
            # "Harvest Table Co.'s last order - what product was it": the other table the request names, joined
            for other in [t for t in mentioned if t is not table and label_column(t) is not None][:1]:
                add(f"{qualified(other, label_column(other))}, {qualified(table, column)}", table, [other],
                    f" ORDER BY {qualified(table, column)} {intent.order} LIMIT {intent.limit}")
            label = label_column(table)
            shown = f"{qualified(table, label)}, " if label is not None else ""
            add(f"{shown}{qualified(table, column)}", table, [],
                f" ORDER BY {qualified(table, column)} {intent.order} LIMIT {intent.limit}")
        return found
    named = [c for c in asked.columns if overlap(c.name, words) and not c.primary_key
             and "id" not in identifier_words(c.name) and not any(l.table is asked and l.column == c for l in literals)]
    if intent.when:
        named += [c for c in asked.columns if c.is_date and c not in named]
    label = label_column(asked)
    shown = [c for c in [label, *named] if c is not None]
    names_row = any(l.table is asked for l in literals)
    if names_row and not named:  # "what about Rosa Jimenez": her whole row, not her name back
        add(f"{identifier(asked.name)}.*", asked, [])
    if shown:
        add(", ".join(dict.fromkeys(qualified(asked, c) for c in shown)), asked, [])
    if names_row and named:
        add(f"{identifier(asked.name)}.*", asked, [])
    return found
