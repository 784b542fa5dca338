"""Follow-ups that correct a value, change only the day in words of their own, fly in to where the last question
was, or swap a value on the same day (nodes/corrections.py, nodes/date_followups.py, nodes/route_followups.py,
nodes/rewrite.py)."""

from datetime import date

import pytest

from indexes.route_cues import stem
from nodes.corrections import corrected_value
from nodes.date_followups import names_only_a_date
from nodes.reference_followups import resolve_there, swap_argument
from nodes.route_followups import swapped_route_end

TODAY = date(2026, 11, 29)


@pytest.mark.parametrize(("question", "last", "arguments", "expected"), [
    ("Sorry, wrong company. I meant HSBC, the London listing.", "Could you pull up Oracle's last trade?", ["Oracle"],
     "Could you pull up HSBC's last trade?"),
    ("scratch that, I'm in Melbourne 🤦 not Sydney", "lowest room rate in Sydney tonight", ["Sydney"],
     "lowest room rate in Melbourne tonight"),
    ("make that Osaka", "weather in Tokyo tomorrow", ["Tokyo"], "weather in Osaka tomorrow"),
])
def test_a_correction_replaces_the_value_and_keeps_the_rest(question, last, arguments, expected):
    assert corrected_value(question, last, arguments) == expected


@pytest.mark.parametrize("question", ["I'm in the lobby, what's the wifi", "I meant the other one",
                                      "I'm in Tokyo, is it cold?"])
def test_words_that_open_no_new_name_correct_nothing(question):
    assert corrected_value(question, "weather in Tokyo tomorrow", ["Tokyo"]) is None


def test_a_place_corrects_no_company():
    assert corrected_value("in Aussie dollars pls, I'm in Perth", "meta platforms share price?",
                           ["meta platforms"]) is None


@pytest.mark.parametrize(("question", "last", "expected"), [
    ("eh, the 11th suits my boss better. same search", "weather in Paris on Friday", True),
    ("Let's move it to the night of the 10th, same city", "Barcelona, Thursday night, cheapest bed you can find?",
     True),
    ("what about hotels on Saturday", "weather in Paris on Friday", False),  # another kind of thing
    ("and London on Saturday", "weather in Paris on Friday", False),  # another place
    ("how humid on Saturday?", "weather in Paris on Friday", False),  # another measure
    ("suits my boss better", "weather in Paris on Friday", False),  # no day
])
def test_a_follow_up_names_only_a_day(question, last, expected):
    kinds = frozenset(stem(w) for w in ("hotel", "flight"))
    assert names_only_a_date(question, last, TODAY, kinds) is expected


def test_flying_in_from_a_place_ends_where_the_last_question_was():
    assert swapped_route_end("got it. how much to fly in from Bangkok that day, cheapest?",
                             "what's the cheapest Singapore hotel for the night of the 7th") == \
        "got it. how much to fly from Bangkok to Singapore that day, cheapest?"
    assert swapped_route_end("I'm flying in from Beijing that morning, cheapest ticket?",
                             "lowest hotel price in Chengdu on Friday night") == \
        "I'm flying from Beijing to Chengdu that morning, cheapest ticket?"


def test_a_route_written_back_the_other_way_replaces_the_last_one():
    assert swapped_route_end("flip it: dubai back to cairo, same monday", "cairo → dubai monday, cheapest economy?") \
        == "dubai → cairo monday, cheapest economy?"


@pytest.mark.parametrize("question", ["once I land, where's the top-rated dinner spot?",
                                      "landing there, is it windy? km/h please", "on arrival, how cold is it?"])
def test_landing_points_at_where_the_route_ends(question):
    located = resolve_there(question, "what's the cheapest flight from sydney down to melbourne on the 2nd?",
                            ["sydney", "melbourne"])
    assert located is not None and "in melbourne" in located


def test_a_new_value_said_with_the_same_day_is_swapped_in():
    assert swap_argument("And Delhi, for that same Thursday?",
                         "Is Mumbai going to be sticky on Thursday? humidity % please", ["Mumbai"]) == \
        "Is Delhi going to be sticky on Thursday? humidity % please"


def test_that_day_is_bound_where_it_is_said():
    from langchain_core.messages import HumanMessage

    from nodes.rewrite import bind_dates
    last = "what's the cheapest flight from sydney down to melbourne on the 2nd?"
    assert bind_dates("in melbourne, is it windy that day? km/h please", [HumanMessage(last)],
                      "landing there, is it windy that day? km/h please", TODAY) == \
        "in melbourne, is it windy on 2026-12-02? km/h please"


def test_there_is_the_place_the_last_call_took_not_what_it_sorted_by():
    located = resolve_there("I'll eat there Saturday. what's the least I'd pay for a hotel room in the city that night",
                            "who's got the highest rating among restaurants in Seoul?", ["Seoul", "rating"])
    assert located is not None and located.startswith("I'll eat in Seoul Saturday")


def test_the_least_one_would_pay_asks_the_lowest_price():
    from nodes.field_vocabulary import superlative_order
    assert superlative_order("what's the least I'd pay for a hotel room") == ("price", True)
    assert superlative_order("at least 4 stars") is None
