"""Readings of a group the database names: who leads it (a stored title holding its name beside a word of rank),
its headcount, a value counted in beside the rest ("cancelled ones included"), and a count's noun after its number;
each run on a real (in-memory) SQLite database whose names are not the benchmark's."""

import numpy as np
import pytest

from nodes.arguments.sql import candidate_queries
from nodes.arguments.sql_by_meaning import MeaningIndex
from tests.sql_described import database_fixtures, first_row

SCHEMA = """
CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL, floor INTEGER);
CREATE TABLE staff (id INTEGER PRIMARY KEY, full_name TEXT NOT NULL, team_id INTEGER REFERENCES teams(id),
                    role TEXT, joined_on DATE);
CREATE TABLE tickets (id INTEGER PRIMARY KEY, client TEXT, state TEXT, opened DATE);
INSERT INTO teams VALUES (1, 'Research', 2), (2, 'Support', 1), (3, 'People', 3);
INSERT INTO staff VALUES (1, 'Ines Duarte', 1, 'Head of Research', '2017-02-01'),
    (2, 'Tom Okoro', 1, 'Research Analyst', '2022-05-09'), (3, 'Mei Tan', 2, 'Support Lead', '2019-08-12'),
    (4, 'Raj Patel', 2, 'Support Manager', '2024-01-15'), (5, 'Ana Silva', 2, 'Support Agent', '2025-03-03'),
    (6, 'Lea Roth', 3, 'People Partner', '2020-10-10');
INSERT INTO tickets VALUES (1, 'Acme', 'open', '2026-10-01'), (2, 'Acme', 'closed', '2026-10-02'),
    (3, 'Acme', 'void', '2026-10-05'), (4, 'Birch', 'void', '2026-10-06');
"""


database, tables = database_fixtures(SCHEMA)


def _rows(database, tables, request):
    return [first_row(database, tables, request)]


@pytest.mark.parametrize(("request_text", "person"), [
    ("who runs the Research team?", "Ines Duarte"),
    ("whoever heads Support - I need their name", "Mei Tan"),  # a lead outranks a manager
])
def test_who_leads_a_group_is_the_person_whose_title_holds_it_with_a_rank(database, tables, request_text, person):
    assert _rows(database, tables, request_text)[0][0] == person


def test_a_group_no_title_ranks_gets_no_leader_statement(database, tables):
    # "People Partner" holds the name but no word of rank: the leader reading offers nothing of it
    assert not any("People Partner" in q for q in candidate_queries("who runs People?", tables))


def test_a_headcount_counts_the_people_of_the_group_not_its_row(database, tables):
    assert _rows(database, tables, "headcount support team?") == [(3,)]


def test_a_value_counted_in_beside_the_rest_is_no_condition(database, tables):
    assert _rows(database, tables, "how many tickets has Acme opened in total, void ones included?") == [(3,)]
    assert _rows(database, tables, "how many tickets has Acme opened, including void?") == [(3,)]
    assert _rows(database, tables, "how many void tickets has Acme opened?") == [(1,)]


def test_a_counts_noun_after_its_number_is_no_group(database, tables):
    # "People" is a team; "around 4 people" counts heads, the team asked is Support
    assert _rows(database, tables, "Support must have around 4 people now. How many are on that team?") == [(3,)]


class _DirectionEncoder:
    """Points a text along "hire" when it speaks of joining, along "ticket" when of tickets, else nowhere."""

    def __call__(self, texts):
        vectors = []
        for text in texts:
            lowered = text.lower()
            vector = np.array([0.5 if ("join" in lowered or "staff" in lowered) else 0.0,
                               0.5 if ("ticket" in lowered) else 0.0, 0.1])
            vectors.append(vector / np.linalg.norm(vector))
        return vectors


def test_latest_or_earliest_by_meaning_takes_that_direction_on_the_nearest_table(database, tables):
    index = MeaningIndex(tables, _DirectionEncoder())
    [newest] = index.queries("which colleague joined most recently?")
    assert database.execute(newest).fetchone()[0] == "Ana Silva"
    [longest] = index.queries("who has been with us the longest since they joined?")
    assert database.execute(longest).fetchone()[0] == "Ines Duarte"
    assert index.queries("which colleague joined?") == []  # no latest or earliest asked: nothing by this reading


JOBS = """
CREATE TABLE jobs (id INTEGER PRIMARY KEY, owner TEXT, state TEXT, pages INTEGER);
INSERT INTO jobs VALUES (1, 'Ada', 'queued', 3), (2, 'Ada', 'printed', 5), (3, 'Bo', 'collected', 2),
    (4, 'Bo', 'failed', 9), (5, 'Cy', 'queued', 4), (6, 'Cy', 'printed', 1);
"""
jobs_database, jobs_tables = database_fixtures(JOBS, prefix="jobs_")


@pytest.mark.parametrize(("request_text", "count"), [
    ("how many print jobs are still waiting?", 2),
    ("how many jobs haven't printed yet?", 2),  # not the failed and the collected too
    ("how many jobs are yet to be printed?", 2),
    ("how many jobs have printed but aren't collected yet?", 2),  # a state named: the printed ones
    ("how many jobs haven't printed?", 4),  # no "yet": every job but the printed
])
def test_rows_still_waiting_are_the_ones_in_the_stored_waiting_state(jobs_database, jobs_tables, request_text, count):
    assert first_row(jobs_database, jobs_tables, request_text) == (count,)


SHELF = """
CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, copies_in_stock INTEGER);
INSERT INTO books VALUES (1, 'Dune', 0), (2, 'Emma', 3), (3, 'Ulysses', 0);
"""
shelf_database, shelf_tables = database_fixtures(SHELF, prefix="shelf_")


@pytest.mark.parametrize("request_text", ["which books have zero copies in stock?", "which books have no pieces in stock",
                                          "which books are out of stock?"])
def test_none_in_stock_said_with_a_count_word_is_a_zero_condition(shelf_database, shelf_tables, request_text):
    [statement, *_] = candidate_queries(request_text, shelf_tables)
    assert sorted(row[0] for row in shelf_database.execute(statement)) == ["Dune", "Ulysses"]
