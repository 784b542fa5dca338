"""Unit conversions become expressions over the request's own numbers, with factors from pint; words that are
no unit, or units of two dimensions, give none."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate
from nodes.arguments.unit_conversions import conversion_expressions


@pytest.mark.parametrize(("text", "value"), [
    ("how many minutes are there in 3 weeks", 30240),
    ("6.5 miles in kilometres", 10.4607),
    ("how many grams in an ounce", 28.3495),
    ("convert 212 fahrenheit to celsius", 100),
    ("40 litres to gallons please", 10.5669),
])
def test_conversions_evaluate_to_the_converted_value(text, value):
    expressions = conversion_expressions(text)
    assert expressions and evaluate(expressions[0]) == pytest.approx(value, rel=1e-4)
    assert expressions[0] in arithmetic_expressions([text])


@pytest.mark.parametrize("text", ["how many people are there in 3 teams", "table for 4 at 8pm in Lyon",
                                  "3 kilograms in seconds", "flights from 2 cities to Rome"])
def test_no_unit_no_conversion(text):
    assert conversion_expressions(text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("I earn 61,200 a year - what's that per month", 5100),
    ("paid 30 dollars an hour, how much per day", 720),
    ("convert 25 degrees c to f", 77),
    ("100°F in celsius", 37.7778),
])
def test_rates_and_temperature_scales(text, value):
    assert evaluate(conversion_expressions(text)[0]) == pytest.approx(value, rel=1e-4)


def test_portions_of_a_whole_in_another_unit():
    from nodes.arguments.expressions import evaluate

    [first, *_] = conversion_expressions("how many 330 ml cans fill a 2 l jug")
    assert evaluate(first) == pytest.approx(2000 / 330)
    [first, *_] = conversion_expressions("how many 500g bags can I fill from a 12 kg sack?")
    assert evaluate(first) == pytest.approx(24)
    assert conversion_expressions("how many 3 people teams in 12 people") == []  # no unit


def test_a_long_unit_name_one_letter_off_is_that_unit():
    from nodes.arguments.expressions import evaluate

    assert evaluate(conversion_expressions("convert 50 farenheit into celsius")[0]) == pytest.approx(10)
    assert evaluate(conversion_expressions("39 celsius in fahrenhiet")[0]) == pytest.approx(102.2)
    assert conversion_expressions("convert 50 pencils into crayons") == []  # far from every unit
