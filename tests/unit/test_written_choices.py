"""Enum choices the request states reach the call (nodes/arguments/written_choices.py)."""

import pytest

from mcp.types import Tool

from nodes.arguments.written_choices import asked_order, bind_written_choices, written_value

FLIGHTS = Tool(name="search", inputSchema={"type": "object", "properties": {
    "origin": {"type": "string"}, "cabin": {"type": "string", "enum": ["economy", "business"]},
    "sort_by": {"type": "string", "enum": ["price", "departure", "duration"]}}})
SEATS = ["second class", "first class", "business class", "business", "first", "economy"]


def test_the_enum_value_the_request_writes_is_bound():
    params = bind_written_choices({"origin": "London"}, FLIGHTS, ["business class flight from London, cheapest"])
    assert params == {"origin": "London", "cabin": "business", "sort_by": "price"}


def test_the_models_choice_stands_and_one_written_value_fills_one_property():
    assert bind_written_choices({"cabin": "economy"}, FLIGHTS, ["business seats to Rome"])["cabin"] == "economy"
    convert = Tool(name="convert", inputSchema={"type": "object", "properties": {
        "from_currency": {"type": "string", "enum": ["USD", "JPY"]}, "to_currency": {"type": "string", "enum": ["USD", "JPY"]}}})
    params = {"from_currency": "USD", "to_currency": "JPY"}
    assert bind_written_choices(params, convert, ["convert 100 usd to yen"]) == params
    assert bind_written_choices({"from_currency": "USD"}, convert, ["convert 100 usd"]) == {"from_currency": "USD"}


def test_nothing_is_bound_when_the_request_states_nothing():
    assert bind_written_choices({"origin": "Oslo"}, FLIGHTS, ["flights from Oslo on Monday"]) == {"origin": "Oslo"}


def test_the_longest_written_value_wins_and_two_apart_decide_nothing():
    assert written_value(SEATS, ["a business class seat to Lyon"]) == "business class"
    assert written_value(SEATS, ["economy or business, whichever is cheaper"]) is None
    assert written_value(SEATS, ["the first train to Lyon"]) is None  # "first" is an ordinary word


def test_a_superlative_orders_by_the_field_it_measures():
    assert asked_order(["price", "departure", "duration"], ["earliest train to Lyon"]) == "departure"
    assert asked_order(["rating", "price", "distance"], ["top-rated sushi in Osaka"]) == "rating"
    assert asked_order(["rating", "price", "distance"], ["sushi in Osaka"]) is None


def test_an_end_day_before_its_start_day_is_dropped():
    from mcp.types import Tool

    from nodes.arguments.step_rules import without_backward_end

    tool = Tool(name="search", inputSchema={"type": "object", "required": ["city", "check_in"], "properties": {
        "city": {"type": "string"}, "check_in": {"type": "string"}, "check_out": {"type": "string"}}})
    assert without_backward_end({"city": "Madrid", "check_in": "2026-12-04", "check_out": "2026-11-29"}, tool) == {
        "city": "Madrid", "check_in": "2026-12-04"}
    kept = {"city": "Madrid", "check_in": "2026-12-04", "check_out": "2026-12-06"}
    assert without_backward_end(kept, tool) == kept


def test_a_range_given_one_of_the_days_named_together_is_widened_to_their_span():
    from nodes.arguments.step_rules import widened_to_named_span

    offered = {"properties": {"dates": {"enum": ["2026-12-01 to 2026-12-02", "2026-12-01", "2026-12-02"]}}}
    assert widened_to_named_span({"city": "DC", "dates": "2026-12-02"}, offered) == {
        "city": "DC", "dates": "2026-12-01 to 2026-12-02"}
    single = {"properties": {"dates": {"enum": ["2026-12-01"]}}}
    assert widened_to_named_span({"dates": "2026-12-01"}, single) == {"dates": "2026-12-01"}
    # "next week ... Monday": a week written as such, and the one day asked of it
    week = {"properties": {"dates": {"enum": ["2026-11-30 to 2026-12-06", "2026-11-30"]}}}
    assert widened_to_named_span({"dates": "2026-11-30"}, week) == {"dates": "2026-11-30"}


@pytest.mark.parametrize(("text", "order"), [
    ("best restaurant in new delhi?", ("rating", False)),
    ("top restaurant in Rome", ("rating", False)),
    ("the best time to visit Rome", None),  # not a rating: a time, a price, a way
    ("best price for a flight to Oslo", None),
    ("best cheap hotel in Lisbon", ("price", True)),
])
def test_the_best_thing_is_the_best_rated_one(text, order):
    from nodes.field_vocabulary import superlative_order

    assert superlative_order(text) == order
