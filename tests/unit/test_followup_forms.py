"""Follow-ups in more of the asker's own words (dev8): a place swapped in "same question but ...", "X, same day?"
and "let's try X instead"; a sum and its currency changed together; a day counted from the last one ("one day
later"); an origin set off from; a verb of asking that is no kind of thing; "in town" and "once I'm on the ground"
as the last question's place."""

from datetime import date

import pytest

from nodes.date_followups import names_only_a_date
from nodes.date_mentions import find_date_mentions
from nodes.reference_followups import resolve_there, swap_argument
from nodes.route_followups import swapped_route_end
from nodes.slot_followups import changed_slot, without_acknowledgement

TODAY = date(2026, 11, 30)


@pytest.mark.parametrize(("follow_up", "last", "arguments", "standalone"), [
    ("Same question but Singapore please", "Who's the highest rated restaurant in Sydney at the moment?", ["Sydney"],
     "Who's the highest rated restaurant in Singapore at the moment?"),
    ("tokyo, same day?", "wind speed in osaka tmrw?", ["osaka"], "wind speed in tokyo tmrw?"),
    ("let's try shanghai instead, same night", "cheapest room in hangzhou for sat 5th", ["hangzhou"],
     "cheapest room in shanghai for sat 5th"),
])
def test_another_place_in_the_askers_words_swaps_the_last_calls_value(follow_up, last, arguments, standalone):
    assert swap_argument(follow_up, last, arguments) == standalone


@pytest.mark.parametrize(("follow_up", "last", "standalone"), [
    ("eh, 240 actually", "90 quid to thai baht?", "240 quid to thai baht"),
    ("ok now that 800 into chinese yuan", "800 singapore dollars in hk dollars",
     "800 singapore dollars in chinese yuan"),
])
def test_a_sum_and_its_target_change_in_place(follow_up, last, standalone):
    assert changed_slot(without_acknowledgement(follow_up), last) == standalone


def test_a_day_counted_from_the_last_one():
    text = "LA to Sydney on the 9th — cheapest seat?\nwhat about one day later?"
    assert [m.first for m in find_date_mentions(text, TODAY)] == [date(2026, 12, 9), date(2026, 12, 10)]
    assert [m.first for m in find_date_mentions("the 9th, then two days earlier", TODAY)][-1] == date(2026, 12, 7)


def test_setting_off_from_another_city_changes_the_routes_origin():
    assert swapped_route_end("and if I set off from Delhi instead?", "Mumbai → Singapore this Friday, lowest fare?") \
        == "Delhi → Singapore this Friday, lowest fare?"
    assert swapped_route_end("could I start from Berlin instead?", "Amsterdam to Rome on the 8th: cheapest fare?") \
        == "Berlin to Rome on the 8th: cheapest fare?"


def test_a_verb_of_asking_is_no_kind_of_thing():
    kinds = frozenset({"check", "flight", "hotel"})  # a catalogue whose tool names say "check"
    last = "istanbul to dubai on saturday — lowest economy fare?"
    assert names_only_a_date("could you check sunday the 13th instead", last, TODAY, kinds)
    assert not names_only_a_date("and a hotel on sunday the 13th", last, TODAY, kinds)


@pytest.mark.parametrize(("follow_up", "last", "arguments", "located"), [
    ("any standout restaurant in town? highest rating wins", "cheapest hotel in DC for thursday night", ["DC"],
     "any standout restaurant in DC? highest rating wins"),
    ("once I'm on the ground, what's the cheapest place to sleep that night?",
     "chicago to mexico city, mon 7 dec, what's the cheapest", ["chicago", "mexico city"],
     "in mexico city, what's the cheapest place to sleep that night?"),
])
def test_in_town_and_on_the_ground_are_the_last_questions_place(follow_up, last, arguments, located):
    assert resolve_there(follow_up, last, arguments) == located


def test_a_sum_written_with_a_scale_word_is_the_source():
    from nodes.arguments.direction import should_swap

    assert should_swap("how many dollars 1 million won gets me", "USD", "KRW")
    assert not should_swap("convert 2 million yen to usd", "JPY", "USD")


def test_an_ask_for_each_leg_in_its_own_sentence_is_asked_of_every_leg():
    from nodes.intent_split import split_intents

    assert split_intents("Beijing to Seoul on Fri the 4th and Seoul back to Beijing on Tue the 8th. Lowest fare for "
                         "each leg please.") == ["Beijing to Seoul on Fri the 4th, Lowest fare please",
                                                 "Seoul back to Beijing on Tue the 8th, Lowest fare please"]
    # a part that names no place is no leg of its own: "back on Dec 10" is the return of the one route
    assert split_intents("Round trip between DC and San Francisco: out on Dec 3, back on Dec 10. Cheapest economy "
                         "fare for each direction?") == []


def test_there_is_the_last_questions_one_place_when_the_call_took_another_spelling():
    assert resolve_there("any standout restaurant in town? highest rating wins", "cheapest hotel in DC for thursday "
                         "night", ["Washington, D.C.", "2026-12-03"]) == (
        "any standout restaurant in DC? highest rating wins")


def test_a_day_counted_from_the_last_question_is_only_a_date():
    kinds = frozenset({"flight", "seat"})
    assert names_only_a_date("what about one day later?", "LA to Sydney on the 9th — cheapest seat?", TODAY, kinds)


@pytest.mark.parametrize(("question", "order"), [
    ("lowest-priced room in chengdu", ("price", True)),
    ("what's the highest-scoring restaurant in Melbourne", ("rating", False)),
    ("ok. and who tops the restaurant ratings in delhi?", ("rating", False)),
])
def test_more_superlatives_in_the_askers_words(question, order):
    from nodes.field_vocabulary import superlative_order

    assert superlative_order(question) == order


def test_a_measure_typed_with_a_slip_is_the_measure():
    from nodes.field_vocabulary import concepts_of

    assert concepts_of({"humidty"}) == {"humidity"} and concepts_of({"temprature"}) == {"temperature"}
    assert concepts_of({"stations"}) == set()


def test_a_currency_symbol_before_a_figure_is_the_source():
    from nodes.arguments.direction import should_swap

    assert should_swap("how many US dollars is £500 — I want to work out how many shares that buys", "USD", "GBP")
    assert not should_swap("convert $100 to euros", "USD", "EUR")


def test_retrieval_reads_the_measure_a_phrase_names():
    from nodes.field_vocabulary import with_phrase_concepts

    assert with_phrase_concepts("Xi'an this Fri: when does the sun set") == (
        "Xi'an this Fri: when does the sun set (sunset)")
    assert with_phrase_concepts("sunset in rome") == "sunset in rome"
    assert with_phrase_concepts("set a reminder") == "set a reminder"


def test_a_first_part_that_only_tells_the_day_is_the_day_of_the_parts_after_it():
    from nodes.intent_split import split_intents

    assert split_intents("next friday, i need the weather in paris and the cheapest hotel in rome") == [
        "next friday: i need the weather in paris", "next friday: the cheapest hotel in rome"]
    # one ask over a list: the question stays whole, with its day
    assert split_intents("three-city stopover, saturday night in each, so I need the cheapest hotel in: shenzhen / "
                         "istanbul / dubai") == []


def test_cashtags_are_a_list_without_joins():
    from nodes.arguments.written_lists import other_names_listed

    assert other_names_listed(["MSFT"], "$MSFT $ORCL $IBM — last") == ["ORCL", "IBM"]
    assert other_names_listed(["MSFT"], "MSFT ORCL IBM") == []


def test_a_first_part_of_only_a_route_and_a_day_is_the_scope_of_the_ask_after_it():
    from nodes.intent_split import read_intents

    assert read_intents("shanghai → hong kong on saturday, lowest fare in HK dollars") == ([], None)
    assert read_intents("Lyon, Nice, Lille - what are the lows on Friday?") == ([], "list")  # a place alone: a list
