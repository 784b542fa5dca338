"""The words that name what a figure measures (sunset, height, price, ...), in sentences and in field names:
one vocabulary shared by the answer's claim check (nodes/answering/claims.py) and the executor's choice of a
dependency value (nodes/arguments/candidates.py), so neither side reaches into the other.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import fuzz, process

# Words that name what a figure measures, in sentences and in field names. A figure passes only if its
# field shares one of these with the sentence, whenever the sentence names any.
CONCEPTS: dict[str, frozenset[str]] = {
    "sunrise": frozenset({"sunrise", "dawn", "rise", "rises", "rising", "sunup"}),
    "sunset": frozenset({"sunset", "dusk", "set", "sets", "setting", "sundown", "dark"}),
    "latitude": frozenset({"lat", "latitude"}),
    "longitude": frozenset({"lon", "lng", "longitude"}),
    "height": frozenset({"height", "tall", "elevation", "altitude", "metres", "meters", "storeys", "floors"}),
    "temperature": frozenset({"temperature", "temp", "c", "°c", "°", "degrees", "celsius", "warm", "hot",
                              "cold", "high", "low", "highs", "lows", "heat", "chilly", "jacket"}),
    "rain": frozenset({"rain", "rainfall", "precip", "precipitation", "chance", "showers", "wet", "mm", "umbrella"}),
    "wind": frozenset({"wind", "windy", "kph", "gusts", "gust", "gusty", "breeze", "breezy"}),
    "condition": frozenset({"condition", "conditions", "sky", "skies", "outlook"}),
    "humidity": frozenset({"humidity", "humid"}),
    "uv": frozenset({"uv"}),
    "price": frozenset({"price", "prices", "cost", "costs", "fare", "fares", "pay", "cheap", "cheapest",
                        "expensive", "usd", "eur", "gbp", "cny", "jpy", "chf", "$", "€", "£", "¥", "dollars",
                        "euros", "ticket", "rate", "rates", "amount", "last", "close", "open", "quote",
                        "converted", "result", "total", "trading", "trades", "worth", "nightly", "night",
                        "share", "shares"}),  # "Meta shares, what are they going for?": a share's price
    "rating": frozenset({"rating", "rated", "stars", "star", "score", "reviews"}),
    "duration": frozenset({"duration", "takes", "hours", "minutes", "min", "long", "journey"}),
    "distance": frozenset({"distance", "km", "far", "kilometres", "kilometers", "miles", "away"}),
    "departure": frozenset({"depart", "departs", "departure", "leaves", "leaving"}),
    "arrival": frozenset({"arrive", "arrives", "arrival", "lands"}),
    "opening": frozenset({"opens", "open", "opening"}),
    "closing": frozenset({"closes", "closing", "close"}),
    "availability": frozenset({"seats", "left", "stock", "available", "availability", "rooms", "units"}),
    "volume": frozenset({"volume"}),
    "population": frozenset({"population", "people", "inhabitants", "residents"}),
}
_VOCABULARY = frozenset(w for vocabulary in CONCEPTS.values() for w in vocabulary)
# Field-name words that belong to a concept without being a word a sentence would use.
_FIELD_CONCEPTS = {"high_c": {"temperature"}, "low_c": {"temperature"}, "precip_chance": {"rain"},
                   "precip_mm": {"rain"}, "wind_kph": {"wind"}, "uv_index": {"uv"},
                   "depart_at": {"departure"}, "arrive_at": {"arrival"}, "duration_min": {"duration"},
                   "distance_km": {"distance"}, "visit_hours": {"duration"}, "seats_left": {"availability"},
                   "rooms_left": {"availability"}, "stock": {"availability"}}


def concepts_of(words: set[str]) -> set[str]:
    """The concepts ``words`` name, a plural by its singular too ("quotes" names a price as "quote" does), and a
    long word typed with a slip by the word it misses ("humidty": humidity)."""
    words = words | {w[:-1] for w in words if w.endswith("s") and len(w) > 3}
    words = words | {fixed for w in words if len(w) >= _SLIP_MIN_LETTERS and (fixed := _meant(w))}
    return {name for name, vocabulary in CONCEPTS.items() if words & vocabulary}


_SLIP_MIN_LETTERS = 6  # shorter words are too close to other words to read a slip in them
_SLIP_SCORE = 90  # rapidfuzz ratio: one letter left out or swapped in a word of seven or more
_LONG_WORDS = sorted({w for vocabulary in CONCEPTS.values() for w in vocabulary if len(w) >= _SLIP_MIN_LETTERS})


@lru_cache(maxsize=4096)
def _meant(word: str) -> str | None:
    """The vocabulary word ``word`` is a slip of ("humidty", "temprature"), or None."""
    if word in _VOCABULARY:
        return None
    found = process.extractOne(word, _LONG_WORDS, scorer=fuzz.ratio, score_cutoff=_SLIP_SCORE)
    return found[0] if found else None


# What a phrase measures though none of its words does alone: "when does the sun come up", "sun goes down"
_PHRASE_CONCEPTS = [
    (re.compile(r"\bsun(?:'s)?\s+(?:\w+\s+)?(?:come|comes|coming|came|get|gets|getting)\s+up\b|\bfirst light\b|"
                r"\bsun(?:'s)?\s+up\b", re.I), "sunrise"),
    (re.compile(r"\bsun(?:'s)?\s+(?:\w+\s+)?(?:go|goes|going|went)\s+down\b|\blast light\b|"
                r"\bsun(?:'s)?\s+(?:\w+\s+)?sets?\b|\b(?:gets?|getting|goes|going)\s+dark\b|\bstays?\s+light\b", re.I),
     "sunset"),  # "when does the sun set", "when does it get dark", "whichever stays light later"
    (re.compile(r"\bsun(?:'s)?\s+(?:\w+\s+)?rises?\b|\b(?:gets?|getting)\s+light\b", re.I), "sunrise"),
]


def with_phrase_concepts(text: str) -> str:
    """``text`` with the names of the measures its phrases name and its words do not ("when does the sun set in
    Xi'an": "... sunset"), for retrieval: an encoder scores "sun set" far from a forecast's "sunset"."""
    said = set(re.findall(r"[a-z]+", text.lower()))
    added = sorted(c for c in phrase_concepts(text) if c not in said)
    return f"{text} ({' '.join(added)})" if added else text


def phrase_concepts(text: str) -> set[str]:
    """The concepts ``text`` names in phrases ("the sun come up": sunrise)."""
    return {concept for pattern, concept in _PHRASE_CONCEPTS if pattern.search(text)}


def field_concepts(path: tuple[str, ...]) -> set[str]:
    """The concepts a field path names: its last key's words, and known field names."""
    if not path:
        return set()
    key = path[-1].lower()
    words = set(re.split(r"[_\W]+", key)) - {""}
    found = concepts_of(words) | _FIELD_CONCEPTS.get(key, set())
    if key in ("price", "last", "prev_close", "close", "open", "day_high", "day_low", "avg_price",
               "ticket_price", "total_price", "price_economy", "price_business", "rate", "converted",
               "amount", "per_usd", "list_price_usd"):
        found |= {"price"}
    if key in ("nights", "night"):
        found -= {"price"}  # a count of nights, not a nightly price
    if key in ("day_high", "day_low", "high", "low"):
        found -= {"temperature"}
    if key in ("opens", "opening"):
        found = {"opening"}
    if key in ("closes", "closing"):
        found = {"closing"}
    return found


# Superlatives: (pattern, the concept it orders by, lowest first?). "cheap" wants the lowest price, "top-rated" the
# highest rating; no kind of thing is named ("the earliest one", "leaves first"), so any catalogue's rows fit.
_SUPERLATIVES = [
    (re.compile(r"\b(?:most expensive|priciest|dearest)\b", re.I), "price", False),
    (re.compile(r"\b(?:cheapest|cheap|cheaper|lowest (?:\w+ )?(?:price|fare|rate)s?|least expensive|most affordable|"
                r"(?:lowest|least|cheapest)[- ](?:priced|cost)|"  # "lowest-priced room"
                r"(?:the )?least (?:[\w']+ ){0,2}(?:pay|spend|cost))\b", re.I), "price", True),  # "the least I'd pay"
    (re.compile(r"\b(?:top|best|highest)[- ](?:rated|scoring|scored)\b|\b(?:best|highest) rating\b|\bbest reviewed\b|"
                # "who tops the restaurant ratings"
                r"\btops?\s+the\s+(?:[\w-]+\s+)?(?:ratings?|reviews?|rankings?|charts?|list)\b|"
                # "best restaurant in new delhi?", "the top place to eat": the best is the best rated, not the best
                # price, time or way
                # "built on top of a lake", "the top of the tower": a place, no rank
                r"\b(?:best|(?<!on )top(?! of\b))\b(?![- ]?(?:\d|price|prices|fare|fares|deal|deals|rate|rates|time|"
                r"times|way|ways|option|options|value|seller|sellers|selling|answer|guess|bet)\b)", re.I),
     "rating", False),
    (re.compile(r"\b(?:earliest|soonest|first departure|(?:leaves?|departs?|goes) first)\b", re.I), "departure", True),
    (re.compile(r"\b(?:latest departure|last departure|(?:leaves?|departs?|goes) last)\b", re.I), "departure", False),
    (re.compile(r"\b(?:fastest|quickest|shortest)\b", re.I), "duration", True),
    (re.compile(r"\b(?:nearest|closest)\b", re.I), "distance", True),
]


def _superlative(text: str) -> tuple[re.Match[str], str, bool] | None:
    return next(((m, concept, low) for pattern, concept, low in _SUPERLATIVES if (m := pattern.search(text))), None)


def superlative_order(text: str) -> tuple[str, bool] | None:
    """(the concept ``text``'s superlative orders by, lowest first), or None: "cheapest" -> ("price", True)."""
    found = _superlative(text)
    return (found[1], found[2]) if found else None


def superlative_words(text: str) -> str | None:
    """The words of ``text``'s superlative, as written ("cheapest", "top-rated"), or None."""
    found = _superlative(text)
    return found[0].group(0) if found else None

