"""Reading a route between two places from a question, and the tools that take one (nodes/arguments/route_fit.py)."""

import pytest
from mcp.types import Tool

from nodes.arguments.route_fit import route_takers, takes_route, writes_route
from tests.fakes import make_tool


@pytest.mark.parametrize(("query", "route"), [
    ("singapore to bangkok on dec 10, whats the cheapest ticket", True),
    ("from Paris to London tomorrow", True),
    ("London -> Dubai, business?", True),
    ("out of Madrid on dec 9, what's the cheapest to London", True),
    ("weather in paris and london", False),
    ("hotels in Rome, then a museum from the list to visit", False),
    ("cheapest hotel in Tokyo", False),
    ("how do I get to the station", False),
])
def test_a_route_is_two_places_joined_as_one(query, route):
    assert writes_route(query) is route


def _tool(name: str, required: dict[str, dict]) -> Tool:
    return make_tool(name, required, required=list(required))


def test_a_tool_takes_a_route_when_it_requires_two_ends_of_one_kind():
    city = {"type": "string", "description": "City name"}
    fares = _tool("search", {"origin": city, "destination": city})
    entry = _tool("get_details", {"attraction": {"type": "string", "description": "Attraction name"}})
    compare = _tool("compare_cities", {"cities": {"type": "array", "items": city, "minItems": 2}})
    assert takes_route([fares])
    assert not takes_route([entry]) and not takes_route([compare])  # a list of cities is compared, not travelled
    takers = route_takers(["singapore to bangkok ticket", "hotel in Rome"], {"air": [fares], "sights": [entry]})
    assert takers == {0: {"air"}}


def test_one_place_where_something_is_cannot_go_to_a_server_that_only_takes_routes():
    from datetime import date

    from nodes.arguments.route_fit import single_place_misfits

    city = {"type": "string", "description": "City name"}
    day = {"type": "string", "description": "Date, YYYY-MM-DD"}
    fares = _tool("search", {"origin": city, "destination": city})
    stays = make_tool("search", {"city": city, "check_in": day}, required=["city"])
    stock = _tool("check_stock", {"city": city})
    tools = {"air": [fares], "beds": [stays], "shop": [stock]}
    today = date(2026, 11, 30)
    assert single_place_misfits(["the cheapest bed in Osaka on tue the 8th?"], tools, today) == {
        0: ({"air"}, {"beds"})}
    assert single_place_misfits(["cheapest flight from Osaka to Tokyo"], tools, today) == {}  # a route
    assert single_place_misfits(["cheapest flight from Osaka"], tools, today) == {}  # a trip's start, no "where"


def test_a_place_the_question_opens_with_is_where_it_asks_about():
    from nodes.arguments.route_fit import in_one_place

    assert in_one_place("Xi'an this Fri: what's the cheapest bed on this Fri")
    assert not in_one_place("cheapest flight from Osaka")
