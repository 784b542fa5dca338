"""Independent intents are split at the question's own conjunctions; dependent or single intents are not."""

import pytest

from nodes.intent_split import kept_whole_because, split_intents


@pytest.mark.parametrize(("question", "parts"), [
    ("weather in London tmrw and disney stock price", ["weather in London tmrw", "disney stock price"]),
    ("nvidia stock price and convert 30 GBP to JPY", ["nvidia stock price", "convert 30 GBP to JPY"]),
    ("sales in Lyon, excluding returns, and Oslo weather tomorrow",  # the narrowing stays with its part
     ["sales in Lyon, excluding returns", "Oslo weather tomorrow"]),
    ("weather in Madrid tmrw, and also weather in Tokyo tmrw", ["weather in Madrid tmrw", "weather in Tokyo tmrw"]),
    ("Oslo weather tmr + IBM share price", ["Oslo weather tmr", "IBM share price"]),
    ("SF weather today and the cheapest hotel in San Francisco for tonight",  # no list: one item before the join
     ["SF weather today", "the cheapest hotel in San Francisco for tonight"]),
    ("flights from Beijing to Tokyo and hotels in Tokyo", ["flights from Beijing to Tokyo", "hotels in Tokyo"]),
    # a one-word name opening a list keeps its join: the list is read from the part later
    ("netflix + disney stock prices, and convert 100 usd to yen", ["netflix + disney stock prices", "convert 100 usd to yen"]),
    ("flights from NYC on 12 Dec and hotels in Paris for 3 nights?",  # small numbers state no data to compute on
     ["flights from NYC on 12 Dec", "hotels in Paris for 3 nights"]),
])
def test_independent_intents_split_into_spans_of_the_question(question, parts):
    assert split_intents(question) == parts
    assert all(part in question for part in parts)


@pytest.mark.parametrize(("question", "parts"), [
    ("What's the weather in Los Angeles on Saturday and New York on Monday?",
     ["What's the weather in Los Angeles on Saturday", "What's the weather in New York on Monday"]),
    ("Cheapest flights on Thursday from Hong Kong to Singapore, and from Hong Kong to Bangkok?",
     ["Cheapest flights on Thursday from Hong Kong to Singapore", "Cheapest flights on Thursday from Hong Kong to Bangkok"]),
])
def test_a_part_of_places_and_dates_is_completed_from_the_part_before(question, parts):
    assert split_intents(question) == parts  # the completed part is the part before, with the new values


@pytest.mark.parametrize("question", [
    "weather in Berlin and Madrid tomorrow",  # one intent over two cities
    "Which is warmer tomorrow, Berlin or Madrid? Then find a hotel in the warmer city.",  # dependent
    "hotels in Paris tmrw and the weather there",  # refers back
    "whats the weather in Washington, D.C. tomorrow",
    "convert 1,000 USD to EUR",
    "clock in Oslo and Quito right now please",  # "right now please" adds no need of its own
    "if the loan is 12,000 at 6% and I pay 400 a month, how long until it is paid off",  # a condition
    "what's (12 + 30) * 2",  # "+" between figures is arithmetic
    "3 of us had a 96.60 meal and we tip 18%. what does each of us owe",  # figures stated, then the question
    "the lamp costs $64.20, tax is 7%, so total?",
    "My kid's test scores this term were 82, 91, 77, 88 and 95. What's her average?",  # a list of figures
    "who earns more, Aisha Bello or Camille Laurent?",  # the alternatives asked between
    "which is cheaper this week, the Lisbon hotel or the Porto one",
    "I have to ring my vet, did I save his number anywhere?",  # "his" is the vet
    "how far is 13.1 miles in km, and 1 mile = 1.609 km",  # the rate it states is its data
    "Harbor Mill wants a summary. How many crates did they take from us, not counting returned shipments?",
    "list the tenants on floor 4, excluding the ones who moved out",  # a part narrowing the one before it
    "setting aside returned shipments, how many crates did Harbor Mill take",  # the same, opening the question
    "across all open shipments in our records, how many crates are still to leave",  # its scope, opening it
    # numbers told before the asking part, all taken by one calculation
    "2 cooks need 6 hours for the banquet. At that rate, how many hours would 4 cooks need?",
    "Quarry Works shipped a crate on 3 May: which part was in it and how many pieces",  # a bare measure
    "what's eight hundred and twelve times three",  # one number said in words
    "I've saved for four and a half years at 210 a month, how much is that",
])
def test_single_or_dependent_questions_are_not_split(question):
    assert split_intents(question) == []


@pytest.mark.parametrize(("question", "reason"), [
    ("Could you tell me who our Head of People is and what their salary is?", "back-reference"),
    ("hotels in Paris tmrw and the weather there", "back-reference"),
    ("if the loan is 12,000 at 6% and I pay 400 a month, how long until it is paid off", "condition"),
    ("the lamp costs $64.20, tax is 7%, so total?", "data"),
    ("who earns more, Aisha Bello or Camille Laurent?", "choices"),
    ("weather in London tmrw and disney stock price", None),  # it splits
    ("weather in Oslo tomorrow and what is 15% of 80", None),  # a calculation of its own is one of the parts
    ("book 2 rooms in Rome for 3 nights, and what's the weather in Oslo", None),  # no number asked after
    # a clock time told, then asked about
    ("the standup starts at 9:30 in Denver and I'm in Nairobi this week, what time is that for me?", "data"),
    ("my train gets in at 6pm in Lyon and I'll call my sister in Perth, when will it be there", "data"),
    # any clock the time reader knows: "half past three", "noon"
    ("the call starts at half past three in Denver, and I am in Lisbon, what time do I join?", "data"),
    ("standup is at noon in Austin and I will be in Oslo, when do I dial in?", "data"),
    ("quotes for AAPL, MSFT and GOOGL", None),  # the joins settle nothing: a list of entities
    ("Quarry Works placed an order on 3 May, which part was it and how many pieces", "back-reference"),
    # a part that only tells the asker's situation is the context of the question after it
    ("I'm waiting at the dry cleaner and my mind went blank. Which ticket number did they give me?", "context"),
    ("call 14:00 denver time, convert to madrid please", "back-reference"),  # the second part works on the first
    ("Lyon, Nice, Lille - what are the lows on Friday?", "list"),  # one question over a list of places
    ("jpmorgan, visa, berkshire B - latest prices", "list"),  # names typed in lower case, joined as a list
    # sentences that only tell the situation, then one that asks: one question
    ("Our flight lands in Quito 07:20 their time. When that happens, what hour shows the clock in Oslo?", "context"),
    # "the kite" names again what the first part named
    ("a kite flies on a string from my hand and the wind is strong, how high is the kite", "back-reference"),
    ("cheapest room in Oslo tonight, and can you give me the price in euros too", "back-reference"),  # "the price"
])
def test_code_says_why_a_joined_question_stays_one_intent(question, reason):
    assert kept_whole_because(question) == reason


async def test_a_question_stating_its_data_stays_whole_without_asking_the_decomposer():
    from graphs.context import Context
    from graphs.graph import build_graph
    from tests.fakes import ScriptedModels
    from tests.unit.test_graph import executor_for, hits, weather_and_hotels

    question = "my hotel was 120 a night, 3 nights, and breakfast 15, so total?"
    models = ScriptedModels(decomposer=[{"tasks": ["hotel nights", "breakfast"]}], executor=[executor_for],
                            planner=[{"tasks": [{"id": "T1", "server": "hotels", "query": question}],
                                      "dependency": []}],
                            answerer=["Grand 120 [T1.1]."])
    graph = build_graph(models, hits("hotels"), weather_and_hotels(),
                        classify=lambda q: ("parallel", 0.99, True)).compile()
    out = await graph.ainvoke({"query": question}, context=Context(probe_budget_s=0))
    assert out["route"] == "parallel"
    assert [t["query"] for t in out["plan"]["tasks"]] == [question]
    assert models.calls("decomposer") == 0


async def test_a_cut_whose_later_part_still_refers_back_keeps_the_question_whole():
    from graphs.context import Context
    from graphs.graph import build_graph
    from tests.fakes import ScriptedModels
    from tests.unit.test_graph import executor_for, hits, weather_and_hotels

    # "there" may be either city, so code keeps the question whole and asks the decomposer
    question = "hotels in Paris or Rome for tmrw, check the weather there too"
    models = ScriptedModels(decomposer=[{"tasks": ["hotels in Paris or Rome for tmrw", "check the weather there too"]}],
                            executor=[executor_for],
                            planner=[{"tasks": [{"id": "T1", "server": "hotels", "query": question}],
                                      "dependency": []}],
                            answerer=["Grand 120 [T1.1]."])
    retriever = hits("hotels")
    graph = build_graph(models, retriever, weather_and_hotels(),
                        classify=lambda q: ("parallel", 0.99, True)).compile()
    await graph.ainvoke({"query": question}, context=Context(probe_budget_s=0))
    # two spans of the question, but "there" in the second lost what it points at
    assert models.calls("decomposer") == 1 and retriever.seen == [[question]]


async def _retrieved_after_decomposer(question: str, tasks: list[str]) -> tuple[int, list[list[str]]]:
    """(decomposer calls, the sub-queries retrieval saw) for ``question`` when the decomposer answers ``tasks``."""
    from graphs.context import Context
    from graphs.graph import build_graph
    from tests.fakes import ScriptedModels
    from tests.unit.test_graph import executor_for, hits, weather_and_hotels

    retriever = hits("hotels")
    models = ScriptedModels(decomposer=[{"tasks": tasks}], executor=[executor_for],
                            planner=[{"tasks": [{"id": "T1", "server": "hotels", "query": question}],
                                      "dependency": []}],
                            answerer=["Grand 120 [T1.1]."])
    graph = build_graph(models, retriever, weather_and_hotels(),
                        classify=lambda q: ("parallel", 0.99, True)).compile()
    await graph.ainvoke({"query": question}, context=Context(probe_budget_s=0))
    return models.calls("decomposer"), retriever.seen


async def test_a_back_reference_cut_into_a_fragment_keeps_the_question_whole():
    question = "hotels in Paris tmrw and the weather there"
    calls, seen = await _retrieved_after_decomposer(question, ["hotels in Paris", "weather"])
    assert calls == 1
    assert seen == [[question]]  # not the fragment "hotels in Paris"


async def test_a_split_question_runs_parallel_on_a_deterministic_plan_without_decomposer_or_planner():
    from graphs.context import Context
    from graphs.graph import build_graph
    from tests.fakes import ScriptedModels
    from tests.unit.test_graph import executor_for, hits, weather_and_hotels

    models = ScriptedModels(executor=[executor_for], answerer=["Sunny [T1.1]; Grand 120 [T2.1]."])
    retriever = hits("weather", "hotels")
    graph = build_graph(models, retriever, weather_and_hotels(), classify=lambda q: ("fast", 0.99, True)).compile()
    out = await graph.ainvoke({"query": "weather in Beijing tomorrow and hotels in Beijing"}, context=Context())
    assert (out["route"], out["route_source"]) == ("parallel", "split")
    assert out["plan"]["source"] == "split"
    assert [(t["server"], t["query"]) for t in out["plan"]["tasks"]] == [
        ("weather", "weather in Beijing tomorrow"), ("hotels", "hotels in Beijing")]
    assert models.calls("decomposer") == 0 and models.calls("planner") == 0


def test_a_told_situation_joins_the_question_after_it_and_other_intents_still_split():
    from nodes.intent_split import split_intents

    parts = split_intents("my bike is at the shop, what is the frame size and when does Ana's race start")
    assert parts == ["my bike is at the shop, what is the frame size", "when does Ana's race start"]
    # a thing with "the" that names its own place is no reference back
    assert split_intents("convert 50 USD to pesos, and tell me the best-rated restaurant in Lima") == [
        "convert 50 USD to pesos", "tell me the best-rated restaurant in Lima"]
    # "I need" asks for something: it is an intent, not context
    assert split_intents("I need a cab to Porto and a table for two in Braga") == [
        "I need a cab to Porto", "a table for two in Braga"]


def test_the_told_context_goes_with_the_first_of_several_asked_intents_and_binds_their_references():
    from nodes.intent_split import split_intents

    assert split_intents("Flying to Lima on Friday. What's the forecast there, and which cafe in Lima rates best?") == [
        "Flying to Lima on Friday. What's the forecast in Lima on Friday", "which cafe in Lima rates best"]


def test_a_head_before_so_tells_and_the_parts_after_bind_to_the_told_place_and_day():
    from nodes.intent_split import split_intents

    parts = split_intents("Organising a party in Toronto on Saturday the 12th. The family flies in and I'm doing the "
                          "logistics, so: what's the cheapest hotel rate there that night, and who has the top "
                          "restaurant rating in the city?")
    assert [p.split(". ")[-1] for p in parts] == [
        "The family flies in and I'm doing the logistics what's the cheapest hotel rate in Toronto on Saturday the "
        "12th",
        "who has the top restaurant rating in Toronto"]


def test_a_greeting_is_no_intent_of_its_own():
    from nodes.intent_split import read_intents

    assert read_intents("hey quick one, what is the wifi code at the cabin?") == ([], None)


async def test_a_decomposer_rewrite_that_drops_the_question_s_figures_keeps_the_question_whole():
    question = "whats the middle value of the water bills 41.20 38.75 44.10"
    calls, seen = await _retrieved_after_decomposer(question, ["calculate middle value of water bills"])
    assert calls == 1
    assert seen == [[question]]  # not "calculate average water bill", which lost the bills


@pytest.mark.parametrize("question", ["", "   ", "???", ", , ."])
def test_an_empty_or_punctuation_only_question_is_one_intent(question):
    from nodes.intent_split import read_intents

    assert read_intents(question)[0] == []


def test_an_opening_part_of_its_own_is_no_scope():
    # "For Monday:" or "Only the ..." open an intent of their own; "Across all ..." scopes the question after it
    assert split_intents("For Monday: cheapest hotel in Lyon, and what is the weather in Oslo") != []
    assert split_intents("Only the cheapest hotel in Lyon, and the weather in Oslo on Friday") != []


@pytest.mark.parametrize("question", [
    # where the asker stands is no intent of its own
    "at the gate in frankfurt, need the code for the lounge wifi pls",
    "In my March expenses sheet, what did taxis come to?",
    # a description of the person the part before names
    "need dana lee's phone number, the berlin office guy",
    "Could you send me the address of Ravi Shah, the organiser of the Oslo meetup?",
])
def test_a_scene_or_a_description_is_no_second_intent(question):
    assert split_intents(question) == []


def test_plus_before_an_intent_joins_two_intents_but_not_two_figures():
    assert split_intents("Can you give me stock prices for Tesla and Boeing plus the cheapest hotel in Chicago tonight") == [
        "Can you give me stock prices for Tesla and Boeing", "the cheapest hotel in Chicago tonight"]
    assert split_intents("what is 200 plus the 15% tip on it") == []


@pytest.mark.parametrize(("question", "parts"), [
    # an opening scope (a place and a day) is asked of every part that names no place of its own
    ("In London today: what's the weather like and which restaurant is rated best?",
     ["In London today: what's the weather like", "In London today: which restaurant is rated best"]),
    ("Going to Istanbul tomorrow. Need: forecast, the top rated restaurant, and cheapest hotel for tomorrow night.",
     ["Going to Istanbul tomorrow: forecast", "Going to Istanbul tomorrow: the top rated restaurant",
      "Going to Istanbul tomorrow: cheapest hotel for tomorrow night"]),
    # numbered items, after an opener that only counts them
    ("Three things: 1) weather in Rome on Friday 2) LVMH share price 3) 300 euros in dollars",
     ["weather in Rome on Friday", "LVMH share price", "300 euros in dollars"]),
    # "there" after a route is where it ends; "the cheapest one" is the noun it stood for before
    ("flying toronto to chicago thursday - cheapest flight, and also the cheapest hotel there for that night",
     ["flying toronto to chicago thursday - cheapest flight", "the cheapest hotel in chicago for thursday"]),
    ("Can you find me the cheapest hotel in Paris and the cheapest one in Amsterdam for the night of Dec 5?",
     ["Can you find me the cheapest hotel in Paris", "the cheapest hotel in Amsterdam for the night of Dec 5"]),
    # a place named again is no back-reference; a measure word is no name of a list
    ("syd to melbourne tmrw cheapest flight + what's the weather in melbourne tmrw",
     ["syd to melbourne tmrw cheapest flight", "what's the weather in melbourne tmrw"]),
    ("disney and netflix prices + convert 2000 bucks to mexican pesos",
     ["disney and netflix prices", "convert 2000 bucks to mexican pesos"]),
    # "then" orders the asks and points at no time; a "with ..." part qualifies the part before
    ("Seoul → Osaka on Friday the 11th, cheapest flight, then the cheapest hotel in Osaka that same night, with the "
     "room price converted to US dollars",
     ["Seoul → Osaka on Friday the 11th and cheapest flight",
      "the cheapest hotel in Osaka on Friday the 11th, with the room price converted to US dollars"]),
])
def test_scopes_numbered_items_and_bound_references_split(question, parts):
    assert split_intents(question) == parts


@pytest.mark.parametrize("question", [
    "find the cheapest hotel in Rome, then book it",
    "cheapest flight from paris to rome friday, then convert the price to euros",
])
def test_a_then_part_that_leans_on_the_part_before_keeps_the_question_whole(question):
    assert split_intents(question) == []


def test_a_statement_is_no_scope_and_a_lone_name_opens_a_list():
    # "Quarry Works shipped a crate on 3 May" states a fact: the parts after it lean on it
    assert split_intents("Quarry Works shipped a crate on 3 May: which part was in it and how many pieces") == []
    assert split_intents("What are Samsung and Sony worth per share in US dollars?") == []


def test_sums_in_several_currencies_asked_into_one_are_one_conversion_each():
    assert split_intents("leftover cash from my trip: 5000 baht and 20000 yen. how much is each in usd?") == [
        "5000 baht in usd", "20000 yen in usd"]
    assert split_intents("$50 and 40 euros, both in yen please") == ["$50 in yen", "40 euros in yen"]
    assert split_intents("100 usd and 200 usd in eur") == []  # one currency: no list of conversions


def test_a_part_bound_to_the_place_before_takes_its_day_too():
    assert split_intents("Flying Berlin to Barcelona on Saturday - what's the cheapest fare, and what's the weather "
                         "going to be when I land there?") == [
        "Flying Berlin to Barcelona on Saturday - what's the cheapest fare",
        "what's the weather going to be when I land in Barcelona on Saturday"]


def test_a_day_written_once_after_two_routes_is_both_routes_day():
    assert split_intents("cheapest flights beijing->shanghai and shanghai->beijing on monday the 7th") == [
        "cheapest flights beijing->shanghai on monday the 7th", "cheapest flights shanghai->beijing on monday the 7th"]


def test_two_measures_joined_are_one_question_and_a_day_named_again_is_no_thing():
    assert split_intents("tokyo humidity and wind tomorrow") == []
    assert split_intents("sao paulo tomorrow - how humid and how much wind are we talking") == []
    assert split_intents("what's the humidity in Rome and what's the price of AAPL") == [
        "what's the humidity in Rome", "what's the price of AAPL"]  # the second measure is of a thing of its own
    assert split_intents("weather in Paris and the price of AAPL") == ["weather in Paris", "the price of AAPL"]
    # "Saturday" in both parts is the day of each, not a thing the second names again; "Zurich tomorrow" is a place
    assert split_intents("Weekend in Amsterdam! Need Saturday's forecast, the cheapest hotel Saturday night, and the "
                         "best-rated restaurant in town.") == [
        "Weekend in Amsterdam: Need Saturday's forecast", "Weekend in Amsterdam: the cheapest hotel Saturday night",
        "Weekend in Amsterdam: the best-rated restaurant in town"]
    assert split_intents("Zurich tomorrow: how windy, and what's the cheapest hotel for tomorrow night") == [
        "Zurich tomorrow: how windy", "Zurich tomorrow: what's the cheapest hotel for tomorrow night"]


def test_an_ask_for_each_or_both_is_asked_of_every_item_before_it():
    assert split_intents("Seoul→Tokyo on the 2nd and Tokyo→Seoul on the 6th, cheapest fare for each leg?") == [
        "Seoul→Tokyo on the 2nd, cheapest fare", "Tokyo→Seoul on the 6th, cheapest fare"]
    assert split_intents("moutai + tencent, both quoted in US dollars") == [
        "moutai, quoted in US dollars", "tencent, quoted in US dollars"]
    # an item that asks something of its own is no item: the message is read as before
    from nodes.shared_asks import asked_of_each

    assert asked_of_each(["what's the weather in Rome", "in Paris", "the highs for both"]) == []
    assert asked_of_each(["Rome", "Paris", "the highs for both"]) == ["Rome, the highs", "Paris, the highs"]


def test_a_start_said_once_goes_with_every_trip_and_a_typed_apostrophe_names_the_place():
    assert split_intents("out of Madrid on dec 9, what's the cheapest to London and what's the cheapest to "
                         "Amsterdam") == ["out of Madrid on dec 9: what's the cheapest to London",
                                          "out of Madrid on dec 9: what's the cheapest to Amsterdam"]
    # "xi'an" is the place "Xi’an": the part names its own place and takes the opening's day alone
    assert split_intents("chengdu to xi'an on tuesday: lowest fare? also what will xi'an be like weather-wise when "
                         "i get there")[1].startswith("on tuesday: what will xi'an be like")


def test_items_set_apart_by_bullets_or_semicolons_are_intents_however_short():
    from nodes.intent_split import split_intents

    assert split_intents("Hong Kong, Tuesday:\n- forecast\n- cheapest room for Tue night\n- top rated restaurant") == [
        "Hong Kong, Tuesday: forecast", "Hong Kong, Tuesday: cheapest room for Tue night",
        "Hong Kong, Tuesday: top rated restaurant"]
    assert split_intents("cheapest shanghai hotel on the 7th; intel stock; 90 EUR→TRY") == [
        "cheapest shanghai hotel on the 7th", "intel stock", "90 EUR→TRY"]
    assert split_intents("weather in Paris tomorrow; and in Rome") == ["weather in Paris tomorrow", "weather in Rome tomorrow"]
    # the same list with its lines joined, as a message is read
    assert split_intents("Hong Kong, Tuesday: - forecast - cheapest room for Tue night - top rated restaurant") == [
        "Hong Kong, Tuesday: forecast", "Hong Kong, Tuesday: cheapest room for Tue night",
        "Hong Kong, Tuesday: top rated restaurant"]
    assert split_intents("Sydney - Melbourne flights - cheapest on friday") == []  # dashes, not bullets


def test_the_same_question_for_other_places_is_asked_of_each():
    from nodes.intent_split import split_intents

    assert split_intents("Who's the top-rated restaurant in Toronto? Same question for Mexico City and for DC.") == [
        "Who's the top-rated restaurant in Toronto?", "Who's the top-rated restaurant in Mexico City?",
        "Who's the top-rated restaurant in DC?"]


def test_a_told_place_and_day_with_an_aside_is_asked_of_every_part():
    from nodes.intent_split import split_intents

    assert split_intents("stuck in shenzhen tonight (missed my connection). need: the cheapest hotel, the highest rated "
                         "place for dinner, and how cold it gets overnight") == [
        "stuck in shenzhen tonight: the cheapest hotel", "stuck in shenzhen tonight: the highest rated place for dinner",
        "stuck in shenzhen tonight: how cold it gets overnight"]


def test_a_question_mark_ends_an_intent():
    from nodes.intent_split import split_intents

    assert split_intents("What's the weather in Paris tomorrow? What's Apple's stock price?") == [
        "What's the weather in Paris tomorrow", "What's Apple's stock price"]
    assert split_intents("How tall is the Eiffel Tower? Also, what's the weather in Paris tomorrow?") == [
        "How tall is the Eiffel Tower", "what's the weather in Paris tomorrow"]
    assert split_intents("Which is warmer on Friday, Paris or Rome? Book me a hotel there") == []  # the choice binds


def test_listed_names_take_the_ask_around_the_list_and_numbered_items_are_intents():
    asked = ["portfolio check IBM last price each", "portfolio check Boeing last price each",
             "portfolio check Visa last price each"]
    assert split_intents("portfolio check:\n• IBM\n• Boeing\n• Visa\nlast price each") == asked
    assert split_intents("portfolio check: • IBM • Boeing • Visa last price each") == asked  # its lines joined
    assert split_intents("weather tomorrow for\n- Paris\n- Rome") == ["weather tomorrow for Paris",
                                                                     "weather tomorrow for Rome"]
    # "1)" is a marker, never an amount; a short opening ending with ":" asks its verb of every item
    assert split_intents("Convert: 1) 2,400 BRL → USD 2) 900 AED → INR") == ["Convert: 2,400 BRL → USD",
                                                                             "Convert: 900 AED → INR"]
    assert split_intents("it costs 2) more than 3) less") == []  # markers out of order: no list


def test_the_same_of_another_place_asks_the_part_before_of_it():
    assert split_intents("sunrise and sunset for Cairo on the 5th, and the same two times for Dubai") == [
        "sunrise and sunset for Cairo on the 5th", "sunrise and sunset for Dubai on the 5th"]


def test_lettered_items_are_intents_and_their_heading_asks_nothing():
    from nodes.intent_split import read_intents
    parts, _ = read_intents("Three quick ones while my coffee brews ☕ (a) Hong Kong humidity on Friday "
                            "(b) Tencent's share price (c) 2,000 HKD in yen")
    assert parts == ["Hong Kong humidity on Friday", "Tencent's share price", "2,000 HKD in yen"]


def test_a_measure_asked_in_its_unit_after_a_question_mark_is_asked_of_the_part_before():
    from nodes.intent_split import read_intents
    assert read_intents("Is Mumbai going to be sticky on Thursday? humidity % please")[0] == []
    assert read_intents("weather in Rome tomorrow? wind in km/h pls")[0] == []
