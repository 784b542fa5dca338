"""The words of a tool's description and name that its sibling tools never use: what tells it apart.

Why one place: the teacher phrases training requests with these words (nodes/distill/description_cues.py), and a
run keeps the wider of two siblings when the request writes one of them (nodes/arguments/narrower_tool.py). Both
read the same thing from the catalogue, and were written twice before.

Left out: stop words, words under three letters, and words naming a property of the tool or of a sibling
("origin", "city": they name the values, which every sibling taking them shares). A sibling's quoted examples are
its words ("what is X trading at" is the quote's, so "trading" tells no price history apart: the teacher phrased
history requests with it, and the quote's requests from its examples, and the executor was taught both). The
tool's own quoted examples are read or not, as the caller says: the teacher phrases requests from them already.
"""

from __future__ import annotations

import re

from bm25s.stopwords import STOPWORDS_EN_PLUS
from mcp.types import Tool

from nodes.arguments.property_kinds import QUOTED_EXAMPLE
from nodes.arguments.tool_signature import identifier_words, name_words, properties_of

MIN_LETTERS = 3
_WORD = re.compile(r"[a-z][a-z\-]*[a-z]")


def text_words(text: str) -> list[str]:
    """The words of ``text``, lower-case and in order; a hyphenated word ("non-stop") is one."""
    return _WORD.findall(text.lower())


def description_words(tool: Tool, *, quoted_examples: bool) -> list[str]:
    """The words of the tool's description, in order, with or without its quoted examples."""
    text = tool.description or ""
    return text_words(text if quoted_examples else QUOTED_EXAMPLE.sub(" ", text))


def distinct_words(tool: Tool, others: list[Tool], *, own_examples: bool) -> tuple[str, ...]:
    """The words of ``tool``'s description (with its quoted examples when ``own_examples``), then of its name, in
    order, that no tool of ``others`` uses in its name or description; no stop words, short words or property
    words."""
    elsewhere = {w for t in others if t.name != tool.name
                 for w in (*description_words(t, quoted_examples=True), *name_words(t))}
    named = {w for t in (tool, *others) for p in properties_of(t) for w in identifier_words(p)}
    said = (*description_words(tool, quoted_examples=own_examples), *name_words(tool))
    return tuple(dict.fromkeys(w for w in said if len(w) >= MIN_LETTERS and w not in STOPWORDS_EN_PLUS
                               and w not in elsewhere and w not in named))
