"""A follow-up asking the last answer in another currency, in words of its own (nodes/conversion_followups.py)."""

import pytest

from indexes.route_cues import stem
from nodes.conversion_followups import in_another_currency

KINDS = frozenset(stem(w) for w in ("hotel", "flight", "weather", "restaurant"))


@pytest.mark.parametrize(("question", "last", "expected"), [
    ("what does that work out to in HK dollars", "moutai, where's the stock today",
     "moutai, where's the stock today in HK dollars"),
    ("I get paid in Swiss francs, what is that in CHF", "LVMH price on the Paris exchange",
     "LVMH price on the Paris exchange in CHF"),
    ("and convert the sony one into korean won", "sony stock price", "sony stock price in korean won"),
    ("and what would that be in yen?", "cheapest hotel in Rome on Friday in euros",
     "cheapest hotel in Rome on Friday in yen"),
])
def test_the_last_question_is_asked_in_the_new_currency(question, last, expected):
    assert in_another_currency(question, last, KINDS) == expected


@pytest.mark.parametrize("question", [
    "what about Toyota in yen",  # another company
    "cheapest hotel in euros",  # another kind of thing
    "and in Paris in euros",  # another place
    "is it humid there, in euros",  # another measure
    "convert 100 to yen",  # a figure of its own
    "what does that work out to",  # no currency
])
def test_a_follow_up_asking_anything_else_is_left_alone(question):
    assert in_another_currency(question, "sony stock price", KINDS) is None


def test_the_last_conversion_is_asked_from_the_currency_after_from():
    from nodes.conversion_followups import from_another_currency
    assert from_another_currency("hmm, do the same 1,800 but starting from pounds", "euro → rupee for 1,800 EUR?") == \
        "pounds → rupee for 1,800 pounds?"
    assert from_another_currency("and from yen?", "convert 500 EUR to USD") == "convert 500 yen to USD"
    assert from_another_currency("and 2,000 from yen?", "convert 500 EUR to USD") is None  # a new sum
    assert from_another_currency("flights from London", "convert 500 EUR to USD") is None


def test_a_follow_up_names_something_new_only_by_a_name_a_kind_or_a_measure():
    from nodes.followup_words import names_something_new
    last = "sony stock price"
    assert not names_something_new("what does that work out to", last, KINDS)
    assert names_something_new("and Toyota", last, KINDS)  # a name
    assert names_something_new("and the hotels", last, KINDS)  # a kind of thing
    assert names_something_new("how humid", last, KINDS)  # a measure
    assert not names_something_new("what is it worth", last, KINDS, measures=frozenset({"price"}))
