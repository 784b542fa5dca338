"""Names the question writes that no source mentions: "how much does Bartholomew Quince make" answered from
a list of other people must say that nobody of that name was found, before anything else.

Why: a search over a knowledge graph or a table returns its nearest records, and the listing of those records
reads as an answer about someone else. Only a name of two or more capitalised words counts (one capitalised word
opens sentences and names months), never a place (a tool writes "Los Angeles" as "LAX" or a zone), and it is
missing only when no word of it is in any output. An output's top-level fields that only echo the call's own
arguments ("query": "Sunfield Resorts" over no results) mention nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

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
        while words and words[0].lower() in STOP_WORDS:
            words = words[1:]  # "Has Sunfield Resorts ever ...": the sentence's first word is no part of the name
        name = " ".join(words)
        if len(words) < 2 or any(word.lower() in STOP_WORDS for word in words) or is_place_name(name):
            continue  # "What Time": a capitalised phrase; "Los Angeles": a place, which tools write as codes
        if not _folded_words(name) & held:
            found.append(name)
    return list(dict.fromkeys(found))


def without_echoes(output: str, arguments: Mapping[str, Any]) -> str:
    """``output`` without the top-level JSON fields whose value is one of the call's own string arguments: a
    search that found nothing still writes back what it was asked."""
    asked = {value.strip().lower() for value in arguments.values() if isinstance(value, str) and value.strip()}
    try:
        parsed = json.loads(output)
    except (ValueError, TypeError):
        return output
    if not asked or not isinstance(parsed, dict):
        return output
    return json.dumps({key: value for key, value in parsed.items()
                       if not (isinstance(value, str) and value.strip().lower() in asked)}, ensure_ascii=False)


_QUOTED = re.compile(r"'((?:[^']|'')+)'")


def matched_literals(output: str, arguments: Mapping[str, Any]) -> str:
    """The quoted values of a call's SQL arguments ("WHERE customer = 'Bluewater Hotels'") when the call returned
    rows: a statement that filtered on a stored name and found rows is about that name, though its output is a
    bare number ("SUM(quantity): 37")."""
    if output.strip() in ("", "[]", "{}") or "select" not in " ".join(map(str, arguments.values())).lower():
        return ""
    return " ".join(m.replace("''", "'") for value in arguments.values() if isinstance(value, str)
                    for m in _QUOTED.findall(value))
