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

import sqlglot
from sqlglot import exp

from nodes.arguments.sql_joins import Link, join_clause, schema_links
from nodes.arguments.sql_names import identifier, identifier_words, overlap, qualified, quoted_literal, same_word
from nodes.arguments.sql_request import (
    LOWEST_WORDS,
    SUM_WORDS,
    RequestIntent,
    RequestLiteral,
    comparisons_written,
    literals_written,
    read_intent,
    tables_by_columns,
    tables_mentioned,
)
from nodes.arguments.sql_schema import (
    Column,
    TableSchema,
    parse_rows,
    parse_table_description,
    parse_table_listing,
)

# The SQL side of argument values in one import: building and checking statements here, reading a server's
# listings in nodes/arguments/sql_schema.py.
__all__ = ["TableSchema", "candidate_queries", "is_select_only", "parse_rows", "parse_table_description",
           "parse_table_listing"]

MAX_CANDIDATES = 8
_WORD = re.compile(r"[a-z0-9]+")
_BY_NUMBER = re.compile(r"\b(?:the )?(?:most popular|most common|biggest|largest|top|leading) (?:[a-z_]+ )?([a-z_]+) "
                        r"by (?:the )?(?:number|count) of ([a-z_]+)")
_MOST_OF = re.compile(r"\b(?:most|fewest|least)\s+([a-z_]+)")
_MOST_NUMBER = re.compile(r"\b(?:highest|largest|greatest|biggest) (?:number|count|amount) of\b")
_FEWEST_NUMBER = re.compile(r"\b(?:lowest|smallest) (?:number|count) of\b")
# a year or a month a date column falls in: "hired in 2024", "orders placed in october 2026"
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_YEAR = re.compile(r"\b(?:in|during|for|of|since)\s+((?:19|20)\d\d)\b")
_MONTH = re.compile(rf"\b(?:in|during|for|of)\s+({'|'.join(_MONTHS)})(?:\s+((?:19|20)\d\d))?\b")
# "out of stock": the column named after "out of" is zero
_OUT_OF = re.compile(r"\b(?:out of|no more|none left in|zero)\s+([a-z_]+)")
_LABELS = ("name", "title", "full_name", "label", "username")
_WRITES = (exp.Insert, exp.Update, exp.Delete, exp.Create, exp.Drop, exp.Alter, exp.Merge, exp.TruncateTable,
           exp.Command, exp.Pragma, exp.Attach, exp.Detach, exp.Copy, exp.Transaction, exp.Commit, exp.Rollback,
           exp.Use, exp.Set, exp.Into, exp.Kill, exp.Anonymous)


def is_select_only(sql: str, known_tables: list[str] | None = None) -> bool:
    """True for exactly one SELECT (or UNION of SELECTs) that writes nothing, attaches nothing, calls no
    function the parser does not know (``load_extension``) and, when ``known_tables`` is given, reads only
    those tables (and its own CTEs)."""
    try:
        statements = [s for s in sqlglot.parse(sql, read="sqlite") if s is not None]
    except sqlglot.errors.SqlglotError:
        return False
    if len(statements) != 1 or not isinstance(statements[0], (exp.Select, exp.SetOperation)):
        return False
    statement = statements[0]
    if any(isinstance(node, _WRITES) for node in statement.walk()):
        return False
    if known_tables is None:
        return True
    own = {cte.alias_or_name.lower() for cte in statement.find_all(exp.CTE)}
    allowed = {t.lower() for t in known_tables} | own
    return all(table.name.lower() in allowed for table in statement.find_all(exp.Table))


# ---- building -----------------------------------------------------------------------------------------------------

def _label(table: TableSchema) -> Column | None:
    for wanted in _LABELS:
        if column := table.column(wanted):
            return column
    named = [c for c in table.columns if c.is_text and not c.primary_key and identifier_words(c.name)[-1:] == ["name"]]
    texts = [c for c in table.columns if c.is_text and not c.primary_key and "id" not in identifier_words(c.name)]
    return (named or texts or [None])[0]


def _measures(tables: list[TableSchema], home: TableSchema, words: list[str], *, dates: bool
              ) -> list[tuple[TableSchema, Column]]:
    """The numeric (or date) columns the request names, best first; with none named, ``home``'s own."""
    def fits(column: Column) -> bool:
        if dates:
            return column.is_date
        return column.is_numeric and not column.primary_key and "id" not in identifier_words(column.name)

    scored = [(overlap(c.name, words), t is home, t, c) for t in tables for c in t.columns if fits(c)]
    best = max((s for s, *_ in scored), default=0)
    if best:  # the asked table's own column first, and alone when it has one ("budget" of projects)
        named = [(own, t, c) for s, own, t, c in scored if s == best]
        return [(t, c) for own, t, c in named if own] or [(t, c) for _, t, c in named]
    return [(home, c) for c in home.columns if fits(c)]


def _statements(tables: list[TableSchema], request: str) -> list[str]:
    text = " ".join(request.lower().split())
    # "the largest number of orders" asks what "the most orders" asks: a ranking of counts, not one count
    text = _MOST_NUMBER.sub("most", _FEWEST_NUMBER.sub("fewest", text))
    # "the most popular category by number of products" asks "which category has the most products"
    text = _BY_NUMBER.sub(r"which \1 has the most \2", text)
    words = _WORD.findall(text)
    literals = literals_written(tables, request)
    intent = read_intent(text)
    comparisons = comparisons_written(text)
    links = schema_links(tables)
    mentioned = tables_mentioned(tables, words)
    most = _MOST_OF.search(text)
    if most and intent.aggregate is None and any(same_word(most.group(1), t.name.lower()) for t in mentioned[1:]):
        intent = replace(intent, aggregate="COUNT")  # "which department has the most employees": count them
    asked_tables = mentioned[:1] or tables_by_columns(tables, words) or [literal.table for literal in literals[:1]]
    if (intent.aggregate == "COUNT" and literals and asked_tables[0] is literals[0].table
            and (not mentioned or _counts_other_than(asked_tables[0], text))
            and not _numbers_named(asked_tables[0], words)):
        # "how many ppl work in Engineering": Engineering names a department; what is counted is what refers
        # to it (employees.department_id), not the one department row ("how many Bath Mats in stock" reads
        # the product's units_in_stock instead)
        referring = [t for t in tables for link in links if link.other == asked_tables[0].name and link.table == t.name]
        asked_tables = referring[:1] + asked_tables
    if intent.aggregate == "COUNT" and (counted := _counted_quantity(tables, text)) is not None:
        # "how many units has X ordered in total": the asked rows' quantities summed, not the rows counted; the
        # word "units" names the asked table's column only when it is in its name
        intent = replace(intent, aggregate="SUM")
        if asked_tables and not any(overlap(c.name, [counted]) for c in asked_tables[0].columns):
            words = [w for w in words if not same_word(w, counted)]
    if most and intent.aggregate is None and (column := _text_column_named(tables, words, text)) is not None:
        # "which customer has placed the most orders": orders grouped by their customer column
        table, label = column
        if any(same_word(most.group(1), t.name.lower()) for t in tables if t is table):
            return [f"SELECT {qualified(table, label)}, COUNT(*) FROM {identifier(table.name)} GROUP BY "
                    f"{qualified(table, label)} ORDER BY COUNT(*) {'ASC' if LOWEST_WORDS.search(text) else 'DESC'} LIMIT 1"]
    if intent.aggregate == "COUNT" and (distinct := _distinct_count(tables, text, literals)) is not None:
        return [distinct]
    statements: list[str] = []
    if (product := _column_product(tables, text)) is not None:
        statements.extend(_product_sums(tables, product, literals, links))
    for asked in asked_tables:
        group = next((t for t in tables if intent.group_word and same_word(intent.group_word, t.name.lower())), None)
        numbered = _number_conditions(tables, text)
        matched = [*_conditions(literals), *_zero_conditions(asked, text), *_date_conditions(asked, words, text),
                   *(condition for _, condition in numbered)]
        options = [(matched, [*(l.table for l in literals), *(t for t, _ in numbered)])]
        if comparisons:  # "earn more than 90,000": each numeric column it may compare, best first
            options = [([*matched, *(f"{qualified(t, c)} {op} {quoted_literal(v)}" for op, v in comparisons)],
                        [*(l.table for l in literals), t]) for t, c in _measures(tables, asked, words, dates=False)[:3]]
        for conditions, needed in options:
            statements.extend(_shapes(tables, asked, group, mentioned, intent, words, conditions, needed, links,
                                      literals))
    return statements


def _number_conditions(tables: list[TableSchema], text: str) -> list[tuple[TableSchema, str]]:
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
    return found


_DISTINCT = re.compile(r"\b(?:different|distinct|unique|separate|individual)\s+([a-z_]+)")


def _distinct_count(tables: list[TableSchema], text: str, literals: list[RequestLiteral]) -> str | None:
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
                conditions = _conditions(literals)
                where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
                return f"SELECT COUNT(DISTINCT {qualified(table, column)}) FROM {identifier(table.name)}{where}"
    return None


_HOW_MANY_OF = re.compile(r"\b(?:how many|number of)\s+([a-z]+)")
# "quantity x list price", "qty * price", "units times unit cost": the product of two named columns
_PRODUCT = re.compile(r"\b([a-z_]+)\s*(?:x|\*|×|times)\s*(?:(?:list|unit|the)\s+)?([a-z_]+)\b")


def _counted_quantity(tables: list[TableSchema], text: str) -> str | None:
    """"how many units ... in total": the word of a number of things that is no table's rows (summed, not
    counted), or None."""
    asked = _HOW_MANY_OF.search(text)
    if asked is None or not SUM_WORDS.search(text):
        return None
    word = asked.group(1)
    return None if any(same_word(word, part) for t in tables for part in identifier_words(t.name)) else word


def _counts_other_than(table: TableSchema, text: str) -> bool:
    """"how many people work in the Operations department": what is counted (people) is not the named table."""
    counted = _HOW_MANY_OF.search(text)
    return counted is not None and not any(same_word(counted.group(1), part) for part in identifier_words(table.name))


def _numbers_named(table: TableSchema, words: list[str]) -> bool:
    return any(c.is_numeric and not c.primary_key and "id" not in identifier_words(c.name) and overlap(c.name, words)
               for c in table.columns)


def _abbreviates(word: str, column: Column) -> bool:
    """"qty" for quantity, either way round: the shorter one's letters in order in the longer, first letters
    alike."""
    for part in identifier_words(column.name):
        short, long = sorted((word, part), key=len)
        if same_word(word, part) or (len(short) >= 3 and long.startswith(short[0])
                                     and re.search(".*".join(map(re.escape, short)), long)):
            return True
    return False


def _column_product(tables: list[TableSchema], text: str) -> tuple[tuple[TableSchema, Column], ...] | None:
    """The two numeric columns a request multiplies ("revenue (quantity x list price)"), or None."""
    for match in _PRODUCT.finditer(text):
        sides = []
        for word in match.groups():
            found = [(t, c) for t in tables for c in t.columns if c.is_numeric and not c.primary_key
                     and "id" not in identifier_words(c.name) and _abbreviates(word, c)]
            if not found:
                break
            sides.append(found[0])
        if len(sides) == 2 and sides[0][1] is not sides[1][1]:
            return tuple(sides)
    return None


def _product_sums(tables: list[TableSchema], product: tuple[tuple[TableSchema, Column], ...],
                  literals: list[RequestLiteral], links: list[Link]) -> list[str]:
    """SUM(a * b) over the rows the request's values pick, joined as the columns and values need."""
    (start, left), (other, right) = product
    clause = join_clause(start, [t for t in [other, *(l.table for l in literals)] if t.name != start.name], tables,
                         links)
    if clause is None:
        return []
    conditions = _conditions(literals)
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    return [f"SELECT SUM({qualified(start, left)} * {qualified(other, right)}) {clause}{where}"]


def _text_column_named(tables: list[TableSchema], words: list[str], text: str) -> tuple[TableSchema, Column] | None:
    """The text column "which <word>" names ("which customer" -> orders.customer), when one table has it."""
    which = re.search(r"\bwhich ([a-z_]+)", text)
    if which is None:
        return None
    found = [(t, c) for t in tables for c in t.columns if c.is_text and not c.primary_key
             and any(same_word(part, which.group(1)) for part in identifier_words(c.name))]
    return found[0] if len(found) == 1 else None


def _conditions(literals: list[RequestLiteral]) -> list[str]:
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


def _date_conditions(asked: TableSchema, words: list[str], text: str) -> list[str]:
    """"hired in 2024" over employees(hire_date): the asked table's date column (the one the request names, else
    its only one) in that year, or month ("in october 2026"). ISO text dates compare by their prefix."""
    dates = [c for c in asked.columns if c.is_date]
    named = [c for c in dates if overlap(c.name, words)]
    column = (named or (dates if len(dates) == 1 else [None]))[0]
    if column is None:
        return []
    if month := _MONTH.search(text):
        number = f"{_MONTHS.index(month.group(1)) + 1:02d}"
        prefix = f"{month.group(2)}-{number}" if month.group(2) else None
        return [f"substr({qualified(asked, column)}, 1, 7) = '{prefix}'" if prefix else
                f"substr({qualified(asked, column)}, 6, 2) = '{number}'"]
    if year := _YEAR.search(text):
        return [f"substr({qualified(asked, column)}, 1, 4) = '{year.group(1)}'"]
    return []


def _zero_conditions(asked: TableSchema, text: str) -> list[str]:
    """"out of stock" over products(units_in_stock): the asked table's numeric column named after "out of" is 0."""
    found = []
    for match in _OUT_OF.finditer(text):
        columns = [c for c in asked.columns if c.is_numeric and not c.primary_key and overlap(c.name, [match.group(1)])]
        found += [f"{qualified(asked, c)} = 0" for c in columns[:1]]
    return found


def _shapes(tables: list[TableSchema], asked: TableSchema, group: TableSchema | None, mentioned: list[TableSchema],
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
            label = _label(asked)
            for column in [c for c in asked.columns if c.is_numeric and overlap(c.name, words)
                           and not c.primary_key and "id" not in identifier_words(c.name)]:
                shown = f"{qualified(asked, label)}, " if label is not None else ""
                add(f"{shown}{qualified(asked, column)}", asked, [])
        counted = next((t for t in mentioned if t is not asked and group is None), None)
        if group is not None or (counted is not None and intent.order):
            grouper = group or asked
            rows = asked if grouper is not asked else counted
            label = _label(grouper)
            if label is not None and rows is not None:
                order = f" ORDER BY COUNT(*) {intent.order} LIMIT {intent.limit}" if intent.order else ""
                add(f"{qualified(grouper, label)}, COUNT(*)", rows, [grouper],
                    f" GROUP BY {qualified(grouper, label)}{order}")
        add("COUNT(*)", asked, [])
        return found
    if intent.aggregate in ("AVG", "SUM") or (intent.order and not intent.by_date):
        for table, column in _measures(tables, asked, words, dates=False)[:3]:
            value = f"{intent.aggregate}({qualified(table, column)})" if intent.aggregate else None
            grouper = group or (asked if table is not asked and value else None)
            if value and grouper is not None and (label := _label(grouper)) is not None:
                order = f" ORDER BY {value} {intent.order} LIMIT {intent.limit}" if intent.order else ""
                add(f"{qualified(grouper, label)}, {value}", table, [grouper],
                    f" GROUP BY {qualified(grouper, label)}{order}")
            elif value:
                add(value, table, [asked] if asked is not table else [])
            else:
                label = _label(table)
                shown = f"{qualified(table, label)}, " if label is not None else ""
                add(f"{shown}{qualified(table, column)}", table, [],
                    f" ORDER BY {qualified(table, column)} {intent.order} LIMIT {intent.limit}")
        return found
    if intent.by_date:
        for table, column in _measures(tables, asked, words, dates=True)[:3]:
            label = _label(table)
            shown = f"{qualified(table, label)}, " if label is not None else ""
            add(f"{shown}{qualified(table, column)}", table, [],
                f" ORDER BY {qualified(table, column)} {intent.order} LIMIT {intent.limit}")
        return found
    named = [c for c in asked.columns if overlap(c.name, words) and not c.primary_key
             and "id" not in identifier_words(c.name) and not any(l.table is asked and l.column == c for l in literals)]
    if intent.when:
        named += [c for c in asked.columns if c.is_date and c not in named]
    label = _label(asked)
    shown = [c for c in [label, *named] if c is not None]
    names_row = any(l.table is asked for l in literals)
    if names_row and not named:  # "what about Rosa Jimenez": her whole row, not her name back
        add(f"{identifier(asked.name)}.*", asked, [])
    if shown:
        add(", ".join(dict.fromkeys(qualified(asked, c) for c in shown)), asked, [])
    if names_row and named:
        add(f"{identifier(asked.name)}.*", asked, [])
    return found


def candidate_queries(request: str, tables: list[TableSchema],
                      samples: dict[tuple[str, str], list[str]] | None = None) -> list[str]:
    """Up to MAX_CANDIDATES SELECT statements answering ``request`` over ``tables``, best first; [] when the
    request names no table, column or stored value of them. ``samples`` adds stored text values by (table,
    column) to those the tables carry."""
    if samples:
        tables = [replace(t, samples={**t.samples, **{column: values for (table, column), values in samples.items()
                                                     if table.lower() == t.name.lower()}}) for t in tables]
    known = [t.name for t in tables]
    statements = [s for s in dict.fromkeys(_statements(tables, request)) if is_select_only(s, known)]
    return statements[:MAX_CANDIDATES]
