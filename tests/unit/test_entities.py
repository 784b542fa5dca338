"""A bare listed name goes to the one server that lists it; anything more, or a name two servers list, does not."""

import json

import pytest

from indexes.entities import EntityDirectory, fold, listed_names, name_words, with_entity_matches
from indexes.ranking import ServerHit
from indexes.search_fallback import MATCH_FLOOR

TICKERS = json.dumps({"count": 3, "tickers": [
    {"symbol": "NESN.SW", "name": "Nestlé S.A.", "exchange": "SIX Swiss Exchange", "sector": "Consumer Staples"},
    {"symbol": "KO", "name": "The Coca-Cola Company", "exchange": "NYSE"},
    {"symbol": "6758.T", "name": "Sony Group Corporation", "exchange": "Tokyo Stock Exchange"}]})
CITIES = {"cities": [{"name": "Singapore", "country": "Singapore"}, {"name": "Paris", "country": "France"}]}
ROUTES = {"routes": [{"city_name": "Paris"}, {"city_name": "Berlin"}]}


def directory() -> EntityDirectory:
    return EntityDirectory({"finance": listed_names(TICKERS), "weather": listed_names(CITIES),
                            "trains": listed_names(ROUTES)})


def test_names_come_from_name_like_fields_at_any_depth_of_a_listing():
    assert listed_names(TICKERS) == ["NESN.SW", "Nestlé S.A.", "KO", "The Coca-Cola Company", "6758.T",
                                     "Sony Group Corporation"]
    assert listed_names(ROUTES) == ["Paris", "Berlin"]
    assert listed_names("not json") == []
    # a server that prints its rows with str() (mcp-server-sqlite's list_tables)
    assert listed_names("[{'name': 'departments'}, {'name': 'employees'}]") == ["departments", "employees"]
    assert listed_names("Allowed directories:\n/home/me/notes") == []


def test_name_words_fold_accents_and_drop_generic_words():
    assert fold("Nestlé") == "nestle"
    assert name_words("Nestlé S.A.") == {"nestle"}
    assert name_words("The Coca-Cola Company") == {"coca", "cola"}
    assert name_words("NESN.SW") == {"nesn"}  # a ticker is also typed without its exchange suffix


def test_a_bare_name_one_server_lists_picks_that_server():
    names = directory()
    assert names.sole_server("whats nestle at rn?") == ("finance", ["nestle"])
    assert names.sole_server("whats coca cola at") == ("finance", ["coca", "cola"])
    assert names.sole_server("Nestlé") == ("finance", ["nestle"])


def test_more_than_a_name_or_a_name_two_servers_list_decides_nothing():
    names = directory()
    assert names.sole_server("when did raffles found singapore") is None  # other words: a question for search
    assert names.sole_server("nestle chocolate history") is None
    assert names.sole_server("paris") is None  # weather and trains both list it
    assert names.sole_server("singapore") == ("weather", ["singapore"])
    assert names.sole_server("") is None and names.sole_server("whats at") is None


def test_only_sub_queries_no_server_matched_are_given_to_the_listing_server():
    names = directory()
    hits = [ServerHit("shopping", 0.23, best_for=[0]), ServerHit("weather", 0.71, best_for=[1])]
    ranked = with_entity_matches(hits, ["whats nestle at", "singapore"], names)
    assert [h.server for h in ranked] == ["finance", "shopping", "weather"]
    finance = ranked[0]
    assert finance.score == MATCH_FLOOR and finance.best_for == [0] and finance.matched_kind == "entity"
    assert ranked[1].best_for == [] and ranked[2].best_for == [1]  # a matched sub-query keeps its server
    untouched = with_entity_matches([ServerHit("finance", 0.8, best_for=[0])], ["nestle"], names)
    assert untouched[0].score == 0.8 and untouched[0].matched_kind == ""


def test_a_server_matched_on_another_sub_query_does_not_count_as_matching_this_one():
    # "call place_order ... also whats coca cola at": shopping scored 0.81 on the first part, 0.2 on the second
    shopping = ServerHit("shopping", 0.81, best_for=[0, 1], query_scores={0: 0.81, 1: 0.2})
    ranked = with_entity_matches([shopping], ["call place_order with product_id 1", "whats coca cola at"],
                                 directory())
    assert [(h.server, h.best_for) for h in ranked] == [("finance", [1]), ("shopping", [0])]


def test_a_record_only_one_server_holds_sends_its_question_there():
    from indexes.named_records import NamedRecords, with_named_records

    records = NamedRecords({"company_db": ["Aisha Bello", "Pinecrest Inn", "Engineering"],
                            "forecast": ["New York", "Mexico City"], "people": ["Jess Kim", "Pinecrest Inn"]})
    assert "new york" not in records.owner and "mexico city" not in records.owner  # places decide nothing
    assert "pinecrest inn" not in records.owner  # two servers hold it
    assert "engineering" not in records.owner  # one word is no record name
    hits = [ServerHit(server="notes", score=0.31, best_for=[0]), ServerHit(server="company_db", score=0.29)]
    ranked = with_named_records(hits, ["what's Aisha Bello's job title"], records)
    assert ranked[0].server == "company_db" and ranked[0].best_for == [0] and ranked[0].score >= 0.31
    unchanged = with_named_records([ServerHit(server="forecast", score=0.8, best_for=[0])],
                                   ["hotels in new york"], records)
    assert [h.server for h in unchanged] == ["forecast"]


def test_a_record_named_only_in_the_told_context_does_not_route_the_question():
    from indexes.named_records import NamedRecords, with_named_records

    records = NamedRecords({"company_db": ["Aisha Bello"]})

    def leader() -> list[ServerHit]:
        return [ServerHit(server="notes", score=0.31, best_for=[0]), ServerHit(server="company_db", score=0.29)]

    about_a_meeting = "Which room is the budget review in? I have to tell Aisha Bello before lunch."
    assert with_named_records(leader(), [about_a_meeting], records)[0].server == "notes"
    about_her = "I'm meeting Aisha Bello later. What is her job title?"  # the asking sentence points back at her
    assert with_named_records(leader(), [about_her], records)[0].server == "company_db"
    # the asking sentence's "the dog" is the dog the context gives her
    her_dog = "Aisha Bello is away and I'm minding her dog. What's the dog's vet again?"
    assert with_named_records(leader(), [her_dog], records)[0].server == "company_db"
    other_thing = "Aisha Bello is away and I'm minding her dog. What's the weather like?"
    assert with_named_records(leader(), [other_thing], records)[0].server == "notes"


def test_a_leader_whose_data_holds_the_other_words_and_whose_description_names_the_record_keeps_its_place():
    from indexes.named_records import NamedRecords, with_named_records

    records = NamedRecords({"graph": ["Harbor Mills", "Lena Vos"], "warehouse_db": ["Dock 4"]})
    described = {"warehouse_db": "Stock and staff of Harbor Mills' warehouses", "graph": "People and firms"}

    def leader(kind: str) -> list[ServerHit]:
        return [ServerHit(server="warehouse_db", score=0.6, best_for=[0], matched="tables hold packing",
                          matched_kind=kind), ServerHit(server="graph", score=0.2)]

    question = "how many people work in packing at harbor mills"
    assert with_named_records(leader("document"), [question], records, described)[0].server == "warehouse_db"
    # matched by its description alone, it holds no other word of the question: the record's owner answers
    assert with_named_records(leader("synthetic_query"), [question], records, described)[0].server == "graph"
    # a description that does not name the record leaves the rule as it was
    assert with_named_records(leader("document"), [question], records, {})[0].server == "graph"
    # matched by its description, a leader whose documents hold another word of the question keeps it too
    holds = {"warehouse_db": {"packing", "harbor"}, "graph": {"harbor", "mills"}}
    assert with_named_records(leader("synthetic_query"), [question], records, described,
                              lambda server, _: holds[server])[0].server == "warehouse_db"
    founded = "when were harbor mills founded"
    assert with_named_records(leader("synthetic_query"), [founded], records, described,
                              lambda server, _: {"harbor", "mills"})[0].server == "graph"  # its name only


def test_a_first_name_of_its_own_written_as_a_name_names_the_record():
    from indexes.named_records import NamedRecords

    records = NamedRecords({"people": ["Tomasz Wolak", "Ines Duarte", "Ines Moreau"], "crm": ["Quillon Freight"]})
    assert records.owners_in("can you find Tomasz's phone number") == {"people": ["tomasz wolak"]}
    assert records.owners_in("send the invoice to Quillon today") == {"crm": ["quillon freight"]}
    assert records.owners_in("what does Ines like") == {}  # two records share the first name
    assert records.owners_in("yesterday Tomasz Nowak called") == {}  # another person's surname follows
    assert records.owners_in("tomasz called") == {}  # neither capitalised nor possessive
    # an opening capital is a name only as the subject of a verb
    assert records.owners_in("Tomasz is leaving soon, where to?") == {"people": ["tomasz wolak"]}
    assert records.owners_in("Quillon rates for March?") == {}


def test_a_typed_fit_goes_first_below_the_floor_and_an_expression_even_above_it():
    from indexes.entities import with_typed_fits

    hits = [ServerHit(server="shop", score=0.3, best_for=[0]), ServerHit(server="calc", score=0.2)]
    assert with_typed_fits(hits, ["whats 17.5% of 2340"], {0: [("calc", False)]})[0].server == "calc"
    above = [ServerHit(server="travel", score=0.8, best_for=[0]), ServerHit(server="clock", score=0.5)]
    assert with_typed_fits(above, ["flight at 3pm"], {0: [("clock", False)]})[0].server == "travel"
    bill = [ServerHit(server="dining", score=0.6, best_for=[0]), ServerHit(server="calc", score=0.3)]
    first = with_typed_fits(bill, ["186.40 split 7 ways"], {0: [("calc", True)]})[0]
    assert first.server == "calc" and first.score >= 0.6


@pytest.mark.parametrize(("query", "decisive"), [
    ("landing in Lagos at 06:40, what time is that in Perth", True),
    ("standup is 9:15 Toronto time, Bangalore time?", True),
    ("7pm sao paulo = ? in toronto", True),
    ("my cousin in colorado says the game starts at 6:00 pm there.. what time would that be in the philippines",
     True),
    ("the quiz goes live at 20:30 in Auckland; when should I join from Denver?", True),
    ("train from Lyon to Paris at 9am, arriving in time for lunch", False),  # no clock asked
    ("when does the 9am train from Lyon get in to Paris", False),  # the train's arrival, not a clock elsewhere
    ("kickoff is 19:45 in Lisbon and my brother watches from Manila, so when does it fall for him?", True),
    ("the vendor in Nairobi wants us at 10:00 their time; I'm in Denver", True),
    ("09:30 oslo -> chicago", True),
    ("6pm cairo to sydney?", True),
    ("what time does the 8pm show start in Vienna", False),  # one zone: nothing to convert
    ("the Lagos review is at 16:30 - equivalent hour for the team in Seoul?", True),
    ("same time for Quito as 11:00 in Madrid?", True),
    # said aloud or typed fast
    ("uh quarter past ten tonight in lagos is what in lima", True),
    ("standup 9:15 in riga, im in quito, when do i join", True),
    ("A call opens at 09:00 Oslo. Which hour is that for me in Lima?", True),
    ("the review is at 16:00 Riga hours, where does that land for the team in Perth", True),
    ("at 07:30 in Cairo, what would someone in Quito see on their watch?", True),
    # the place first, or a guess to check
    ("Lagos 08:45 -> Denver, I reckon 00:45?", True),
    ("Oslo 6pm. My guess is that's 11am in Chicago, can you check?", True),
    ("09:15 riga -> lima, is that before 2am over there?", True),
    ("a call at 10:00 in Oslo would land at about 4am in Lima, right? what's the actual Lima time?", True),
    ("the 10:00 flight from Oslo will land at 14:00 in Riga", False),  # a timetable, no clock asked
])
def test_a_time_of_day_decides_only_a_clock_conversion(query, decisive):
    from nodes.arguments.typed_fit import is_decisive
    from nodes.arguments.value_kinds import ValueKind

    assert is_decisive(frozenset({ValueKind.TIME_OF_DAY, ValueKind.TIMEZONE}), query) is decisive
    assert is_decisive(frozenset({ValueKind.EXPRESSION}), query)


def test_a_zone_decides_only_when_the_clock_now_is_asked():
    from nodes.arguments.typed_fit import is_decisive
    from nodes.arguments.value_kinds import ValueKind

    zone = frozenset({ValueKind.TIMEZONE})
    assert is_decisive(zone, "is it too early to call Hobart? what time is it there now")
    assert is_decisive(zone, "local time in Valparaiso please")
    for asked in ("whats the time in tokyo rn", "arizona time now?", "time in anchorage alaska?",
                  "is it late in karachi at the moment? whats the time there", "what day is it in Apia right now",
                  "is it daytime in Reykjavik now?", "is it already tomorrow in Tonga?",
                  "what does the clock say in Quito", "what hour is it in Perth",
                  "my son flew to Lima. What's the clock saying there at the moment?",
                  "can you tell me the current time there?", "is it morning or night for him right now in Hanoi",
                  "hey quick one, hanoi local time?", "Which time it is there at the moment?",
                  "What is the present time in Quito?", "could you look at the clock in Santiago for me",
                  "can you check what hour is by him in Lima", "is it evening yet in Manila?",
                  # a search box
                  "clock hanoi rn", "now @ santiago", "current time valparaiso?", "the clocks say what in Oslo now",
                  # a check against the clock
                  "is it already past 7pm in Dakar?", "is it dinnertime in Lima yet", "quito after midnight rn?",
                  "hmm, kathmandu. time there pls", "I make it about 10 in the morning in Lima right now, correct?",
                  "Need the local time up in Anchorage, Alaska.", "current time over in Perth?",
                  # second-language phrasings
                  "Which hour is it now in Lima?", "Say me the exact hour there now, she lives in Hanoi.",
                  "what o'clock is it in Quito at present?", "Time check for Dakar, please."):
        assert is_decisive(zone, asked), asked
    assert not is_decisive(zone, "flights from Hobart arriving 10am local time")
    assert not is_decisive(zone, "hotels in Valparaiso this weekend")
    assert not is_decisive(zone, "is it sunny in Valparaiso today?")


def test_every_fitting_tool_adds_its_telling_kinds():
    from datetime import date

    from mcp.types import Tool

    from nodes.arguments.typed_fit import serves_by_type
    from nodes.arguments.value_kinds import ValueKind

    now = Tool(name="get_current_time", description="Get current time in a specific timezone", inputSchema={
        "type": "object", "required": ["timezone"], "properties": {"timezone": {
            "type": "string", "description": "IANA timezone name (e.g., 'America/New_York')"}}})
    convert = Tool(name="convert_time", description="Convert time between timezones", inputSchema={
        "type": "object", "required": ["source_timezone", "time", "target_timezone"], "properties": {
            "source_timezone": {"type": "string", "description": "Source IANA timezone name"},
            "time": {"type": "string", "description": "Time to convert in 24-hour format (HH:MM)"},
            "target_timezone": {"type": "string", "description": "Target IANA timezone name"}}})
    today = date(2026, 11, 26)
    assert serves_by_type([now, convert], "what time is it in Hobart", today) == {ValueKind.TIMEZONE}
    # a zone tells only with the clock now asked; the conversion's time of day tells by itself
    assert serves_by_type([now, convert], "9:30 in Hobart, what is that in Lima", today) == {ValueKind.TIME_OF_DAY}
    assert serves_by_type([now, convert], "hotels in Hobart", today) == frozenset()


def test_a_sum_to_convert_fits_only_a_converting_tool_and_decides():
    from datetime import date

    from mcp.types import Tool

    from nodes.arguments.typed_fit import is_decisive, serves_by_type
    from nodes.arguments.value_kinds import ValueKind

    convert = Tool(name="convert_currency", description="Convert an amount between currencies", inputSchema={
        "type": "object", "required": ["amount", "from_currency", "to_currency"], "properties": {
            "amount": {"type": "number"}, "from_currency": {"type": "string", "description": "ISO 4217 code"},
            "to_currency": {"type": "string", "description": "ISO 4217 code"}}})
    shop = Tool(name="search_products", description="Products with their list price in USD", inputSchema={
        "type": "object", "required": ["query"], "properties": {"query": {"type": "string"}}})
    today = date(2026, 11, 29)
    assert serves_by_type([shop, convert], "1 eur in usd", today) == {ValueKind.CURRENCY}
    assert serves_by_type([shop, convert], "how many Swiss francs for 1,500 Canadian dollars", today) == {
        ValueKind.CURRENCY}
    # a bound, or a currency alone, is no sum to convert
    assert serves_by_type([shop, convert], "laptops under 900 euros in USD", today) == frozenset()
    assert serves_by_type([shop, convert], "cheapest hotel in tokyo in dollars", today) == frozenset()
    assert is_decisive(frozenset({ValueKind.CURRENCY}), "200 quid in euros?")
    assert not is_decisive(frozenset({ValueKind.CURRENCY}), "price of the tokyo hotel in dollars")


def test_an_enum_of_codes_is_still_codes_to_a_typed_fit():
    from datetime import date

    from mcp.types import Tool

    from nodes.arguments.typed_fit import serves_by_type
    from nodes.arguments.value_kinds import ValueKind

    codes = ["USD", "EUR", "GBP", "JPY", "THB"]
    convert = Tool(name="convert_currency", description="Convert an amount", inputSchema={
        "type": "object", "required": ["amount", "from_currency", "to_currency"], "properties": {
            "amount": {"type": "number"},
            "from_currency": {"type": "string", "description": "ISO 4217 currency code", "enum": codes},
            "to_currency": {"type": "string", "description": "ISO 4217 currency code", "enum": codes}}})
    assert serves_by_type([convert], "5000 baht in usd", date(2026, 11, 29)) == {ValueKind.CURRENCY}


def test_a_route_goes_to_the_best_matched_server_taking_two_ends():
    from indexes.entities import with_route_fits

    hits = [ServerHit(server="sights", score=0.72, best_for=[0], query_scores={0: 0.72}),
            ServerHit(server="travel", score=0.57, query_scores={0: 0.57}),
            ServerHit(server="rail", score=0.40, query_scores={0: 0.40})]
    first = with_route_fits(hits, ["singapore to bangkok, cheapest ticket"], {0: {"travel", "rail"}})[0]
    assert first.server == "travel" and first.best_for == [0]
    kept = [ServerHit(server="rail", score=0.6, best_for=[0], query_scores={0: 0.6}),
            ServerHit(server="travel", score=0.5, query_scores={0: 0.5})]
    assert with_route_fits(kept, ["Paris to Lyon by train"], {0: {"travel", "rail"}})[0].server == "rail"
    # no taker matched the sub-query: the ranking stands
    alone = [ServerHit(server="sights", score=0.7, best_for=[0], query_scores={0: 0.7})]
    assert with_route_fits(alone, ["Rome to Milan"], {0: {"travel"}})[0].server == "sights"


def test_a_route_only_leader_of_a_one_place_question_gives_way_to_a_server_taking_its_day():
    from indexes.entities import without_single_place_misfits

    hits = [ServerHit(server="air", score=0.76, best_for=[0], query_scores={0: 0.76}),
            ServerHit(server="shop", score=0.52, query_scores={0: 0.52}),
            ServerHit(server="beds", score=0.40, query_scores={0: 0.40})]
    first = without_single_place_misfits(hits, ["the cheapest bed in Osaka on tue the 8th?"],
                                         {0: ({"air"}, {"beds"})})[0]
    assert first.server == "beds" and first.best_for == [0]
    # nothing else matched above the floor: the ranking stands
    weak = [ServerHit(server="air", score=0.76, best_for=[0], query_scores={0: 0.76}),
            ServerHit(server="beds", score=0.2, query_scores={0: 0.2})]
    assert without_single_place_misfits(weak, ["a bed in Osaka"], {0: ({"air"}, set())})[0].server == "air"
