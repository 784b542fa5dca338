"""The search teacher's labels: which requests keep a label, and whose (nodes/distill/search_teacher.py), and which
records a listing gives to phrase requests from (nodes/distill/output_values.py)."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from datetime import date

from mcp.types import Tool, ToolAnnotations

from graphs.context import Context
from nodes.distill.call_verification import PARTLY_INTENDED, intended_fit, misplaced, slot_marks
from nodes.distill.catalog_requests import SynthRequest, _chosen
from nodes.distill.label_choice import NEAR_TIE
from nodes.distill.mention import Mention, mark_of
from nodes.distill.output_values import output_values, own_records_key, widest_page
from nodes.distill.call_space import INTENDED_BONUS, candidate_calls
from nodes.distill.search_teacher import TeacherReport, search_trajectory
from tests.fakes import BagOfWordsEmbedding, FakeTools

READ = ToolAnnotations(readOnlyHint=True, destructiveHint=False)
TODAY = date(2026, 11, 30)


def _tool(name: str, description: str, properties: dict, required: list[str]) -> Tool:
    return Tool(name=name, description=description, annotations=READ,
                inputSchema={"type": "object", "properties": properties, "required": required})


def test_one_value_out_of_place_is_never_a_near_tie_of_the_call_as_written():
    request = SynthRequest("what's the amount for 15 last friday AUD into MXN", "fx", "convert_currency",
                           "train:value:1", (Mention("15"), Mention("AUD", ("AUD",)), Mention("MXN", ("MXN",)),
                                             Mention("last friday", ("2026-11-27",))),
                           ("amount", "from_currency", "to_currency", "date"))
    right = {"amount": 15, "from_currency": "AUD", "to_currency": "MXN", "date": "2026-11-27"}
    swapped = {**right, "from_currency": "MXN", "to_currency": "AUD"}
    assert intended_fit(request, "convert_currency", right) == 1.0
    # four slots, two swapped: this was 0.75, an eighth of the bonus below, inside NEAR_TIE
    assert intended_fit(request, "convert_currency", swapped) == 0.5 + (PARTLY_INTENDED - 0.5) * 2 / 4
    one_wrong = intended_fit(request, "convert_currency", {**right, "date": "2026-11-30"})
    assert one_wrong <= PARTLY_INTENDED and INTENDED_BONUS * (1.0 - one_wrong) > NEAR_TIE
    assert intended_fit(request, "get_rate", right) == 0.0


def test_a_listing_is_also_read_at_its_widest_page():
    limit = {"type": "integer", "minimum": 1, "maximum": 20, "default": 5, "description": "Most results to return"}
    search = _tool("search_products", "Products, cheapest first",
                   {"query": {"type": "string"}, "limit": limit}, [])
    history = _tool("get_history", "Daily prices", {"ticker": {"type": "string"}, "days": {
        "type": "integer", "maximum": 30, "description": "Trading days to return"}}, ["ticker"])
    assert widest_page(search) == {"limit": 20}
    assert widest_page(history) == {}  # a count of days is no page of results
    assert widest_page(_tool("top", "", {"limit": limit}, ["limit"])) == {}  # a required one is the request's
    assert widest_page(_tool("list", "", {"count": {"type": "integer", "maximum": 10_000}}, [])) == {"count": 100}

    asked = []

    async def call(name, arguments):
        asked.append(arguments)
        shown = arguments.get("limit", 5)
        return _Output({"products": [{"model": f"Model {n}"} for n in range(shown)]})

    found = asyncio.run(output_values([search], [], call))
    assert asked == [{}, {"limit": 20}]
    assert len(found[own_records_key("search_products")]) == 20


class _Output:
    def __init__(self, data):
        self._data = data

    def data(self):
        return self._data


async def test_a_request_its_own_tool_answers_nothing_for_is_dropped_not_labelled_with_a_sibling():
    lister = _tool("list_tickers", "The tickers this server quotes, by exchange or sector",
                   {"contains": {"type": "string", "description": "Exchange or sector, e.g. 'NASDAQ'"}}, ["contains"])
    quote = _tool("get_quote", "Latest price of a stock",
                  {"ticker_or_name": {"type": "string", "description": "Ticker or company name"}}, ["ticker_or_name"])
    listed = {"tickers": [{"symbol": "RELI", "name": "Reliance Industries", "exchange": "NSE"}]}
    tools = FakeTools({"market": {
        "list_tickers": (lister, lambda a: listed if a["contains"].lower() in ("nse", "energy") else {"tickers": []}),
        "get_quote": (quote, lambda a: {"symbol": "RELI", "name": "Reliance Industries", "last": 12.5})}})
    offered = await tools.list_tools("market")
    report = TeacherReport()
    written_for_lister = SynthRequest("list tickers for Reliance", "market", "list_tickers", "train:value:9",
                                      (Mention("Reliance", ("Reliance",)),), ("contains",))
    assert await search_trajectory(written_for_lister, tools, offered, set(), TODAY, Context(),
                                   BagOfWordsEmbedding(), report) is None
    assert report.dropped["the tool it was written for answered nothing it names"] == 1
    assert any(name == "get_quote" for _, name, _ in tools.calls)  # the quote did answer: it is still no label
    written_for_quote = SynthRequest("latest price of Reliance", "market", "get_quote", "train:value:0",
                                     (Mention("Reliance", ("Reliance",)),), ("ticker_or_name",))
    kept = await search_trajectory(written_for_quote, tools, offered, set(), TODAY, Context(),
                                   BagOfWordsEmbedding(), report)
    assert kept is not None and kept.expected == {"tool": "get_quote", "arguments": {"ticker_or_name": "Reliance"}}


def test_the_call_a_request_was_written_for_is_tried_first_and_a_misplaced_one_never():
    assert mark_of("The  Skyline Hostel New York") == mark_of("skyline hostel new york")
    route = _tool("travel_time", "Travel time between two places", {
        "origin": {"type": "string"}, "destination": {"type": "string"}, "city": {"type": "string"}},
        ["origin", "destination"])
    request = SynthRequest("distance for the skyline hostel new york to yuexiu park", "routes", "travel_time",
                           "train:value:0", (Mention("The Skyline Hostel New York", ("The Skyline Hostel New York",)),
                                             Mention("Yuexiu Park", ("Yuexiu Park",))), ("origin", "destination"))
    spans = ["yuexiu park", "skyline", "skyline hostel new york", "hostel new york"]
    allowed = {"travel_time": {"properties": {"origin": {"enum": spans}, "destination": {"enum": spans}}}}
    marks = frozenset().union(*slot_marks(request).values())
    # both places are marked: the first-marked one used to fill the origin of all twelve calls
    assert candidate_calls(allowed, {"travel_time": route}, (), marks)[0][1]["origin"] == "yuexiu park"
    calls = candidate_calls(allowed, {"travel_time": route}, (), marks, slot_marks(request))
    assert calls[0] == ("travel_time", {"origin": "skyline hostel new york", "destination": "yuexiu park"})
    assert not misplaced(request, "travel_time", calls[0][1])
    assert misplaced(request, "travel_time", {"origin": "yuexiu park", "destination": "skyline hostel new york"})
    assert misplaced(request, "travel_time", {**calls[0][1], "city": "Skyline Hostel New York"})
    assert not misplaced(request, "plan_route", {"places": ["yuexiu park", "skyline hostel new york"]})


def test_no_request_names_one_value_twice_by_its_short_name():
    whole, short = Mention("Lotus Mapo Suites", ("Lotus Mapo Suites",)), Mention("Lotus", ("Lotus Mapo Suites",))
    other = Mention("Yuexiu Park", ("Yuexiu Park",))
    specs = {"origin": {"type": "string"}, "destination": {"type": "string"}}
    draws = [_chosen({"origin": [whole, other], "destination": [short]}, specs, random.Random(n)) for n in range(20)]
    assert any(d is None for d in draws) and any(d is not None for d in draws)
    assert all(d is None or dict(d)["origin"] is other for d in draws)


def test_a_resumed_search_adds_its_counts_to_the_earlier_run_s():
    earlier = TeacherReport(10, 40, 6, 1, Counter({"no call is decodable from the request": 4}))
    resumed = TeacherReport(5, 20, 3, 0, Counter({"no call is decodable from the request": 1, "other": 1}))
    both = TeacherReport.from_json(earlier.to_json()).plus(resumed)
    assert both.to_json() == {"requests": 15, "calls_run": 60, "kept": 9, "labels_from_base": 1,
                              "dropped": {"no call is decodable from the request": 5, "other": 1}}


def test_a_required_query_is_labelled_with_the_request_and_an_optional_one_with_the_records_name():
    from nodes.distill.call_space import ranked_calls

    def same(texts):  # every tool alike: only the bonuses rank the calls
        return [[1.0, 0.0] for _ in texts]

    text = {"type": "string", "description": "What to search for, in plain words"}
    web = _tool("search_web", "Search the web.", {"query": text}, ["query"])
    shop = _tool("search_products", "Products in the catalogue.", {"query": text, "limit": {"type": "integer"}}, [])
    asked = SynthRequest("can you search Mumbai?", "web", "search_web", "train:value:0",
                         (Mention("Mumbai", ("Mumbai",)),), ("query",))
    calls = [("search_web", {"query": "Mumbai"}), ("search_web", {"query": "can you search Mumbai"})]
    ranked = ranked_calls(asked, calls, {"search_web": web}, same)
    assert ranked[0][2] == {"query": "can you search Mumbai"} and ranked[0][0] - ranked[1][0] > NEAR_TIE
    named = SynthRequest("search products MacBook Pro 14 (M4)", "shop", "search_products", "train:value:0",
                         (Mention("MacBook Pro 14 (M4)", ("MacBook Pro 14 (M4)",)),), ("query",))
    ranked = ranked_calls(named, [("search_products", {"query": "search products MacBook Pro 14 (M4)"}),
                                  ("search_products", {"query": "MacBook Pro 14 (M4)"})],
                          {"search_products": shop}, same)
    assert ranked[0][2] == {"query": "MacBook Pro 14 (M4)"} and ranked[0][0] - ranked[1][0] > NEAR_TIE
