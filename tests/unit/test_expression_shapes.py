"""More everyday arithmetic read as expressions over the request's own numbers (nodes/arguments/expression_rules.py,
nodes/arguments/number_words.py): squares with a step, two shares, a fraction as a percentage, minutes at an
hourly rate, circles, factorials, savings over years, loan payments, BMI, scale words and "and a half", right
triangles, a yearly amount per hour, conversions at a stated rate and a tax rate written after its word."""

import math

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("request_text", "value"), [
    ("13 squared minus 9?", 13 ** 2 - 9),
    # an amount each period asked over another period, and several of one period summed
    ("car insurance is 96.50 a month, what is that for the whole year", 96.50 * 12),
    ("i put 40 aside every two weeks, how much is that after a year", 40 * 26),
    # the period asked before the amount, and a number of another kind after it
    ("they want the whole year's insurance up front, at $96 a month. I'm 29 and new to this", 96 * 12),
    ("salary 78k a year, how much a month", 78000 / 12),
    # an amount paid out in equal parts, and money at a rate the request states
    ("a 9,600 bonus spread over 12 monthly payments - how much is each?", 9600 / 12),
    ("if one pound gets 1.17 euros, how many euros is 340 pounds", 340 * 1.17),
    # a pack written with a dash, a product with its unit between, a holder's part of an amount
    ("12-pack of yoghurt for 5.40, what's that per pot", 5.40 / 12),
    # fuel use written first, then the distance and the price
    ("the van does 9,5 litres on 100 km; the drive is 380 km and diesel costs 1,64 per litre - fuel cost?",
     380 * 9.5 / 100 * 1.64),
    # a pace is the time over the distance; a proportion asked by what is needed
    ("cycled 12 km in 40 minutes, what's my pace per km", 40 / 12),
    ("300 ml of milk makes 10 pancakes and we need 25 pancakes - how much milk?", 300 / 10 * 25),
    # a floor's area times its price per square unit
    ("the hallway is 5.5 m by 1.2 m and the tiles cost 42 per square metre, what's the cost", 5.5 * 1.2 * 42),
    # a recipe scaled to the people at the table
    ("this stew serves 6 portions and uses 900 g of beef, but there will be 10 of us - how much beef?", 900 / 6 * 10),
    ("860 km x 0.30 mileage rate", 860 * 0.30),
    ("the dividend pool is 42,000 and I own 5 of the 60 shares - what's my share", 42000 * 5 / 60),
    ("gym 29, phone 35.50 and streaming 12.99, all monthly - what do those cost me in a year altogether",
     (29 + 35.50 + 12.99) * 12),
    ("paid 24 an hour, 30 hours a week, what's that per year", 24 * 30 * 52),
    # a price then and now, as a percent
    ("bought the bike at 900 and it's now worth 630, what % did it lose", (900 - 630) / 900 * 100),
    ("paid 40 for the shares, today they trade at 46, what percent is that up", (46 - 40) / 40 * 100),
    # a rate chain: an amount per unit, counts of it per a longer unit, the span of the last
    ("$3.20 a day for the bus, 5 days a week, over 46 weeks - what's that", 3.20 * 5 * 46),
    ("$19 an hour, 25 hours a week, and 50 working weeks a year. What's that annually?", 19 * 25 * 50),
    # an age is no operand; a share withheld; raises one after another
    ("saving $2,000 for my 10-year-old at 3% a year, compounded yearly, after 4 years", 2000 * 1.03 ** 4),
    ("a $1,500 refund, but 20% of it is withheld. what do i actually get", 1500 * 0.8),
    ("on 50,000 now, with a 2% raise this year and 4% next year, what's my pay after both", 50000 * 1.02 * 1.04),
    # decimal commas, as much of Europe writes them; a comma before three digits is still a thousands separator
    ("I take 2 kg pears at 3,20 euro per kg and 3 rolls for 0,45 each. How much all together?", 2 * 3.20 + 3 * 0.45),
    ("dinner was 143,50, we add 10 percent tip and split between 5 friends. how much each?", 143.50 * 1.1 / 5),
    ("what is 2,450 * 3", 7350),
    # the longer unit as an adverb or after "in"; an amount gathered over a span, per period
    ("I earn 31 euro per hour, work 8 hours daily and 20 days in month. What is monthly gross?", 31 * 8 * 20),
    ("I want to save 9000 for a trip in 12 months. How much I must put away every month?", 9000 / 12),
    # interest said to be added on top each year
    ("If 2000 stays in the bank at 3,5 percent a year and interest is added every year, how much after 4 years?",
     2000 * 1.035 ** 4),
    # a price per unit after "for"
    ("2kg of flour for 3.80, whats that per kg", 1.90),
    ("the van hire came to 187.50 for the weekend, split three ways - my share?", 187.50 / 3),
    ("kitchen floor is 3.4 m by 2.75 m, how many square metres of tiles", 3.4 * 2.75),
    ("a cable run corner to corner across a 9 m by 12 m hall, how long?", 15),
    ("changing 300 pounds into yen at a rate of 187.4, what do I get", 300 * 187.4),
    ("rehearsals ran 1 h 50 min and 2 hrs 15 mins, how many minutes in all", 110 + 135),
    ("a 5 kg sack of rice is $14.50, what's the price per kg", 2.9),
    ("250 g of tea for £6, how much per kilogram", 24),
    ("what's 30% of 90 plus 12% of 250", 90 * 0.30 + 250 * 0.12),
    ("5/16 as a percent please", 5 / 16 * 100),
    ("a 20 minute call at $90 an hour costs?", 20 / 60 * 90),
    ("area of a circle, radius 2.5 m", math.pi * 2.5 ** 2),
    ("circumference of a circle whose diameter is 10", math.pi * 10),
    ("9 factorial", math.factorial(9)),
    ("putting away 120 a week for 2 years, how much is that", 120 * 52 * 2),
    ("monthly payment for a 15,000 car loan at 4.5% over 3 years", 15000 * (0.045 / 12) / (1 - (1 + 0.045 / 12) ** -36)),
    ("what's my bmi: 82 kg, 180 cm", 82 / 1.8 ** 2),
    ("a diagonal of a rectangle with sides 5 and 12", 13),
    ("2% of 3.5 million", 70_000),
    ("walked 9 km in 1 and a half hours, my average speed?", 6),
    ("3 mugs at $8.50 and a teapot for $24 - what do I spend altogether", 3 * 8.5 + 24),
    ("lamp is 60 with a 25% off voucher, then shared among 3 flatmates, each pays?", 60 * 0.75 / 3),
    ("interest on 4,000 at 5% simple interest for 3 years?", 4000 * 0.05 * 3),
    ("what's left over when 50 is divided by 8, the remainder", 50 % 8),
    ("how many 20-minute slots fit in 3 hours", 9),
    ("a third of 1/2 of 600", 100),
    ("ladder is 13 ft long and its foot stands 5 ft from the wall (hypotenuse = ladder); how high does it reach",
     12),
    ("a 2 m line (the diagonal) across a square-ish box that is 1.2 m deep - how wide is the box", 1.6),
    ("contract pays 62,400 per year; at 48 weeks per year and 37.5 hours per week that's how much an hour?",
     62400 / (48 * 37.5)),
    ("one stone is 6.35 kg, so 11 stones in kg", 11 * 6.35),
    ("a stipend of 30k per year, at 45 weeks with 20 hours per week - hourly?", 30000 / (45 * 20)),
    ("the drive is 512 miles there and back, the van does 24 mpg and diesel is 4.10 a gallon, cost?", 512 / 24 * 4.10),
    ("the kite string is pegged 12 m from where it's above, at 35 m up; how long is the string (hypotenuse)?",
     math.sqrt(12 ** 2 + 35 ** 2)),
    ("trail is 14 leagues and 1 league equals 4.8 km, in km?", 14 * 4.8),
    ("mortgage of 400,000 at 5.5% for 25 years, monthly payment", 400000 * (0.055 / 12) / (1 - (1 + 0.055 / 12) ** -300)),
    ("boots cost 180, there's 20% off, and vat at 21% is added after the discount. final price?", 180 * 0.8 * 1.21),
    # arithmetic written out after a story with other numbers in it: the written arithmetic is what is asked
    ("our old van claimed 25 to the gallon. we did 630 km on 48 litres, so what is 630 divided by 48", 630 / 48),
    ("my rota says 40 hours, but really: work out 6 × 7.5 + 2 × 4 for me", 6 * 7.5 + 2 * 4),
    ("the form wants 1,200 − 3 × 85 (a typographer's minus sign)", 1200 - 3 * 85),
    ("what is one third times 27 times 2 squared", 27 / 3 * 2 ** 2),
    ("the ramp rises 5 and runs 12; the square root of 5 squared plus 12 squared is its length?", 13),
    ("what's 24 times 3.50 once the 10% member discount is taken off", 24 * 3.5 * 0.9),
    ("4 lamps at 19.99 plus 6.50 delivery, roughly what do I owe", 4 * 19.99 + 6.5),
    ("triple a recipe? no, take 300 g of sugar up by a factor of 5/3", 300 * 5 / 3),
    ("dinner was 240 for the table, so 240 plus 15% of it, divided by 4 please", 240 * 1.15 / 4),
    # office shorthand: a count at a price with words between, a change from one figure to the next, a root of
    # "that", a rate of a bonus and a stipend on a base, a pot spread over teams
    ("headcount plan: 12 contractors at a blended day rate of 640 each", 12 * 640),
    ("signups went 18k (Jan) -> 22.5k (Feb), % change?", (22500 - 18000) / 18000 * 100),
    ("2.4m last year vs 2.7m this year, growth in %", (2.7 - 2.4) / 2.4 * 100),
    ("the area came out at 1,369 sq metres. side length = sqrt of that?", 37),
    ("salary 80k plus a 10% bonus plus a 2k travel allowance, total?", 80000 * 1.1 + 2000),
    ("sharing a 90k budget evenly across 4 squads, each gets?", 90000 / 4),
    ("a 4% raise on my 52,000 salary, what's the new figure", 52000 * 1.04),
    ("right-angled triangle: legs of 20 and 21, my guess for the long side was 30", 29),
])
def test_everyday_shapes_give_the_expected_value_first(request_text, value):
    assert evaluate(arithmetic_expressions([request_text])[0]) == pytest.approx(value)


def test_a_factorial_too_large_to_write_out_is_no_candidate():
    assert arithmetic_expressions(["what is 40 factorial"]) == []


def test_a_circle_with_no_area_or_circumference_asked_gives_nothing():
    assert all("3.14159" not in e for e in arithmetic_expressions(["a circle with radius 3 and a square of side 4"]))


def test_days_written_day_slash_month_in_a_range_are_no_fraction():
    assert arithmetic_expressions(["between 3/11 and 20/11 how many orders came in?"]) == []


def test_a_rating_written_as_a_fraction_is_no_calculation():
    assert arithmetic_expressions(["which film did I rate 4/5 last month"]) == []
    assert arithmetic_expressions(["the café with 9/10 stars on my list"]) == []
