"""Names the question writes that no source mentions: "how much does Bartholomew Quince make" answered from
a list of other people must say that nobody of that name was found, before anything else.

Why: a search over a knowledge graph or a table returns its nearest records, and the listing of those records
reads as an answer about someone else. Only a name of two or more capitalised words counts (one capitalised word
opens sentences and names months), never a place (a tool writes "Los Angeles" as "LAX" or a zone), and it is
missing only when no word of it is in any output. An output's top-level fields that only echo the call's own
arguments ("query": "Sunfield Resorts" over no results) mention nothing.
"""

from __future__ import annotations

import calendar
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from nodes.arguments.codes import currencies_written, currency_alternatives
from nodes.arguments.places import is_place_name
from nodes.arguments.stop_words import STOP_WORDS

# "Bartholomew Quince", "Gus Fairweather", "Hotel Sol y Luna": capitalised words, joined by spaces
_NAME = re.compile(r"(?<![\w'])([A-Z][a-z]{2,}(?:'s)?(?:\s+[A-Z][a-z]{2,})+)(?![\w'])")  # "Picasso's Guernica" too


def _folded_words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


# one capitalised word after the sentence's first ("my Eurostar booking", "the hotel in Marrakech")
_ONE_WORD_NAME = re.compile(r"(?<=[a-z,] )([A-Z][a-z]{3,})(?![\w'])")
_CALENDAR = frozenset(name.lower() for name in (*calendar.month_name[1:], *calendar.day_name))


MIN_DOCUMENT_WORDS = 5


def is_document_text(output: str) -> bool:
    """Whether a tool's output is a document's plain text: no JSON record, and words, not a bare figure (a
    calculator's "504" names nothing). Places and names are written out in it, not as codes."""
    text = output.lstrip()
    return not text.startswith(("{", "[")) and len(re.findall(r"[A-Za-z]{2,}", text)) >= MIN_DOCUMENT_WORDS


def missing_names(question: str, outputs: Iterable[str], *, documents: bool = False) -> list[str]:
    """The names of two or more capitalised words in ``question`` of which no output holds any word. When every
    output is a document's plain text (``documents``: a file is written in words, not codes), a place and a single
    capitalised word count too: "which hotel did I book in Marrakech" answered from the Lisbon trip's note."""
    outputs = list(outputs)
    held = set().union(*(_folded_words(output) for output in outputs))
    found = []
    if documents:
        for match in _ONE_WORD_NAME.finditer(question):
            word = match.group(1)
            if word.lower() not in STOP_WORDS and word.lower() not in _CALENDAR and word.lower() not in held:
                found.append(word)
    for name in thing_names(question, places=documents):
        if not _folded_words(name) & held:
            found.append(name)
    return list(dict.fromkeys(found))


def missing_currencies(question: str, outputs: Iterable[str]) -> list[str]:
    """The currencies ``question`` names that no output writes, by code or by name: "How many Polish zloty for 400
    euros?" answered by a page about Amsterdam. For the answer's opening only: a task's own output (a hotel's price
    in yen) need not hold the currency a later conversion gives."""
    outputs = list(outputs)
    held = set().union(*(_folded_words(output) for output in outputs))
    said = " ".join(output.lower() for output in outputs)
    alternatives = currency_alternatives([question])
    # the code, or the unit noun ("zloty" of "Polish zloty": a page that says "Polish" names no currency); an
    # ambiguous noun is held by any of its currencies ("dirhams": MAD ranks first, a converter answers in AED).
    # A noun that several currencies share, qualified ("New Zealand dollars"), is held only as written: a page
    # that says "dollars" holds no New Zealand dollar.
    return list(dict.fromkeys(span for span, code in currencies_written([question])
                              if not {c.lower() for c in [code, *alternatives.get(code, [])]} & held
                              and not _noun_held(span, held, said)))


_SHARED_NOUNS = frozenset({"dollar", "dollars", "pound", "pounds", "franc", "francs", "peso", "pesos", "rupee",
                           "rupees", "dinar", "dinars", "krona", "krone", "kronor", "kroner", "crown", "crowns"})


def _noun_held(span: str, held: set[str], said: str) -> bool:
    words = span.lower().split()
    if len(words) > 1 and words[-1] in _SHARED_NOUNS:
        return span.lower() in said
    return words[-1] in held


def thing_names(question: str, *, places: bool = False) -> list[str]:
    """The names of two or more capitalised words ``question`` writes ("Terracotta Army", "Bartholomew Quince"),
    places left out unless ``places``."""
    found = []
    for match in _NAME.finditer(question):
        words = match.group(1).split()
        while words and words[0].lower() in STOP_WORDS:
            words = words[1:]  # "Has Sunfield Resorts ever ...": the sentence's first word is no part of the name
        name = " ".join(words)
        if len(words) < 2 or any(word.lower() in STOP_WORDS for word in words) or (is_place_name(name)
                                                                                  and not places) \
                or all(word.lower() in _CALENDAR for word in words):
            continue  # "What Time": a capitalised phrase; "Los Angeles": a place, which tools write as codes;
            # "Sunday December": a date
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
