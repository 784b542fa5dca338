"""A place named only through a thing is looked up in the catalogue (nodes/thing_places.py, nodes/locate.py)."""

import pytest

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.thing_places import lookup_property, place_in, place_reference, with_place
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

TODAY = "2026-11-23"
DETAILS = make_tool("get_details", {"attraction": {"type": "string", "description": "an id or the attraction's name"}},
                    required=["attraction"])


def test_a_reference_to_an_unnamed_place_beside_a_things_name_is_found():
    question = "I want to see the Terracotta Army tomorrow. What's the weather going to be like in that city?"
    reference, things = place_reference(question)
    assert things == ["Terracotta Army"]
    assert with_place(question, reference, "Xi'an").endswith("going to be like in Xi'an?")
    carried, _ = place_reference("whats the weather in that city on saturday (Eiffel Tower)")
    assert with_place("whats the weather in that city on saturday (Eiffel Tower)", carried, "Paris",
                      "Eiffel Tower") == "whats the weather in Paris on saturday"
    assert place_reference("weather in Paris tomorrow and hotels there") is None  # the place is named
    assert place_reference("is it cold there") is None  # no thing to look up


@pytest.mark.parametrize(("question", "reference", "thing"), [
    ("Gardens by the Bay on Wednesday evening, is it going to rain in that city?", "in that city", "Gardens by the Bay"),
    ("staying near the colosseum on dec 10, cheapest hotel in that city that night?", "in that city", "colosseum"),
    ("After going up the CN Tower, the highest rated restaurant in the city it's in?", "in the city it's in",
     "CN Tower"),
    ("Sunrise hike up Victoria Peak on Friday. When does the sun come up in that city?", "in that city",
     "Victoria Peak"),  # a place inside a thing's name is the thing's
    ("want to see the sagrada familia on saturday, cheapest flight from zurich to wherever that is",
     "to wherever that is", "sagrada familia"),  # points at the thing though another place is named
])
def test_things_are_read_as_people_type_them(question, reference, thing):
    found, things = place_reference(question)
    assert found.group() == reference and things[0] == thing


def test_only_a_read_only_lookup_by_name_is_asked():
    assert lookup_property(DETAILS) == "attraction"
    booking = make_tool("book", {"attraction": {"type": "string", "description": "the attraction's name"}},
                        required=["attraction"], read_only=False)
    city = make_tool("forecast", {"city": {"type": "string", "description": "a city name"}}, required=["city"])
    search = make_tool("search_web", {"query": {"type": "string", "description": "what to search for"}},
                       required=["query"])
    assert [lookup_property(t) for t in (booking, city, search)] == [None, None, None]


def test_the_city_is_read_from_the_lookups_output():
    assert place_in('{"attraction": {"name": "Terracotta Army", "city": "Xi\'an"}}') == "Xi'an"
    assert place_in('{"name": "Terracotta Army"}') is None and place_in("not json") is None


async def test_the_graph_asks_the_lookup_and_answers_for_the_city():
    tools = FakeTools({
        "sights": {"get_details": (DETAILS, lambda a: {"attraction": {"name": a["attraction"], "city": "Xi'an"}})},
        "weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}, required=["city"]),
                                     lambda a: {"city": a["city"], "high_c": 11.7})},
    })
    retriever = FixedRetriever([ServerHit(server="weather", score=0.8, best_for=[0]),
                                ServerHit(server="sights", score=0.5)])

    def executor(messages):
        return {"tool": "get_forecast", "params": {"city": "Xi'an"}}

    models = ScriptedModels(executor=[executor], answerer=["Xi'an: 11.7 °C [T1.1]."])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "Seeing the Terracotta Army tomorrow. How warm will it be in that city?"},
                              context=Context(today=TODAY))
    assert out["located"] == {"Terracotta Army": "Xi'an"} and "locate" in out["timings"]
    assert out["standalone_query"].endswith("How warm will it be in Xi'an?")
    assert ("sights", "get_details", {"attraction": "Terracotta Army"}) in tools.calls
    assert "Not found in the sources" not in out["answer"]
