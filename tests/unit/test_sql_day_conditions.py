"""A day the request writes ("on Oct 7 2026", "March 3rd", "2026-10-07") is a condition on the asked table's date
column, run on a real (in-memory) SQLite database."""

import pytest

from nodes.arguments.sql import candidate_queries
from tests.sql_described import described_tables, opened

SCHEMA = """
CREATE TABLE visits (id INTEGER PRIMARY KEY, patient TEXT NOT NULL, visit_date TEXT NOT NULL, fee REAL);
INSERT INTO visits VALUES (1, 'Lena Vogt', '2025-03-03', 80), (2, 'Omar Haddad', '2025-03-03', 95),
    (3, 'Lena Vogt', '2025-07-19', 60), (4, 'Ruth Abara', '2026-03-03', 70);
CREATE TABLE treatments (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, minutes INTEGER NOT NULL);
INSERT INTO treatments VALUES (1, 'Deep cleaning', 45), (2, 'Root canal', 90), (3, 'Check-up', 20);
CREATE TABLE bookings (id INTEGER PRIMARY KEY, treatment_id INTEGER NOT NULL REFERENCES treatments(id),
    client TEXT NOT NULL, booked_on TEXT NOT NULL);
INSERT INTO bookings VALUES (1, 1, 'Mateo Ruiz', '2025-05-02'), (2, 2, 'Mateo Ruiz', '2025-06-11'),
    (3, 3, 'Anika Bose', '2025-06-11');
"""


@pytest.fixture(scope="module")
def database():
    db = opened(SCHEMA)
    yield db
    db.close()


@pytest.mark.parametrize("request_text, expected", [
    ("how many visits were there on March 3rd 2025?", 2),
    ("number of visits on 3 mar 2025", 2),
    ("how many visits on 2025-07-19", 1),
    ("how many visits on march 3", 3),  # no year: that day in any year
])
def test_a_written_day_is_a_condition_on_the_date_column(database, request_text, expected):
    found = candidate_queries(request_text, described_tables(database))
    assert found, request_text
    assert database.execute(found[0]).fetchone()[-1] == expected


def test_a_month_word_inside_another_word_is_no_day(database):
    found = candidate_queries("how many visits did Lena Vogt have, marked 3 times?", described_tables(database))
    assert all("visit_date" not in statement.split("WHERE")[-1] for statement in found)


def test_a_day_of_the_joined_rows_narrows_the_asked_table(database):
    """"which treatment did Mateo Ruiz book on June 11": the treatments table has no date; the day is the
    booking's, whose table holds the client's name."""
    found = candidate_queries("which treatment did Mateo Ruiz have booked on June 11 2025?", described_tables(database))
    assert found
    assert [row[0] for row in database.execute(found[0]).fetchall()] == ["Root canal"]


# a row named by its table's word and a number ("visit #3") is a condition on the table's numeric key; a
# number beside another word is not; a total written in other words ("added together") sums
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
