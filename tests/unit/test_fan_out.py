"""A one-value property gets one call per value the request names; alternatives (expressions) never fan out."""

from datetime import date

from mcp.types import Tool

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.fan_out import remaining_calls, whole_lists

NOW = Tool(name="get_current_time", description="Get current time in a specific timezone", inputSchema={
    "type": "object", "required": ["timezone"],
    "properties": {"timezone": {"type": "string", "description": "IANA timezone name (e.g., 'Europe/London')"}}})
CALCULATE = Tool(name="calculate", description="Evaluates an expression", inputSchema={
    "type": "object", "required": ["expression"], "properties": {"expression": {"type": "string"}}})
TODAY = date(2026, 11, 26)


def test_each_other_zone_gets_its_own_call():
    candidates = gather_candidates(["clock in Oslo and Quito right now"], [], TODAY)
    assert remaining_calls(NOW, [{"timezone": "Europe/Oslo"}], candidates) == [{"timezone": "America/Guayaquil"}]
    assert remaining_calls(NOW, [{"timezone": "Europe/Oslo"}, {"timezone": "America/Guayaquil"}], candidates) == []


def test_only_the_zones_the_question_asks_about():
    candidates = gather_candidates(["Offices in Oslo, Quito and Perth. Time in Quito?"], [], TODAY)
    assert remaining_calls(NOW, [{"timezone": "America/Guayaquil"}], candidates) == []


def test_alternatives_do_not_fan_out():
    candidates = gather_candidates(["15% tip on 80"], [], TODAY)  # two readings of one question
    assert remaining_calls(CALCULATE, [{"expression": "80*(1+15/100)"}], candidates) == []


FORECAST = Tool(name="get_forecast", description="Daily forecast for a city", inputSchema={
    "type": "object", "required": ["city"],
    "properties": {"city": {"type": "string", "description": "City name"}, "date": {"type": "string"}}})
ROUTE = Tool(name="search_routes", description="Routes between two cities", inputSchema={
    "type": "object", "required": ["origin", "destination"],
    "properties": {"origin": {"type": "string", "description": "origin city"},
                   "destination": {"type": "string", "description": "destination city"}}})


def test_each_other_place_of_a_list_gets_its_own_call():
    candidates = gather_candidates(["Paris, london & Berlin - what are the highs on Saturday?"], [], TODAY)
    made = [{"city": "Paris", "date": "2026-11-28"}]
    assert remaining_calls(FORECAST, made, candidates) == [{"city": "london", "date": "2026-11-28"},
                                                           {"city": "Berlin", "date": "2026-11-28"}]
    made.append({"city": "London", "date": "2026-11-28"})  # taken as the gazetteer writes it: not asked again
    assert remaining_calls(FORECAST, made, candidates) == [{"city": "Berlin", "date": "2026-11-28"}]


def test_places_said_apart_are_no_list():
    candidates = gather_candidates(["I'm in Oslo this week, what's the forecast in Bergen?"], [], TODAY)
    assert remaining_calls(FORECAST, [{"city": "Bergen"}], candidates) == []
    candidates = gather_candidates(["Bergen Oslo forecast"], [], TODAY)  # no join between them: no list
    assert remaining_calls(FORECAST, [{"city": "Bergen"}], candidates) == []
    candidates = gather_candidates(["from Paris to Rome or Milan"], [], TODAY)  # two place properties
    assert remaining_calls(ROUTE, [{"origin": "Paris", "destination": "Rome"}], candidates) == []


def test_of_two_place_properties_the_one_whose_value_a_list_holds_fans_out():
    text = "Melbourne departure, Tue 8 Dec. Options: Sydney / Singapore / HK. Cheapest fare for each"
    flights = Tool(name="search", description="Search flights", inputSchema={
        "type": "object", "required": ["origin", "destination"],
        "properties": {"origin": {"type": "string", "description": "city to depart from"},
                       "destination": {"type": "string", "description": "city to fly to"}}})
    candidates = gather_candidates([text], [], TODAY)
    assert remaining_calls(flights, [{"origin": "Melbourne", "destination": "Sydney"}], candidates) == [
        {"origin": "Melbourne", "destination": "Singapore"}, {"origin": "Melbourne", "destination": "HK"}]
    candidates = gather_candidates(["from Paris to Rome"], [], TODAY)  # no list: one call
    assert remaining_calls(flights, [{"origin": "Paris", "destination": "Rome"}], candidates) == []


def test_another_item_of_the_list_is_taken_out_of_the_other_properties():
    from nodes.arguments.fan_out import list_items_kept_apart

    search = Tool(name="search", inputSchema={"type": "object", "required": ["city"], "properties": {
        "city": {"type": "string"}, "near": {"type": "string", "description": "a landmark or district"},
        "cuisine": {"type": "string"}}})
    candidates = gather_candidates(["top rated restaurant in Hangzhou, Xi'an and Beijing?"], [], TODAY)
    made = {"city": "Hangzhou", "cuisine": "Beijing", "near": "Xi'an"}
    assert list_items_kept_apart(search, made, candidates) == {"city": "Hangzhou"}
    assert remaining_calls(search, [made], candidates) == [{"city": "Xi'an"}, {"city": "Beijing"}]


def test_only_the_list_in_the_tasks_own_text():
    # the task is one part of a split question; the list belongs to the question's other part
    candidates = gather_candidates(["forecast in Lisbon", "forecast in Lisbon and hotels in Rome or Milan"], [], TODAY)
    assert remaining_calls(FORECAST, [{"city": "Lisbon"}], candidates) == []


CONVERT = Tool(name="convert_currency", description="Convert an amount between two currencies", inputSchema={
    "type": "object", "required": ["amount", "from_currency", "to_currency"],
    "properties": {"amount": {"type": "number"},
                   "from_currency": {"type": "string", "enum": ["USD", "EUR", "AUD", "GBP"],
                                     "description": "ISO 4217 currency code"},
                   "to_currency": {"type": "string", "enum": ["USD", "EUR", "AUD", "GBP"],
                                   "description": "ISO 4217 currency code"}}})


def test_a_further_code_goes_to_the_property_whose_value_it_is_named_beside():
    candidates = gather_candidates(["1000 Australian dollars - what is it in US dollars, and what is it in euros?"],
                                   [], TODAY)
    made = [{"amount": 1000, "from_currency": "AUD", "to_currency": "USD"}]
    assert remaining_calls(CONVERT, made, candidates) == [{"amount": 1000, "from_currency": "AUD", "to_currency": "EUR"}]


def test_a_code_as_near_to_both_properties_is_left_alone():
    candidates = gather_candidates(["100 USD and 50 euros to pounds"], [], TODAY)  # EUR sits between USD and GBP
    assert remaining_calls(CONVERT, [{"amount": 100, "from_currency": "USD", "to_currency": "GBP"}], candidates) == []
    candidates = gather_candidates(["200 euros in pounds"], [], TODAY)  # nothing more to ask
    assert remaining_calls(CONVERT, [{"amount": 200, "from_currency": "EUR", "to_currency": "GBP"}], candidates) == []


QUOTE = Tool(name="get_quote", description="Latest quote for a listed company", inputSchema={
    "type": "object", "required": ["ticker_or_name"],
    "properties": {"ticker_or_name": {"type": "string", "description": "Ticker symbol or a company name"}}})


def test_each_other_name_of_a_written_list_gets_its_own_call():
    candidates = gather_candidates(["quotes for AAPL, MSFT and GOOGL"], [], TODAY)
    assert remaining_calls(QUOTE, [{"ticker_or_name": "MSFT"}], candidates) == [{"ticker_or_name": "AAPL"},
                                                                               {"ticker_or_name": "GOOGL"}]
    candidates = gather_candidates(["jpmorgan, visa, berkshire B - latest prices"], [], TODAY)
    assert remaining_calls(QUOTE, [{"ticker_or_name": "jpmorgan"}], candidates) == [{"ticker_or_name": "visa"},
                                                                                   {"ticker_or_name": "berkshire"}]


def test_words_that_open_a_clause_or_differ_in_shape_are_no_items():
    candidates = gather_candidates(["price of apple and what's the weather"], [], TODAY)
    assert remaining_calls(QUOTE, [{"ticker_or_name": "apple"}], candidates) == []
    candidates = gather_candidates(["which moved more, Tesla or Ford?"], [], TODAY)
    assert remaining_calls(QUOTE, [{"ticker_or_name": "Tesla"}], candidates) == [{"ticker_or_name": "Ford"}]


COMPARE = Tool(name="compare_cities", description="Compare the weather of cities", inputSchema={
    "type": "object", "required": ["cities"],
    "properties": {"cities": {"type": "array", "items": {"type": "string", "description": "City name"},
                              "maxItems": 5}}})


def test_a_list_of_places_gets_the_whole_written_list_in_its_one_call():
    candidates = gather_candidates(["which is warmest: Osaka, Seoul or Shanghai?"], [], TODAY)
    assert whole_lists(COMPARE, {"cities": ["Osaka", "Seoul"]}, candidates) == {
        "cities": ["Osaka", "Seoul", "Shanghai"]}
    apart = gather_candidates(["trains from Osaka to Seoul"], [], TODAY)  # places said apart are no list
    assert whole_lists(COMPARE, {"cities": ["Osaka"]}, apart) == {"cities": ["Osaka"]}
