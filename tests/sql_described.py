"""A SQLite database described the way discovery reads a SQL server: list_tables, describe_table, then the stored
text values; shared by the SQL builder's unit tests."""

import sqlite3

from nodes.arguments.sql import TableSchema, parse_rows, parse_table_description, parse_table_listing


def printed_rows(db: sqlite3.Connection, sql: str) -> str:
    """A result as the reference sqlite server prints it: str() of a list of dicts."""
    cursor = db.execute(sql)
    return str([dict(zip([d[0] for d in cursor.description], row)) for row in cursor.fetchall()])


def described_tables(db: sqlite3.Connection) -> list[TableSchema]:
    described = []
    for name in parse_table_listing(printed_rows(db, "SELECT name FROM sqlite_master WHERE type='table'")):
        schema = parse_table_description(name, printed_rows(db, f"PRAGMA table_info({name})"))
        for column in schema.columns:
            if column.is_text:
                rows = parse_rows(printed_rows(db, f"SELECT DISTINCT {column.name} FROM {name}"))
                schema.samples[column.name] = [row[column.name] for row in rows]
        described.append(schema)
    return described


def opened(schema: str) -> sqlite3.Connection:
    """An in-memory database made from ``schema``'s statements."""
    db = sqlite3.connect(":memory:")
    db.executescript(schema)
    return db


def first_row(db: sqlite3.Connection, tables: list[TableSchema], request: str) -> tuple:
    """The first row of the builder's best statement for ``request`` (which must build one)."""
    from nodes.arguments.sql import candidate_queries

    found = candidate_queries(request, tables)
    assert found, request
    return db.execute(found[0]).fetchone()


def database_fixtures(schema: str, prefix: str = ""):
    """Module-scoped fixtures over ``schema``, named ``<prefix>database`` and ``<prefix>tables``:
    ``database, tables = database_fixtures(SCHEMA)``."""
    import pytest

    @pytest.fixture(scope="module", name=f"{prefix}database")
    def database():
        db = opened(schema)
        yield db
        db.close()

    @pytest.fixture(scope="module", name=f"{prefix}tables")
    def tables(request):
        return described_tables(request.getfixturevalue(f"{prefix}database"))

    return database, tables
