"""A sibling tool's usage examples, asked of this tool by its own description cues: the quote's 'X shares today'
becomes "visa shares recent trading" for a price history.

Why: a tool's usage examples phrase a third of its training requests (nodes/distill/catalog_requests.py), so the
words they hold ("shares", "stock") come to mean that tool, though they fit each sibling taking the same values.
The executor then sent "visa shares over recent sessions" to the quote. A twin of the example, labelled with this
tool and told apart only by its cues (nodes/distill/description_cues.py), teaches that the cue decides, not the
shared words. The example's own deciding words (its tool's cues and name words) and its days ("today", "next
week") are left out: those are what the twin must not say. Training bank only; no tool or domain is named here.
"""

from __future__ import annotations

import random
import re
from datetime import date

from bm25s.stopwords import STOPWORDS_EN_PLUS
from mcp.types import Tool

from nodes.arguments.tool_signature import name_words
from nodes.date_mentions import find_date_mentions
from nodes.distill.phrase_families import said_cues, usage_examples
from nodes.distill.phrasing import roughen

_TOKEN = re.compile(r"\{\d+\}|[^\s]+")
_WORD = re.compile(r"[a-z]+")
_PRESENT = re.compile(r"\b(?:now|currently|at the moment)\b", re.IGNORECASE)  # the present, which no date names


def borrowed_examples(tool: Tool, siblings: list[Tool], slots: int, cues_of: dict[str, list[str]]) -> list[str]:
    """Templates over the tool's ``slots`` values from the siblings' usage examples, without each sibling's cues,
    name words and the days it names; none for a tool without cues, none from an example that names the present
    ("right now"), and none that keeps no word beyond its values and stop words."""
    if not cues_of.get(tool.name):
        return []
    found: list[str] = []
    for sibling in siblings:
        if sibling.name == tool.name:
            continue
        deciding = {*cues_of.get(sibling.name, ()), *name_words(sibling)}
        for example in usage_examples(sibling, slots):
            if _PRESENT.search(example):
                continue
            kept = [t for t in _TOKEN.findall(_without_days(example)) if not _deciding(t, deciding)]
            words = [w for t in kept if not t.startswith("{") for w in _WORD.findall(t.lower())]
            if any(w not in STOPWORDS_EN_PLUS for w in words):
                found.append(" ".join(kept))
    return list(dict.fromkeys(found))


def _deciding(token: str, deciding: set[str]) -> bool:
    """Whether a token of an example is one of its tool's deciding words (a placeholder never is)."""
    words = _WORD.findall(token.lower())
    return bool(words) and not token.startswith("{") and all(w in deciding for w in words)


def _without_days(example: str) -> str:
    """The example less the days a run reads in it ("... from {0} to {1} next week" -> "... from {0} to {1}"):
    the day is the sibling's question, and the tool's own day is added to its requests apart."""
    for mention in find_date_mentions(example, date.today()):
        example = example.replace(mention.phrase, " ", 1)
    return example


def phrase_borrowed(template: str, values: list[str], cues: tuple[str, ...], rng: random.Random) -> str:
    """A training request from a borrowed template and one or two of the tool's cues, before or after it."""
    said = said_cues(cues, rng)
    asked = template.format(*values)
    text = f"{asked} {said}" if rng.random() < 0.6 else f"{said}: {asked}"
    return roughen(text, values, rng, typo_rate=0.3)
