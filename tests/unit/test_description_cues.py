"""A tool's description cues (nodes/distill/description_cues.py): the words that tell it from its siblings, and
the training requests phrased with them."""

from __future__ import annotations

import re
from dataclasses import replace

from mcp.types import Tool

from nodes.distill.catalog_requests import synthesize_requests
from nodes.distill.description_cues import common_description_words, description_cues
from nodes.distill.mention import CatalogFacts
from tests.fakes import make_tool
from nodes.distill.phrase_families import described_action, families

TICKER = {"ticker": {"type": "string", "description": "Ticker or company name"}}


def tool(name: str, description: str, properties: dict | None = None) -> Tool:
    """A read-only tool that requires every property it has."""
    return make_tool(name, properties, required=list(properties or {}), description=description)


QUOTE = tool("get_quote", "Latest price of a stock: last price and change. Use for 'X shares today', "
                          "'what is X trading at'.", TICKER)
HISTORY = tool("get_history", "Daily open/high/low/close and volume of a ticker for the most recent trading days "
                              "before today, plus the period's change.", TICKER)
COMPARE = tool("compare_cities", "One day's forecast for several cities side by side, warmest first.",
               {"cities": {"type": "array", "items": {"type": "string"}}})
FORECAST = tool("get_forecast", "Daily forecast for one city: high and low, rain, wind.",
                {"city": {"type": "string"}})


def test_a_tools_cues_are_its_description_words_no_sibling_uses():
    cues = description_cues(HISTORY, [QUOTE, HISTORY])
    assert {"recent", "volume"} <= set(cues)
    # the quote's own example says "what is X trading at": the quote's requests are phrased with it
    assert "trading" not in cues
    assert "price" not in cues and "change" not in cues  # the quote says them too
    assert "ticker" not in cues  # a property's name: every tool taking one shares it
    assert "today" not in cues  # a day word: a run reads it as the day asked for
    assert "history" not in cues  # the tool's own name is phrased already
    # the quote's quoted examples are not cues of its own: its requests are phrased from them already
    assert "trading" not in description_cues(QUOTE, [QUOTE, HISTORY])


def test_a_quote_inside_a_word_opens_no_example():
    """"day's" is no opening quote: the words after it are the comparison's own."""
    assert {"several", "side", "warmest"} <= set(description_cues(COMPARE, [COMPARE, FORECAST]))


def test_words_many_of_the_catalogues_tools_use_are_no_cues():
    catalogue = [QUOTE, HISTORY, COMPARE, FORECAST]
    common = common_description_words(catalogue)
    assert "daily" not in common  # two tools only
    with_local = [tool(f"t{n}", f"Tool {n} answers in local time.") for n in range(3)]
    assert "local" in common_description_words(catalogue + with_local)
    assert "local" not in description_cues(with_local[0], with_local[:1], common_description_words(with_local))


def test_some_training_requests_name_cues_and_held_out_ones_take_no_cue_family():
    facts = CatalogFacts(names=[f"Company {c}" for c in "ABCDEFGHIJKLMNOPQRST"],
                         cues={"get_history": list(description_cues(HISTORY, [QUOTE, HISTORY]))})
    cues = set(facts.cues["get_history"])
    train = synthesize_requests("srv", [HISTORY], facts, "train", 60)
    cued = [r for r in train if "{cues}" in _family_text(r.family, "train", HISTORY, facts)]
    assert 0.05 <= len(cued) / len(train) <= 0.4
    assert all(cues & set(_words(r.request)) or _typo_of_a_cue(r.request, cues) for r in cued)
    heldout = synthesize_requests("srv", [HISTORY], facts, "heldout", 60)
    assert not any("{cues}" in _family_text(r.family, "heldout", HISTORY, facts) for r in heldout)


def test_without_cues_no_request_is_phrased_by_them():
    facts = CatalogFacts(names=[f"Company {c}" for c in "ABCDEFGHIJKLMNOPQRST"])
    train = synthesize_requests("srv", [HISTORY], facts, "train", 60)
    assert not any("{cues}" in _family_text(r.family, "train", HISTORY, facts) for r in train)


def _family_text(family: str, bank: str, tool_: Tool, facts: CatalogFacts) -> str:
    """The family a request's ``family`` id names, among those offered to the tool."""
    _, shape, n = family.split(":")
    if shape in ("usage", "borrowed"):
        return ""
    action = replace(described_action(tool_), cues=tuple(facts.cues.get(tool_.name, ())))
    return families(bank, shape, action)[int(n)]


def _words(request: str) -> list[str]:
    return re.findall(r"[a-z][a-z\-]*", request.lower())


def _typo_of_a_cue(request: str, cues: set[str]) -> bool:
    """A training request may misspell one word: a cue with one slip still counts as said."""
    words = _words(request)
    return any(abs(len(w) - len(c)) <= 1 and len(set(w) ^ set(c)) <= 2 for w in words for c in cues)
