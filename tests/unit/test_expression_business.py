"""Business shorthand read as the formula it names, over the request's own numbers."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate


@pytest.mark.parametrize(("request_text", "value"), [
    ("we did 960k on 3,200 orders last quarter, AOV?", 960000 / 3200),
    ("monthly recurring revenue is 48k - what's the annualized run rate", 48000 * 12),
    ("sales 1.2m and COGS 780k, what gross margin % is that", (1200000 - 780000) / 1200000 * 100),
    ("burn rate 90k a month, 1.35m in the bank: runway in months?", 1350000 / 90000),
    ("ARR went from 4m to 6.25m over 2 years, CAGR?", ((6.25 / 4) ** 0.5 - 1) * 100),
])
def test_a_named_business_figure_is_its_formula(request_text, value):
    assert evaluate(arithmetic_expressions([request_text])[0]) == pytest.approx(value)


def test_the_figures_without_their_name_are_no_formula():
    assert all(evaluate(e) != pytest.approx(1350000 / 90000)
               for e in arithmetic_expressions(["burn rate 90k a month, 1.35m in the bank"]))
