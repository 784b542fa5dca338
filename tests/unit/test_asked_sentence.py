"""The asking sentence of a message that tells its situation first (indexes/asked_sentence.py)."""

import pytest

from indexes.asked_sentence import asked_sentence


@pytest.mark.parametrize(("message", "asked"), [
    ("I chipped a tooth on a walnut. What's the number for my dentist?", "What's the number for my dentist?"),
    ("Running late today! when does the pharmacy close", "when does the pharmacy close"),
    ("Which room is the review in? I need to tell Omar.", "Which room is the review in?"),
    # a reason told before a dash
    ("Locked out of the shed again — what's the padlock code?", "what's the padlock code?"),
    ("lost my card -- who do I call at the bank", "who do I call at the bank"),
])
def test_the_asking_sentence_is_found(message, asked):
    assert asked_sentence(message) == asked


@pytest.mark.parametrize("message", [
    "what's the number for my dentist?",  # one sentence: the message is the question
    "I chipped a tooth. Ouch.",  # nothing asks
    "Long story here. Why?",  # too short to stand alone
])
def test_no_asking_sentence_apart_from_the_message(message):
    assert asked_sentence(message) is None


def test_a_reason_told_before_so_is_context():
    assert asked_sentence("Kim is feeding the cat while I'm away, so what's the alarm code again?") == \
        "what's the alarm code again?"
    assert asked_sentence("it rained, so we stayed in") is None  # nothing asked after "so"
