"""The request's arithmetic as expressions of its own numbers, each one evaluating."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("text", "expected", "value"), [
    ("what is 7% of 1,250", "1250*7/100", 87.5),
    ("15% tip on $84.50", "84.5*15/100", 12.675),  # the tip; "..., total?" asks for the sum
    ("add 20% to 300", "300*(1+20/100)", 360),
    ("20% off 80", "80*(1-20/100)", 64),
    ("square root of 144", "144**0.5", 12),
    ("12 squared", "12**2", 144),
    ("average of 3, 4 and 8", "(3+4+8)/3", 5),
    ("what is 2+3*4", "2+3*4", 14),
    ("(5+3)/2", "(5+3)/2", 4),
    ("12k divided by 4", "12000/4", 3000),
    ("2.5m times 3", "2500000*3", 7500000),
    ("split 120 between 4 people", "120/4", 30),
    ("what is 12 plus 3 times 2", "12+3*2", 18),
    ("2^10", "2**10", 1024),
    ("subtract 5 from 20", "20-5", 15),
    ("what percentage of 200 is 50", "50/200*100", 25),
])
def test_the_best_candidate_and_its_value(text, expected, value):
    candidates = arithmetic_expressions([text])
    assert candidates[0] == expected and evaluate(expected) == pytest.approx(value)


def test_ambiguous_words_offer_both_readings_the_asked_one_first():
    assert arithmetic_expressions(["15% tip on 80"]) == ["80*15/100", "80*(1+15/100)"]
    assert arithmetic_expressions(["15% tip on 80, what's the total"]) == ["80*(1+15/100)", "80*15/100"]
    assert arithmetic_expressions(["20% off 50"]) == ["50*(1-20/100)", "50*20/100"]
    assert arithmetic_expressions(["20% off 50, how much do I save"]) == ["50*20/100", "50*(1-20/100)"]
    assert arithmetic_expressions(["square root of 2"]) == ["2**0.5", "sqrt(2)"]


@pytest.mark.parametrize("text", ["weather in Paris tomorrow", "top 3 hotels for 2 people", "5 divided by 0",
                                  "meet on 2026-11-23 at 10:30"])
def test_no_arithmetic_no_candidate(text):
    assert arithmetic_expressions([text]) == []


@pytest.mark.parametrize("expression", ["__import__('os')", "a+1", "(1).real", "2**1000", "1/0", "sqrt(-1)",
                                        "[1, 2]", "print(1)"])
def test_evaluate_refuses_anything_but_arithmetic(expression):
    with pytest.raises(ValueError):
        evaluate(expression)


@pytest.mark.parametrize(("text", "value"), [
    ("Dinner came to $186.40 and there were 7 of us. How much does everyone owe?", 186.40 / 7),
    ("If I put 5,000 into savings at 4.2% a year, compounded annually, what do I have after 6 years?",
     5000 * 1.042 ** 6),
    ("drove 412 miles on 13.8 gallons. what's my mpg", 412 / 13.8),
    ("My rent went up from $1,820 to $1,975. What percentage increase is that?", (1975 - 1820) / 1820 * 100),
    ("salary of 62,400 per year, 37.5 hours a week for 48 weeks - what's the hourly rate?", 62400 / (37.5 * 48)),
    ("a ramp rises 3 m over a run of 4 m, how long is its diagonal", 5.0),
    ("can you work out (45 + 15) * 3 / 4 - 2^3 for me", (45 + 15) * 3 / 4 - 2 ** 3),
    ("lunch for four was $92 and we're leaving 15% tip; we split it, what's my share", 92 * 1.15 / 4),
    ("how many kg is my suitcase (50 pounds)?", 50 * 0.45359237),
    ("boots are $120 with 25% off - final price?", 90.0),
    ("my bowling scores: 150, 172 and 161 - mean?", (150 + 172 + 161) / 3),
    ("$2,000 at 3% compounded annually for 5 yrs", 2000 * 1.03 ** 5),
    ("used 6.2 gallons over 180 miles, gallons per 100 miles?", 6.2 / 180 * 100),
    ("followers grew from 800 people to 1,000 — percentage growth?", 25.0),
    ("I'd earn $18 an hour, 40 hours a week - how much over 50 weeks", 18 * 40 * 50),
    ("3 eggs for 8 pancakes. how many eggs for 20 pancakes", 3 / 8 * 20),
    ("mean of 4, 8 and 9", 7.0),
    ("avg of 10, 20, 30?", 20.0),
    ("the lamp is 80 and there's 25% off, what do I pay", 60.0),
    ("lunch came to $90, add an 18% tip and split it between 3 of us", 90 * 1.18 / 3),
    ("how much is 1 1/2 tins if a tin is 400 g", 600.0),
    ("soup for 2 people takes 500 ml of stock, how much for a dozen", 3000.0),
    ("I cover 900 km a month, the van does 9 L per 100 km, diesel is 1.7 a litre: monthly fuel bill?", 900 * 9 / 100 * 1.7),
    ("set the grill to 200C - what's that in fahrenheit", 392.0),
    ("she ran 10 km. how many miles is that?", 10 / 1.609344),
    ("Would you please calculate the total price of a $149 item once 8.25% sales tax is added?", 149 * 1.0825),
    ("I'm paid $22.50 an hour. Last week I did 38 hours and this week 41.5. How much did I earn altogether?",
     22.5 * 79.5),
    ("convert 98.6 F to celsius pls", 37.0),
    ("There's a jacket listed at $129.99 and the site says 35% off today. How much would I pay?", 129.99 * 0.65),
    ("I got 78, 92, 85, 88 and 91 on my five quizzes this term. What's my average score?", 86.8),
    ("$23.50 an hour, 37.5 hours a week, and they say 48 paid working weeks a year. What's that annually?",
     23.5 * 37.5 * 48),
    ("I earn 4200 a month and rent is 1350. what share of my income goes on rent?", 1350 / 4200 * 100),
    ("if a car goes 60 mph for 2.5 hours how far does it go", 150.0),
])
def test_everyday_phrasings_of_a_rate_a_share_a_change_and_compound_growth(text, value):
    found = arithmetic_expressions([text])
    assert found and evaluate(found[0]) == pytest.approx(value)


@pytest.mark.parametrize(("text", "value"), [
    ("what's a 18% tip on a $50 lunch", 9),  # an article before the amount
    ("25% off a $120 coat, what do I pay?", 90),
    ("square root of 81 minus 4", 5),  # a root, then one more step
    ("I make 3000 a month and spend 40% on rent, how much is left", 1800),
    ("how long to drive 300 km at 100 km/h", 3),
    ("my van does 25 miles per gallon, how many gallons for 400 miles", 16),
    ("an 8 pack of yogurt is $4.00, price per cup?", 0.5),
    ("how much are 2 dozen bagels if one dozen costs $9", 18),
    ("2 kg of rice at 3.50 per kg plus 4 kg of flour at 1.25 per kg, total?", 12),
    ("paid $31 an hour, I worked 12 hours, what did I earn", 372),
])
def test_word_problems_of_prices_rates_and_shares(text, value):
    assert evaluate(arithmetic_expressions([text])[0]) == pytest.approx(value)
