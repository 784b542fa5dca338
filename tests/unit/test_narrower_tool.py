"""A call that leaves the chosen tool's extra properties out goes to the one sibling that takes exactly its
arguments, unless the request asks for what the wider tool adds (nodes/arguments/narrower_tool.py)."""

from nodes.arguments.narrower_tool import narrower_tool
from tests.fakes import make_tool

NAME = {"ticker_or_name": {"type": "string"}}
QUOTE = make_tool("get_quote", NAME, required=["ticker_or_name"])
HISTORY = make_tool("get_history", {**NAME, "days": {"type": "integer"}}, required=["ticker_or_name"])
CONVERT = make_tool("convert_currency", {"amount": {"type": "number"}, "to_currency": {"type": "string"}})


def test_the_quote_answers_what_a_stock_trades_at_and_the_history_a_question_about_history():
    arguments = {"ticker_or_name": "Microsoft"}
    tools = [HISTORY, QUOTE, CONVERT]
    assert narrower_tool(HISTORY, arguments, tools, ["What is Microsoft trading at?"]) is QUOTE
    assert narrower_tool(HISTORY, arguments, tools, ["Microsoft price history"]) is HISTORY
    assert narrower_tool(HISTORY, {**arguments, "days": 5}, tools, ["Microsoft last 5 days"]) is HISTORY


def test_a_word_only_the_wider_tools_description_uses_keeps_it():
    quote = make_tool("get_quote", NAME, required=["ticker_or_name"], description=(
        "Latest price of a stock or fund: last price, previous close, change and change %, day high/low, volume, "
        "currency and the time of the quote (exchange local time). Use for 'X stock price', 'what is X trading at "
        "right now', 'how much is one share of X today', 'how is X stock doing', 'X shares today'."))
    history = make_tool("get_history", {**NAME, "days": {"type": "integer"}}, required=["ticker_or_name"],
                        description="Daily open/high/low/close and volume for the most recent trading days "
                                    "(weekdays) before today, plus the change over the period in %, and the "
                                    "period's high and low.")
    arguments, tools = {"ticker_or_name": "visa"}, [history, quote]
    assert narrower_tool(history, arguments, tools, ["visa shares over recent sessions"]) is history
    assert narrower_tool(history, arguments, tools, ["visa daily closes"]) is history
    # the quote's own examples say "trading at", "shares today": those words are no history's
    assert narrower_tool(history, arguments, tools, ["What is Visa trading at?"]) is quote
    assert narrower_tool(history, arguments, tools, ["visa shares today"]) is quote


def test_no_change_without_exactly_one_read_only_sibling():
    path = {"path": {"type": "string"}}
    read_text = make_tool("read_text_file", {**path, "head": {"type": "integer"}}, required=["path"])
    siblings = [read_text, make_tool("read_file", path), make_tool("read_media_file", path)]
    assert narrower_tool(read_text, {"path": "/a"}, siblings, ["what's in a"]) is read_text
    writes = make_tool("set_quote", NAME, read_only=False)
    assert narrower_tool(HISTORY, {"ticker_or_name": "x"}, [HISTORY, writes], ["x price"]) is HISTORY
