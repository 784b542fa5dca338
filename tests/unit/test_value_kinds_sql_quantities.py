"""Quantities in SQL built from a request: "how many <things> in total" sums a quantity column instead of counting
rows, a stock level named by the request is read from the named row, and "qty x price" multiplies two columns,
each run on a real (in-memory) SQLite database."""

import pytest

from nodes.arguments.sql import candidate_queries
from tests.sql_described import database_fixtures, described_tables, opened

SCHEMA = """
CREATE TABLE parts (id INTEGER PRIMARY KEY, title TEXT NOT NULL, unit_cost REAL, on_hand INTEGER);
CREATE TABLE shipments (id INTEGER PRIMARY KEY, part_id INTEGER REFERENCES parts(id), buyer TEXT, qty INTEGER,
                        state TEXT);
INSERT INTO parts VALUES (1, 'Brass Hinge', 2.5, 40), (2, 'Oak Shelf', 30, 0), (3, 'Steel Bracket', 4, 12);
INSERT INTO shipments VALUES (1, 1, 'Harbor Mill', 10, 'arrived'), (2, 2, 'Harbor Mill', 3, 'arrived'),
    (3, 1, 'Quarry Works', 7, 'lost'), (4, 3, 'Harbor Mill', 5, 'lost'), (5, 2, 'Quarry Works', 2, 'arrived');
"""


database, tables = database_fixtures(SCHEMA)


def _first_value(database, tables, request):
    found = candidate_queries(request, tables)
    assert found, request
    return database.execute(found[0]).fetchone()[-1]


def test_how_many_things_in_total_sums_the_quantity_not_the_rows(database, tables):
    assert _first_value(database, tables, "how many pieces has Harbor Mill had shipped in total?") == 18
    assert _first_value(database, tables, "total number of pieces Quarry Works got, not counting lost ones") == 2
    # a table's own rows are still counted
    assert _first_value(database, tables, "how many shipments did Harbor Mill get in total") == 3


def test_a_number_the_request_names_is_read_from_the_named_row(database, tables):
    assert _first_value(database, tables, "how many Brass Hinges are on hand?") == 40


def test_a_product_of_two_named_columns_is_summed(database, tables):
    assert _first_value(database, tables, "what did the arrived Brass Hinge shipments cost (qty x unit cost)?") == 25
    assert _first_value(database, tables, "value of Harbor Mill's shipments, quantity times cost") == 10 * 2.5 + 3 * 30 + 5 * 4


def test_a_stored_value_right_after_how_many_is_what_is_counted(database, tables):
    # a buyer is called "Quarry Works"; "how many quarry works" would be ambiguous, but a value of the same
    # column later in the request says which row is meant
    found = candidate_queries("how many Quarry Works shipments went to Harbor Mill", tables)
    assert found and "'Harbor Mill'" in found[0] and "'Quarry Works'" not in found[0]


def test_counting_what_refers_to_a_named_row_even_when_its_table_is_named(database, tables):
    # deliveries of the Brass Hinge part are counted (the shipments that refer to it), not the one part row
    assert _first_value(database, tables, "how many deliveries went out for the Brass Hinge part?") == 2


def test_a_stored_value_no_join_reaches_is_chat_and_sold_out_is_out_of_stock():
    db = opened("CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT);"
                "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, kind TEXT, units_in_stock INTEGER,"
                " added_date TEXT);"
                "INSERT INTO teams VALUES (1, 'Sales'), (2, 'Support');"
                "INSERT INTO items VALUES (1, 'Quilt', 'Blankets', 0, '2026-10-02'),"
                " (2, 'Throw', 'Blankets', 5, '2026-09-01'), (3, 'Towel', 'Bath', 0, '2026-10-05');")
    tables = described_tables(db)
    [first, *_] = candidate_queries("for the sales recap: which item was added first in october 2026?", tables)
    assert db.execute(first).fetchall() == [("Quilt", "2026-10-02")]
    [sold_out, *_] = candidate_queries("which of our Blankets is sold out?", tables)
    assert db.execute(sold_out).fetchall() == [("Quilt", 0)]
    db.close()


def test_the_most_units_moved_sums_the_referring_rows_quantity_per_row(database, tables):
    # parts.on_hand is the part's own number; "shipped the most units" ranks the summed shipments.qty
    found = candidate_queries("which part have buyers shipped the most units of, not counting lost ones?", tables)
    assert found and "SUM(shipments.qty)" in found[0]
    assert database.execute(found[0]).fetchone() == ("Brass Hinge", 10)
    assert database.execute(candidate_queries("which part sold the most units", tables)[0]).fetchone() == (
        "Brass Hinge", 17)
    # "ordered the most times" counts rows, it sums nothing
    assert "SUM(" not in " ".join(candidate_queries("which buyer shipped the most times", tables))
    # the ranked group is a text column of the moving rows themselves: shipments.buyer
    assert database.execute(candidate_queries("which buyer took the most units from us, and how many", tables)[0]
                            ).fetchone() == ("Harbor Mill", 18)


def test_a_negation_names_what_is_left_out_whatever_the_verb(database, tables):
    found = candidate_queries("total qty shipped to Harbor Mill (don't count the lost ones)", tables)
    assert found and database.execute(found[0]).fetchone()[-1] == 13


def test_a_name_no_stored_value_holds_builds_no_statement(database, tables):
    # counting every part would answer a question about a part the database does not hold
    assert candidate_queries("how many Copper Widgets are on hand?", tables) == []
    assert candidate_queries("how many Brass Hinges are on hand?", tables)


def test_revenue_is_the_moved_quantity_times_the_price_it_refers_to(database, tables):
    # parts.on_hand is a stock level, not a quantity moved: the shipments' qty is multiplied
    found = candidate_queries("how much revenue did the arrived shipments bring in?", tables)
    assert found and "shipments.qty" in found[0]
    assert database.execute(found[0]).fetchone()[0] == 10 * 2.5 + 3 * 30 + 2 * 30


def test_which_group_brought_the_most_money_ranks_summed_quantity_times_price(database, tables):
    found = candidate_queries("which buyer brought in the most money? leave out the lost shipments", tables)
    assert database.execute(found[0]).fetchall() == [("Harbor Mill", 115.0)]  # 10*2.5 + 3*30, the lost 5*4 left out
    least = candidate_queries("which buyer brought in the least money overall", tables)
    assert database.execute(least[0]).fetchall() == [("Quarry Works", 77.5)]


def test_units_of_a_named_thing_are_summed_and_best_selling_ranks_by_units_moved(database, tables):
    first = lambda request: database.execute(candidate_queries(request, tables)[0]).fetchone()  # noqa: E731
    assert first("how many pieces of the Brass Hinge went out to buyers that arrived?")[-1] == 10
    assert first("which part is the best-selling, by number of units shipped?") == ("Brass Hinge", 17)
    assert first("our worst selling part?") == ("Oak Shelf", 5)


@pytest.mark.parametrize("request_text", ["how many Brass Hinges have we got on the shelf?",
                                          "how many Brass Hinges do we have left", "Brass Hinges in the warehouse?"])
def test_what_is_kept_in_a_shops_words_reads_the_stock_level(database, tables, request_text):
    assert _first_value(database, tables, request_text) == 40  # parts.on_hand, not a count of rows


def test_a_state_set_aside_is_left_out(database, tables):
    # "leaving aside anything they lost": every state but 'lost' (10 + 3 arrived), not only the lost ones
    assert _first_value(database, tables, "Leaving aside anything they lost, how many pieces in total has "
                                          "Harbor Mill had shipped?") == 13


def test_a_named_row_said_in_lower_case_reads_its_stock(database, tables):
    # a name of several words is what is asked about, in any case; a count sign counts the rows named
    assert _first_value(database, tables, "um how many of the steel brackets are left in the warehouse") == 12
    assert _first_value(database, tables, "# shipments harbor mill, any state") == 3


def test_how_many_of_a_named_thing_moved_sums_the_units_on_its_rows(database, tables):
    # each shipment holds several units: the rows are not counted, nor is the part's own stock read
    assert _first_value(database, tables, "how many Brass Hinges were shipped?") == 17
    assert _first_value(database, tables, "how many Oak Shelves went out to Quarry Works?") == 2
    assert _first_value(database, tables, "how many Brass Hinges went out, not counting lost ones?") == 10
