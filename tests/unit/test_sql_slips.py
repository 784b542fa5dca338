"""A stored name typed with a slip is read as that name, on a real (in-memory) SQLite database
(nodes/arguments/sql_slips.py); the lower-case word of a count is no stored name (nodes/arguments/sql_literals.py)."""

import pytest

from nodes.arguments.sql import candidate_queries
from tests.sql_described import described_tables, opened

SCHEMA = """
CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
INSERT INTO teams VALUES (1, 'Support'), (2, 'Design');
CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, team_id INTEGER REFERENCES teams(id),
    office TEXT NOT NULL, started TEXT NOT NULL);
INSERT INTO staff VALUES (1, 'Marguerite Delacroix', 1, 'Leeds', '2019-04-01'), (2, 'Oskar Brandt', 2, 'Leeds', '2021-06-14'),
    (3, 'Wen Zhao', 2, 'Cork', '2023-01-09');
CREATE TABLE deliveries (id INTEGER PRIMARY KEY, client TEXT NOT NULL, crates INTEGER NOT NULL);
INSERT INTO deliveries VALUES (1, 'Harbourside Bakery', 4), (2, 'Harbourside Bakery', 6), (3, 'Greenleaf Grocers', 2);
"""


@pytest.fixture(scope="module")
def database():
    db = opened(SCHEMA)
    yield db
    db.close()


@pytest.mark.parametrize(("request_text", "expected"), [
    ("when did marguerite delacriox start", "2019-04-01"),  # two letters swapped
    ("how many deliveries did harbourside bakry get", 2),  # a letter dropped
])
def test_a_stored_name_typed_with_a_slip_is_the_condition(database, request_text, expected):
    found = candidate_queries(request_text, described_tables(database))
    assert found, request_text
    assert database.execute(found[0]).fetchone()[-1] == expected


def test_no_slip_is_read_where_no_stored_name_is_close(database):
    found = candidate_queries("how many deliveries did harbour side cafe get", described_tables(database))
    assert all("Harbourside" not in statement for statement in found)


def test_the_lower_case_word_counted_is_no_stored_name(database):
    """"how many of our people work out of Leeds": a team is called People, but counted here are staff."""
    db = opened(SCHEMA.replace("'Support'", "'People'"))
    found = candidate_queries("how many of our people work out of Leeds?", described_tables(db))
    assert found and db.execute(found[0]).fetchone()[-1] == 2
    db.close()
