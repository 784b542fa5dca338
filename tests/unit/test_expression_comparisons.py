"""Amounts set against each other (nodes/arguments/expression_comparisons.py), through the expression builder the
calculator's arguments come from: the asked reading comes first."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("request_text", "value"), [
    # a gain: the count times the change in price, stated positive
    ("picked up 120 units of the fund at 8.40 and sold them at 9.15, what profit did I make?", 120 * (9.15 - 8.40)),
    ("bought 15 coins for 210 each and they're worth 180 now, how much have I lost", 15 * (210 - 180)),
    # the count first, the gain asked before it
    ("profit on my 60 units bought at 11.20 then sold at 12.95?", 60 * (12.95 - 11.20)),
    # a difference between two costs, the larger less the smaller whichever comes first
    ("is a 65 gym membership cheaper than 9 drop-in classes at 8.75 each? what's the difference", 9 * 8.75 - 65),
    ("a yearly pass for 540 vs 48 day tickets at 12 each: how much would I save", 48 * 12 - 540),
    ("one caterer charges 18.50 a head for 60 guests, the other a flat 1,000 - what's the gap?", 60 * 18.5 - 1000),
    # costs shared by a party
    ("3 of us share the trip costs: fuel 184, tolls 46.50 and parking 39. how much each?", (184 + 46.5 + 39) / 3),
])
def test_the_compared_reading_comes_first(request_text, value):
    assert evaluate(arithmetic_expressions([request_text])[0]) == pytest.approx(value)


def test_counts_of_things_after_the_party_are_no_costs_to_share():
    request = "5 of us, 2 cabins for 3 nights at 140 each, how much each?"
    assert all(evaluate(e) != pytest.approx((2 + 3 + 140) / 5) for e in arithmetic_expressions([request]))


def test_a_percentage_is_left_to_the_percent_rules():
    expressions = arithmetic_expressions(["bought 10 shares at 50, now at 60, what percent have I made"])
    assert evaluate(expressions[0]) == pytest.approx(20)


def test_one_amount_on_each_side_with_no_difference_asked_is_no_comparison():
    assert all(evaluate(e) != pytest.approx(40) for e in arithmetic_expressions(["a 289 pass or 14 tickets at 23.50"]))
