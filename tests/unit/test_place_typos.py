"""A big place's name typed with a slip resolves to that place where a place is written, never an English word
(nodes/arguments/place_typos.py, nodes/arguments/places.py), against the real gazetteer and encoder vocabulary."""

import pytest

from nodes.arguments.place_typos import misspelt_place
from nodes.arguments.places import places_named


@pytest.mark.parametrize(("text", "zone"), [
    ("whats the time in madird rn", "Europe/Madrid"),  # two letters swapped
    ("my aunt in vancuver keeps calling at night", "America/Vancouver"),  # a letter dropped
    ("is it late in johanesburg now", "Africa/Johannesburg"),
    ("quick q, lisbn local time?", "Europe/Lisbon"),  # before "local time"
])
def test_a_slip_of_a_big_place_resolves_where_a_place_is_written(text, zone):
    assert [m.place.timezone for m in places_named([text])] == [zone]


@pytest.mark.parametrize("text", [
    "we walked in pairs to the market",  # "pairs" is a word, one swap from Paris
    "paid in total 5 items",
    "the stock in month three",
    "madird is what she typed",  # no place cue beside it
])
def test_words_and_slips_without_a_place_cue_name_no_place(text):
    assert places_named([text]) == []


def test_only_a_close_big_place_counts():
    assert misspelt_place("pairs") is None  # an English word
    assert misspelt_place("zqxwvy") is None  # nothing close
    assert misspelt_place("tokoy").timezone == "Asia/Tokyo"


def test_a_slip_two_edits_away_resolves_only_to_a_city_of_a_million():
    assert misspelt_place("barcellonna").timezone == "Europe/Madrid"  # Barcelona, two edits
    assert misspelt_place("vellmora") is None  # made up: two edits from Vellore, a city of half a million


@pytest.mark.parametrize(("text", "zone"), [
    ("current time perth?", "Australia/Perth"),  # a search box: the name after "time", ending the query
    ("clock seville rn", "Europe/Madrid"),
    ("porto what time now", "Europe/Lisbon"),  # the name before "what time"
])
def test_a_search_box_names_a_place_beside_the_clock_word(text, zone):
    assert [m.place.timezone for m in places_named([text])] == [zone]


def test_a_word_after_time_in_a_sentence_names_no_place():
    assert places_named(["my free time reading books"]) == []  # "Reading" only where it ends the query


def test_a_city_before_its_state_is_read_in_that_state():
    # the state after the city stands by the cue, and the city is read there, not dropped as a modifier
    assert [m.place.timezone for m in places_named(["9am portland maine time, what is that in lima"])] == [
        "America/New_York", "America/Lima"]
    assert places_named(["Time is short"]) == []  # a Norwegian town of that name is never read
