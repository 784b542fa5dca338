"""A correction inside a message replaces the words it corrects, read from the correction's shape."""

import pytest

from nodes.spoken_corrections import without_corrections


@pytest.mark.parametrize(("message", "meant"), [
    ("so what's the weather like in lyon no wait I mean grenoble", "so what's the weather like in grenoble"),
    ("multiply eighty one by nine no sorry by seven", "multiply eighty one by seven"),
    ("the 9:15 train leaving from york no sorry from leeds, when does it get in",
     "the 9:15 train leaving from leeds, when does it get in"),
    ("find me a hotel for 2 nights no wait 5 nights in Porto", "find me a hotel for 5 nights in Porto"),
    ("a table for 6, make that 8, on saturday", "a table for 8, on saturday"),
    ("what's 12% of 340, no sorry, 14% of 340", "what's 14% of 340"),
    ("how many staff sit in the dublin office oh I mean in the cork office",
     "how many staff sit in the cork office"),
    ("Divide 918 by 17 - sorry, 918 by 27.", "Divide 918 by 27."),
    ("Stock of the Linen Table Runner - sorry, the Wool Floor Rug - how many left?",
     "Stock of the Wool Floor Rug - how many left?"),
])
def test_the_correction_replaces_the_words_it_corrects(message, meant):
    assert without_corrections(message) == meant


@pytest.mark.parametrize("message", [
    "is there no wait at the pharmacy on main street",  # "no wait" after a function word
    "no wait I mean oslo",  # nothing said before it to correct (a follow-up is the rewriter's)
    "I mean it, what is the time in Oslo",
    "what's the exchange rate from yen to won",
    "sorry to bother you, what time is it in Lima",
    "I am sorry, what is 5 times 4?",
    "the time in Lima, sorry for asking again",
])
def test_a_message_without_a_correction_is_unchanged(message):
    assert without_corrections(message) == message
