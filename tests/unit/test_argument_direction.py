"""Source/target argument pairs follow the request's wording (nodes/arguments/direction.py)."""

import pytest

from nodes.arguments.direction import direction_pairs, order_by_request, should_swap


def test_pairs_found_by_property_names():
    assert direction_pairs(["amount", "from_currency", "to_currency"]) == [("from_currency", "to_currency")]
    assert direction_pairs(["origin", "destination", "date"]) == [("origin", "destination")]
    assert direction_pairs(["sourceLang", "targetLang"]) == [("sourceLang", "targetLang")]
    assert direction_pairs(["city", "dates"]) == []
    assert direction_pairs(["from_currency", "to_city"]) == []


@pytest.mark.parametrize("text, source, target, expected", [
    ("how much is 20 USD in MXN", "MXN", "USD", {"from_currency": "USD", "to_currency": "MXN"}),
    ("how much is 20 USD in MXN", "USD", "MXN", {"from_currency": "USD", "to_currency": "MXN"}),
    ("convert 50 EUR to TRY", "TRY", "EUR", {"from_currency": "EUR", "to_currency": "TRY"}),
    ("to yen from pounds, 30 please", "yen", "pounds", {"from_currency": "pounds", "to_currency": "yen"}),
    ("USD EUR rate", "EUR", "USD", {"from_currency": "USD", "to_currency": "EUR"}),
])
def test_currency_pair_follows_the_request(text, source, target, expected):
    params = {"amount": 20, "from_currency": source, "to_currency": target}
    assert order_by_request(params, [text]) == {"amount": 20, **expected}


def test_flights_to_before_from():
    params = {"origin": "Paris", "destination": "London"}
    assert order_by_request(params, ["flights to Paris from London tomorrow"]) == {
        "origin": "London", "destination": "Paris"}
    assert order_by_request(params, ["flights from Paris to London"]) == params


def test_values_not_in_the_request_are_left_alone():
    params = {"from_currency": "USD", "to_currency": "EUR"}
    assert order_by_request(params, ["what is that in euros"]) == params
    assert order_by_request({"start_date": "2026-12-01", "end_date": "2026-11-30"}, ["next week"]) == {
        "start_date": "2026-12-01", "end_date": "2026-11-30"}
    assert not should_swap("usd to usd", "USD", "USD")


def test_words_inside_other_words_are_not_mentions():
    # "EUR" inside "EUROPE" is no mention, so the order of appearance is not read from it.
    assert order_by_request({"from_currency": "USD", "to_currency": "EUR"}, ["EUROPE trip: USD"]) == {
        "from_currency": "USD", "to_currency": "EUR"}


def test_a_pair_given_one_value_twice_takes_the_other_value_the_request_names():
    from nodes.arguments.direction import separate_pair

    schema = {"properties": {"from_currency": {"enum": ["USD", "EUR", "CNY"]},
                             "to_currency": {"enum": ["USD", "EUR", "CNY"]}}}
    params = {"amount": 205.44, "from_currency": "USD", "to_currency": "USD"}
    assert separate_pair(params, schema, ["oracle stock price in CNY please"])["to_currency"] == "CNY"
    assert separate_pair(params, schema, ["oracle stock price please"]) == params  # nothing else is named
    assert separate_pair(params, schema, ["USD to EUR or CNY"]) == params  # two others: no guess


def test_a_time_that_is_their_time_binds_the_place_before_it():
    text = "my client in Wellington wants to meet at 16:00 their time; I'm in Oslo, what's that for me?"
    assert should_swap(text, "Europe/Oslo", "Pacific/Auckland")  # the Oslo-first order is swapped
    assert not should_swap(text, "Pacific/Auckland", "Europe/Oslo")
    between = "I'm based in Oslo and my client in Wellington wants to meet at 16:00 their time. What's that for me?"
    assert should_swap(between, "Europe/Oslo", "Pacific/Auckland")


@pytest.mark.parametrize(("text", "source", "target"), [
    # "their time" binds its place over a "from" the asker writes of themselves
    ("The Oslo office wants a call at 15:00 their time, and I'll be joining from Lima. What time is that for me?",
     "Europe/Oslo", "America/Lima"),
    # a time "here in" binds the place after it
    ("if its 10:15 here in denver what time is it in oslo", "America/Denver", "Europe/Oslo"),
    # "in X it is 08:30" binds X
    ("If in Lisbon it is 08:30 in the morning, how much o'clock is it then in Denver?", "Europe/Lisbon",
     "America/Denver"),
    # "o'clock" and two day words between the time and its place
    ("7 oclock in the evening tomorrow in lima peru, what is that in oslo norway", "America/Lima", "Europe/Oslo"),
    # the place named again where the time binds it, after a first mention in the story
    ("My aunt in Denver and I both grew up in Oslo. When it's 19:30 here in Denver, what time is it in Oslo?",
     "America/Denver", "Europe/Oslo"),
    # a time right after its place, and a guess bound to the other place
    ("Oslo 6pm. My guess is that's 11am in Chicago, can you check?", "Europe/Oslo", "America/Chicago"),
])
def test_a_time_bound_to_its_place_makes_that_place_the_source(text, source, target):
    assert should_swap(text, target, source)
    assert not should_swap(text, source, target)


def test_my_time_is_the_time_of_the_place_the_asker_is_in():
    text = "I'm in Chicago. If I call my mom in Madrid at 8pm my time, what time is it for her?"
    assert should_swap(text, "Europe/Madrid", "America/Chicago")  # Chicago is the source
    assert not should_swap(text, "America/Chicago", "Europe/Madrid")


def test_a_time_of_day_then_its_part_of_the_day_still_binds_the_place_after_it():
    text = "if its 6:45 in the evening in wellington whats the time in oslo"
    assert should_swap(text, "Europe/Oslo", "Pacific/Auckland")
    assert not should_swap(text, "Pacific/Auckland", "Europe/Oslo")


def test_to_says_where_a_value_goes_where_in_only_says_where_something_is():
    text = "Our ferry leaves from the pier in Lisbon for 07:45. Change that to Helsinki time for my aunt."
    assert should_swap(text, "Europe/Helsinki", "Europe/Lisbon")
    assert not should_swap(text, "Europe/Lisbon", "Europe/Helsinki")


def test_a_pair_with_one_value_named_puts_it_on_the_side_its_cue_says():
    # KRW came from the quote; "in singapore dollars" makes SGD the target
    assert order_by_request({"from_currency": "SGD", "to_currency": "KRW"},
                            ["samsung electronics share price in singapore dollars?"]) == {
        "from_currency": "KRW", "to_currency": "SGD"}
    assert order_by_request({"from_currency": "HKD", "to_currency": "CNY"},
                            ["tencent stock price converted to chinese yuan"]) == {
        "from_currency": "HKD", "to_currency": "CNY"}
    # a quantity binds the value it is written with to the source, whatever cue precedes it
    assert order_by_request({"source_timezone": "Europe/Oslo", "target_timezone": "Asia/Tokyo"},
                            ["it's 3pm in Tokyo, what's that for me?"]) == {
        "source_timezone": "Asia/Tokyo", "target_timezone": "Europe/Oslo"}
