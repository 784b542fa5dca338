"""A database's tables as a SQL server describes them, read into ``TableSchema``s that the SELECT builder
(nodes/arguments/sql.py) works from.

Why parse and not ask the model: the reference sqlite server answers ``list_tables`` with a Python repr
("[{'name': 'departments'}, ...]") and ``describe_table`` with PRAGMA rows ("[{'cid': 0, 'name': 'id', 'type':
'INTEGER', ...}]"); other servers answer in JSON, with CREATE TABLE statements or in plain "name type" lines.
The builder needs exact table and column names, so they are read by code, from whichever form arrives.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from typing import Any

import sqlglot
from sqlglot import exp

_IDENTIFIER = re.compile(r"[A-Za-z_][\w$]*")
_NUMERIC_TYPES = ("INT", "REAL", "FLOA", "DOUB", "NUM", "DEC", "MONEY")
_DATE_TYPES = ("DATE", "TIME")
_DATE_NAME = re.compile(r"(^|_)(date|datetime|time|timestamp|year|at|on|day)($|_)|[a-z](date|Date|At)$")


@dataclass(frozen=True)
class Column:
    """A column: its name, declared type (as written, may be empty) and whether it is the primary key."""

    name: str
    type: str = ""
    primary_key: bool = False

    @property
    def is_numeric(self) -> bool:
        return any(t in self.type.upper() for t in _NUMERIC_TYPES)

    @property
    def is_date(self) -> bool:
        return any(t in self.type.upper() for t in _DATE_TYPES) or (
            not self.is_numeric and bool(_DATE_NAME.search(self.name)))

    @property
    def is_text(self) -> bool:
        return not self.is_numeric and not self.is_date


@dataclass(frozen=True)
class ForeignKey:
    """``column`` of this table holds ``target`` of ``table``."""

    column: str
    table: str
    target: str = "id"


@dataclass
class TableSchema:
    """A table: columns, declared foreign keys, and sample values of its text columns (column -> values),
    from which the builder takes literals the request names."""

    name: str
    columns: list[Column]
    foreign_keys: list[ForeignKey] = field(default_factory=list)
    samples: dict[str, list[str]] = field(default_factory=dict)

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name.lower() == name.lower()), None)


def literal_value(text: str) -> Any:
    """The Python literal or JSON ``text`` holds, or None when it holds neither."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "[{(":
        return None
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    try:
        return ast.literal_eval(stripped)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return None


def parse_rows(output: str | dict[str, Any] | list[Any] | None) -> list[dict[str, Any]]:
    """Result rows of a query as a server returned them: structured content, or text holding a list of dicts
    in JSON or as a Python repr; [] when it holds none."""
    data = literal_value(output) if isinstance(output, str) else output
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), [data])
    return [row for row in data if isinstance(row, dict)] if isinstance(data, list) else []


def parse_table_listing(text: str) -> list[str]:
    """Table names from a listing: rows with a ``name`` (or ``table_name``/``table``) field, a list of names,
    "Tables: a, b", or one name a line (bullets and numbering allowed)."""
    data = literal_value(text)
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), [])
    if isinstance(data, list):
        names = []
        for item in data:
            if isinstance(item, dict):
                item = next((item[k] for k in ("name", "table_name", "table", "tbl_name") if k in item),
                            next(iter(item.values()), None))
            elif isinstance(item, (list, tuple)) and item:
                item = item[0]
            if isinstance(item, str) and _IDENTIFIER.fullmatch(item):
                names.append(item)
        return list(dict.fromkeys(names))
    names = []
    for line in text.splitlines():
        line = re.sub(r"^\s*(?:[-*•]|\d+[.)])\s*", "", line).strip()
        if ":" in line:
            line = line.split(":", 1)[1]
        for part in re.split(r"[,\s]+", line.strip()):
            part = part.strip("`\"'[]")
            if _IDENTIFIER.fullmatch(part):
                names.append(part)
    return list(dict.fromkeys(names))


def _from_create(text: str, table: str) -> TableSchema | None:
    """A schema from a CREATE TABLE statement, with its REFERENCES clauses as foreign keys."""
    try:
        statements = sqlglot.parse(text, read="sqlite")
    except sqlglot.errors.ParseError:
        return None
    for statement in statements:
        if not isinstance(statement, exp.Create) or not isinstance(statement.this, exp.Schema):
            continue
        name = statement.this.this.name if isinstance(statement.this.this, exp.Table) else table
        columns, keys = [], []
        for definition in statement.this.expressions:
            if isinstance(definition, exp.ColumnDef):
                constraints = [c.args.get("kind") for c in definition.args.get("constraints") or []]
                columns.append(Column(definition.name, definition.args["kind"].sql() if definition.args.get("kind")
                                      else "", any(isinstance(c, exp.PrimaryKeyColumnConstraint) for c in constraints)))
                for reference in (c for c in constraints if isinstance(c, exp.Reference)):
                    keys.append(_reference(definition.name, reference))
            elif isinstance(definition, exp.ForeignKey):
                reference = definition.args.get("reference")
                for column in definition.expressions:
                    if reference is not None:
                        keys.append(_reference(column.name, reference))
        if columns and (not table or name.lower() == table.lower()):
            return TableSchema(name=name or table, columns=columns, foreign_keys=keys)
    return None


def _reference(column: str, reference: exp.Reference) -> ForeignKey:
    target = reference.this  # a Schema: the table and its referenced columns
    table = target.this.name if isinstance(target, exp.Schema) else target.name
    targets = [c.name for c in target.expressions] if isinstance(target, exp.Schema) else []
    return ForeignKey(column=column, table=table, target=targets[0] if targets else "id")


def _is_type(word: str) -> bool:
    """A column type SQL knows ("INTEGER", "VARCHAR(80)"), as sqlglot parses types; "no" of "Error: no such
    table" is none."""
    if not re.fullmatch(r"[A-Za-z]+(\(\d+(,\s*\d+)?\))?", word):
        return False
    try:
        exp.DataType.build(word, dialect="sqlite")
    except sqlglot.errors.ParseError:
        return False
    return True


def parse_table_description(table: str, text: str) -> TableSchema | None:
    """``table``'s columns from a description ``text``: PRAGMA table_info rows (repr or JSON; PRAGMA
    foreign_key_list rows add foreign keys), rows with ``column_name``/``data_type``, a CREATE TABLE statement,
    or "name type" lines ("id INTEGER", "name: TEXT", "| name | TEXT |"). None when it describes no column."""
    schema = _described(table, text)
    return schema if schema.columns else None


def _described(table: str, text: str) -> TableSchema:
    data = literal_value(text)
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list)), [data])
    if isinstance(data, list) and all(isinstance(row, dict) for row in data) and data:
        columns, keys = [], []
        for row in data:
            if {"from", "to", "table"} <= set(row):
                keys.append(ForeignKey(column=str(row["from"]), table=str(row["table"]), target=str(row["to"] or "id")))
                continue
            name = row.get("name", row.get("column_name", row.get("column")))
            if isinstance(name, str):
                kind = row.get("type", row.get("data_type", "")) or ""
                columns.append(Column(name, str(kind), bool(row.get("pk") or row.get("primary_key"))))
        return TableSchema(name=table, columns=columns, foreign_keys=keys)
    if re.search(r"\bcreate\s+table\b", text, re.IGNORECASE):
        created = _from_create(text, table)
        if created is not None:
            return created
    columns = []
    for line in text.splitlines():
        cells = [c.strip(" `\"'") for c in re.split(r"[|:\s]+", line.strip()) if c.strip(" `\"'")]
        if len(cells) >= 2 and _IDENTIFIER.fullmatch(cells[0]) and _is_type(cells[1]):
            if cells[0].lower() in ("name", "column", "column_name") and cells[1].lower() in ("type", "data_type"):
                continue  # a header row
            columns.append(Column(cells[0], cells[1], "primary" in line.lower()))
    return TableSchema(name=table, columns=columns)
