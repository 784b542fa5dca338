"""Values the request writes as a list: "Paris, London, Berlin - what are the highs on Saturday?", "quotes for
AAPL, MSFT and GOOGL", "shell and hsbc share prices?".

Why: a tool's property holds one value and the executor decodes one call, so the first question above was
answered for Paris alone and London and Berlin were dropped without a word. The decomposer cannot help: the
question has one intent and several subjects, and its parts would not be spans of the question. A list is told
by code, around the value the first call took: items with nothing between them but commas, slashes, "&",
"+", "and", "or", "vs" or "plus". Places are gazetteer places (nodes/arguments/places.py); places said apart
("trains from Paris to Rome", "I'm in Oslo, what's it like in Bergen?") are no list. A name's list items
have as many words as the name the call took ("jpmorgan, visa, berkshire B" gives visa and berkshire), and no
item is a stop word ("apple and what's the time" is no list).
"""

from __future__ import annotations

import re

from nodes.arguments.candidate_spans import TOKEN
from nodes.arguments.places import PlaceMention, places_named
from nodes.arguments.stop_words import STOP_WORDS

JOIN_WORDS = frozenset({"and", "or", "vs", "versus", "plus"})
_JOIN = r"[,;/&+]|\b(?:and|or|vs\.?|versus|plus)\b"
# what stands between two items of a list: one join or more ("Paris, London & Berlin", "AAPL, MSFT and GOOGL")
# ("bangkok or to hong kong": a join may repeat the preposition the first item took)
_LIST_GAP = re.compile(rf"^\s*(?:(?:{_JOIN})\s*)+(?:(?:to|in|at|from)\s+)?$|"
                       r"^\s+\$$", re.IGNORECASE)  # "$MSFT $ORCL $IBM": cashtags need no join
# where a written list is cut into its items (nodes/intent_references.py)
ITEM_SPLIT = re.compile(rf"\s*(?:{_JOIN})\s*", re.IGNORECASE)
# question words and pronouns as typed, which open a new clause rather than name an item
_CLAUSE_WORDS = frozenset("what's whats who's whos where's wheres when's whens how's hows it's i'm im i'd i'll "
                          "you're there's that's thats let's lets".split())


def place_lists(text: str) -> list[list[PlaceMention]]:
    """The runs of places in ``text`` joined only by list separators, two places or more each."""
    runs: list[list[PlaceMention]] = []
    for mention in places_named([text]):
        last = runs[-1][-1] if runs else None
        if last is not None and _LIST_GAP.match(text[last.start + len(last.span) : mention.start]):
            runs[-1].append(mention)
        else:
            runs.append([mention])
    return [run for run in runs if len(run) >= 2]


def _is(value: str, mention: PlaceMention) -> bool:
    folded = value.strip().casefold()
    return folded in (mention.span.casefold(), mention.place.name.casefold())


def others_listed(taken: list[str], text: str) -> list[str]:
    """The other places of the list in ``text`` that holds ``taken[0]``, as written and in order, leaving out
    any place in ``taken``; [] when ``taken[0]`` is in no list of two places or more."""
    for run in place_lists(text):
        if taken and any(_is(taken[0], mention) for mention in run):
            others = [m.span for m in run if not any(_is(value, m) for value in taken)]
            return list(dict.fromkeys(others))
    return []


def _shape(word: str) -> str:
    return "upper" if word.isupper() and len(word) > 1 else "title" if word[:1].isupper() else "lower"


def _item(words: list[re.Match[str]], start: int, size: int, text: str, shape: str) -> str | None:
    """The ``size`` words from ``start`` as one list item, or None when they are no item: out of range, a stop
    word, more than a space between them, or written otherwise than the name taken ("who earns more, Aisha or
    Camille": "more" is no item beside "Aisha"; a lower-case name may stand beside anything)."""
    if start < 0 or start + size > len(words):
        return None
    chunk = words[start : start + size]
    if any(w.group().lower() in STOP_WORDS or w.group().lower() in _CLAUSE_WORDS for w in chunk):
        return None
    if shape != "lower" and _shape(chunk[0].group()) == "lower":
        return None
    if any(text[a.end() : b.start()].strip() for a, b in zip(chunk, chunk[1:])):
        return None
    return text[chunk[0].start() : chunk[-1].end()]


def other_names_listed(taken: list[str], text: str) -> list[str]:
    """The other items of the list in ``text`` that holds the name ``taken[0]`` (as written, in order), leaving
    out any name in ``taken``; [] when it is in no list."""
    if not taken:
        return []
    words = [w for w in TOKEN.finditer(text) if w.group().lower() not in JOIN_WORDS]
    name = [w.lower() for w in TOKEN.findall(taken[0])]
    size = len(name)
    at = next((i for i in range(len(words) - size + 1)
               if [w.group().lower() for w in words[i : i + size]] == name), None)
    if not size or at is None:
        return []
    items = [text[words[at].start() : words[at + size - 1].end()]]
    shape = _shape(words[at].group())

    def listed(i: int, step: int, shape: str) -> str | None:
        gap = (text[words[i - 1].end() : words[i].start()] if step > 0 else
               text[words[i + size - 1].end() : words[i + size].start()]) if 0 <= i and i + size <= len(words) else ""
        return _item(words, i, size, text, shape) if _LIST_GAP.match(gap) else None

    for step in (size, -size):  # rightwards, then leftwards: separator, item, separator, item ...
        i = at + step
        while (item := listed(i, step, shape)) is not None or (
                # a name typed in lower case between two written as the one taken: "AMD, intel and TSMC"
                (item := listed(i, step, "lower")) is not None and listed(i + step, step, shape) is not None):
            items.append(item) if step > 0 else items.insert(0, item)
            i += step
    taken_folded = {t.strip().casefold() for t in taken}
    return list(dict.fromkeys(item for item in items if item.casefold() not in taken_folded)) if len(items) > 1 else []
