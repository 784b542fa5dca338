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


def test_no_change_without_exactly_one_read_only_sibling():
    path = {"path": {"type": "string"}}
    read_text = make_tool("read_text_file", {**path, "head": {"type": "integer"}}, required=["path"])
    siblings = [read_text, make_tool("read_file", path), make_tool("read_media_file", path)]
    assert narrower_tool(read_text, {"path": "/a"}, siblings, ["what's in a"]) is read_text
    writes = make_tool("set_quote", NAME, read_only=False)
    assert narrower_tool(HISTORY, {"ticker_or_name": "x"}, [HISTORY, writes], ["x price"]) is HISTORY
