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
