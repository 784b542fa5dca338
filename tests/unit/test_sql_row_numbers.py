"""A row named by its table's word and a number ("visit #3", "booking no. 2") is a condition on the table's numeric
key; a number beside another word is not; and a total written in other words ("added together") sums. Run on a
real (in-memory) SQLite database."""

import pytest

from nodes.arguments.sql import candidate_queries
from tests.sql_described import described_tables, opened

SCHEMA = """
CREATE TABLE visits (id INTEGER PRIMARY KEY, patient TEXT NOT NULL, visit_date TEXT NOT NULL, fee REAL);
INSERT INTO visits VALUES (1, 'Lena Vogt', '2025-03-03', 80), (2, 'Omar Haddad', '2025-03-03', 95),
    (3, 'Lena Vogt', '2025-07-19', 60), (4, 'Ruth Abara', '2026-03-03', 70);
"""


@pytest.fixture(scope="module")
def database():
    db = opened(SCHEMA)
    yield db
    db.close()


@pytest.mark.parametrize("request_text, patient", [
    ("who was visit #3 for?", "Lena Vogt"),
    ("whose is visit no. 2", "Omar Haddad"),
    ("visit number 4 - which patient", "Ruth Abara"),
])
def test_a_numbered_row_is_its_key(database, request_text, patient):
    found = candidate_queries(request_text, described_tables(database))
    assert found and "visits.id = " in found[0], found[:2]
    assert patient in database.execute(found[0]).fetchone()


def test_a_number_beside_another_word_names_no_row(database):
    found = candidate_queries("which patients paid a fee over 3 euros", described_tables(database))
    assert found and not any("visits.id" in query for query in found[:3]), found[:3]


def test_fees_added_together_are_summed(database):
    found = candidate_queries("Lena Vogt's visit fees added together?", described_tables(database))
    assert found and "SUM(" in found[0], found[:2]
    assert database.execute(found[0]).fetchone()[-1] == 140
