"""Which measure a comparison chooses by, and which end wins (nodes/comparatives.py)."""

import pytest

from nodes.comparatives import choosing


@pytest.mark.parametrize(("text", "words", "measure", "larger"), [
    ("which is warmer tomorrow", "warmer", "temperature", True),
    ("take the less humid one", "less humid", "humidity", False),
    ("whichever has the stronger UV", "stronger UV", "uv", True),
    ("whichever has less chance of rain", "less chance of rain", "rain", False),
    ("whichever fare is lower", "lower fare", "price", False),  # the measure said before the direction word
    ("whichever stays light later (compare the sunset times)", "later sunset", "sunset", True),
])
def test_a_direction_word_beside_a_measure_chooses(text, words, measure, larger):
    found = choosing(text)
    assert (found.words, found.measure, found.larger_wins) == (words, measure, larger)


@pytest.mark.parametrize("text", [
    "tell me more about paris",  # no measure beside the direction word
    "the night is less brutal",  # "night" counts a price's nights, it measures nothing
    "the cheapest hotel there",  # a superlative asks for a row, it compares no alternatives
])
def test_no_comparison_without_a_measure_beside_a_direction_word(text):
    assert choosing(text) is None


def test_on_top_of_is_a_place_and_no_rank():
    from nodes.field_vocabulary import superlative_order

    assert superlative_order("someone told me mexico city is built on top of a lake") is None
    assert superlative_order("the top place to eat in Rome") == ("rating", False)
