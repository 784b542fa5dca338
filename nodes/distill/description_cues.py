"""The words of a tool's description that no sibling tool's description uses: "recent", "trading", "weekdays"
of a price history beside a quote; "several", "side", "warmest" of a city comparison beside a forecast.

Why: a request tells sibling tools apart by such words ("visa shares over recent sessions" is a history), and
the training bank phrased a tool only by its description's first verb and head, its name and its output fields.
A tool's other words reached no request, so the executor learnt siblings from a few words each. Some training
requests are now also phrased with these cues (nodes/distill/phrase_families.py), as people type keywords.

Left out: the description's quoted examples (values the tool takes, or a request's own words, phrased from
already), stop words, numbers, words of the tool's own name, words naming any tool's properties ("origin",
"city": those name the values, which every sibling taking them shares), and day words ("before today"): a run
reads "today" in a request as the day asked for. The words that tell a tool apart are read by
nodes/arguments/distinct_words.py, which a run's choice between sibling tools reads too.
"""

from __future__ import annotations

from collections import Counter

from mcp.types import Tool

from nodes.arguments.distinct_words import description_words, distinct_words
from nodes.arguments.tool_signature import name_words
from nodes.distill.catalog_mentions import DAY_WORDS

MAX_CUES = 8
COMMON_IN_TOOLS = 3  # a word in this many of the catalogue's tool descriptions is how descriptions talk
_DAY_WORDS = frozenset(w for said in DAY_WORDS for w in said.split())


def common_description_words(catalogue: list[Tool]) -> frozenset[str]:
    """Words ``COMMON_IN_TOOLS`` or more of the catalogue's tools use in their descriptions ("returns", "local",
    "needed"): how descriptions are written, not what one tool does."""
    counts = Counter(w for t in catalogue for w in set(description_words(t, quoted_examples=False)))
    return frozenset(w for w, n in counts.items() if n >= COMMON_IN_TOOLS)


def description_cues(tool: Tool, siblings: list[Tool], common: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """Up to ``MAX_CUES`` of the tool's description words, in the description's order, that no other tool of
    ``siblings`` uses in its name or description, and that are neither ``common`` nor words of its own name."""
    own_name = set(name_words(tool))
    cues = [w for w in distinct_words(tool, siblings, own_examples=False)
            if w not in own_name and w not in common and w not in _DAY_WORDS]
    return tuple(cues)[:MAX_CUES]
