"""A sibling's usage examples asked of a tool by its own cues (nodes/distill/borrowed_examples.py): the shared
words of a quote's examples ("shares", "stock") stop meaning the quote."""

from __future__ import annotations

import re
from collections import Counter

from mcp.types import Tool
from rapidfuzz.distance import DamerauLevenshtein

from nodes.distill.borrowed_examples import borrowed_examples
from nodes.distill.catalog_requests import CONFUSABLE_SHARE, confusable, synthesize_requests
from nodes.distill.description_cues import description_cues
from nodes.distill.mention import CatalogFacts
from tests.fakes import make_tool

TICKER = {"ticker": {"type": "string", "description": "Ticker or company name"}}


def tool(name: str, description: str, properties: dict | None = None) -> Tool:
    """A read-only tool that requires every property it has."""
    return make_tool(name, properties, required=list(properties or {}), description=description)


QUOTE = tool("get_quote", "Latest price of a stock. Use for 'X stock price', 'X shares today', 'what is X trading "
                          "at right now', 'latest on X'.", TICKER)
HISTORY = tool("get_history", "Daily open/high/low/close for the most recent trading days.", TICKER)
PAIR = tool("compare_quotes", "Two stocks side by side. Use for 'X shares against Y'.",
            {"a": {"type": "string"}, "b": {"type": "string"}})
CUES = {t.name: list(description_cues(t, [QUOTE, HISTORY, PAIR])) for t in (QUOTE, HISTORY, PAIR)}


def test_a_siblings_examples_lose_its_deciding_words_and_days():
    found = borrowed_examples(HISTORY, [QUOTE, HISTORY, PAIR], 1, CUES)
    assert "{0} shares" in found  # "today" dropped: a day is the quote's
    assert not any("stock" in t or "price" in t for t in found)  # the quote's cues: what the twin must not say
    assert not any("now" in t for t in found)  # names the present: left out, not cut
    assert not any("latest" in t for t in found)  # only the quote's words and the value left: nothing shared
    assert not any("{1}" in t for t in found)  # the pair's two-value example fits no one-value tool
    assert borrowed_examples(QUOTE, [QUOTE], 1, CUES) == []  # no sibling, nothing borrowed
    assert borrowed_examples(HISTORY, [QUOTE, HISTORY], 1, {}) == []  # no cues of its own: no way to tell it apart


def test_borrowed_requests_name_the_tools_cue_and_only_in_training():
    facts = CatalogFacts(names=[f"Company {c}" for c in "ABCDEFGHIJKLMNOPQRST"], cues=CUES)
    train = synthesize_requests("srv", [QUOTE, HISTORY], facts, "train", 60)
    borrowed = [r for r in train if ":borrowed:" in r.family]
    history = [r for r in train if r.tool == "get_history"]
    assert borrowed and all(r.tool == "get_history" for r in borrowed)
    assert 0.15 <= len(borrowed) / len(history) <= 0.45
    cues = set(CUES["get_history"])
    # one cue, maybe with one slip of the finger
    assert all(any(DamerauLevenshtein.distance(w, c) <= 1 for w in re.findall(r"[a-z\-]+", r.request.lower())
                   for c in cues) for r in borrowed)
    assert all(r.mentions[0].words.lower() in r.request.lower() for r in borrowed)  # never misspelt
    heldout = synthesize_requests("srv", [QUOTE, HISTORY], facts, "heldout", 60)
    assert not any(":borrowed:" in r.family for r in heldout)


def test_tools_a_sibling_takes_the_same_values_for_get_more_training_requests():
    assert confusable(HISTORY, [QUOTE, HISTORY, PAIR]) and not confusable(PAIR, [QUOTE, HISTORY, PAIR])
    assert not confusable(HISTORY, [HISTORY])
    facts = CatalogFacts(names=[f"Company {c}{d}" for c in "ABCDEFGHIJKLMNOPQRST" for d in "xyz"], cues=CUES)
    train = synthesize_requests("srv", [QUOTE, HISTORY, PAIR], facts, "train", 20)
    per_tool = {name: sum(r.tool == name for r in train) for name in ("get_quote", "get_history", "compare_quotes")}
    assert per_tool == {"get_quote": 20 * CONFUSABLE_SHARE, "get_history": 20 * CONFUSABLE_SHARE,
                        "compare_quotes": 20}
    heldout = synthesize_requests("srv", [QUOTE, HISTORY, PAIR], facts, "heldout", 10)
    assert sum(r.tool == "get_history" for r in heldout) == 10  # the held-out bank stays as large as asked


def test_a_confusable_tools_cues_are_each_said_about_as_often():
    history = tool("get_history", "Daily open/high/low/close for the most recent trading sessions over weekdays, "
                                  "plus the period's change.", TICKER)
    cues = {t.name: list(description_cues(t, [QUOTE, history])) for t in (QUOTE, history)}
    assert len(cues["get_history"]) >= 5
    facts = CatalogFacts(names=[f"Company {c}{d}" for c in "ABCDEFGHIJKLMNOPQRST" for d in "xyz"], cues=cues)
    train = [r for r in synthesize_requests("srv", [QUOTE, history], facts, "train", 40) if r.tool == "get_history"]
    said = Counter(c for r in train for c in cues["get_history"]
                   if any(DamerauLevenshtein.distance(w, c) <= 1 for w in re.findall(r"[a-z\-]+", r.request.lower())))
    # drawn at random from every family, a cue of seven was said by none of 75 requests; now each takes its turn
    assert min(said[c] for c in cues["get_history"]) >= len(train) // (2 * len(cues["get_history"]))
