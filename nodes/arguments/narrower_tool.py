"""The narrower of two sibling tools, unless the request asks for what the wider one adds.

"What is Microsoft trading at?" was sent to ``get_history(ticker_or_name)``, whose ``days`` the call left at its
default, though ``get_quote(ticker_or_name)`` takes exactly the call's arguments and nothing more. When the
chosen tool has properties the call left out, the one sibling tool of the same server that takes exactly the call's
arguments answers the request as asked, and the wider tool is kept only when the request writes a word of its
name that the sibling's name lacks ("price history": history). Read from tool names and schemas alone.
"""

from __future__ import annotations

import re

from mcp.types import Tool

from nodes.approval import changes_data
from nodes.arguments.tool_signature import properties_of, required_arguments, tool_words

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
    words = {w for text in request_texts for w in re.findall(r"[a-z]+", text.lower())}
    if (tool_words(chosen) - _ACTION_WORDS - tool_words(siblings[0])) & words:
        return chosen  # "apple price history": the request asks for what the wider tool adds
    return siblings[0]
