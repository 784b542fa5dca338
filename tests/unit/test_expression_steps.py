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
    # a rate over a span, then a rate on the whole of it
    ("the cottage is 95 pounds per night for 6 nights and there's 5% tourist tax on all of it", 95 * 6 * 1.05),
    # a rate per unit times the quantity written elsewhere, then a flat fee
    ("the removals firm wants 1.85 per kilo plus a flat 40 call-out fee; our boxes weigh 310 kg", 310 * 1.85 + 40),
    # a markup, then a sale on the marked-up price
    ("we buy the mugs in at 8, mark them up 60%, and right now they're on the shelf at 20% off", 8 * 1.6 * 0.8),
    # a monthly price per seat asked for a year, less a discount
    ("9 licences at 32 per licence per month, 10% off for paying yearly - the cost for a year?", 9 * 32 * 12 * 0.9),
    # a tax on the room total and a one-off fee on top
    ("3 nights at 180 a night, 12% tax on the rooms and a one-off 20 cleaning fee - total?", 3 * 180 * 1.12 + 20),
    # hours a day over days, paid by the hour; a coupon after a discount
    ("did 6 hours a day for 4 days at 19.50 an hour, what's my pay", 6 * 4 * 19.5),
    ("boots for 140 with 20% off and a 15 voucher on top of that - what do I pay", 140 * 0.8 - 15),
    # a charge on each item priced, on top of its price
    ("2 concert seats at 61.40 each and every ticket carries a 4.50 booking fee, total?", 2 * (61.40 + 4.50)),
    ("4 sandwiches costing 7.50 each among 3 friends - what does each pay", 4 * 7.5 / 3),
    # a bare price that rates follow, each on the result of the one before
    ("sofa listed at 899; 15 percent off, and then 6% vat on the reduced price", 899 * 0.85 * 1.06),
    # a party counted before the bill, shared with no number after "split"
    ("brunch for 3 was $64.20 all in, plus a 10% tip, and we split it evenly. my part?", 64.20 * 1.10 / 3),
    ("2 tickets at 45 each plus the 6 booking fee, the 4 of us sharing it: per head?", (2 * 45 + 6) / 4),
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


@pytest.mark.parametrize(("request_text", "value"), [
    ("cycled 86 km on the trip and it took 4 hours, km per hour?", 86 / 4),
    ("we used 9 litres for 180 kilometres - kilometres per litre", 180 / 9),
])
def test_a_rate_in_units_per_unit_divides_the_numbers_written_with_them(request_text, value):
    assert evaluate(arithmetic_expressions([request_text])[0]) == pytest.approx(value)


def test_a_bare_number_before_plain_arithmetic_is_no_amount():
    assert arithmetic_expressions(["what is 7 plus 5 times 3"])[0] == "7+5*3"
