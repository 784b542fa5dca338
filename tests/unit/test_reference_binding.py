"""References across intents with one meaning are bound by code, and the message splits
(nodes/reference_binding.py, nodes/intent_split.py)."""

import pytest

from nodes.intent_split import read_intents


@pytest.mark.parametrize(("question", "parts"), [
    ("What dishes is Madrid known for? And what's the best rated restaurant there?",
     ["What dishes is Madrid known for", "what's the best rated restaurant in Madrid"]),
    ("For Monday: cheapest hotel in Shanghai, and the cheapest flight from Shanghai to Hong Kong that same day.",
     # the opening scope's day is every part's, and "that same day" is bound to it
     ["For Monday: cheapest hotel in Shanghai", "For Monday: the cheapest flight from Shanghai to Hong Kong on Monday"]),
    ("when was the forbidden city built? also is it cold in beijing tomorrow",
     ["when was the forbidden city built", "is it cold in beijing tomorrow"]),  # "it" means nothing there
    ("netflix + disney stock prices, and convert 100 usd to yen while you're at it",
     ["netflix + disney stock prices", "convert 100 usd to yen"]),
])
def test_a_reference_with_one_meaning_is_bound_and_the_intents_split(question, parts):
    assert read_intents(question) == (parts, None)


@pytest.mark.parametrize(("question", "reason"), [
    ("Is it going to rain in London on Wednesday? If it is, I'd rather escape to Madrid that day - cheapest flight?",
     "condition"),
    ("Hotels in Paris and Rome tomorrow, and the weather there", "back-reference"),  # two places: which one?
    ("cheapest flight london to paris tomorrow - and what's that fare in euros?", "back-reference"),
])
def test_a_reference_without_one_meaning_keeps_the_message_whole(question, reason):
    assert read_intents(question) == ([], reason)
