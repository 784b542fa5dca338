"""Names the question writes that no source mentions: "how much does Bartholomew Quince make" answered from
a list of other people must say that nobody of that name was found, before anything else.

Why: a search over a knowledge graph or a table returns its nearest records, and the listing of those records
reads as an answer about someone else. Only a name of two or more capitalised words counts (one capitalised word
opens sentences and names months), never a place (a tool writes "Los Angeles" as "LAX" or a zone), and it is
missing only when no word of it is in any output.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from nodes.arguments.places import is_place_name
from nodes.arguments.stop_words import STOP_WORDS

# "Bartholomew Quince", "Gus Fairweather", "Hotel Sol y Luna": capitalised words, joined by spaces
_NAME = re.compile(r"(?<![\w'])([A-Z][a-z]{2,}(?:\s+[A-Z][a-z]{2,})+)(?![\w'])")


def _folded_words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def missing_names(question: str, outputs: Iterable[str]) -> list[str]:
    """The names of two or more capitalised words in ``question`` of which no output holds any word."""
    held = set().union(*(_folded_words(output) for output in outputs))
    found = []
    for match in _NAME.finditer(question):
        words = match.group(1).split()
        if any(word.lower() in STOP_WORDS for word in words) or is_place_name(match.group(1)):
            continue  # "What Time": a capitalised phrase; "Los Angeles": a place, which tools write as codes
        if not _folded_words(match.group(1)) & held:
            found.append(match.group(1))
    return list(dict.fromkeys(found))
