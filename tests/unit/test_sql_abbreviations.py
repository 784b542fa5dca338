"""Stored values written shortened ("Ops", "Mktg") are read as the one value they shorten; a word opening a
sentence, a stop word or a short word two values share is not."""

from nodes.arguments.sql_abbreviations import stored_values_abbreviated
from nodes.arguments.sql_schema import Column, TableSchema

DEPARTMENTS = TableSchema(name="departments", columns=[Column("id", "INTEGER", True), Column("name", "TEXT", False)],
                          samples={"name": ["Operations", "Marketing", "Finance", "Engineering", "People"]})
ORDERS = TableSchema(name="orders", columns=[Column("id", "INTEGER", True), Column("status", "TEXT", False)],
                     samples={"status": ["cancelled", "pending", "shipped"]})


def _read(text: str) -> list[str]:
    return [value for *_, value in stored_values_abbreviated([DEPARTMENTS, ORDERS], text, [])]


def test_a_shortened_stored_value_is_read_as_that_value():
    assert _read("headcount in Ops?") == ["Operations"]
    assert _read("avg salary in Mktg please") == ["Marketing"]


def test_sentence_openers_stop_words_and_whole_values_are_not_shortenings():
    assert _read("Can you check when Tobias joined?") == []  # no "cancelled"
    assert _read("is Finance on floor 3") == []  # written whole: the ordinary reading finds it
    assert _read("ask The Pen people") == []  # "The" is a stop word; a lower-case "pending" is no name
