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
    ("Cheapest hotel in Singapore for Saturday night, 2 adults", "and if there are 4 of us?",
     "Cheapest hotel in Singapore for Saturday night, 4 adults"),
    ("hangzhou hotels thursday, what's the lowest price", "for 3 guests?",
     "hangzhou hotels thursday, what's the lowest price for 3 guests"),
    ("What's the cheapest hotel in Los Angeles on Friday?", "how much is that in euro",
     "What's the cheapest hotel in Los Angeles on Friday in euro"),
    ("price of apple stock", "how many yuan is that", "price of apple stock in yuan"),
    ("what's 750 bucks in Mexican pesos", "now do Brazilian reais", "what's 750 bucks in Brazilian reais"),
    ("Tesla share price in euros?", "sorry, I meant sterling", "Tesla share price in sterling"),
    ("Convert 20,000 rupees to dirhams", "what if it's 35k instead?", "Convert 35k rupees to dirhams"),
    ("2k Canadian dollars to Mexican pesos?", "let's say 3.5k, same currencies",
     "3.5k Canadian dollars to Mexican pesos"),
    ("IBM share price converted to yen", "actually swap the yen for Swiss francs",
     "IBM share price converted to Swiss francs"),
    ("lowest hotel rate in mumbai wednesday night?", "and in dollars that's…?",
     "lowest hotel rate in mumbai wednesday night in dollars"),
])
def test_the_one_changed_value_replaces_its_kind_or_is_added(last, follow_up, standalone):
    assert changed_slot(follow_up, last) == standalone


@pytest.mark.parametrize(("last", "follow_up"), [
    ("price of nvidia", "what about AMD"),  # a company, though AMD is also a currency code
    ("weather in paris tomorrow?", "and the day after?"),  # a date: bound elsewhere
    ("Top restaurant in Tokyo?", "same for Seoul"),
    ("Convert 100 euros to pounds", "and what about hotels in 750 places?"),  # more than a value
    ("split 120 between 3 people", "and 4?"),  # two figures: which one changes is not said
    ("weather in paris tomorrow?", "and 750?"),  # no figure to change, and no count of anything
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


def test_a_nationality_said_alone_after_in_is_its_one_currency():
    assert changed_slot("and in Canadian?", "How much is 2,000 Mexican pesos in USD") == (
        "How much is 2,000 Mexican pesos in CAD")
    assert changed_slot("gimme that in HKD", "hsbc, where's it trading") == "hsbc, where's it trading in HKD"
    assert changed_slot("and in Korean?", "500 euros in dollars") is None  # two currencies are Korean


@pytest.mark.parametrize(("follow_up", "rest"), [
    ("cool and in mumbai", "and in mumbai"),
    ("nice. whats the weather in that city on saturday", "whats the weather in that city on saturday"),
    ("fine, and saturday then?", "and saturday then?"),
    ("hmm from Barcelona instead", "from Barcelona instead"),
    ("good restaurants there?", "good restaurants there?"),  # a word of the question, not an acknowledgement
    ("ok", "ok"),  # nothing else is left
    ("k thx. now exxon mobil", "now exxon mobil"),  # a short remark that names nothing to look up
    ("hmm pricey. thursday?", "thursday?"),
    ("Paris. what about tomorrow", "Paris. what about tomorrow"),  # the remark names a place
    ("St. Louis weather", "St. Louis weather"),  # an abbreviation, not a sentence
    ("Mt. Fuji weather", "Mt. Fuji weather"),
])
def test_an_acknowledgement_before_the_follow_up_is_set_aside(follow_up, rest):
    from nodes.slot_followups import without_acknowledgement

    assert without_acknowledgement(follow_up) == rest
