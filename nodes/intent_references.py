"""How one part of a message leans on another: it refers back ("there", "her", "the day after"), names again with
"the" what an earlier part named, only lists names ("Paris and London"), or only says what to measure ("and the
price"). nodes/intent_split.py keeps such a message whole; nodes/decompose.py asks the same of model sub-queries.
"""

from __future__ import annotations

import re
from datetime import date

from indexes.document_coverage import QUESTION_WORDS
from nodes.arguments.codes import currencies_written
from nodes.arguments.places import places_named
from nodes.arguments.written_lists import ITEM_SPLIT, JOIN_WORDS
from nodes.arguments.stop_words import STOP_WORDS
from nodes.date_mentions import find_date_mentions
from nodes.field_vocabulary import concepts_of

_BACK_REFERENCES = frozenset("there then it its that those them they this one warmer cheaper "
                             "he she him her his their theirs".split())  # "call my dentist, do I have her number"
# Words that add no need of their own: "time in Tokyo and Sydney right now" is one intent over two places.
FILLERS = frozenset("right now rn today tonight tomorrow tmrw please pls currently too also as well then".split())
# A part that only says what to do with the part before: "meeting 11:00 toronto time, convert to paris pls"
_OPERATES_ON_BEFORE = re.compile(r"^\s*(?:convert|change|translate|turn|switch|round)(?: it| that| this)?\s+(?:to|into|in)\b",
                                 re.I)


def bare_measure(part: str) -> bool:
    """A part naming nothing of its own, only what to measure: "how many units", "and the price" (one
    lower-case word beside question words; "how much is TSLA" names a thing), maybe in a currency it writes: "price
    in dollars" asks the price of the part before, converted."""
    for span, _ in currencies_written([part]):
        part = re.sub(rf"\b(?:in|into|to)\s+{re.escape(span)}", " ", part, flags=re.I)
    content = [w for w in re.findall(r"[\w'$€£%.-]+", part) if w.lower() not in QUESTION_WORDS | FILLERS | _UNITS]
    return len(content) < 2 and all(w.islower() and w.isalpha() for w in content)


# units a measure is asked in, which name nothing of their own: "humidity % please", "wind in km/h"
_UNITS = frozenset("% °c °f c f celsius fahrenheit km h kph mph mm cm in".split())


def refers_back(part: str) -> bool:
    """Whether ``part`` refers to something said before it ("there", "it", "her", "the day after")."""
    undated = part
    for mention in find_date_mentions(part, date.today()):  # "this saturday" is a date, not a reference
        undated = undated.replace(mention.phrase, " ")
    words = set(re.findall(r"[a-z']+", undated.lower()))
    return bool(words & _BACK_REFERENCES or re.search(r"\bthe same\b|\bthe (?:day|one|[a-z]+) (?:after|before|there)\b",
                                                      part)
                or _OPERATES_ON_BEFORE.match(part)
                # "..., and can you give me the price in dollars too": a thing named by "the" alone is the one before;
                # "tell me the best-rated restaurant in Bangkok" names its own
                or ("the" in words and not names_its_own(part)))


_THE_PHRASE = re.compile(r"\bthe ((?:[a-z][a-z'-]* ){0,2}[a-z][a-z'-]*)", re.I)


def names_again(part: str, before: str) -> bool:
    """Whether ``part`` names with "the" a thing an earlier part named: "a ladder leans ... how long is the ladder",
    "... lay a path ..., how long would the path be" (the phrase's last content word; "the cheapest hotel" after
    "the cheapest flight" names another thing)."""
    earlier = set(re.findall(r"[a-z]+", before.lower()))
    own_places = {m.place.name for m in places_named([part])}
    if own_places - {m.place.name for m in places_named([before])}:
        # "the cheapest hotel in Amsterdam" after "the cheapest hotel in Paris": another hotel ("out of Madrid: the
        # cheapest to Amsterdam" after "... to London" too, though both start in Madrid)
        return False
    # a place named again is no thing of the part before: "syd to melbourne cheapest flight + the weather in melbourne"
    placed = {w for mention in places_named([part]) for w in re.findall(r"[a-z]+", mention.span.lower())}
    # nor is a day: "the cheapest hotel Saturday night" after "Saturday's forecast"
    placed |= {w for mention in find_date_mentions(part, date.today())
               for w in re.findall(r"[a-z]+", mention.phrase.lower())}
    for phrase in _THE_PHRASE.findall(part.lower()):
        content = [w for w in phrase.split() if w not in STOP_WORDS and len(w) > 2 and w not in placed]
        if content and content[-1] in earlier:
            return True
    return False


def names_its_own(part: str) -> bool:
    """Whether ``part`` names something of its own: a capitalised word after its first, a place, or a figure."""
    return bool(re.search(r"(?<=\w)\W+[A-Z]", part) or re.search(r"\d", part) or places_named([part]))


MAX_ITEM_WORDS = 3


def only_names(part: str) -> bool:
    """Whether ``part`` is only a list of places or names ("Paris and London", "jpmorgan and visa"): no intent
    of its own. Names typed in lower case count when they are joined as a list, each of a few words and none a
    stop word ("weather tomorrow" is no list; "weather in Paris and Rome" holds "in")."""
    rest = part
    for mention in places_named([part]):
        rest = rest.replace(mention.span, " ")
    words = [w for w in re.findall(r"[\w'.-]+", rest) if w.lower() not in JOIN_WORDS]
    if all(w[:1].isupper() for w in words):
        return True
    items = [item.split() for item in ITEM_SPLIT.split(part.strip(" ,.?!-")) if item.strip()]
    sizes = [len(item) for item in items]  # "netflix + disney stock prices": one name, then what is asked of both
    # a word that names a measure is no name: "disney and netflix prices" asks the prices of two names
    return len(items) >= 2 and max(sizes) <= MAX_ITEM_WORDS and max(sizes) - min(sizes) <= 1 and not any(
        w.lower().strip("'.") in STOP_WORDS | QUESTION_WORDS or concepts_of({w.lower().strip("'.")})
        for item in items for w in item)
