"""The words that tell a tool apart from its siblings, read once for the teacher's cues and the run's choice of
the narrower sibling (nodes/arguments/distinct_words.py)."""

from nodes.arguments.distinct_words import distinct_words, text_words
from nodes.arguments.narrower_tool import narrower_tool
from nodes.distill.description_cues import description_cues
from tests.fakes import make_tool

NAME = {"ticker_or_name": {"type": "string"}}
QUOTE = make_tool("get_quote", NAME, required=["ticker_or_name"],
                  description="Latest price of a stock. Use for 'what is X trading at'.")
HISTORY = make_tool("get_history", {**NAME, "days": {"type": "integer"}}, required=["ticker_or_name"],
                    description="Daily closes over the most recent trading days, non-stop sessions only, "
                                "for a ticker or name. Use for 'X lately'.")


def test_words_a_sibling_uses_property_words_and_stop_words_are_left_out():
    words = distinct_words(HISTORY, [QUOTE], own_examples=False)
    assert words[:4] == ("daily", "closes", "recent", "non-stop")  # description order, then the name's words
    assert "history" in words
    assert "price" not in words and "stock" not in words  # the quote's description says them
    assert "ticker" not in words and "name" not in words and "days" not in words  # property words
    assert "the" not in words and "for" not in words and "most" not in words


def test_a_siblings_quoted_examples_are_its_words_and_the_tools_own_are_read_when_asked_for():
    # the quote's "what is X trading at": a history request with "trading" was taught history and quote alike
    assert "trading" not in distinct_words(HISTORY, [QUOTE], own_examples=False)
    assert "trading" in distinct_words(HISTORY, [make_tool("get_quote", NAME, description="Latest price.")],
                                       own_examples=False)
    assert "lately" in distinct_words(HISTORY, [QUOTE], own_examples=True)
    assert "lately" not in distinct_words(HISTORY, [QUOTE], own_examples=False)


def test_a_hyphenated_word_is_one_word():
    assert text_words("Non-stop flights, sold-out") == ["non-stop", "flights", "sold-out"]
    assert "non-stop" in distinct_words(HISTORY, [QUOTE], own_examples=False)


def test_the_teachers_cues_and_the_runs_choice_read_the_same_words():
    cues = description_cues(HISTORY, [HISTORY, QUOTE])
    assert "history" not in cues  # the tool's own name is phrased already
    assert cues and "trading" not in cues
    for cue in cues:
        assert narrower_tool(HISTORY, {"ticker_or_name": "visa"}, [HISTORY, QUOTE], [f"visa {cue}"]) is HISTORY
    assert narrower_tool(HISTORY, {"ticker_or_name": "visa"}, [HISTORY, QUOTE], ["visa non-stop"]) is HISTORY
    assert narrower_tool(HISTORY, {"ticker_or_name": "visa"}, [HISTORY, QUOTE], ["what is visa at"]) is QUOTE
