"""ISO codes of countries (ISO 3166 alpha-2: "Japan" -> JP, "Lyon" -> FR) and languages (ISO 639-1: "in French"
-> fr) a request names, as closed sets. Split from nodes/arguments/codes.py, which keeps the currencies.

Why: a property that takes "fr" or "JP" gets no span of "translate to French"; names come from library data,
never a hand table (ARCHITECTURE.md decision 11): countries from pycountry and the gazetteer (nodes/arguments/
places.py), language names from babel (CLDR).
"""

from __future__ import annotations

import re
from functools import lru_cache

import pycountry
from babel import Locale

from nodes.arguments.codes import word_spans
from nodes.arguments.places import places_named
from nodes.arguments.stop_words import STOP_WORDS


@lru_cache(maxsize=1)
def _country_codes() -> frozenset[str]:
    return frozenset(c.alpha_2 for c in pycountry.countries) | frozenset(c.alpha_3 for c in pycountry.countries)


def countries_named(texts: list[str]) -> list[tuple[str, str]]:
    """(span, ISO 3166 alpha-2 code): countries by name, codes written in capitals ("US", "DEU"; not a
    stop word such as "IT" or "IN", and not in a text written all in capitals), then the countries of the
    cities named ("Lyon" -> FR)."""
    places = places_named(texts)
    pairs = [(p.span, p.place.country_code) for p in places if p.place.is_country]
    for text in texts:
        if text.upper() == text:
            continue
        for match in re.finditer(r"\b[A-Z]{2,3}\b", text):
            code = match.group()
            if code in _country_codes() and code.lower() not in STOP_WORDS:
                country = pycountry.countries.get(alpha_2=code) or pycountry.countries.get(alpha_3=code)
                pairs.append((code, country.alpha_2))
    pairs.extend((p.span, p.place.country_code) for p in places if not p.place.is_country)
    return list(dict.fromkeys(pairs))


def country_codes(texts: list[str]) -> list[str]:
    return list(dict.fromkeys(code for _, code in countries_named(texts)))


@lru_cache(maxsize=1)
def _languages() -> dict[str, str]:
    """English language name -> ISO 639-1 code, for every two-letter code CLDR names."""
    return {name.lower(): code for code, name in Locale("en").languages.items() if len(code) == 2}


def languages_named(texts: list[str]) -> list[tuple[str, str]]:
    """(span, ISO 639-1 code) for each language the texts name ("French", "in japanese"). A name of fewer
    than four letters ("Ewe", "Ido", "Lao") counts only capitalised: in lower case it is mostly a word."""
    names = _languages()
    pairs: list[tuple[str, str]] = []
    for text in texts:
        words = word_spans(text)
        i = 0
        while i < len(words):
            for size in range(min(3, len(words) - i), 0, -1):
                span = text[words[i][1] : words[i + size - 1][2]]
                code = names.get(" ".join(span.lower().split()))
                if code and (len(span) >= 4 or span[0].isupper()):
                    pairs.append((span, code))
                    i += size - 1
                    break
            i += 1
    return list(dict.fromkeys(pairs))


def language_codes(texts: list[str]) -> list[str]:
    return list(dict.fromkeys(code for _, code in languages_named(texts)))
