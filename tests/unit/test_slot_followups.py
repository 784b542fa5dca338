"""A follow-up that changes one typed value keeps the rest of the last question (nodes/slot_followups.py)."""

import pytest

from nodes.slot_followups import changed_slot


@pytest.mark.parametrize(("last", "follow_up", "standalone"), [
    ("Convert 100 euros to pounds", "and 750?", "Convert 750 euros to pounds"),
    ("I need 400 USD in Japanese yen", "actually make it Korean won", "I need 400 USD in Korean won"),
    ("how much is 5k HKD in USD", "in singapore dollars then?", "how much is 5k HKD in singapore dollars"),
    ("What's Sony trading at?", "in dollars?", "What's Sony trading at in dollars"),
    ("Cheapest hotel in Singapore for Tuesday night?", "What's that in US dollars?",
     "Cheapest hotel in Singapore for Tuesday night in US dollars"),
])
def test_the_one_changed_value_replaces_its_kind_or_is_added(last, follow_up, standalone):
    assert changed_slot(follow_up, last) == standalone


@pytest.mark.parametrize(("last", "follow_up"), [
    ("price of nvidia", "what about AMD"),  # a company, though AMD is also a currency code
    ("weather in paris tomorrow?", "and the day after?"),  # a date: bound elsewhere
    ("Top restaurant in Tokyo?", "same for Seoul"),
    ("Convert 100 euros to pounds", "and what about hotels in 750 places?"),  # more than a value
    ("split 120 between 3 people", "and 4?"),  # two figures: which one changes is not said
])
def test_other_follow_ups_are_left_to_the_rewriter(last, follow_up):
    assert changed_slot(follow_up, last) is None


def test_a_follow_up_naming_only_measures_asks_them_of_the_last_question():
    from nodes.slot_followups import asked_measures

    assert asked_measures("how about the wind and humidity", "weather toronto tomorrow") == (
        "weather toronto tomorrow: the wind and humidity")
    assert asked_measures("rain chance?", "Melbourne weather saturday?") == "Melbourne weather saturday: rain chance"
    assert asked_measures("what about Paris", "weather in Rome") is None  # a place, not a measure


def test_a_request_to_convert_changes_the_target_currency():
    from nodes.slot_followups import changed_slot

    assert changed_slot("can you convert that to UAE dirhams", "Reliance Industries stock price") == (
        "Reliance Industries stock price in UAE dirhams")
