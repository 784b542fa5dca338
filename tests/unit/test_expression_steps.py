"""Word problems read as an amount and the steps written after it (nodes/arguments/expression_steps.py), through
the expression builder the calculator's arguments come from: each step keeps its place, and the composed
expression goes before any single step's reading."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("request_text", "value"), [
    ("2 lamps at 40 each and 3 bulbs at 2.50, then 10% vat on top - total?", (2 * 40 + 3 * 2.5) * 1.10),
    ("half of 3,300, less 75", 3300 / 2 - 75),
    ("I tutor 12 hrs a week at $31 an hour; what do I earn over 6 weeks", 12 * 31 * 6),
    ("got 4 mugs @ 6.25 and 1 teapot @ 19, handing over a fifty. change back?", 50 - (4 * 6.25 + 19)),
    ("what's 12% of 450 plus 30", 450 * 12 / 100 + 30),
    ("900 divided by 12, then times 5", 900 / 12 * 5),
    ("4 sandwiches costing 7.50 each among 3 friends - what does each pay", 4 * 7.5 / 3),
])
def test_the_steps_after_an_amount_are_applied_in_order(request_text, value):
    [first, *_] = arithmetic_expressions([request_text])
    assert evaluate(first) == pytest.approx(value)


def test_no_step_after_the_amount_leaves_the_single_rules_alone():
    [first, *_] = arithmetic_expressions(["5 kg of apples at 2.40 per kg"])
    assert evaluate(first) == pytest.approx(12.0)
    # a time unit the amount is not per ("in 4 weeks" after no weekly amount) multiplies nothing
    assert all(evaluate(e) != pytest.approx(3 * 9 * 4) for e in arithmetic_expressions(["3 pies at 9 each, in 4 weeks"]))


def test_a_split_with_words_between_the_bill_and_the_ways():
    [first, *_] = arithmetic_expressions(["we're splitting a $96.30 lunch bill 3 ways, how much each?"])
    assert evaluate(first) == pytest.approx(32.1)


def test_compound_against_simple_interest_is_their_difference():
    [first, *_] = arithmetic_expressions(["2,000 saved at 3% a year for 10 years - how much more with compound "
                                          "interest than with simple interest?"])
    assert evaluate(first) == pytest.approx(2000 * 1.03 ** 10 - (2000 + 2000 * 0.03 * 10))


def test_a_plain_chain_keeps_its_precedence():
    [first, *_] = arithmetic_expressions(["what is 60 minus 8 times 3"])
    assert evaluate(first) == pytest.approx(36)


@pytest.mark.parametrize(("request_text", "value"), [
    ("lunch was 42.80 and I'd like to leave 15 percent, what's the tip", 42.8 * 0.15),
    ("my laptop cost 1,800 and loses 20% of its value each year; what's it worth after 2 years", 1800 * 0.8 ** 2),
    ("a 300 mile drive at 25 mpg with fuel at $4.10 a gallon costs what?", 300 / 25 * 4.1),
    ("how many weeks to pay back 1,200 if I pay 75 a week", 1200 / 75),
])
def test_everyday_rules_tips_depreciation_fuel_and_instalments(request_text, value):
    [first, *_] = arithmetic_expressions([request_text])
    assert evaluate(first) == pytest.approx(value)
