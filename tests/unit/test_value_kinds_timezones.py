"""Places the request names resolve to IANA zones from gazetteer data; ordinary words do not."""

import time

import pytest

from nodes.arguments.gazetteer import warm_places
from nodes.arguments.timezones import asked_first, zone_values, zones_named


@pytest.mark.parametrize(("text", "expected"), [
    ("what time is it in Lima when it's 9am in Madrid", [("Lima", "America/Lima"), ("Madrid", "Europe/Madrid")]),
    ("3pm in Tokyo in Berlin time", [("Tokyo", "Asia/Tokyo"), ("Berlin", "Europe/Berlin")]),
    ("time in new york and los angeles", [("new york", "America/New_York"), ("los angeles", "America/Los_Angeles")]),
    ("what time is it in Japan?", [("Japan", "Asia/Tokyo")]),  # a country: its capital's zone
    ("convert 10:00 Europe/Paris to UTC", [("Europe/Paris", "Europe/Paris"), ("UTC", "UTC")]),
    ("is it late in Bombay", [("Bombay", "Asia/Kolkata")]),  # an alternate name
    ("Time in NYC vs LA", [("NYC", "America/New_York"), ("LA", "America/Los_Angeles")]),
    # an alias typed in lower case after "in" or "to", with no vowel: no English word
    ("if its 3pm in nyc what's that in rome", [("nyc", "America/New_York"), ("rome", "Europe/Rome")]),
    ("flying to bkk on friday", [("bkk", "Asia/Bangkok")]),
    ("Tokyo's time now", [("Tokyo", "Asia/Tokyo")]),
    ("Paris to Tokyo time difference", [("Paris", "Europe/Paris"), ("Tokyo", "Asia/Tokyo")]),
    ("what time is it in nice", [("nice", "Europe/Paris")]),  # lower case, after "in": the place
    ("clock in st catharines now", [("st catharines", "America/Toronto")]),  # dots typed or not
    ("weather in St. John's", [("St. John's", "America/St_Johns")]),  # the "'s" is the name's
    ("arizona time now?", [("arizona", "America/Phoenix")]),  # the state, not the Honduran town
    ("what time would that be in the philippines", [("philippines", "Asia/Manila")]),  # "in the" is a cue
    ("time in washington", [("washington", "America/New_York")]),  # the capital stays over the state
    ("9:30 am mumbai = ? in sao paulo", [("mumbai", "Asia/Kolkata"), ("sao paulo", "America/Sao_Paulo")]),
    ("my flight leaves manila at 06:40", [("manila", "Asia/Manila")]),  # a verb of leaving is a cue
    ("current local time, Saskatchewan?", [("Saskatchewan", "America/Regina")]),  # a province, zoned by zone.tab
    ("I live in Nova Scotia", [("Nova Scotia", "America/Halifax")]),
    ("time in ontario", [("ontario", "America/Toronto")]),  # the province, not the Californian town
    # a state, province or country after a city says where the city is: no place of its own
    ("back home in Portland Oregon?", [("Portland", "America/Los_Angeles")]),
    ("an old friend in Portland, Maine", [("Portland", "America/New_York")]),
    ("the port of Norfolk, Virginia", [("Norfolk", "America/New_York")]),
    ("clock in London (Ontario)", [("London", "America/Toronto")]),
    ("my sister in Perth, Australia", [("Perth", "Australia/Perth")]),
    # a lower-case word before a place describes it
    ("lunch in central Madrid at 1", [("Madrid", "Europe/Madrid")]),
    # a region or an island a zone is named after
    ("time in Newfoundland", [("Newfoundland", "Canada/Newfoundland")]),
    ("surf trip to Tahiti", [("Tahiti", "Pacific/Tahiti")]),
    # a big city keeps its name against a region abroad (not Jamaica's parish), a state against a town at home
    ("what time is it in New South Wales", [("New South Wales", "Australia/Sydney")]),
    # the main name of a city of half a million people, in lower case without a cue
    ("when it's noon for us, is oslo still at lunch", [("oslo", "Europe/Oslo")]),
])
def test_places_resolve_to_their_zone(text, expected):
    assert zones_named([text]) == expected


@pytest.mark.parametrize("text", ["nice weather today", "Nice to meet you", "mobile phone deals",
                                  "Reading to my kid", "what time is it in Gotham",
                                  "I am mad at my dad", "add it to my cart"])  # airport codes in lower case
def test_ordinary_words_and_unknown_places_give_no_zone(text):
    assert zones_named([text]) == []


def test_the_most_populous_place_of_a_name_wins():
    assert zone_values(["time in Lima"]) == ["America/Lima"]  # not Lima, Ohio
    assert zone_values(["time in Paris"]) == ["Europe/Paris"]  # not Paris, Texas


def test_lookups_are_fast_once_the_tables_are_built():
    started = time.perf_counter()
    warm_places()
    assert time.perf_counter() - started < 5  # < 1 s on a quiet machine; generous under a loaded test run
    started = time.perf_counter()
    for _ in range(100):
        zones_named(["what time is it in Lima when it's 9am in Madrid"])
    assert (time.perf_counter() - started) / 100 < 0.005


def test_the_zones_of_the_asking_sentence_come_first():
    text = "Our teams sit in Oslo, Nairobi and Manila. What's the clock saying in Nairobi?"
    assert asked_first(zones_named([text]), [text]) == ["Africa/Nairobi", "Europe/Oslo", "Asia/Manila"]
    one_sentence = "8am Oslo time, what is that in Manila"
    assert asked_first(zones_named([one_sentence]), [one_sentence]) == ["Europe/Oslo", "Asia/Manila"]


def test_islands_take_their_ocean_zone_and_a_holiday_takes_none():
    from nodes.arguments.timezones import zones_named

    assert zones_named(["what time is it in the Azores"]) == [("Azores", "Atlantic/Azores")]
    assert zones_named(["clock on Easter Island?"]) == [("Easter", "Pacific/Easter")]
    assert zones_named(["what are you doing for Easter"]) == []
    # typed in lower case and plural, the islands win over a town of that name ("Canaries", Saint Lucia)
    assert zones_named(["local time over in the canaries pls"]) == [("canaries", "Atlantic/Canary")]
    assert zones_named(["is the christmas market in Vienna open now"]) == [("Vienna", "Europe/Vienna")]


def test_an_island_zone_is_named_only_as_a_name():
    from nodes.arguments.timezones import zones_named

    text = "my brother moved to Lima and I don't want to wake him, what time is it there"
    assert zones_named([text]) == [("Lima", "America/Lima")]
