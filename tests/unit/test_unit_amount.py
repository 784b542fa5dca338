"""A rate asks for the value of one unit: the quantity to convert is 1 when the request writes no number."""

from nodes.arguments.candidates import Candidates
from nodes.arguments.unit_amount import asks_for_a_rate, is_quantity_to_convert


def test_a_rate_without_a_number_asks_for_one_unit():
    assert asks_for_a_rate(["the EUR to USD rate"])
    assert asks_for_a_rate(["what's the exchange from yen to won"])
    assert not asks_for_a_rate(["convert 20 EUR to USD at today's rate"])  # its own amount
    assert not asks_for_a_rate(["convert euros to dollars"])  # no rate asked: no amount to invent


def test_only_the_quantity_to_convert_takes_the_one():
    assert is_quantity_to_convert("amount", "Amount in from_currency")
    assert is_quantity_to_convert("x", "The value to convert. Must be positive.")
    assert not is_quantity_to_convert("days", "How many days back")
    assert not is_quantity_to_convert("limit", "Most rows to return")


def test_candidates_offer_one_to_an_amount_when_a_rate_is_asked():
    rate = Candidates(requests=["the EUR to USD rate"])
    assert rate.numbers_for("amount", "Amount in from_currency") == [1.0]
    assert rate.numbers_for("limit", "Most rows to return") == []
    assert Candidates(requests=["convert euros to dollars"]).numbers_for("amount", "Amount") == []
