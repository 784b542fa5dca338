"""A difference of two amounts the request computes each its own way: each side is read alone, and the larger less
the smaller is offered first."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("text", "value"), [
    ("what's the gap between 12.5% of 3,200 and 8% of 4,100?", 72),
    ("which is bigger, 12 cubed or 40 squared, and by how much?", 128),
    ("difference between 7,250 and 6,900", 350),
    ("is 2,500 or 3,100 bigger and by how much", 600),
    # each side in the period asked: 1,320 a year is 110 a month
    ("Which costs less per month, a gym at $1,320 a year or one at $99 a month? How much less per month?", 11),
])
def test_the_larger_side_less_the_smaller(text, value):
    expressions = arithmetic_expressions([text])
    assert expressions and evaluate(expressions[0]) == pytest.approx(value, rel=1e-6)


def test_no_difference_is_asked_without_its_words():
    # "12 or 15 percent of 80": two readings of one share, not a gap
    assert evaluate(arithmetic_expressions(["what is 12 or 15 percent of 80"])[0]) == pytest.approx(12)
