"""A part of places and dates completed from the part before it (nodes/elliptic_parts.py)."""

from datetime import date

import pytest

from nodes.elliptic_parts import completed_ellipsis

TODAY = date(2026, 11, 29)


@pytest.mark.parametrize(("part", "before", "completed"), [
    ("New York on Monday", "What's the weather in Los Angeles on Saturday", "What's the weather in New York on Monday"),
    ("from Hong Kong to Bangkok", "Cheapest flights on Thursday from Hong Kong to Singapore",
     "Cheapest flights on Thursday from Hong Kong to Bangkok"),  # the date left out stays
    ("to Rome on Saturday", "flights from London to Paris on Friday", "flights from London to Rome on Saturday"),
    ("And coming back, Melbourne to Sydney next friday?", "Cheapest flight Sydney to Melbourne on Thursday?",
     "Cheapest flight Melbourne to Sydney next friday?"),
    ("and on Monday?", "weather in Paris on Saturday", "weather in Paris on Monday"),
    ("and Lisbon on Monday", "weather in Paris", "weather in Lisbon on Monday"),  # a date the part before lacks
])
def test_an_ellipsis_asks_what_the_part_before_asked(part, before, completed):
    assert completed_ellipsis(part, before, TODAY) == completed


@pytest.mark.parametrize(("part", "before"), [
    ("the cheapest hotel in Barcelona for tomorrow night", "cheapest flight Madrid to Barcelona tomorrow"),
    ("tesla stock", "weather in Paris on Saturday"),  # no place, no date
    ("Rome and Madrid and Oslo", "weather in Paris"),  # more places than the part before can take
    ("and Paris on Saturday", "weather in Paris on Saturday"),  # nothing changes
])
def test_a_part_that_says_more_is_left_alone(part, before):
    assert completed_ellipsis(part, before, TODAY) is None
