"""A place name typed with a slip ("tokoy", "melborne", "toronot") resolved to the place it misspells.

Why: people type city names on phones, and a tool that takes an IANA zone or a country needs the place
resolved, not the span (nodes/arguments/places.py). A word is read as a slip only when it is no English word
(not a whole word of the encoder's vocabulary, so "pairs" never becomes Paris and "month" never Monte), and only
to a name of a city of 100,000 people or more, or a country, one edit away (a swap of two letters counts as one),
or two edits away for words of eight letters or more when the place is a city of a million or a country (a made-up
"vellmora" is no slip of Vellore), the most populous such place when several are as close.
The caller decides whether the word stands where a place is written (after "in", before "time").
"""

from __future__ import annotations

from functools import lru_cache

from rapidfuzz.distance import DamerauLevenshtein

from indexes.spelling import english_words, nearest_words
from nodes.arguments.gazetteer import Place, gazetteer
from nodes.arguments.stop_words import STOP_WORDS

MIN_LETTERS = 5
MIN_POPULATION = 100_000
MIN_POPULATION_FAR = 1_000_000  # a slip two edits away resolves only to a place this big


@lru_cache(maxsize=1)
def _big_place_names() -> tuple[str, ...]:
    return tuple(name for name, place in gazetteer().by_name.items()
                 if " " not in name and (place.is_country or place.population >= MIN_POPULATION))


@lru_cache(maxsize=4096)
def misspelt_place(word: str) -> Place | None:
    """The big city or country ``word`` is a slip of, or None (a known word, a short word, nothing close)."""
    folded = word.lower()
    index = gazetteer()
    if (len(folded) < MIN_LETTERS or not folded.isalpha() or folded in STOP_WORDS or folded in index.by_name
            or folded in english_words()):
        return None
    names = nearest_words(folded, _big_place_names())
    places = [index.by_name[name] for name in names
              if DamerauLevenshtein.distance(folded, name) <= 1 or index.by_name[name].is_country
              or index.by_name[name].population >= MIN_POPULATION_FAR]
    return max(places, key=lambda place: place.population) if places else None
