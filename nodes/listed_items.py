"""Items a user sets apart on their own lines or between semicolons: "Hong Kong, Tuesday:\n- forecast\n- cheapest
room", "cheapest shanghai hotel on the 7th; intel stock; 90 EUR→TRY". Each item is an intent however short it is,
where a short part joined by "and" ("weather in Berlin and Madrid") is not (nodes/intent_split.py).
"""

from __future__ import annotations

import re

from nodes.arguments.places import places_named
from nodes.asking import ASKS, REQUESTS
from nodes.intent_references import only_names

# Items the user set apart on their own: a line that opens with a bullet or a number ("- forecast", "2) intel"), or
# a part between semicolons ("cheapest shanghai hotel on the 7th; intel stock; 90 EUR→TRY")
_BULLETED = re.compile(r"(?:^|\n)\s*(?:[-*•·]|\d+[.)])\s+")
_SEMICOLON = re.compile(r"\s*;\s*")


# the same list once its lines are joined into one (nodes/question.py reads a message as one line): it opens with its
# first bullet, and the others follow as " - " ("- forecast - cheapest room for Tue night - top rated restaurant")
_OPENING_BULLET = re.compile(r"^\s*[-*•·]\s+")
_JOINED_BULLET = re.compile(r"\s+[-*•·]\s+")


def listed_items(question: str) -> list[str]:
    """The items of a message that lists them on bulleted or numbered lines or between semicolons; [] for any other
    message."""
    if len(_BULLETED.findall(question)) >= 2:
        items = _with_their_ask(_BULLETED.split(question))
    elif (opening := _OPENING_BULLET.match(question)) and _JOINED_BULLET.search(question):
        items = _with_their_ask(["", *_JOINED_BULLET.split(question[opening.end():])])
    elif len(bullets := list(_JOINED_BULLET.finditer(question))) >= 2 and question[:bullets[0].start()].endswith(":"):
        # "portfolio check: • IBM • Boeing • Meta last price each" (the lines joined)
        items = _with_their_ask([question[:bullets[0].start()], *_JOINED_BULLET.split(question[bullets[0].end():])])
    elif numbered := _numbered_items(question):
        items = _with_their_ask(numbered)
    elif ";" in question:
        items = _SEMICOLON.split(question)
    else:
        return []
    return [item.strip(" ,.?!\n") for item in items if item.strip(" ,.?!\n")]


# "Convert: 1) 2,400 BRL → USD 2) 900 AED → INR": markers 1), 2), ... in order, once the lines are joined; or (a), (b),
# ... ("Three quick ones ☕ (a) Hong Kong humidity on Friday (b) Tencent's share price")
_NUMBER_MARKER = re.compile(r"(?:^|(?<=\s))(?:(\d{1,2})\)|\(([a-h])\))\s+", re.IGNORECASE)
MAX_HEADER_WORDS = 4  # "Convert:", "Quick ones for Rome:": a short opening asks or scopes every item


def _numbered_items(question: str) -> list[str]:
    """[text before the first marker, item, item, ...] when the markers count 1), 2), ... or (a), (b), ... with two or
    more; []."""
    markers = list(_NUMBER_MARKER.finditer(question))
    counted = [int(m.group(1)) if m.group(1) else ord(m.group(2).lower()) - ord("a") + 1 for m in markers]
    if len(markers) < 2 or counted != list(range(1, len(markers) + 1)):
        return []
    ends = [m.start() for m in markers[1:]] + [len(question)]
    return [question[:markers[0].start()], *(question[m.end():end] for m, end in zip(markers, ends))]


def _with_their_ask(pieces: list[str]) -> list[str]:
    """The items of ``pieces`` ([the text before the first bullet, item, ...]) with what the text around them asks
    of them. Items that only name things take the opening and what follows the last item: "portfolio check:\n• IBM
    \n• Boeing\nlast price each" asks "portfolio check IBM last price each" and the same of Boeing. Other items take
    a short opening that ends with ":" ("Convert: 2,400 BRL → USD"); a longer one stays an item of its own, unless it
    asks nothing and names no place."""
    header, *body = pieces
    header = header.strip()
    last, _, trailer = body[-1].strip().partition("\n")
    names = [n.strip(" ,.?!") for n in (*body[:-1], last)]
    if not trailer and all(only_names(n) for n in names[:-1]) and not only_names(names[-1]):
        # the lines joined: the last item's name is as long as the longest other one, and the rest asks of all
        size = max(len(n.split()) for n in names[:-1])
        words = names[-1].split()
        if len(words) > size and only_names(" ".join(words[:size])):
            names[-1], trailer = " ".join(words[:size]), " ".join(words[size:])
    ask_before, ask_after = header.rstrip(":").strip(), " ".join(trailer.split())
    if (ask_before or ask_after) and all(only_names(n) for n in names):
        return [" ".join(w for w in (ask_before, name, ask_after) if w) for name in names]
    if header.endswith(":") and len(header.split()) <= MAX_HEADER_WORDS:
        return [f"{header} {item.strip()}" for item in body]
    if header and not ASKS.search(header) and not REQUESTS.search(header) and not places_named([header]):
        return body  # "Three quick ones while my coffee brews ☕": a heading that asks nothing is no item
    return [header, *body] if header else body
