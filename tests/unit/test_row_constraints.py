"""Stated constraints applied by code to the rows an output returns (nodes/answering/row_constraints.py)."""

from nodes.answering.answer_lead import output_lead
from nodes.answering.row_constraints import apply_constraints, stated_constraints
from nodes.field_vocabulary import superlative_order

HOTELS = {"city": "Paris", "results": [
    {"name": "Crown Palace", "stars": 5, "rating": 8.8, "total_price": 879, "rooms_left": 2},
    {"name": "Lotus Inn", "stars": 4, "rating": 9.1, "total_price": 410, "rooms_left": 0},
    {"name": "Canal House", "stars": 4, "rating": 8.2, "total_price": 350, "rooms_left": 3},
    {"name": "Budget Stay", "stars": 2, "rating": 7.0, "total_price": 120, "rooms_left": 5}]}


def names(applied):
    return [row["name"] for row in applied.data["results"]]


def test_rows_meeting_every_constraint_come_first_in_the_superlatives_order():
    applied = apply_constraints(HOTELS, "cheapest 4-star hotel in Paris")
    assert names(applied) == ["Canal House", "Lotus Inn"] and applied.unmet == []
    assert names(apply_constraints(HOTELS, "top-rated hotel in Paris under $500"))[0] == "Lotus Inn"
    assert names(apply_constraints(HOTELS, "a 4 star hotel with free rooms")) == ["Canal House"]


def test_a_constraint_no_row_meets_is_reported_and_the_rows_are_kept():
    applied = apply_constraints(HOTELS, "cheapest 3-star hotel in Paris")
    assert [c.words for c in applied.unmet] == ["3-star"]
    assert names(applied) == ["Budget Stay", "Canal House", "Lotus Inn", "Crown Palace"]  # all, cheapest first


def test_constraints_read_as_people_write_them():
    assert [(c.op, c.value) for c in stated_constraints("at least 4 stars, under 1.5k")] == [(">=", 4), ("<=", 1500)]
    assert [(c.op, c.value) for c in stated_constraints("rated above 8.5")] == [(">=", 8.5)]
    assert stated_constraints("weather in Paris tomorrow") == []
    assert superlative_order("the most expensive suite") == ("price", False)
    assert superlative_order("earliest train to Lyon") == ("departure", True)
    assert superlative_order("which one leaves last") == ("departure", False)


def test_the_answer_says_the_constraint_was_not_met_and_shows_the_bounded_field():
    lines = output_lead("cheapest 3-star hotel in Paris", {"output": __import__("json").dumps(HOTELS), "marker": "T1.1"})
    assert lines[0].startswith('No result meets "3-star"')
    assert "Budget Stay" in lines[1] and "total price: 120" in lines[1] and "stars: 2" in lines[1]


def test_a_superlative_alone_opens_with_the_field_it_orders_by():
    rows = {"results": [{"flight_no": "AF133", "flight_id": 2, "depart_at": "14:35"},
                        {"flight_no": "VS153", "flight_id": 1, "depart_at": "07:25"}]}
    lines = output_lead("earliest one from London to Paris", {"output": __import__("json").dumps(rows), "marker": "T1.1"})
    assert lines[0].startswith("VS153") and "depart at: 07:25" in lines[0] and "flight id" not in lines[0]
