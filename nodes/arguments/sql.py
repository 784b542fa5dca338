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
import sqlite3
from collections import deque
from dataclasses import dataclass, replace
from functools import lru_cache

import sqlglot
from sqlglot import exp

from indexes.bm25 import plural_stem
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
_COUNT = re.compile(r"\bhow many\b|\bnumber of\b|\bcount\b")
_AVERAGE = re.compile(r"\baverage\b|\bmean\b|\bavg\b")
_SUM = re.compile(r"\btotal\b|\bsum\b|\baltogether\b|\bcombined\b")
_LATEST = re.compile(r"\bmost recent(?:ly)?\b|\blatest\b|\bnewest\b|\brecently\b|\blast\b")
_EARLIEST = re.compile(r"\boldest\b|\bearliest\b|\bfirst\b")
_HIGHEST = re.compile(r"\bhighest\b|\bmost\b|\bbiggest\b|\blargest\b|\bmax(?:imum)?\b|\btop\b|\bgreatest\b|\blongest\b")
_LOWEST = re.compile(r"\blowest\b|\bcheapest\b|\bleast\b|\bsmallest\b|\bmin(?:imum)?\b|\bfewest\b|\bshortest\b")
_MOST_OF = re.compile(r"\b(?:most|fewest|least|highest number of|lowest number of)\s+([a-z_]+)")
_TOP_N = re.compile(r"\btop (\d+)\b")
_GROUP = re.compile(r"\b(?:per|by|for each|in each|each)\s+([a-z_]+)")
_COMPARE = re.compile(r"(?P<op>more than|greater than|over|above|at least|exceeding|under|below|less than|"
                      r"fewer than|at most|cheaper than|>=|<=|>|<)\s*[$€£]?\s*"
                      r"(?P<num>\d[\d,]*(?:\.\d+)?)(?P<k>k\b)?")
_OPERATORS = {"more than": ">", "greater than": ">", "over": ">", "above": ">", "exceeding": ">", ">": ">",
              "at least": ">=", ">=": ">=", "under": "<", "below": "<", "less than": "<", "fewer than": "<",
              "cheaper than": "<", "<": "<", "at most": "<=", "<=": "<="}
# a negation just before a stored value: "shipped but aren't delivered", "everyone except Finance"
_NEGATION = re.compile(r"(?:\bnot|n't|\bexcept|\bexcluding|\bother than|\bbesides|\boutside|\bnon-?)\s+"
                       r"(?:(?:yet|been|in|the|from|at|of|based|located|living|working|counting|marked|set|as)\s+)*$",
                       re.IGNORECASE)
# a year or a month a date column falls in: "hired in 2024", "orders placed in october 2026"
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_YEAR = re.compile(r"\b(?:in|during|for|of|since)\s+((?:19|20)\d\d)\b")
_MONTH = re.compile(rf"\b(?:in|during|for|of)\s+({'|'.join(_MONTHS)})(?:\s+((?:19|20)\d\d))?\b")
# "out of stock": the column named after "out of" is zero
_OUT_OF = re.compile(r"\b(?:out of|no more|none left in|zero)\s+([a-z_]+)")
# "what year did Rosa join", "when was the order placed": a date column answers
_WHEN = re.compile(r"\bwhat (?:year|month|day|date)\b|\bwhich (?:year|month|day|date)\b|\bwhen\b|\bsince\b")
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


# ---- words and names -------------------------------------------------------------------------------------------

def _parts(identifier: str) -> list[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", identifier)
    return [p for p in re.split(r"[\W_]+", spaced.lower()) if p]


def _same(a: str, b: str) -> bool:
    """One word, up to plurals and short endings ("hired" / "hire", "salaries" / "salary")."""
    a, b = plural_stem(a), plural_stem(b)
    if a == b:
        return True
    short, long = sorted((a, b), key=len)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 2


def _overlap(identifier: str, words: list[str]) -> int:
    # "in" of units_in_stock is no word a request names a column by
    return sum(1 for part in _parts(identifier) if len(part) > 2 and any(_same(part, w) for w in words))


@lru_cache(maxsize=512)
def _identifier(name: str) -> str:
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


def _qualified(table: TableSchema, column: Column | str) -> str:
    return f"{_identifier(table.name)}.{_identifier(column if isinstance(column, str) else column.name)}"


def _quoted_literal(value: str | float) -> str:
    if isinstance(value, (int, float)):
        return str(int(value)) if value == int(value) else repr(value)
    return "'" + value.replace("'", "''") + "'"


# ---- what the request names -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Literal:
    table: TableSchema
    column: Column
    value: str
    negated: bool = False  # "aren't delivered", "not in Bath", "except Finance"


@dataclass(frozen=True)
class _Intent:
    aggregate: str | None  # COUNT, AVG, SUM
    order: str | None  # DESC, ASC
    by_date: bool
    limit: int
    group_word: str | None
    when: bool = False  # "what year did ...", "when was ...": a date is asked


def _literals(tables: list[TableSchema], text: str) -> list[_Literal]:
    """Sample values the request writes (case-insensitive, whole words), longest first, without overlaps."""
    found: list[tuple[int, int, _Literal]] = []
    for table in tables:
        for name, values in table.samples.items():
            column = table.column(name)
            if column is None:
                continue
            for value in values:
                if not isinstance(value, str) or not value.strip():
                    continue
                # a stored "Bamboo Bath Mat" is written "bamboo bath mats" too
                match = re.search(rf"(?<!\w){re.escape(value.strip())}(?:e?s)?(?!\w)", text, re.IGNORECASE)
                if match:
                    negated = bool(_NEGATION.search(text[max(0, match.start() - 24):match.start()]))
                    found.append((match.start(), match.end(), _Literal(table, column, value, negated)))
    found.sort(key=lambda f: f[0] - f[1])
    kept: list[tuple[int, int, _Literal]] = []
    for start, end, literal in found:
        if not any(s < end and start < e for s, e, _ in kept):
            kept.append((start, end, literal))
    return [literal for _, _, literal in sorted(kept, key=lambda k: k[0])]


def _comparisons(text: str) -> list[tuple[str, float]]:
    found = []
    for match in _COMPARE.finditer(text):
        value = float(match.group("num").replace(",", "")) * (1000 if match.group("k") else 1)
        found.append((_OPERATORS[match.group("op")], value))
    return found


def _intent(text: str) -> _Intent:
    aggregate = "COUNT" if _COUNT.search(text) else "AVG" if _AVERAGE.search(text) else "SUM" if _SUM.search(
        text) else None
    by_date = bool(_LATEST.search(text) or _EARLIEST.search(text)) and aggregate is None
    if by_date:
        order = "DESC" if _LATEST.search(text) else "ASC"
    else:
        order = "DESC" if _HIGHEST.search(text) else "ASC" if _LOWEST.search(text) else None
    top = _TOP_N.search(text)
    group = _GROUP.search(text)
    return _Intent(aggregate, order, by_date, int(top.group(1)) if top else 1, group.group(1) if group else None,
                   bool(_WHEN.search(text)))


def _mentioned(tables: list[TableSchema], words: list[str]) -> list[TableSchema]:
    """Tables whose name the request writes, in the order it writes them."""
    firsts = []
    for table in tables:
        positions = [i for i, w in enumerate(words) if any(_same(part, w) for part in _parts(table.name))]
        if positions:
            firsts.append((positions[0], table))
    return [table for _, table in sorted(firsts, key=lambda f: f[0])]


def _by_columns(tables: list[TableSchema], words: list[str]) -> list[TableSchema]:
    scored = [(max((_overlap(c.name, words) for c in t.columns if not c.primary_key), default=0), t) for t in tables]
    best = max((s for s, _ in scored), default=0)
    return [t for s, t in scored if s == best and best > 0]


# ---- joins ------------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Link:
    table: str
    column: str
    other: str
    other_column: str


def _key(table: TableSchema) -> str:
    return next((c.name for c in table.columns if c.primary_key), "id")


def _links(tables: list[TableSchema]) -> list[_Link]:
    """Declared foreign keys, and ``<table>_id`` columns that name another table ("department_id")."""
    by_name = {t.name.lower(): t for t in tables}
    links = [_Link(t.name, fk.column, by_name[fk.table.lower()].name, fk.target)
             for t in tables for fk in t.foreign_keys if fk.table.lower() in by_name]
    for table in tables:
        for column in table.columns:
            parts = _parts(column.name)
            if len(parts) < 2 or parts[-1] != "id" or any(link.table == table.name and link.column == column.name
                                                           for link in links):
                continue
            noun = "_".join(parts[:-1])
            for other in tables:
                if other is not table and _same(noun, other.name.lower().replace(" ", "_")):
                    links.append(_Link(table.name, column.name, other.name, _key(other)))
    return links


def _join_clause(start: TableSchema, needed: list[TableSchema], tables: list[TableSchema],
                 links: list[_Link]) -> str | None:
    """FROM ``start`` joined to every table of ``needed`` along the shortest link paths; None if one is
    unreachable."""
    by_name = {t.name: t for t in tables}
    edges: dict[str, list[tuple[str, str]]] = {}
    for link in links:
        on = (f"{_qualified(by_name[link.table], link.column)} = "
              f"{_qualified(by_name[link.other], link.other_column)}")
        edges.setdefault(link.table, []).append((link.other, on))
        edges.setdefault(link.other, []).append((link.table, on))
    parents: dict[str, tuple[str, str] | None] = {start.name: None}
    queue = deque([start.name])
    while queue:
        current = queue.popleft()
        for neighbour, on in edges.get(current, []):
            if neighbour not in parents:
                parents[neighbour] = (current, on)
                queue.append(neighbour)
    joined: list[tuple[str, str]] = []
    for table in needed:
        if table.name not in parents:
            return None
        path, name = [], table.name
        while parents[name] is not None:
            previous, on = parents[name]
            path.append((name, on))
            name = previous
        for step in reversed(path):
            if step not in joined:
                joined.append(step)
    clause = f"FROM {_identifier(start.name)}"
    return clause + "".join(f" JOIN {_identifier(name)} ON {on}" for name, on in joined)


# ---- building -----------------------------------------------------------------------------------------------------

def _label(table: TableSchema) -> Column | None:
    for wanted in _LABELS:
        if column := table.column(wanted):
            return column
    named = [c for c in table.columns if c.is_text and not c.primary_key and _parts(c.name)[-1:] == ["name"]]
    texts = [c for c in table.columns if c.is_text and not c.primary_key and "id" not in _parts(c.name)]
    return (named or texts or [None])[0]


def _measures(tables: list[TableSchema], home: TableSchema, words: list[str], *, dates: bool
              ) -> list[tuple[TableSchema, Column]]:
    """The numeric (or date) columns the request names, best first; with none named, ``home``'s own."""
    def fits(column: Column) -> bool:
        if dates:
            return column.is_date
        return column.is_numeric and not column.primary_key and "id" not in _parts(column.name)

    scored = [(_overlap(c.name, words), t is home, t, c) for t in tables for c in t.columns if fits(c)]
    best = max((s for s, *_ in scored), default=0)
    if best:  # the asked table's own column first, and alone when it has one ("budget" of projects)
        named = [(own, t, c) for s, own, t, c in scored if s == best]
        return [(t, c) for own, t, c in named if own] or [(t, c) for _, t, c in named]
    return [(home, c) for c in home.columns if fits(c)]


def _statements(tables: list[TableSchema], request: str) -> list[str]:
    text = " ".join(request.lower().split())
    words = _WORD.findall(text)
    literals = _literals(tables, request)
    intent = _intent(text)
    comparisons = _comparisons(text)
    links = _links(tables)
    mentioned = _mentioned(tables, words)
    most = _MOST_OF.search(text)
    if most and intent.aggregate is None and any(_same(most.group(1), t.name.lower()) for t in mentioned[1:]):
        intent = replace(intent, aggregate="COUNT")  # "which department has the most employees": count them
    asked_tables = mentioned[:1] or _by_columns(tables, words) or [literal.table for literal in literals[:1]]
    if intent.aggregate == "COUNT" and not mentioned and literals and asked_tables[0] is literals[0].table:
        # "how many ppl work in Engineering": Engineering names a department; what is counted is what refers
        # to it (employees.department_id), not the one department row
        referring = [t for t in tables for link in links if link.other == asked_tables[0].name and link.table == t.name]
        asked_tables = referring[:1] + asked_tables
    if most and intent.aggregate is None and (column := _text_column_named(tables, words, text)) is not None:
        # "which customer has placed the most orders": orders grouped by their customer column
        table, label = column
        if any(_same(most.group(1), t.name.lower()) for t in tables if t is table):
            return [f"SELECT {_qualified(table, label)}, COUNT(*) FROM {_identifier(table.name)} GROUP BY "
                    f"{_qualified(table, label)} ORDER BY COUNT(*) {'ASC' if _LOWEST.search(text) else 'DESC'} LIMIT 1"]
    statements: list[str] = []
    for asked in asked_tables:
        group = next((t for t in tables if intent.group_word and _same(intent.group_word, t.name.lower())), None)
        matched = [*_conditions(literals), *_zero_conditions(asked, text), *_date_conditions(asked, words, text)]
        options = [(matched, [l.table for l in literals])]
        if comparisons:  # "earn more than 90,000": each numeric column it may compare, best first
            options = [([*matched, *(f"{_qualified(t, c)} {op} {_quoted_literal(v)}" for op, v in comparisons)],
                        [*(l.table for l in literals), t]) for t, c in _measures(tables, asked, words, dates=False)[:3]]
        for conditions, needed in options:
            statements.extend(_shapes(tables, asked, group, mentioned, intent, words, conditions, needed, links,
                                      literals))
    return statements


def _text_column_named(tables: list[TableSchema], words: list[str], text: str) -> tuple[TableSchema, Column] | None:
    """The text column "which <word>" names ("which customer" -> orders.customer), when one table has it."""
    which = re.search(r"\bwhich ([a-z_]+)", text)
    if which is None:
        return None
    found = [(t, c) for t in tables for c in t.columns if c.is_text and not c.primary_key
             and any(_same(part, which.group(1)) for part in _parts(c.name))]
    return found[0] if len(found) == 1 else None


def _conditions(literals: list[_Literal]) -> list[str]:
    """One condition per column: "= value", or "IN (...)" for several values of one column ("the Engineering
    and Operations departments")."""
    by_column: dict[str, list[_Literal]] = {}
    for literal in literals:
        by_column.setdefault(_qualified(literal.table, literal.column), []).append(literal)
    conditions = []
    for column, found in by_column.items():
        for negated in (False, True):
            values = [_quoted_literal(l.value) for l in found if l.negated == negated]
            if len(values) == 1:
                conditions.append(f"{column} {'<>' if negated else '='} {values[0]}")
            elif values:
                conditions.append(f"{column} {'NOT IN' if negated else 'IN'} ({', '.join(values)})")
    return conditions


def _date_conditions(asked: TableSchema, words: list[str], text: str) -> list[str]:
    """"hired in 2024" over employees(hire_date): the asked table's date column (the one the request names, else
    its only one) in that year, or month ("in october 2026"). ISO text dates compare by their prefix."""
    dates = [c for c in asked.columns if c.is_date]
    named = [c for c in dates if _overlap(c.name, words)]
    column = (named or (dates if len(dates) == 1 else [None]))[0]
    if column is None:
        return []
    if month := _MONTH.search(text):
        number = f"{_MONTHS.index(month.group(1)) + 1:02d}"
        prefix = f"{month.group(2)}-{number}" if month.group(2) else None
        return [f"substr({_qualified(asked, column)}, 1, 7) = '{prefix}'" if prefix else
                f"substr({_qualified(asked, column)}, 6, 2) = '{number}'"]
    if year := _YEAR.search(text):
        return [f"substr({_qualified(asked, column)}, 1, 4) = '{year.group(1)}'"]
    return []


def _zero_conditions(asked: TableSchema, text: str) -> list[str]:
    """"out of stock" over products(units_in_stock): the asked table's numeric column named after "out of" is 0."""
    found = []
    for match in _OUT_OF.finditer(text):
        columns = [c for c in asked.columns if c.is_numeric and not c.primary_key and _overlap(c.name, [match.group(1)])]
        found += [f"{_qualified(asked, c)} = 0" for c in columns[:1]]
    return found


def _shapes(tables: list[TableSchema], asked: TableSchema, group: TableSchema | None, mentioned: list[TableSchema],
            intent: _Intent, words: list[str], conditions: list[str], needed: list[TableSchema], links: list[_Link],
            literals: list[_Literal]) -> list[str]:
    """The statements of one asked table under one set of conditions."""
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    found: list[str] = []

    def add(select: str, start: TableSchema, extra: list[TableSchema], tail: str = "") -> None:
        clause = _join_clause(start, [t for t in [*needed, *extra] if t.name != start.name], tables, links)
        if clause is not None:
            found.append(f"SELECT {select} {clause}{where}{tail}")

    if intent.aggregate == "COUNT":
        # "how many Bamboo Bath Mats are in stock": a row the request names, and a number of it the request
        # names ("units_in_stock"), is read, not counted
        if any(l.table is asked for l in literals):
            label = _label(asked)
            for column in [c for c in asked.columns if c.is_numeric and _overlap(c.name, words)
                           and not c.primary_key and "id" not in _parts(c.name)]:
                shown = f"{_qualified(asked, label)}, " if label is not None else ""
                add(f"{shown}{_qualified(asked, column)}", asked, [])
        counted = next((t for t in mentioned if t is not asked and group is None), None)
        if group is not None or (counted is not None and intent.order):
            grouper = group or asked
            rows = asked if grouper is not asked else counted
            label = _label(grouper)
            if label is not None and rows is not None:
                order = f" ORDER BY COUNT(*) {intent.order} LIMIT {intent.limit}" if intent.order else ""
                add(f"{_qualified(grouper, label)}, COUNT(*)", rows, [grouper],
                    f" GROUP BY {_qualified(grouper, label)}{order}")
        add("COUNT(*)", asked, [])
        return found
    if intent.aggregate in ("AVG", "SUM") or (intent.order and not intent.by_date):
        for table, column in _measures(tables, asked, words, dates=False)[:3]:
            value = f"{intent.aggregate}({_qualified(table, column)})" if intent.aggregate else None
            grouper = group or (asked if table is not asked and value else None)
            if value and grouper is not None and (label := _label(grouper)) is not None:
                order = f" ORDER BY {value} {intent.order} LIMIT {intent.limit}" if intent.order else ""
                add(f"{_qualified(grouper, label)}, {value}", table, [grouper],
                    f" GROUP BY {_qualified(grouper, label)}{order}")
            elif value:
                add(value, table, [asked] if asked is not table else [])
            else:
                label = _label(table)
                shown = f"{_qualified(table, label)}, " if label is not None else ""
                add(f"{shown}{_qualified(table, column)}", table, [],
                    f" ORDER BY {_qualified(table, column)} {intent.order} LIMIT {intent.limit}")
        return found
    if intent.by_date:
        for table, column in _measures(tables, asked, words, dates=True)[:3]:
            label = _label(table)
            shown = f"{_qualified(table, label)}, " if label is not None else ""
            add(f"{shown}{_qualified(table, column)}", table, [],
                f" ORDER BY {_qualified(table, column)} {intent.order} LIMIT {intent.limit}")
        return found
    named = [c for c in asked.columns if _overlap(c.name, words) and not c.primary_key
             and "id" not in _parts(c.name) and not any(l.table is asked and l.column == c for l in literals)]
    if intent.when:
        named += [c for c in asked.columns if c.is_date and c not in named]
    label = _label(asked)
    shown = [c for c in [label, *named] if c is not None]
    names_row = any(l.table is asked for l in literals)
    if names_row and not named:  # "what about Rosa Jimenez": her whole row, not her name back
        add(f"{_identifier(asked.name)}.*", asked, [])
    if shown:
        add(", ".join(dict.fromkeys(_qualified(asked, c) for c in shown)), asked, [])
    if names_row and named:
        add(f"{_identifier(asked.name)}.*", asked, [])
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
