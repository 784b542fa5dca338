"""A message's opening scope and its sums to convert, read before it is cut into intents (nodes/intent_split.py).

"In London today: what's the weather like and which restaurant is rated best?" and "Going to Istanbul tomorrow.
Need: forecast, the top rated restaurant, and cheapest hotel": a short opening that names a place or a day is asked
of every part that names no place of its own (a part naming a place gets the opening's day alone). Openers that
only announce what follows ("Three things:", "random stuff:", "Need:") are dropped. "5000 baht and 20000 yen. how
much is each in usd?" is one conversion per sum, each a span of the message.
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.codes import currencies_written
from nodes.arguments.money_amounts import written_sums
from nodes.arguments.places import is_place_name, places_named
from nodes.arguments.stop_words import STOP_WORDS
from nodes.asking import ASKS, ASKS_INVERTED, ASKS_WORD, REQUESTS, SENTENCE_END
from nodes.date_mentions import find_date_mentions

# An opener that counts or announces what follows, asking nothing: "Three things:", "random stuff:", "Need:"
_ANNOUNCES = re.compile(r"^\W*(?:(?:\w+\s+){0,2}(?:things?|stuff|questions?|qs|bits)|(?:i\s+)?(?:need|want|would like|"
                        r"'d like|looking for)|(?:also|plus|and)|quick(?:\s+\w+)?)\W*$", re.I)
_SCOPE_HEAD = re.compile(r"^\s*([^:?—–]{2,60}?)\s*(?::|\s[—–])\s+(?=\S)")  # "Xi'an this Fri — when does ..."
# a start said before the questions, with a comma: "out of Madrid on dec 9, what's ..."
_START_HEAD = re.compile(r"^\s*((?:from|out of|leaving|departing)\s+[^,?]{2,40}?)\s*,\s+(?=\S)", re.I)
_FROM = re.compile(r"^\s*(?:from|out of|leaving|departing)\b", re.I)
_TO = re.compile(r"\bto\s+$", re.I)
_ASIDE = re.compile(r"\s*\([^()]*\)")
MAX_SCOPE_OTHER_WORDS = 2  # words of a scope besides its place and day ("Going to Istanbul tomorrow")


def scope(question: str) -> tuple[str, str]:
    """(the place and day a message opens with, the rest): "In London today: what's the weather like and which
    restaurant is rated best?", "Going to Istanbul tomorrow. Need: forecast, ..."; ("", the message without an
    opener that only announces what follows: "Three things: 1) ...") when it opens with no scope."""
    context = ""
    sentences = SENTENCE_END.split(question.strip(), maxsplit=1)
    opening = _ASIDE.sub("", sentences[0])  # "stuck in shenzhen tonight (missed my connection)": the aside tells why
    if len(sentences) == 2 and not ASKS.search(opening) and not REQUESTS.search(opening) \
            and _names_place_or_day(opening):
        context, question = opening.strip(" .!"), sentences[1]
    if (head := _SCOPE_HEAD.match(question)) is not None and not ASKS.search(head.group(1)):
        if _ANNOUNCES.match(head.group(1)):
            question = question[head.end():]
        elif _names_place_or_day(head.group(1)) and not context:
            context, question = head.group(1), question[head.end():]
    if not context and (start := _START_HEAD.match(question)) is not None and _names_place_or_day(start.group(1)) \
            and len(ASKS.findall(question[start.end():])) >= 2:
        # "out of Madrid on dec 9, what's the cheapest to London and what's the cheapest to Amsterdam": where the
        # trips start, said once before the questions that go from there
        context, question = start.group(1), question[start.end():]
    return context, question


def sums_to_convert(question: str) -> list[str]:
    """Each sum the question writes, in the one other currency it names, when it writes two sums or more in
    different currencies and asks them all into one ("how much is each in usd?"); [] otherwise."""
    sums = written_sums(question)
    if len(sums) < 2 or len({code for _, code in sums}) < 2:
        return []
    summed = {code for _, code in sums}
    targets = [(span, code) for span, code in currencies_written([question]) if code not in summed]
    if len({code for _, code in targets}) != 1:
        return []
    return [f"{text} in {targets[0][0]}" for text, _ in sums]


def in_scope(part: str, scope: str) -> str:
    """``part`` asked within ``scope``: the whole scope when the part names no place, the scope's day alone when it
    names a place but no day ("For Monday: ..., the cheapest flight from Shanghai to Hong Kong")."""
    if is_place_name(part):
        return part  # "..., chengdu and xi'an": an item of the list before, not a part of its own
    named = places_named([part])
    if not named or (_FROM.search(scope) and all(_TO.search(part[:m.start]) for m in named)):
        return f"{scope}: {part}"  # no place of its own, or only where it goes from the scope's start
    days = [m.phrase for m in find_date_mentions(scope, date.today())]
    if days and not find_date_mentions(part, date.today()):
        return f"{' '.join(days)}: {part}"
    return part


def _names_place_or_day(text: str) -> bool:
    """Whether ``text`` is a scope: a place or a day with at most two other words ("Going to Istanbul tomorrow"),
    not a statement of its own ("Quarry Works shipped a crate on 3 May")."""
    places = places_named([text])
    days = find_date_mentions(text, date.today())
    if not places and not days:
        return False
    rest = text
    for span in [m.span for m in places] + [m.phrase for m in days]:
        rest = rest.replace(span, " ")
    return len([w for w in re.findall(r"[\w'-]+", rest.lower()) if w not in STOP_WORDS]) <= MAX_SCOPE_OTHER_WORDS


_DAY_PARTS = frozenset("night nights evening morning afternoon day of".split())


def only_where_or_when(text: str) -> bool:
    """Whether ``text`` names only places and days ("in mexico city", "night of sunday 6 dec", "shanghai → hong kong
    on saturday"): it asks nothing of its own."""
    rest = text
    for mention in places_named([text]):
        rest = rest.replace(mention.span, " ")
    for mention in find_date_mentions(text, date.today()):
        rest = rest.replace(mention.phrase, " ")
    return not [w for w in re.findall(r"[a-z']+", rest.lower()) if w not in STOP_WORDS and w not in _DAY_PARTS]


def with_the_day_first(parts: list[str]) -> list[str]:
    """``parts`` with a first part that names a day and asks nothing asked of each part after it, when it names no
    place ("three-city stopover, saturday night in each, so I need the cheapest hotel in: ...") or only places and
    days ("shanghai → hong kong on saturday, lowest fare in HK dollars"); a place alone opens a list ("Lyon, Nice")."""
    if len(parts) < 2 or ASKS_WORD.search(parts[0]) or REQUESTS.search(parts[0]) or ASKS_INVERTED.search(parts[0]) \
            or not find_date_mentions(parts[0], date.today()):
        return parts
    if places_named([parts[0]]) and not only_where_or_when(parts[0]):
        return parts
    return [f"{parts[0]}: {part}" for part in parts[1:]]
