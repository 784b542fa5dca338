"""ISO currency, country and language codes from the request's words, from library data."""

import pytest

from nodes.arguments.codes import currencies_named, currency_codes
from nodes.arguments.country_language_codes import country_codes, language_codes


@pytest.mark.parametrize(("text", "first"), [
    ("convert 20 Swiss francs to yen", ["CHF", "JPY"]),
    ("how many euros is $84.50", ["EUR", "USD"]),
    ("100 usd to eur", ["USD", "EUR"]),
    ("price in US dollars", ["USD"]),
    ("Japanese money for 50 CA$", ["JPY", "CAD"]),
    ("convert 100 USD to MXN", ["USD", "MXN"]),
    ("what is the currency of Japan", ["JPY"]),  # a place named: its currency
])
def test_currencies_named(text, first):
    assert currency_codes([text])[: len(first)] == first


def test_a_shared_unit_noun_offers_only_its_first_ranked_currency():
    # offered every dollar, the executor took "yen to dollar" as HKD
    assert currency_codes(["convert dollars to euros"]) == ["USD", "EUR"]
    assert currency_codes(["whats the yen to dollar rate"]) == ["JPY", "USD"]
    assert currency_codes(["100 francs in Geneva"]) == ["CHF"]  # the place named decides
    assert currency_codes(["50 dollars in Toronto"])[0] == "CAD"


@pytest.mark.parametrize("text", ["I want to try all of it", "who won the game", "how much is 1 BTC"])
def test_words_that_are_codes_or_units_only_by_accident_name_no_currency(text):
    assert currency_codes([text]) == []


def test_spans_are_kept_with_their_codes():
    assert ("Swiss francs", "CHF") in currencies_named(["20 Swiss francs"])


def test_country_and_language_codes():
    assert country_codes(["weather in Lyon, France"]) == ["FR"]
    assert country_codes(["hotels in the US"]) == ["US"]
    assert country_codes(["IT jobs"]) == []  # a stop word in capitals is no country
    assert language_codes(["translate hello to French"]) == ["fr"]
    assert language_codes(["a transcript in japanese"]) == ["ja"]
    assert language_codes(["an ewe and a lamb"]) == []  # a three-letter name counts only capitalised


def test_a_currency_asked_how_many_of_or_converted_to_is_a_currency():
    from nodes.arguments.codes import currencies_written

    assert currencies_written(["osaka to shanghai thurs, cheapest ticket... and how many yuan is that"]) == [
        ("yuan", "CNY")]
    assert currencies_written(["cheapest hotel friday night, then convert the rate to usd"]) == [("usd", "USD")]
    assert currencies_written(["going to the cup final"]) == []  # "cup" is a code, but nothing here is money
