"""Superlatives and grades in SQL built from a request: "the priciest", "best paid" and "cheapest" name the measure
no column word names, "been there the longest" orders by the earliest date of the rows that refer to the named
row, an aggregate word picks the measure it governs, and a stored plural is written singular. Each runs on a real
(in-memory) SQLite database."""

import pytest

from tests.sql_described import described_tables, first_row, opened

SCHEMA = """
CREATE TABLE studios (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget_eur INTEGER);
CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT NOT NULL, studio_id INTEGER REFERENCES studios(id),
                    wage_eur INTEGER, joined_on TEXT);
CREATE TABLE lamps (id INTEGER PRIMARY KEY, name TEXT NOT NULL, family TEXT, price_eur REAL, in_stock INTEGER);
INSERT INTO studios VALUES (1, 'Ceramics', 90000), (2, 'Glassworks', 120000);
INSERT INTO staff VALUES (1, 'Ines Duarte', 1, 41000, '2019-03-01'), (2, 'Bo Lindgren', 1, 52000, '2015-06-12'),
    (3, 'Mei Tanaka', 2, 61000, '2017-01-09'), (4, 'Olu Bakare', 2, 38000, '2021-11-30');
INSERT INTO lamps VALUES (1, 'Dune Pendant', 'Pendants', 240, 3), (2, 'Reed Pendant', 'Pendants', 95, 9),
    (3, 'Moss Sconce', 'Sconces', 130, 0);
CREATE TABLE loans (id INTEGER PRIMARY KEY, lamp_id INTEGER REFERENCES lamps(id), borrower TEXT, lent_on TEXT);
INSERT INTO loans VALUES (1, 1, 'Atelier Vo', '2026-02-01'), (2, 3, 'Atelier Vo', '2026-05-09'),
    (3, 2, 'Casa Lume', '2026-06-30');
"""


@pytest.fixture(scope="module")
def described():
    """The database and its tables as discovery reads them."""
    db = opened(SCHEMA)
    yield db, described_tables(db)
    db.close()


def test_a_superlative_names_the_measure_no_column_word_names(described):
    assert first_row(*described, "what's the priciest thing we sell")[0] == "Dune Pendant"
    assert first_row(*described, "cheapest one in the pendant family?")[0] == "Reed Pendant"
    assert first_row(*described, "avg pay in glassworks?")[-1] == (61000 + 38000) / 2


def test_been_there_the_longest_is_the_earliest_date_of_the_referring_rows(described):
    assert first_row(*described, "who has been in glassworks the longest?")[0] == "Mei Tanaka"


def test_the_aggregate_word_picks_the_measure_it_governs(described):
    # "budget" and "wage" are both columns the request writes; "total wage" is what is summed
    row = first_row(*described, "for budget planning: the total wage of everyone in Ceramics?")
    assert row[-1] == 93000


def test_the_latest_row_shows_the_other_table_the_request_names(described):
    assert first_row(*described, "Atelier Vo latest loan - which lamp was it?")[0] == "Moss Sconce"


def test_of_tables_a_column_word_ties_the_one_holding_the_written_value_is_asked(described):
    # "name" is a column of every table here; "Sconces" is a family of lamps
    assert first_row(*described, "cheapest thing in the Sconces family? name + price")[0] == "Moss Sconce"


def test_a_first_name_written_as_a_name_names_its_one_row(described):
    assert first_row(*described, "what's Ines's wage?")[-1] == 41000
    assert first_row(*described, "when did Olu join the staff")[-1] == "2021-11-30"


def test_a_number_word_before_a_superlative_is_the_limit(described):
    from nodes.arguments.sql import candidate_queries

    db, tables = described
    rows = db.execute(candidate_queries("who are the two best-paid people on staff?", tables)[0]).fetchall()
    assert [r[0] for r in rows] == ["Mei Tanaka", "Bo Lindgren"]


def test_a_count_per_group_counts_the_referring_rows_or_the_grouping_column(described):
    from nodes.arguments.sql import candidate_queries

    db, tables = described
    per_studio = dict(db.execute(candidate_queries("staff headcount per studio", tables)[0]).fetchall())
    assert per_studio == {"Ceramics": 2, "Glassworks": 2}
    per_family = dict(db.execute(candidate_queries("how many lamps per family?", tables)[0]).fetchall())
    assert per_family == {"Pendants": 2, "Sconces": 1}


def test_payroll_is_the_summed_pay_of_the_rows_referring_to_the_group(described):
    assert first_row(*described, "which studio has the smallest total payroll?") == ("Ceramics", 93000)


def test_still_in_stock_keeps_rows_above_zero_and_a_trailing_how_many_reads_the_amount(described):
    row = first_row(*described, "of the lamps we still have in stock, which has the least stock left, and how many?")
    assert row == ("Dune Pendant", 3)


def test_the_top_earner_is_the_highest_pay_and_a_named_row_reads_its_stock_whatever_it_is(described):
    assert first_row(*described, "who's the top earner in Glassworks?")[0] == "Mei Tanaka"
    assert first_row(*described, "how much stock of the Moss Sconce is in stock?")[-1] == 0
