"""A name the server's own description writes is what the server is about, not a stored value a statement must find
(nodes/arguments/described_names.py), on a real (in-memory) SQLite database."""

from nodes.arguments.sql import candidate_queries
from nodes.arguments.described_names import without_described_names
from tests.sql_described import described_tables, opened

SCHEMA = """
CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, headcount INTEGER NOT NULL);
INSERT INTO teams VALUES (1, 'Support', 12), (2, 'Design', 5);
"""
DESCRIPTION = "The staff database of Quillfeather Press (teams and their headcount), queried with SQL."


def test_the_described_name_is_dropped_with_the_word_that_places_it():
    assert (without_described_names("How many people are in Design at Quillfeather Press?", DESCRIPTION)
            == "How many people are in Design?")
    assert without_described_names("How many Velvet Cushion Covers are left", DESCRIPTION) == (
        "How many Velvet Cushion Covers are left")  # a name the description does not write stays
    # the sentence's full stop after the name stays, the name goes
    assert (without_described_names("Kindly confirm the headcount of Support at Quillfeather Press.", DESCRIPTION)
            == "Kindly confirm the headcount of Support.")
    assert without_described_names("headcount of Design at Quillfeather Press", "") == (
        "headcount of Design at Quillfeather Press")


def test_a_statement_is_offered_once_the_described_name_is_dropped():
    db = opened(SCHEMA)
    try:
        tables = described_tables(db)
        asked = "What is the headcount of Design at Quillfeather Press?"
        assert candidate_queries(asked, tables) == []  # an unheld name: no statement over every row
        statements = candidate_queries(without_described_names(asked, DESCRIPTION), tables)
        assert statements and db.execute(statements[0]).fetchall()[0][-1] == 5
    finally:
        db.close()
