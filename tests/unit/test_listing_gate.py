"""A property naming what a server's listing tool lists takes only values that listing could hold: a request
naming nothing listed ("what time is it in Genovia", "how many items r out of stock") makes no call."""

from datetime import date

import pytest

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.listed_values import names_in_request
from nodes.arguments.listing_gate import (LISTED_WORDS, LISTING_NOUNS, listed_spans, listed_words, listing_nouns,
                                          names_a_listed_thing)
from nodes.arguments.schema import constrain_property
from nodes.arguments.string_values import LISTED_NAMES

TODAY = date(2026, 3, 2)
# what a quote server's list_companies and a weather server's listCities might return (not the sandbox's)
COMPANIES = ["Brightwater Foods plc", "BWF", "Kestrel Aerospace", "KSTR", "Nordlicht Énergie SA", "NLE"]
TICKER = {"type": "string", "description": "A company name or its ticker"}


def _candidates(text: str, names: list[str], listing_tools: list[str]):
    candidates = gather_candidates([text], [], TODAY)
    candidates.listed[LISTED_NAMES] = names_in_request(names, [text])
    candidates.listed[LISTING_NOUNS] = listing_nouns(listing_tools)
    candidates.listed[LISTED_WORDS] = listed_words(names)
    return candidates


def test_listing_nouns_are_the_listed_things():
    assert listing_nouns(["list_tickers", "listCities", "get_all_regions"]) == ["ticker", "city", "region"]
    assert names_a_listed_thing("ticker_or_name", ["ticker"])
    assert names_a_listed_thing("originCity", ["city"])
    assert not names_a_listed_thing("query", ["ticker", "city"])


@pytest.mark.parametrize("text", ["what time is it in Genovia right now?", "how many items r totally out of stock",
                                  "how much dividend did the company pay out last year"])
def test_a_request_naming_nothing_listed_fills_no_value(text):
    candidates = _candidates(text, COMPANIES, ["list_tickers"])
    assert constrain_property("ticker_or_name", TICKER, candidates, tool_name="get_quote") is None


@pytest.mark.parametrize(("text", "value"), [
    ("brightwater share price?", "Brightwater Foods plc"),   # a word of a listed name: the name is offered too
    ("hows nordlicht energie doing", "Nordlicht Énergie SA"),  # accents folded
    ("quote for KSTR", "KSTR"),                               # a listed symbol as written
])
def test_a_listed_name_the_request_writes_is_offered(text, value):
    spec = constrain_property("ticker_or_name", TICKER, _candidates(text, COMPANIES, ["list_tickers"]))
    assert spec is not None and value in spec["enum"]


def test_close_spellings_and_codes_in_capitals_stay():
    kept = listed_spans(["kestral", "ACME", "stock", "Genovia"], [], listed_words(COMPANIES))
    assert kept == ["kestral", "ACME"]


def test_a_property_naming_nothing_listed_is_left_as_it_was():
    spec = constrain_property("query", {"type": "string"},
                              _candidates("what time is it in Genovia", COMPANIES, ["list_tickers"]))
    assert spec is not None and any("Genovia" in v for v in spec["enum"])


def test_without_a_listing_nothing_changes():
    candidates = gather_candidates(["what time is it in Genovia right now?"], [], TODAY)
    spec = constrain_property("ticker_or_name", TICKER, candidates, tool_name="get_quote")
    assert spec is not None and "Genovia" in spec["enum"]


def test_the_account_says_nothing_listed_was_named():
    from mcp.types import Tool

    from nodes.arguments.unresolved import unresolved_line
    quote = Tool(name="get_quote", description="Latest stock quote",
                 inputSchema={"type": "object", "properties": {"ticker_or_name": TICKER}, "required": ["ticker_or_name"]})
    line = unresolved_line("quotes", [quote], _candidates("what time is it in Genovia right now?", COMPANIES,
                                                          ["list_tickers"]))
    assert line.startswith("no ticker that quotes lists is named by 'Genovia")



def test_a_word_many_listed_names_share_identifies_none():
    from nodes.arguments.listing_gate import listed_words

    cities = ["Mexico City", "Panama City", "Quebec City", "Kuwait City", "Salt Lake City", "Oslo"]
    assert "city" not in listed_words(cities) and "oslo" in listed_words(cities)


def test_a_listing_left_alone_is_no_answer_unless_the_listing_is_asked():
    from mcp.types import Tool

    from nodes.arguments.listing_gate import LISTING_TOOLS, asks_for_the_listing
    from nodes.arguments.tool_offer import NoCallableTool, constrained_tools

    forecast = Tool(name="get_outlook", description="Outlook for a region",
                    inputSchema={"type": "object", "properties": {"region": {"type": "string"}}, "required": ["region"]})
    regions = Tool(name="list_regions", description="Regions covered, optionally by country",
                   inputSchema={"type": "object", "properties": {"country": {"type": "string"}}})
    candidates = _candidates("outlook for Atlantis tomorrow", ["Harbor Coast", "Ridge Valley"], ["list_regions"])
    candidates.listed[LISTING_TOOLS] = ["list_regions"]
    with pytest.raises(NoCallableTool, match="no region that outlooks lists"):
        constrained_tools("outlooks", [forecast, regions], candidates)
    assert asks_for_the_listing(["which regions do you cover?"], ["region"])
    assert not asks_for_the_listing(["outlook for the region of Atlantis"], ["region"])
