"""Everyday word problems read by the expression builder (nodes/arguments/expression_party.py,
expression_accrual.py, expression_work_rates.py and the shapes of expression_rules.py), on phrasings of our own:
the asked reading comes first, and a near miss of each shape is not read as it."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("request_text", "value"), [
    # a party's costs: one amount shared, tickets with a half-price rider
    ("the five of us are sharing a 940 villa, what's everyone's part", 940 / 5),
    ("4 friends splitting the 236 taxi fare, each pays?", 236 / 4),
    ("3 museum passes at 24 each plus my son goes half price - total?", 3 * 24 + 24 / 2),
    # amounts that build up: savings on top, points per unit of money
    ("saving 320 a week for another 9 weeks, and I've already got 2,100 put by. how much then?", 320 * 9 + 2100),
    ("starting with 600 and adding 75 a month for 18 months, where will the pot be", 75 * 18 + 600),
    ("got 900 put by already and I add 40 every week; what's there after 1.5 years?", 900 + 40 * 52 * 1.5),
    ("the card earns 3 points per euro; I spent 420 and then 65 more - how many points?", (420 + 65) * 3),
    # work shared at the same pace: time falls as the crew grows
    ("2 movers take 9 hours for the flat; how long would 6 movers take?", 2 * 9 / 6),
    # a percent change asked first, a pack priced first, a rate 'to the' unit, a power after a cube, a square's side
    ("percentage drop if my rent falls from 1,450 to 1,305?", (1305 - 1450) / 1450 * 100),
    ("a 14.40 6-pack of oat milk, what's that per carton", 14.40 / 6),
    ("at 1.17 dollars to the pound, how many dollars do I get for 640", 640 * 1.17),
    ("9 squared plus 2 to the fifth power", 9 ** 2 + 2 ** 5),
    ("a 20% reduction on boots priced 85, then at the till an extra 5%", 85 * 0.8 * 0.95),
    ("how wide is each side of a square patio of 30.25 square metres", 30.25 ** 0.5),
    ("fencing for a square paddock of 400 square yards, how many yards all the way around?", 4 * 400 ** 0.5),
    # a rate written with its number, over a count written later: nights, days, a count of amounts on top
    ("the cabin runs 95 dollars a night and we're there 6 nights, so all in?", 95 * 6),
    ("storage unit costs 12.40 a day and I need it 9 days. what does that come to", 12.40 * 9),
    ("mileage pays $40/day for 3 days plus three $18 meal vouchers, total?", 40 * 3 + 3 * 18),
    ("a 3,150 yen room for 7 nights, how much per night is it?", 3150 / 7),
    # the rate added to the amount: a tax named in two words, a raise on a pay
    ("bike was 1,200 before the 7% state sales tax. total with the tax added?", 1200 * 1.07),
    ("scarf is 39.50 with 6% tax added on - what do I pay", 39.50 * 1.06),
    ("earning 58,000 now and getting a 4% raise, what's my new salary", 58000 * 1.04),
    # a thing shared, named before its price; durations run together ("2h15m" is minutes, no million)
    ("4 of us are sharing a cottage near the coast: 1,480 for 5 nights. each person's cost per night?", 1480 / 4 / 5),
    ("flights were 2h15m and 4h40m, how many minutes is that in total", 2 * 60 + 15 + 4 * 60 + 40),
])
def test_the_asked_reading_comes_first(request_text, value):
    assert evaluate(arithmetic_expressions([request_text])[0]) == pytest.approx(value)


def test_a_shared_amount_with_a_tip_after_it_is_not_shared_bare():
    expressions = arithmetic_expressions(["3 of us are splitting 90 plus a 10% tip, how much each"])
    assert evaluate(expressions[0]) == pytest.approx(90 * 1.1 / 3)


def test_a_crew_asked_for_work_done_is_no_inverse_proportion():
    # an amount of work, not a span of time: not 3*12/6
    expressions = arithmetic_expressions(["3 bakers need 12 bags of flour a week; how many bags would 6 bakers need?"])
    assert all(evaluate(e) != pytest.approx(3 * 12 / 6) for e in expressions)


def test_two_is_a_number_but_a_lone_one_is_a_word():
    from nodes.arguments.number_words import as_digits
    assert evaluate(arithmetic_expressions(["two coffees at 3.80 each, total"])[0]) == pytest.approx(7.6)
    assert as_digits("one of my friends owes two of us 40") == "one of my friends owes 2 of us 40"


@pytest.mark.parametrize(("text", "value"), [
    ("What's left over when you divide 15758 by 42?", 15758 % 42),
    ("whats the remainder when you divide a thousand by seven", 1000 % 7),
    ("if i stash away 350 bucks every month, how much will i have after 17 months", 350 * 17),
    ("Building a ramp: one side is 9 ft, the other 40 ft, right angle between them. How long is the sloped edge?", 41),
    ("office lease 9,600/mo for 2,400 sq ft, price per sq ft?", 4),
    ("three families are splitting a 1,800 cabin for 4 nights, what's each family's share per night?", 150),
    ("the builder asks a 20% deposit on a 45,000 kitchen; I already paid 2,000. how much more do I owe?", 7000),
    # continental number formats
    ("How much is 2.345,60 € plus 21 % VAT?", 2345.6 * 1.21),
    ("I put 20.000 € in a deposit with 2,5 % interest per year, compounded yearly. How much after 3 years?",
     20000 * 1.025 ** 3),
    ("Water use was 1.120 litres, 860 litres and 1.300 litres. What is the average?", (1120 + 860 + 1300) / 3),
    ("How many km is 10 miles at 1.609 km per mile?", 16.09),  # a decimal in English stays one
    ("We were 3 persons at the bar and the bill is 61,50 €. How much does each one pay?", 20.5),
    ("Average these marks for me: 12, 15, 9 and 16.", 13),
    ("I pay 4,20 € for one bus ticket and I ride 18 times this month. How much in total?", 75.6),
    # units over units
    ("Convert 36 km/h in metres per second, please.", 10),
    ("what is 50 km/h in mph", 31.0686),
])
def test_remainders_savings_and_sides_at_a_right_angle(text, value):
    expressions = arithmetic_expressions([text])
    assert expressions and evaluate(expressions[0]) == pytest.approx(value, rel=1e-4)


def test_a_day_written_with_a_slash_after_on_is_no_fraction():
    assert arithmetic_expressions(["How many parcels came in on the 3/11 this year?"]) == []
    assert arithmetic_expressions(["which film did I watch on 14/10?"]) == []
    assert evaluate(arithmetic_expressions(["what is 3/4 of 200"])[0]) == pytest.approx(150)
