"""Spelled numbers, fractions of something and multiples become digits the arithmetic grammar reads, and the
expressions built over them evaluate to what was asked."""

import pytest

from nodes.arguments.expressions import arithmetic_expressions, evaluate
from nodes.arguments.number_words import as_digits


@pytest.mark.parametrize(("text", "digits"), [
    ("nine times fourteen", "9 times 14"),
    ("a quarter of 360", "1/4 of 360"),
    ("two fifths of 45", "2/5 of 45"),
    ("triple 17", "3 times 17"),
    ("2 to the 10th power", "2 to the power of 10"),
    ("one of the answers", "one of the answers"),  # a lone "one" stays a word
])
def test_words_become_digits(text, digits):
    assert as_digits(text) == digits


@pytest.mark.parametrize(("text", "value"), [
    ("what's nine times fourteen", 126),
    ("a quarter of 360", 90),
    ("share 96 four ways", None),
    ("split 96 four ways", 24),
    ("18 out of 24, what percent is that", 75),
    ("40% of what is 18", 45),
    ("raise 250 by 8%", 270),
    ("reduce 1,600 by 25%", 1200),
    ("ran 21 km in 1.75 hours, average speed?", 12),
    ("add up 4.5, 3.25 and 2", 9.75),
])
def test_everyday_arithmetic_in_words(text, value):
    expressions = arithmetic_expressions([text])
    if value is None:
        assert expressions == []
    else:
        assert expressions and evaluate(expressions[0]) == pytest.approx(value)


@pytest.mark.parametrize(("text", "value"), [
    ("lunch was 62.50, what's an 18% tip on that", 11.25),
    ("coat was 200, 25% off and then another 10% off at the till, final price?", 135),
    ("paid 68 after a 15% discount, what was the regular price", 80),
    ("subtotal 150, tax is 6%, total?", 159),
    ("4 of us split a 300 bill plus 10% service, how much each", 82.5),
    ("work out (12 + 8) * 5 - 3^2", 91),
    ("i'm 180 cm tall, how many inches is that", 70.8661),
    ("median of nothing here", None),
])
def test_word_problems(text, value):
    expressions = arithmetic_expressions([text])
    if value is None:
        assert expressions == []
    else:
        assert expressions and evaluate(expressions[0]) == pytest.approx(value, rel=1e-4)


@pytest.mark.parametrize(("text", "digits"), [
    # two numbers said together: a price, or a clock time by a clock word or "at"
    ("the kettle was twenty four ninety five", "the kettle was 24.95"),
    ("a hundred and forty two thirty for the hamper", "142.30 for the hamper"),
    ("the bus goes at nine forty", "the bus goes at 9:40"),
    ("call me eleven twenty p m", "call me 11:20 p m"),
    ("we saved fifteen grand", "we saved 15000"),
    # not a pair: a list, a year, one number
    ("add sixty one forty two ninety", "add 61 42 90"),
    ("back in twenty twenty two", "back in 20 22"),
    ("three hundred and seventy", "370"),
])
def test_numbers_said_aloud(text, digits):
    assert as_digits(text) == digits


@pytest.mark.parametrize(("text", "value"), [
    ("brunch is eighteen seventy five a head and there are six of us, how much all together", 112.5),
    ("mean 14 9 22 31", 19),  # a search-box list of figures
    ("1,200 w/ 15% off", 1020),
    ("pct change 250 -> 310", 24),
    ("60 miles to km (x 1.6)", 96),  # the factor the request states, not the exact one
    ("right triangle legs 20 & 21, hypotenuse?", 29),
    ("36 pens @ 1.25 ea, total", 45),
    ("seventy seven minus seventeen then times three over four", 45),
])
def test_spoken_and_search_box_arithmetic(text, value):
    _reads_first(text, value)


@pytest.mark.parametrize(("text", "value"), [
    ("Kindly compute 12% VAT on a bill amount of 2,50,000; only the tax, please.", 30000),  # Indian grouping
    ("what is 3.2 lakh divided equally among 4 stores", 80000),
    ("Please total the following receipts: 12.50, 7.25, 30 and 0.75", 50.5),
    ("the price grows 1,000 x 1.1 squared", 1210),
    ("Seven of us shared a $350 bill evenly, what does each owe?", 50),
    ("A $80 lamp is marked 25% off, so what do I pay?", 60),
    ("What is (2.5 + 7.5) x 4, minus 6?", 34),
    ("my van does 25 miles per gallon, how many gallons for a 400-mile drive", 16),
    ("how many minutes fit into 2.5 hours", 150),
])
def test_formal_and_paraphrased_arithmetic(text, value):
    _reads_first(text, value)


def _reads_first(text, value):
    """The first expression read from ``text`` evaluates to ``value``."""
    expressions = arithmetic_expressions([text])
    assert expressions and evaluate(expressions[0]) == pytest.approx(value, rel=1e-4)


@pytest.mark.parametrize(("text", "value"), [
    ("What's a quarter of two and a half grand?", 625),  # "two and a half grand" is 2500
    ("eighteen and a half thousand dollars split over five days, per day?", 3700),
    ("What is 17.5 percent of half a million?", 87500),
    ("Three quarters of a million minus a hundred and twenty thousand is what?", 630000),
    ("A baker's dozen of muffins at $4.25 apiece comes to how much?", 55.25),
    ("a dozen boxes at $37.50 each, total?", 450),
    ("half a dozen eggs at 0.40 each, total?", 2.4),
])
def test_everyday_quantities_said_in_words(text, value):
    _reads_first(text, value)


def test_dozen_and_gross_words_that_count_nothing_stay_words():
    from nodes.arguments.number_words import as_digits
    assert as_digits("dozens of people came; gross profit of 12") == "dozens of people came; gross profit of 12"
