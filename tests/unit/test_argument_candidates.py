"""The executor's closed set: spans, resolved dates, dependency values and named enum values, for any
catalogue's schemas, and the decoding schema built from them."""

from datetime import date

from nodes.arguments.candidate_spans import closed_brackets
from nodes.arguments.candidates import gather_candidates
from nodes.arguments.schema import constrain_property, constrain_tool_schema
from nodes.arguments.string_values import LISTED_NAMES
from nodes.arguments.tool_offer import NoCallableTool, constrained_tools, step_schema
from nodes.arguments.step_rules import ToolStep, make_step_check
from tests.fakes import make_tool

TODAY = date(2026, 11, 23)
FORECAST = {"type": "object", "required": ["city"], "properties": {
    "city": {"type": "string", "minLength": 2, "maxLength": 60},
    "dates": {"type": "string", "description": "a day or a range", "default": "today"},
    "with_summary": {"type": "boolean", "default": True}}}


def test_a_free_string_may_only_be_a_span_of_the_request():
    candidates = gather_candidates(["Weather in Zurich tomorrow?"], [], TODAY)
    topics = constrain_tool_schema({"type": "object", "properties": {"topic": {"type": "string"}}},
                                   candidates)["properties"]["topic"]["enum"]
    assert "Zurich" in topics and "Weather in Zurich" in topics
    assert not any("tomorrow" in c for c in topics)  # date words are not candidates
    assert not any(c.lower().startswith(("in ", "the ")) for c in topics)
    schema = constrain_tool_schema(FORECAST, candidates)
    assert schema["properties"]["city"]["enum"] == ["Zurich"]  # a city property takes places only
    assert schema["properties"]["dates"] == {"enum": ["2026-11-24"], "description": "a day or a range"}
    assert schema["properties"]["with_summary"] == {"type": "boolean", "default": True}
    assert schema["additionalProperties"] is False


def test_chat_courtesy_words_end_no_name():
    candidates = gather_candidates(["top sights in Barcelona pls", "red fort opening hours thx"], [], TODAY)
    assert "Barcelona" in candidates.spans
    assert not any(s.lower().endswith((" pls", " thx")) for s in candidates.spans)


def test_a_span_never_cuts_a_bracket_open():
    """"iPad Air 11 (M2" is nothing anyone named: the span takes its closing bracket, or is no value."""
    candidates = gather_candidates(["shopping for an iPad Air 11 (M2), options?"], [], TODAY)
    schema = constrain_tool_schema({"type": "object", "properties": {"query": {"type": "string"}}}, candidates)
    topics = schema["properties"]["query"]["enum"]
    assert "iPad Air 11 (M2)" in topics and "11 (M2)" in topics
    assert not [t for t in topics if t.count("(") != t.count(")")]
    assert closed_brackets("M2) price", "") is None and closed_brackets("a [b] c", "") == "a [b] c"


def test_a_city_property_takes_places_airport_codes_and_listed_names_but_never_other_words():
    offered = constrain_tool_schema(FORECAST, gather_candidates(["flights NYC to PEK, and the weather in beijing"],
                                                                 [], TODAY))["properties"]["city"]["enum"]
    assert {"NYC", "PEK", "beijing"} <= set(offered) and "flights" not in offered
    # a tip on a dinner bill names no city: the forecast tool cannot be called with "dinner"
    for bill in ("dinner came to $86.40, whats a 15% tip?", "Dinner came to $86.40, whats a 15% tip?"):
        assert constrain_tool_schema(FORECAST, gather_candidates([bill], [], TODAY)) is None
    # a name the gazetteer lacks is the server's to judge, when written as a name or after a place cue
    assert offered_cities("Weather in Zuraflax tomorrow?") == ["Zuraflax"]
    assert "san francicso" in offered_cities("how cold is it in san francicso")  # a slip of a known name
    assert constrain_tool_schema(FORECAST, gather_candidates(["how many minutes is that in total lol"], [],
                                                             TODAY)) is None  # "in total" is no place
    listed = gather_candidates(["weather at the lake house"], [], TODAY)
    assert constrain_tool_schema(FORECAST, listed) is None
    listed.listed["names"] = ["lake house"]  # a server that lists its own places
    assert constrain_tool_schema(FORECAST, listed)["properties"]["city"]["enum"] == ["lake house"]


def test_airport_codes_typed_in_lower_case_offer_the_city_they_serve():
    offered = offered_cities("cheapest flight sfo to lax on tuesday")
    assert offered[:2] == ["San Francisco", "Los Angeles"]  # a server knows the city's name, not the code
    assert "lax" not in offered_cities("are the rules lax in Oslo")  # an English word outside a route
    assert offered_cities("SF weather today")[0] == "San Francisco"  # a short form geonames lacks


def test_numbers_written_in_words_are_numbers_of_the_request():
    assert 100.0 in gather_candidates(["One hundred Brazilian reais in Mexican pesos"], [], TODAY).request_numbers
    assert 250.0 in gather_candidates(["two hundred and fifty quid in euros"], [], TODAY).request_numbers


def offered_cities(request: str) -> list[str]:
    return constrain_tool_schema(FORECAST, gather_candidates([request], [], TODAY))["properties"]["city"]["enum"]


def test_a_range_property_gets_the_resolved_range():
    schema = constrain_tool_schema(FORECAST, gather_candidates(["rain in Rome this weekend"], [], TODAY))
    assert schema["properties"]["dates"]["enum"] == ["2026-11-28 to 2026-11-29"]


def test_several_days_named_together_are_offered_first_as_their_span():
    schema = constrain_tool_schema(FORECAST, gather_candidates(["highs in DC tuesday and wednesday"], [], TODAY))
    assert schema["properties"]["dates"]["enum"] == ["2026-11-24 to 2026-11-25", "2026-11-24", "2026-11-25"]
    apart = constrain_tool_schema(FORECAST, gather_candidates(["rain in Rome on the 1st and the 20th"], [], TODAY))
    assert apart["properties"]["dates"]["enum"] == ["2026-12-01", "2026-12-20"]  # not within a week: no span


def test_an_optional_property_without_candidates_is_dropped_and_a_required_one_drops_the_tool():
    schema = constrain_tool_schema(FORECAST, gather_candidates(["weather in Oslo"], [], TODAY))
    assert "dates" not in schema["properties"] and schema["required"] == ["city"]
    booking = {"type": "object", "required": ["hotel_id", "guest_name"], "properties": {
        "hotel_id": {"type": "integer", "minimum": 1}, "guest_name": {"type": "string"}}}
    assert constrain_tool_schema(booking, gather_candidates(["hotels in Paris"], [], TODAY)) is None


def test_enums_narrow_to_the_values_the_request_names():
    convert = {"type": "object", "required": ["amount", "from_currency", "to_currency"], "properties": {
        "amount": {"type": "number", "minimum": 0},
        "from_currency": {"enum": ["USD", "EUR", "EGP", "JPY"], "type": "string"},
        "to_currency": {"enum": ["USD", "EUR", "EGP", "JPY"], "type": "string"}}}
    schema = constrain_tool_schema(convert, gather_candidates(["convert 100 usd to EGP"], [], TODAY))
    assert schema["properties"]["to_currency"]["enum"] == ["USD", "EGP"]
    assert schema["properties"]["amount"] == {"enum": [100.0]}
    in_words = constrain_tool_schema(convert, gather_candidates(["convert 100 dollars to Egyptian pounds"], [], TODAY))
    assert in_words["properties"]["to_currency"]["enum"] == ["USD", "EGP"]  # codes named in words count
    unnamed = constrain_tool_schema(convert, gather_candidates(["convert 100 at today's rate"], [], TODAY))
    assert unnamed["properties"]["to_currency"]["enum"] == ["USD", "EUR", "EGP", "JPY"]


def test_ids_and_names_may_come_from_a_dependency_output():
    details = {"type": "object", "required": ["hotel_id"], "properties": {
        "hotel_id": {"type": "integer", "minimum": 1}, "name": {"type": "string"}}}
    candidates = gather_candidates(["details of the cheapest one"],
                                   ['{"hotels": [{"hotel_id": 178, "name": "The Summit Lodge Paris"}]}'], TODAY)
    schema = constrain_tool_schema(details, candidates)
    assert 178 in schema["properties"]["hotel_id"]["enum"]
    assert "The Summit Lodge Paris" in schema["properties"]["name"]["enum"]


def test_patterns_and_arrays_of_a_users_catalogue_are_respected():
    tickets = {"type": "object", "required": ["venues"], "properties": {
        "venues": {"type": "array", "items": {"type": "string"}},
        "code": {"type": "string", "pattern": "^[A-Z]{2}[0-9]{3}$"}}}
    schema = constrain_tool_schema(tickets, gather_candidates(["tickets at Wembley or the O2, code AB123"], [], TODAY))
    assert "Wembley" in schema["properties"]["venues"]["items"]["enum"]
    assert schema["properties"]["code"]["enum"] == ["AB123"]


def test_a_list_that_must_hold_two_values_is_not_offered_when_the_request_names_one():
    compare = {"type": "object", "required": ["cities"], "properties": {
        "cities": {"type": "array", "minItems": 2, "items": {"type": "string", "description": "City name"}}}}
    assert constrain_tool_schema(compare, gather_candidates(["Toronto skies on wednesday?"], [], TODAY)) is None
    both = constrain_tool_schema(compare, gather_candidates(["warmer in Toronto or Madrid?"], [], TODAY))
    assert {"Toronto", "Madrid"} <= set(both["properties"]["cities"]["items"]["enum"])
    # one city, written "osaka" and given as "Osaka" by an earlier output, is still one city
    one = gather_candidates(["going to osaka on wednesday, what will the weather be"], ["Osaka"], TODAY)
    assert constrain_property("cities", compare["properties"]["cities"]["items"], one)["enum"] == ["osaka", "Osaka"]
    assert constrain_tool_schema(compare, one) is None


def test_the_step_schema_and_check_refuse_values_outside_the_set():
    tools = [make_tool("get_forecast", FORECAST["properties"], required=["city"]),
             make_tool("book", {"hotel_id": {"type": "integer"}}, read_only=False, required=["hotel_id"])]
    allowed = constrained_tools("weather", tools, gather_candidates(["Weather in Zurich tomorrow?"], [], TODAY))
    assert list(allowed) == ["get_forecast"]  # book needs an id the request does not give
    schema = step_schema(tools, allowed)
    assert schema["properties"]["tool"] == {"const": "get_forecast"}
    check = make_step_check("weather", tools, allowed)
    check(ToolStep(tool="get_forecast", params={"city": "Zurich", "dates": "2026-11-24"}))
    for bad in ({"city": "Zuraflax"}, {"city": "Zurich", "dates": "2018-3-4"}, {"city": "Zurich", "x": 1}):
        try:
            check(ToolStep(tool="get_forecast", params=bad))
        except ValueError as exc:
            assert "must come from the request" in str(exc)
        else:
            raise AssertionError(f"{bad} was accepted")


def test_no_callable_tool_is_a_clear_error():
    tools = [make_tool("book", {"hotel_id": {"type": "integer"}}, read_only=False, required=["hotel_id"])]
    try:
        constrained_tools("hotels", tools, gather_candidates(["book me something"], [], TODAY))
    except NoCallableTool as exc:
        assert "no tool of 'hotels' can be called" in str(exc)
    else:
        raise AssertionError("expected NoCallableTool")


def test_a_named_date_makes_the_date_property_required_and_unnamed_optional_enums_are_left_out():
    search = {"type": "object", "required": ["query"], "properties": {
        "query": {"type": "string"}, "topic": {"enum": ["general", "news", "finance"], "default": "general"}}}
    schema = constrain_tool_schema(search, gather_candidates(["when did the Berlin Wall come down"], [], TODAY))
    assert "topic" not in schema["properties"]
    assert schema["properties"]["query"]["enum"][0] == "when did the Berlin Wall come down"  # search takes it whole
    dated = constrain_tool_schema(FORECAST, gather_candidates(["Paris weather this saturday?"], [], TODAY))
    assert dated["required"] == ["city", "dates"]


def test_spans_made_only_of_the_tools_own_words_are_not_offered():
    from nodes.arguments.property_kinds import tool_words

    quote = {"type": "object", "required": ["ticker_or_name"], "properties": {"ticker_or_name": {"type": "string"}}}
    own = tool_words("get_quote", "Latest price of a stock or fund")
    schema = constrain_tool_schema(quote, gather_candidates(["microsoft stock price"], [], TODAY), own)
    assert "stock" not in schema["properties"]["ticker_or_name"]["enum"]
    assert "microsoft" in schema["properties"]["ticker_or_name"]["enum"]


def test_a_tools_own_words_leave_out_its_quoted_examples_and_an_apostrophe_opens_none():
    from nodes.arguments.property_kinds import tool_words

    words = tool_words("cheapest_days", "The fare for each day, with that flight's number. Use for 'when is it "
                                        "cheapest to fly from X to Y next week'.")
    assert {"number", "fare", "cheapest"} <= words  # "flight's" opened no quote
    assert not {"fly", "next", "week"} & words  # the example is a request's words, not the tool's


def test_a_value_repeated_in_an_optional_property_is_dropped():
    from nodes.arguments.step_rules import drop_repeated_values

    tool = make_tool("search", {"city": {"type": "string"}, "cuisine": {"type": "string"}}, required=["city"])
    step = drop_repeated_values(ToolStep(tool="search", params={"cuisine": "Tokyo", "city": "Tokyo"}), tool)
    assert step.params == {"city": "Tokyo"}


async def test_a_value_the_first_call_did_not_cover_gets_one_more_call_with_its_output():
    from graphs.context import Context
    from graphs.plan import Task
    from nodes.execute import run_task_agent
    from tests.fakes import FakeTools, ScriptedModels

    currencies = {"enum": ["USD", "EUR", "GBP"], "type": "string"}
    tools = FakeTools({"finance": {
        "get_quote": (make_tool("get_quote", {"ticker_or_name": {"type": "string"}}, required=["ticker_or_name"]),
                      lambda a: {"symbol": "KO", "last": 70.5, "currency": "USD"}),
        "convert_currency": (make_tool("convert_currency", {"amount": {"type": "number"}, "from_currency": currencies,
                                                            "to_currency": currencies},
                                       required=["amount", "from_currency", "to_currency"]),
                             lambda a: {"converted": round(a["amount"] * 0.79, 2), "to_currency": a["to_currency"]})}})
    seen = []

    def executor(messages):
        seen.append(messages[-1].content)
        if "also asks about gbp" in messages[-1].content:
            return {"tool": "convert_currency", "params": {"amount": 70.5, "from_currency": "USD", "to_currency": "GBP"}}
        return {"tool": "get_quote", "params": {"ticker_or_name": "coca cola"}}

    model = ScriptedModels(executor=[executor]).get("executor", Context())
    outcomes = await run_task_agent(Task(id="T1", server="finance", query="how much is coca cola stock in GBP"), {},
                                    tools=tools, model=model, context=Context(today="2026-11-23"))
    assert [o.tool for o in outcomes] == ["get_quote", "convert_currency"] and all(o.ok for o in outcomes)
    assert '"converted": 55.7' in outcomes[-1].text


def test_numbers_from_a_dependency_come_from_the_field_the_property_names_or_measures():
    quote = '{"symbol": "KO", "last": 79.87, "prev_close": 80.03, "day_low": 79.22, "volume": 5629946}'
    candidates = gather_candidates(["coca cola stock in GBP"], [quote], TODAY)
    assert candidates.numbers_for("amount", "Amount in from_currency") == [79.87]  # the first price: last
    hotels = '{"nights": 1, "hotels": [{"hotel_id": 178, "price": 113}, {"hotel_id": 184, "price": 122}]}'
    candidates = gather_candidates(["book the cheaper one for 2 rooms"], [hotels], TODAY)
    # "2 rooms" is no hotel_id: an id takes only the ids the outputs list, or a number the user gives as that id.
    assert candidates.numbers_for("hotel_id", "hotel_id from search") == [178.0, 184.0]
    named = gather_candidates(["book hotel 184 for 2 rooms", "or hotel_id #7"], [hotels], TODAY)
    assert named.numbers_for("hotel_id", "hotel_id from search") == [184.0, 7.0, 178.0]
    assert gather_candidates(["the cheapest 4-star hotel"], [], TODAY).numbers_for("hotel_id", "") == []


def test_the_distilled_executor_is_offered_only_the_tool_that_takes_the_closed_set_values_named():
    currencies = {"enum": ["USD", "EUR", "GBP", "SGD"], "type": "string"}
    tools = [make_tool("get_quote", {"ticker_or_name": {"type": "string"}}, required=["ticker_or_name"]),
             make_tool("convert_currency", {"amount": {"type": "number"}, "from_currency": currencies,
                                            "to_currency": currencies}, required=["amount", "from_currency"])]
    swap = gather_candidates(["swap 20 GBP for SGD at today's rate"], [], TODAY)
    assert list(constrained_tools("finance", tools, swap, narrow=False)) == ["convert_currency"]
    # one named code decides nothing: the distilled executor chooses among every callable tool
    one = gather_candidates(["swap 20 GBP for apple"], [], TODAY)
    assert set(constrained_tools("finance", tools, one, narrow=False)) == {"get_quote", "convert_currency"}


def test_a_city_a_sibling_takes_as_a_place_is_not_offered_to_a_name_property():
    city = {"type": "string", "description": "City name"}
    tools = [make_tool("search", {"city": city}, required=["city"]),
             make_tool("get_details", {"attraction": {"type": "string"}}, required=["attraction"])]
    toronto = constrained_tools("sights", tools, gather_candidates(["Toronto"], [], TODAY), narrow=False)
    assert list(toronto) == ["search"]  # the one value named is a city: no attraction is named
    tower = constrained_tools("sights", tools, gather_candidates(["the Eiffel Tower in Paris"], [], TODAY),
                              narrow=False)
    assert "Paris" not in tower["get_details"]["properties"]["attraction"]["enum"]
    assert "Eiffel Tower" in tower["get_details"]["properties"]["attraction"]["enum"]
    # with no sibling that takes a place, a city stays a name (a page titled "Toronto")
    alone = constrained_tools("wiki", tools[1:], gather_candidates(["Toronto"], [], TODAY), narrow=False)
    assert alone["get_details"]["properties"]["attraction"]["enum"] == ["Toronto"]
    # a name that is no big city stays: "Orange" may be a company
    orange = constrained_tools("sights", tools, gather_candidates(["Orange in Paris"], [], TODAY), narrow=False)
    assert "Orange" in orange["get_details"]["properties"]["attraction"]["enum"]


def test_a_name_no_gazetteer_knows_is_not_offered_to_a_place_property_when_a_sibling_takes_names():
    city = {"type": "string", "description": "City name"}
    tools = [make_tool("search", {"city": city}, required=["city"]),
             make_tool("get_details", {"attraction": {"type": "string"}}, required=["attraction"])]
    dotonbori = constrained_tools("sights", tools, gather_candidates(["admission for Dotonbori?"], [], TODAY),
                                  narrow=False)
    assert list(dotonbori) == ["get_details"]  # "Dotonbori" is no city: the search by city is not offered
    # a place the server lists stays a place, and so does any the gazetteer knows
    candidates = gather_candidates(["admission for Dotonbori?"], [], TODAY)
    candidates.listed[LISTED_NAMES] = ["Dotonbori"]
    assert set(constrained_tools("sights", tools, candidates, narrow=False)) == {"search", "get_details"}
    lima = constrained_tools("sights", tools, gather_candidates(["things to do in Lima"], [], TODAY), narrow=False)
    assert "search" in lima
    # with no sibling that takes a name, an unknown town is still a place
    alone = constrained_tools("weather", tools[:1], gather_candidates(["weather in Smallvale"], [], TODAY),
                              narrow=False)
    assert alone["search"]["properties"]["city"]["enum"] == ["Smallvale"]


def test_the_tools_that_take_the_named_enum_values_are_the_ones_offered():
    currencies = {"enum": ["USD", "EUR", "TRY"], "type": "string"}
    tools = [make_tool("get_quote", {"ticker_or_name": {"type": "string"}}, required=["ticker_or_name"]),
             make_tool("convert_currency", {"amount": {"type": "number"}, "from_currency": currencies,
                                            "to_currency": currencies}, required=["amount", "from_currency"])]
    allowed = constrained_tools("finance", tools, gather_candidates(["how much is 50 EUR in TRY"], [], TODAY))
    assert list(allowed) == ["convert_currency"]
    # nothing names a currency: every callable tool stays on offer
    allowed = constrained_tools("finance", tools, gather_candidates(["how much is 50 of ibm"], [], TODAY))
    assert set(allowed) == {"get_quote", "convert_currency"}
    # "50 shares" is a count, no amount of money: the quote comes first
    allowed = constrained_tools("finance", tools, gather_candidates(["how much is 50 shares of ibm"], [], TODAY))
    assert set(allowed) == {"get_quote"}
    # codes named in words count as named ("Turkish lira")
    allowed = constrained_tools("finance", tools, gather_candidates(["50 euros in Turkish lira?"], [], TODAY))
    assert list(allowed) == ["convert_currency"]


def test_a_code_named_in_words_is_a_named_enum_value_a_call_must_cover():
    from nodes.arguments.tool_offer import named_enum_values
    currencies = {"enum": ["USD", "EUR", "TRY"], "type": "string", "description": "ISO 4217 currency code"}
    convert = make_tool("convert_currency", {"amount": {"type": "number"}, "from_currency": currencies,
                                             "to_currency": currencies}, required=["amount", "from_currency"])
    named = named_enum_values([convert], gather_candidates(["whats apple trading at in euros"], [], TODAY))
    assert named == {"convert_currency": {"eur"}}


def test_a_tool_whose_description_clearly_matches_the_request_is_the_one_offered():
    from mcp.types import Tool

    from nodes.arguments.tool_offer import described_best

    quote = Tool(name="get_quote", description="Latest price of a stock or fund", inputSchema={"type": "object"})
    history = Tool(name="get_history", description="Daily open/high/low/close for recent trading days",
                   inputSchema={"type": "object"})
    assert described_best([quote, history], ["disney stock price"]) == "get_quote"
    assert described_best([quote, history], ["how is disney trading"]) is None  # one word: the model chooses


def test_a_booking_name_is_one_the_request_gives_or_the_user_the_run_acts_for():
    from nodes.arguments.schema import constrain_property

    spec = {"type": "string", "minLength": 2, "description": "Full name the booking is made under"}
    plain = gather_candidates(["Book the cheapest hotel in Paris for tomorrow night"], [], TODAY)
    assert constrain_property("guest_name", spec, plain) is None  # never "Paris" or "Book"
    acting = gather_candidates(["Book the cheapest hotel in Paris for tomorrow night"], [], TODAY, "Ada Lovelace")
    assert constrain_property("guest_name", spec, acting)["enum"] == ["Ada Lovelace"]
    named = gather_candidates(["book flight 1 for John Smith"], [], TODAY)
    assert constrain_property("passenger_name", {"type": "string"}, named)["enum"] == ["John Smith"]


def test_a_number_written_next_to_a_propertys_word_must_be_used():
    from nodes.arguments.property_kinds import number_named_for

    assert number_named_for("min_stars", ["the cheapest 4-star hotel in Paris"]) == 4
    assert number_named_for("rooms", ["2 rooms for 3 nights"]) == 2
    assert number_named_for("nights", ["2 rooms for 3 nights"]) == 3
    assert number_named_for("limit", ["top 5 hotels"]) is None
    assert number_named_for("from_currency", ["can you convert 10 from BRL to KRW"]) is None  # "from" is no noun
    schema = {"type": "object", "properties": {"city": {"type": "string"},
                                               "min_stars": {"type": "integer", "minimum": 1, "maximum": 5}},
              "required": ["city"]}
    decoded = constrain_tool_schema(schema, gather_candidates(["cheapest 4-star hotel in Paris"], [], TODAY))
    assert decoded["properties"]["min_stars"] == {"enum": [4]} and "min_stars" in decoded["required"]


def test_a_number_named_for_one_property_is_not_offered_to_another():

    schema = {"type": "object", "properties": {"city": {"type": "string"},
                                               "min_stars": {"type": "integer", "minimum": 1, "maximum": 5},
                                               "max_price": {"type": "number", "exclusiveMinimum": 0}},
              "required": ["city"]}
    decoded = constrain_tool_schema(schema, gather_candidates(["cheapest 4-star hotel in Paris"], [], TODAY))
    assert "max_price" not in decoded["properties"]  # the 4 of "4-star" is no price
    priced = constrain_tool_schema(schema, gather_candidates(["4-star hotel in Paris under 200"], [], TODAY))
    assert priced["properties"]["max_price"] == {"enum": [200.0]}


def test_superlatives_and_the_tools_own_words_in_either_number_are_not_values():
    from nodes.arguments.schema import constrain_property

    candidates = gather_candidates(["top restaurant in Guangzhou?"], [], TODAY)
    own = {"restaurants", "in", "a", "city"}
    assert constrain_property("cuisine", {"type": "string"}, candidates, required=False,
                              own_words=own)["enum"] == ["Guangzhou"]


def test_a_source_and_target_with_the_same_value_are_refused():
    import pytest

    from nodes.arguments.step_rules import ToolRefused, ToolStep, make_step_check
    from tests.fakes import make_tool

    tool = make_tool("convert_currency", {"amount": {"type": "number"}, "from_currency": {"type": "string"},
                                          "to_currency": {"type": "string"}})
    check = make_step_check("finance", [tool])
    with pytest.raises(ToolRefused, match="must differ"):
        check(ToolStep(tool="convert_currency", params={"amount": 1, "from_currency": "USD", "to_currency": "usd"}))
    check(ToolStep(tool="convert_currency", params={"amount": 1, "from_currency": "USD", "to_currency": "CNY"}))


def test_an_id_whose_noun_has_a_typo_is_still_named_but_a_plural_count_is_not():
    from nodes.arguments.property_kinds import named_ids

    assert named_ids("hotel_id", ["details of htel 117"]) == [117.0]
    assert named_ids("product_id", ["is prodcut 10 in stock"]) == [10.0]
    assert named_ids("hotel_id", ["hotels 4 star in paris"]) == []
    assert named_ids("flight_id", ["flght 3"]) == [3.0] and named_ids("car_id", ["cat 3"]) == []  # 3 letters: exact


def test_a_name_holding_one_of_the_servers_enum_words_stays_a_value():
    details = make_tool("get_details", {"attraction": {"type": "string"}}, required=["attraction"])
    search = make_tool("search", {"city": {"type": "string"},
                                  "category": {"type": "string", "enum": ["museum", "park"]}}, required=["city"])
    allowed = constrained_tools("attractions", [details, search],
                                gather_candidates(["when does Egyptian Museum open"], [], TODAY), narrow=False)
    values = allowed["get_details"]["properties"]["attraction"]["enum"]
    assert "Egyptian Museum" in values and "Museum" not in values


def test_the_distilled_executor_is_offered_every_callable_tool_not_the_heuristics_pick():
    search = make_tool("search", {"city": {"type": "string"},
                                  "sort_by": {"type": "string", "enum": ["price", "rating"]}}, required=["city"])
    details = make_tool("get_details", {"attraction": {"type": "string"}}, required=["attraction"])
    candidates = gather_candidates(["Louvre in Paris: hours and price"], [], TODAY)
    assert list(constrained_tools("attractions", [search, details], candidates)) == ["search"]  # 'price' is named
    assert set(constrained_tools("attractions", [search, details], candidates, narrow=False)) == {"search", "get_details"}


def test_a_span_holding_a_code_of_the_servers_enums_is_no_name():
    quote = make_tool("get_quote", {"ticker_or_name": {"type": "string"}}, required=["ticker_or_name"])
    convert = make_tool("convert_currency", {"amount": {"type": "number"},
                                             "to_currency": {"type": "string", "enum": ["USD", "EUR"]}},
                        required=["amount", "to_currency"])
    allowed = constrained_tools("finance", [quote, convert], gather_candidates(["whats amd worth in EUR"], [], TODAY),
                                narrow=False)
    values = allowed["get_quote"]["properties"]["ticker_or_name"]["enum"]
    assert "amd" in values and not [v for v in values if "EUR" in v]


def test_a_conversion_between_one_zone_and_itself_is_not_offered():
    """"is it past 6pm in Dakar": the clock time makes a conversion look the better fit, but the request gives one
    zone, so the tool could only be called Dakar -> Dakar; the current-time tool is offered instead."""
    zone = {"type": "string", "description": "IANA timezone name (e.g. 'Europe/Paris')"}
    tools = [make_tool("get_current_time", {"timezone": zone}, required=["timezone"]),
             make_tool("convert_time", {"source_timezone": zone, "time": {"type": "string", "description":
                                        "Time to convert in 24-hour format (HH:MM)"}, "target_timezone": zone},
                       required=["source_timezone", "time", "target_timezone"])]
    one = constrained_tools("clock", tools, gather_candidates(["is it already past 6pm in Dakar?"], [], TODAY))
    assert list(one) == ["get_current_time"]
    two = constrained_tools("clock", tools, gather_candidates(["6pm in Dakar is what in Lima?"], [], TODAY))
    assert list(two) == ["convert_time"]


def test_a_conversion_takes_the_zones_its_question_sentence_names():
    """Places of the story ("thirty years in Vancouver") are no end of a conversion whose question names two."""
    zone = {"type": "string", "description": "IANA timezone name (e.g. 'Europe/Paris')"}
    tool = make_tool("convert_time", {"source_timezone": zone, "time": {"type": "string", "description":
                                      "Time to convert in 24-hour format (HH:MM)"}, "target_timezone": zone},
                     required=["source_timezone", "time", "target_timezone"])
    text = ("My cousin moved to Seoul after thirty years in Vancouver, and we play chess online. "
            "When it's 21:00 here in Lisbon, what time is it for him in Seoul?")
    [schema] = constrained_tools("clock", [tool], gather_candidates([text], [], TODAY)).values()
    for name in ("source_timezone", "target_timezone"):
        assert set(schema["properties"][name]["enum"]) == {"Europe/Lisbon", "Asia/Seoul"}


def test_a_booking_name_is_a_persons_name_never_a_day():
    texts = ["Book 2 rooms in Bangkok for Saturday under the guest name 'Test User' and confirm"]
    assert gather_candidates(texts, [], TODAY).people == []  # "Saturday" is no guest
    assert gather_candidates(["book it for 'Daniel Okafor' please"], [], TODAY).people == ["Daniel Okafor"]


def test_a_count_of_shares_converts_that_many_times_the_quote():
    quote = '{"symbol": "ASML", "last": 978.16, "currency": "EUR"}'
    candidates = gather_candidates(["If I bought 10 ASML shares today, what would that cost me in pounds?"], [quote],
                                   TODAY)
    assert candidates.numbers_for("amount", "Amount to convert") == [9781.6]
    hotel = gather_candidates(["3 nights at the cheapest hotel, in pounds"], ['{"total_price": 300}'], TODAY)
    assert hotel.numbers_for("amount", "Amount to convert")[0] == 3  # nights are in the total already


def test_a_count_of_shares_is_no_amount_before_the_quote_is_known():
    request = ["I want 12 LVMH shares", "I want 12 LVMH shares. Price now, and the total in pounds sterling?"]
    assert gather_candidates(request, [], TODAY).numbers_for("amount", "Amount to convert") == []
    quote = '{"symbol": "MC.PA", "last": 719.05, "currency": "EUR"}'
    assert gather_candidates(request, [quote], TODAY).numbers_for("amount", "Amount to convert") == [8628.6]


def test_a_possessive_name_offers_the_name_first_and_typed_figures_are_whole():
    from datetime import date

    from nodes.arguments.candidates import gather_candidates

    found = gather_candidates(["Coca-Cola's stock price, and 2.5k quid or 5,000 US dollars"], [], date(2026, 11, 29))
    assert found.spans.index("Coca-Cola") < found.spans.index("Coca-Cola's")
    assert found.request_numbers == [2500.0, 5000.0]


def test_an_ambiguous_currency_word_takes_the_code_a_listed_set_holds():
    convert = {"type": "object", "required": ["amount", "from_currency", "to_currency"], "properties": {
        "amount": {"type": "number"},
        "from_currency": {"type": "string", "enum": ["USD", "GBP", "AED", "EUR"]},
        "to_currency": {"type": "string", "enum": ["USD", "GBP", "AED", "EUR"]}}}
    schema = constrain_tool_schema(convert, gather_candidates(
        ["Got 60 pounds sterling left over, how many dirhams is that worth today?"], [], TODAY))
    assert schema["properties"]["to_currency"]["enum"] == ["GBP", "AED"]  # "dirhams": MAD ranks first, AED is listed


def test_a_count_of_people_bounds_no_price():
    candidates = gather_candidates(["Cheapest Dubai hotel, we're 2 adults and a baby"], [], TODAY)
    assert candidates.numbers_for("max_price", "Highest nightly price") == []
    assert candidates.numbers_for("adults", "Number of adults") == [2.0]


def test_places_joined_by_a_hyphen_are_spans_of_their_own():
    spans = gather_candidates(["What's the cheapest Beijing-Tokyo flight this Saturday"], [], TODAY).spans
    assert "Beijing" in spans and "Tokyo" in spans
