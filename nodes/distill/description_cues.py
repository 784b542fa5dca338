"""The words of a tool's description that no sibling tool's description uses: "recent", "trading", "weekdays"
of a price history beside a quote; "several", "side", "warmest" of a city comparison beside a forecast.

Why: a request tells sibling tools apart by such words ("visa shares over recent sessions" is a history), and
the training bank phrased a tool only by its description's first verb and head, its name and its output fields.
A tool's other words reached no request, so the executor learnt siblings from a few words each. Some training
requests are now also phrased with these cues (nodes/distill/phrase_families.py), as people type keywords.

Left out: the description's quoted examples (values the tool takes, or a request's own words, phrased from
already), stop words, numbers, words of the tool's own name, words naming any tool's properties ("origin",
"city": those name the values, which every sibling taking them shares), and day words ("before today"): a run
reads "today" in a request as the day asked for.
"""

from __future__ import annotations

import re
from collections import Counter

from bm25s.stopwords import STOPWORDS_EN_PLUS
from mcp.types import Tool

from nodes.arguments.property_kinds import QUOTED_EXAMPLE
from nodes.arguments.tool_signature import identifier_words, name_words, properties_of
from nodes.distill.catalog_mentions import DAY_WORDS

MAX_CUES = 8
MIN_CUE_LETTERS = 3
COMMON_IN_TOOLS = 3  # a word in this many of the catalogue's tool descriptions is how descriptions talk
_WORD = re.compile(r"[a-z][a-z\-]*[a-z]")
_DAY_WORDS = frozenset(w for said in DAY_WORDS for w in said.split())


def common_description_words(catalogue: list[Tool]) -> frozenset[str]:
    """Words ``COMMON_IN_TOOLS`` or more of the catalogue's tools use in their descriptions ("returns", "local",
    "needed"): how descriptions are written, not what one tool does."""
    counts = Counter(w for t in catalogue for w in set(_words(t)))
    return frozenset(w for w, n in counts.items() if n >= COMMON_IN_TOOLS)


def description_cues(tool: Tool, siblings: list[Tool], common: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Up to ``MAX_CUES`` of the tool's description words, in the description's order, that no other tool of
    ``siblings`` uses in its name or description, and that are not ``common`` ones."""
    others = {w for t in siblings if t.name != tool.name for w in (*_words(t), *name_words(t))}
    named = {w for t in siblings for p in properties_of(t) for w in identifier_words(p)} | set(name_words(tool))
    cues = [w for w in _words(tool) if len(w) >= MIN_CUE_LETTERS and w not in STOPWORDS_EN_PLUS
            and w not in others and w not in named and w not in common and w not in _DAY_WORDS]
    return tuple(dict.fromkeys(cues))[:MAX_CUES]


def _words(tool: Tool) -> list[str]:
    """The description's words, lower-case and in order, its quoted examples left out."""
    return _WORD.findall(QUOTED_EXAMPLE.sub(" ", tool.description or "").lower())
