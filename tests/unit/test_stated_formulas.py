"""A formula the request writes out is read over the value the request gives its variable."""

from nodes.arguments.expressions import arithmetic_expressions, evaluate
from nodes.arguments.stated_formulas import stated_formula_expressions


def test_formula_with_a_times_sign_and_a_value_given_by_its_unit_letter():
    found = stated_formula_expressions("Oven dial is in Fahrenheit, set to 410 °F. With C = (F - 32) x 5/9, "
                                       "what is that in Celsius?")
    assert [round(evaluate(e), 3) for e in found] == [round((410 - 32) * 5 / 9, 3)]


def test_value_given_as_an_assignment_after_the_formula():
    assert [evaluate(e) for e in stated_formula_expressions("p = 4*s + 11 where s = 9")] == [47]
    assert [evaluate(e) for e in stated_formula_expressions("distance d = 75 * t, t is 3.2, how far?")] == [240]


def test_no_formula_without_a_value_or_with_two_unknowns():
    assert stated_formula_expressions("a = b + c, what is a?") == []
    assert stated_formula_expressions("using y = 2*k + 1, what is y") == []
    assert stated_formula_expressions("the price = 20 dollars") == []


def test_the_stated_formula_is_the_request_s_first_expression():
    found = arithmetic_expressions(["Thermometer says 86 F. Using C = (F - 32) x 5/9 what's that in C?"])
    assert round(evaluate(found[0]), 4) == round((86 - 32) * 5 / 9, 4)
