"""The narrower of two sibling tools, unless the request asks for what the wider one adds.

"What is Microsoft trading at?" was sent to ``get_history(ticker_or_name)``, whose ``days`` the call left at its
default, though ``get_quote(ticker_or_name)`` takes exactly the call's arguments and nothing more. When the
chosen tool has properties the call left out, the one sibling tool of the same server that takes exactly the call's
arguments answers the request as asked, and the wider tool is kept only when the request writes a word of its
name or description that the sibling's name and description lack ("price history", "visa over recent sessions":
history). Only the name's words were read before, and the executor's "recent sessions" history went to the quote.
Read from tool names, descriptions and schemas alone.
"""

from __future__ import annotations

from mcp.types import Tool

from nodes.approval import changes_data
from nodes.arguments.distinct_words import distinct_words, text_words
from nodes.arguments.tool_signature import properties_of, required_arguments

# words of tool names that say how, not what
_ACTION_WORDS = frozenset({"get", "fetch", "list", "search", "find", "query", "read", "show", "lookup", "look",
                           "up", "by", "for", "of", "the", "a", "to", "and", "info"})


def narrower_tool(chosen: Tool, arguments: dict, available: list[Tool], request_texts: list[str]) -> Tool:
    """The tool to call with ``arguments``: ``chosen``, or a read-only sibling that takes exactly them."""
    given = set(arguments)
    if changes_data(chosen) or not set(properties_of(chosen)) - given:
        return chosen
    siblings = [t for t in available if t.name != chosen.name and not changes_data(t)
                and set(properties_of(t)) == given and set(required_arguments(t)) <= given]
    if len(siblings) != 1:
        return chosen  # none, or several that differ in what they return ("read_file", "read_media_file")
    words = {part for text in request_texts for w in text_words(text) for part in (w, *w.split("-"))}
    if own_words(chosen, siblings[0]) & words:
        return chosen  # "apple price history": the request asks for what the wider tool adds
    return siblings[0]


def own_words(wider: Tool, sibling: Tool) -> set[str]:
    """Words of the wider tool's name and description that the sibling's name and description (its quoted examples
    too: "what is X trading at" is the quote's) do not use; no words that say how rather than what."""
    return set(distinct_words(wider, [sibling], own_examples=True)) - _ACTION_WORDS
