"""One ask shared by the items of a message: "Seoul→Tokyo on the 2nd and Tokyo→Seoul on the 6th, cheapest fare for
each leg?" asks the fare of both legs, "what highs and lows are Dubai and Cairo looking at" asks two measures in
one question, and "Who's the top-rated restaurant in Toronto? Same question for Mexico City and for DC." asks one
question of three places. The intent splitter (nodes/intent_split.py) asks these before it cuts a message apart.
"""

from __future__ import annotations

import re
from datetime import date

from indexes.document_coverage import QUESTION_WORDS
from nodes.arguments.places import places_named
from nodes.asking import ASKS_WORD, REQUESTS, SENTENCE_END
from nodes.date_mentions import find_date_mentions
from nodes.field_vocabulary import concepts_of
from nodes.intent_references import names_its_own

# "..., cheapest fare for each leg", "moutai + tencent, both quoted in US dollars": one ask of every item before it
_EACH = re.compile(r"\s*\b(?:(?:for|of|on|in)\s+)?"
                   r"(?:each(?: one| leg| of them| of those| city| route| day| flight)?|both"
                   r"(?: of them)?|all (?:of them|three|four))\b\s*", re.I)
MAX_ITEM_WORDS = 5
_MEASURE_OPENERS = frozenset("how much many what what's whats the is are will be".split())


def asked_of_each(pieces: list[str]) -> list[str]:
    """Each item with the last piece's ask, when the last piece asks "for each" / "both" and every piece before it
    only names an item (no asking word, a few words): ["Seoul→Tokyo on the 2nd, cheapest fare", ...]; [] otherwise."""
    if len(pieces) < 3 or not _EACH.search(pieces[-1]):
        return []
    items = pieces[:-1]
    if any(ASKS_WORD.search(p) or REQUESTS.search(p) or len(_undated(p).split()) > MAX_ITEM_WORDS for p in items):
        return []
    ask = " ".join(_EACH.sub(" ", pieces[-1]).split()).strip(" ,.?!")
    return [f"{item}, {ask}" for item in items] if ask else []


def _undated(item: str) -> str:
    """``item`` without the days it names: "Seoul back to Beijing on Tue the 8th" is a route of four words."""
    for mention in find_date_mentions(item, date.today()):
        item = item.replace(mention.phrase, " ")
    return item


def joins_two_measures(before: str, next_piece: str) -> bool:
    """Whether the "and" between ``before`` and ``next_piece`` joins two measures ("highs and lows", "how humid and
    how much wind are we talking"): one question asks both, unless the next piece names a thing of its own ("the
    humidity and the price of AAPL")."""
    last = re.findall(r"[a-z]+", before.lower())[-1:]
    words = re.findall(r"[a-z']+", next_piece.lower())
    first = [w for w in words if w not in QUESTION_WORDS | _MEASURE_OPENERS][:1]
    if not (last and first and concepts_of({last[0]}) and concepts_of({first[0]})):
        return False
    return words[:1] == first or not names_its_own(next_piece)


# "Same question for Mexico City and for DC.", "and the same for Rome"
_SAME_AGAIN = re.compile(r"^\s*(?:and\s+)?(?:the\s+)?same\s+(?:question\s+|thing\s+|goes\s+)?(?:for|with)\s+(.+?)\W*$",
                         re.I)
_OTHERS = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)(?:for\s+|with\s+)?", re.I)


def asked_again_of(question: str) -> list[str]:
    """The one question a message asks, then asked of the places a closing "same question for X and Y" names, each
    in the first place's stead; [] unless the message is that and the question names one place."""
    sentences = [s for s in SENTENCE_END.split(question.strip()) if s.strip(" .!?")]
    if len(sentences) != 2 or (again := _SAME_AGAIN.match(sentences[1])) is None:
        return []
    asked = sentences[0].strip()
    named = places_named([asked])
    others = [places_named([o]) for o in _OTHERS.split(again.group(1)) if o.strip()]
    if len(named) != 1 or not others or any(len(o) != 1 for o in others):
        return []
    place = named[0]
    return [asked, *(asked[:place.start] + o[0].span + asked[place.start + len(place.span):] for o in others)]
