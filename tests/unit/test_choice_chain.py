"""Choice chains: the alternatives are measured, code picks the winner, and the follow-up is asked of the winner
alone (nodes/choice_chain.py, nodes/choice_steps.py)."""

import json
from datetime import date

import pytest

from graphs.context import Context
from graphs.graph import build_graph
from nodes.choice_chain import measured_values, pick, read_choice_chain, shown_figure
from tests.fakes import ScriptedModels
from tests.unit.test_routes import KeywordRetriever, executor, travel_tools

TODAY = date(2026, 11, 29)  # a Sunday


@pytest.mark.parametrize(("question", "alternatives", "measure", "larger", "day", "follow_up"), [
    ("Which is warmer tomorrow, Madrid or Rome? Whichever it is, find me the cheapest hotel there for tomorrow "
     "night.", ["Madrid", "Rome"], "temperature", True, "2026-11-30",
     "find me the cheapest hotel in Rome for tomorrow night."),
    ("sydney or melbourne, whichever has the lower chance of rain on sunday - what's the top rated restaurant in "
     "that one?", ["sydney", "melbourne"], "rain", False, "2026-11-29", "what's the top rated restaurant in Rome?"),
    ("Out of Osaka, Seoul and Shanghai, which one will be warmest on Tuesday? Tell me the best restaurant in that "
     "city.", ["Osaka", "Seoul", "Shanghai"], "temperature", True, "2026-12-01",
     "Tell me the best restaurant in Rome."),
    ("mumbai or delhi on wednesday, i want the cooler one. cheapest hotel there for wed night", ["mumbai", "delhi"],
     "temperature", False, "2026-12-02", "cheapest hotel in Rome for wed night"),
    # the choosing clause opens the last part; the day is the one said with the comparative
    ("Madrid or Berlin for a long weekend - whichever is warmer on Friday, find me the cheapest hotel there Friday "
     "night", ["Madrid", "Berlin"], "temperature", True, "2026-12-04", "find me the cheapest hotel in Rome Friday night"),
    ("Which is less likely to rain on Tuesday, London or Paris? Then get me the cheapest flight from New York to that "
     "city on Tuesday.", ["London", "Paris"], "rain", False, "2026-12-01",
     "Then get me the cheapest flight from New York to Rome on Tuesday."),
    ("Seoul vs Tokyo on Friday - pick whichever's warmer and tell me the best-rated restaurant in that city.",
     ["Seoul", "Tokyo"], "temperature", True, "2026-12-04", "tell me the best-rated restaurant in Rome."),
    # "in whichever one is cheaper" names the winner; a join may repeat its preposition
    ("leaving singapore tmrw, is it cheaper to fly to bangkok or to hong kong? then tell me the weather tomorrow in "
     "whichever one is cheaper", ["bangkok", "hong kong"], "price", False, "2026-11-30",
     "then tell me the weather tomorrow in Rome"),
    # the choosing clause after a symbol, or inside the sentence that tells why
    ("tokyo vs osaka on tuesday ☔ whichever has the lower rain odds, how much is its cheapest hotel for tuesday "
     "night?", ["tokyo", "osaka"], "rain", False, "2026-12-01", "how much is Rome's cheapest hotel for tuesday night?"),
    ("Seoul and Tokyo both on the table for Friday. I really can't handle freezing nights, so take the one with the "
     "milder overnight low and tell me the top-rated restaurant there.", ["Seoul", "Tokyo"], "temperature", True,
     "2026-12-04", "tell me the top-rated restaurant in Rome."),
    # any direction word beside a measure chooses, the measure before or after it (nodes/comparatives.py)
    ("I melt in humidity. Singapore or HK on Wednesday — take the less humid one and find me the cheapest room there "
     "wednesday night", ["Singapore", "HK"], "humidity", False, "2026-12-02",
     "find me the cheapest room in Rome wednesday night"),
    ("thursday: chicago vs dc, which is less windy? fly me there from mexico city that day, cheapest fare",
     ["chicago", "dc"], "wind", False, "2026-12-03", "fly me in Rome from mexico city that day, cheapest fare"),
    # the second question runs from the part after the comparison to the end
    ("Saturday evening stroll: Madrid or Rome, whichever stays light later (compare the sunset times). Dinner "
     "afterwards at its top-rated restaurant — which one is it?", ["Madrid", "Rome"], "sunset", True, "2026-12-05",
     "Dinner afterwards at Rome's top-rated restaurant — which one is Rome?"),
])
def test_a_choice_chain_is_read_from_the_questions_own_words(question, alternatives, measure, larger, day,
                                                               follow_up):
    chain = read_choice_chain(question, TODAY)
    assert (chain.alternatives, chain.measure, chain.larger_wins, chain.day.isoformat()) == (
        alternatives, measure, larger, day)
    query, request = chain.asked_of("Rome")
    assert query == follow_up
    assert not any(a.lower() in request.lower() for a in alternatives if a != "Rome")


@pytest.mark.parametrize("question", [
    "weather in paris and london tomorrow",
    "Is it going to rain in London on Wednesday? If it is, I'd rather escape to Madrid that day - cheapest flight?",
    "Which is warmer tomorrow, Berlin or Madrid? And which one is cheaper for hotels?",  # a second comparison
    "Which is warmer tomorrow, Berlin or Madrid?",  # no follow-up
])
def test_other_questions_are_no_choice_chain(question):
    assert read_choice_chain(question, TODAY) is None


def forecast(city: str, high: float, day: str = "2026-11-30") -> dict:
    text = json.dumps({"city": city, "timezone": "Europe/Madrid",
                       "days": [{"date": "2026-11-29", "high_c": 30.0}, {"date": day, "high_c": high}]})
    return {"ok": True, "arguments": {"city": city}, "text": text}


def test_the_winner_is_read_from_each_alternatives_record_on_the_asked_day_and_a_tie_picks_none():
    chain = read_choice_chain("Which is colder tomorrow, Madrid or Rome? Cheapest hotel there?", TODAY)
    values = measured_values(chain, [forecast("Madrid", 13.1), forecast("Rome", 15.8)])
    assert values == {"Madrid": 13.1, "Rome": 15.8} and pick(chain, values) == "Madrid"
    assert pick(chain, {"Madrid": 13.1, "Rome": 13.1}) is None and pick(chain, {"Madrid": 13.1}) is None


async def test_the_run_measures_then_asks_the_follow_up_of_the_winner_without_the_planner():
    question = "Which is warmer tomorrow, Berlin or Madrid? Then find a hotel in the warmer city."
    tools = travel_tools()
    models = ScriptedModels(executor=[executor], planner=["the planner must not be asked"])
    graph = build_graph(models, KeywordRetriever(), tools, classify=lambda q: ("fast", 0.99, True)).compile()
    out = await graph.ainvoke({"query": question}, context=Context(today="2026-11-29"))
    assert (out["route"], out["plan"]["source"]) == ("planning", "choice")  # the router saw the chain
    assert [(s["server"], s["decision"]) for s in out["search_steps"]] == [("weather", "picked Madrid"),
                                                                           ("hotels", "enough")]
    assert tools.calls[-1] == ("hotels", "search", {"city": "Madrid"}) and models.calls("planner") == 0
    second = out["plan"]["tasks"][1]
    assert second["deps"] == ["T1"] and "Berlin" not in second["request"]
    assert out["answer"].startswith("Picked Madrid (warmer on Mon 2026-11-30): Berlin 9, Madrid 18 [T1.1]")


def test_the_measuring_query_says_what_the_comparative_measures():
    chain = read_choice_chain("Which has the cheaper hotel tonight, Madrid or Barcelona? Whichever is cheaper, what's "
                              "the weather there today?", TODAY)
    assert chain.measuring_query() == "which is cheaper hotel on 2026-11-29: Madrid or Barcelona?"


def test_an_alternative_typed_without_accents_is_found_in_its_record():
    chain = read_choice_chain("deciding between sao paulo and mexico city for wed. go w/ whichever has lower rain "
                              "chance and find the cheapest hotel there wed night", TODAY)
    text = json.dumps({"date": "2026-12-02", "cities": [{"city": "São Paulo", "precip_chance": 95},
                                                        {"city": "Mexico City", "precip_chance": 55}]})
    values = measured_values(chain, [{"ok": True, "arguments": {"cities": ["sao paulo", "mexico city"]}, "text": text}])
    assert pick(chain, values) == "mexico city"


def test_an_alias_alternative_is_found_by_its_places_name_and_there_keeps_its_preposition():
    chain = read_choice_chain("hk or singapore friday, whichever is drier - cheapest flight from bangkok to there on "
                              "friday", TODAY)
    text = json.dumps({"date": "2026-12-04", "cities": [{"city": "Singapore", "precip_chance": 80},
                                                        {"city": "Hong Kong", "precip_chance": 0}]})
    values = measured_values(chain, [{"ok": True, "arguments": {}, "text": text}])
    assert pick(chain, values) == "hk"
    assert chain.asked_of("hk")[0] == "cheapest flight from bangkok to hk on friday"


def test_a_choosing_clause_after_a_comma_the_one_that_and_its_are_read():
    chain = read_choice_chain("amsterdam vs paris friday, go with whichever has less chance of rain and get me the "
                              "cheapest hotel there for fri night", TODAY)
    assert chain.alternatives == ["amsterdam", "paris"] and chain.follow_up == "get me the cheapest hotel there for fri night"
    chain = read_choice_chain("Layover tomorrow either in Singapore or Dubai. Pick the one that'll be drier and find me "
                              "its cheapest hotel for tomorrow night.", TODAY)
    assert chain.measure == "rain" and chain.asked_of("Dubai")[0] == "find me Dubai's cheapest hotel for tomorrow night."


def test_the_place_the_compared_trips_start_from_is_kept_in_the_measuring_query():
    chain = read_choice_chain("From London on Tuesday, is Istanbul or Cairo the cheaper flight? Whichever wins, tell "
                              "me the weather there Tuesday.", TODAY)
    assert chain.measuring_query().startswith("from London which is cheaper flight")
    assert chain.alternatives == ["Istanbul", "Cairo"]
    # a route tool takes one destination a call: one measuring query per alternative, each from the start
    assert chain.measuring_queries() == ["from London to Istanbul on 2026-12-01: cheaper flight",
                                         "from London to Cairo on 2026-12-01: cheaper flight"]


def test_a_comparison_of_the_night_reads_each_alternatives_low():
    chain = read_choice_chain("Seoul or Tokyo on Monday, take the one with the milder overnight low and find a hotel "
                              "there", TODAY)
    def day(city, high, low):
        return {"ok": True, "arguments": {"city": city}, "text": json.dumps(
            {"city": city, "days": [{"date": "2026-11-30", "high_c": high, "low_c": low}]})}
    values = measured_values(chain, [day("Seoul", 20.0, -3.0), day("Tokyo", 15.0, 8.0)])
    assert values == {"Seoul": -3.0, "Tokyo": 8.0} and pick(chain, values) == "Tokyo"


def test_a_later_clock_time_wins_and_is_shown_as_a_clock_time():
    chain = read_choice_chain("Madrid or Rome on Saturday, whichever has the later sunset? Best restaurant there?",
                              TODAY)
    outputs = [{"ok": True, "arguments": {"city": city}, "text": json.dumps(
        {"city": city, "days": [{"date": "2026-12-05", "sunset": sunset}]})}
        for city, sunset in (("Madrid", "17:52"), ("Rome", "16:43"))]
    values = measured_values(chain, outputs)
    assert pick(chain, values) == "Madrid"
    assert shown_figure(values["Rome"], chain.measure) == "16:43"
