"""Structural cues for the route classifier: how many source domains a query touches, and whether it
says that one step depends on another.

Why: a sentence embedding mostly encodes the *topic* ("hotels in Rome"), while the route depends on the
query's *structure* (one need, several independent needs, or a chain). Measured on the held-out split,
MiniLM embeddings alone reach about 0.80 accuracy; these few cues next to them lift it (see
benchmarks/results/router.md). The word lists come from the built-in servers' descriptions
(tools/mcp.json), ISO currency codes and ordinary English connectives, not from the test queries.
"""

from __future__ import annotations

import re

import numpy as np

_CURRENCIES = "usd|eur|gbp|jpy|cny|rmb|chf|aud|cad|nzd|inr|sgd|hkd|krw|thb|aed|egp|try|sek|nok|dkk|brl|mxn|zar"
_CURRENCY_WORDS = "euros?|yen|pounds?|dollars?|yuan|francs?|rupees?|won|baht|dirhams?|lira"

DOMAIN_WORDS: dict[str, str] = {
    "weather": r"weather|forecasts?|rain\w*|sunny|sunniest|snow\w*|temperature|hot|cold|warm\w*|wind\w*|humid\w*|"
               r"uv|sunrise|sunset|umbrella",
    "flights": r"flights?|fly|flying|fares?|airlines?|airport|plane|lands?|landing",
    "trains": r"trains?|rail|high-speed|sleeper|timetables?|seats?",
    "hotels": r"hotels?|stay|rooms?|accommodation|hostel|check[- ]in|nights?",
    "attractions": r"attractions?|sights?|museums?|landmarks?|parks?|temples?|palaces?|galler(?:y|ies)|tours?|"
                   r"things to (?:see|do)|points? of interest|visit\w*|opening hours|tickets?",
    "routes": r"routes?|walk\w*|directions?|transit|itinerary|get (?:there|around|from|to)|how far|how long|"
              r"by car|drive|distance",
    "finance": rf"stocks?|shares?|quotes?|ticker|trading|exchange rate|convert|currenc(?:y|ies)|price history|"
               rf"{_CURRENCIES}|{_CURRENCY_WORDS}",
    "restaurants": r"restaurants?|table|food|eat\w*|dinner|lunch|breakfast|cuisine|dishes",
    "shopping": r"buy|in stock|shops?|stores?|inventory|products?|pickup",
    "web": r"history|famous|founded|background|designed|built|explain|tell me about|known for",
}
# A later step needs an earlier result: sequence words, conditions, choosing by a result, references.
DEPENDENCY = re.compile(
    r"\bthen\b|\bif\b|\botherwise\b|\bwhichever\b|\bwhich (?:city|day|one|of)\b|\bonce\b|\bafter\b|\bfirst\b|"
    r"\busing (?:it|its|that)\b|\bthat (?:day|one|city|shop|store|hotel|restaurant)\b|\bthere\b|\bit\b|\bits\b|"
    r"\bcheapest\b|\bbest\b|\btop-rated\b|\bhighest\b|\blowest\b|\bearliest\b|\blatest\b|\bnearest\b|"
    r"\b(?:warm|cheap|earl|dri|sunni)(?:er|est)\b|\bmost\b|"
    rf"\bin (?:{_CURRENCIES}|{_CURRENCY_WORDS})\b|\bto (?:{_CURRENCIES})\b",
    re.IGNORECASE,
)
# Independent needs side by side.
JOINERS = re.compile(r"\band\b|,|;|\balso\b|\bplus\b|\bas well as\b|\bthree things\b", re.IGNORECASE)
_DOMAINS = {name: re.compile(rf"\b(?:{words})\b", re.IGNORECASE) for name, words in DOMAIN_WORDS.items()}
# A ticker is upper case in the query itself (AAPL), so it is matched without IGNORECASE.
_TICKER = re.compile(r"\b[A-Z]{2,5}\b")

CUE_NAMES = ("one_domain", "two_domains", "three_domains", "dependency_words", "any_dependency",
             "joiners", "any_joiner")


def domains_of(query: str) -> set[str]:
    """The source domains a query mentions."""
    found = {name for name, pattern in _DOMAINS.items() if pattern.search(query)}
    if _TICKER.search(query):
        found.add("finance")
    return found


def cue_vector(query: str) -> np.ndarray:
    """The cues as numbers, in CUE_NAMES order."""
    domains = len(domains_of(query))
    dependency = len(DEPENDENCY.findall(query))
    joiners = len(JOINERS.findall(query))
    return np.array([domains == 1, domains == 2, domains >= 3, min(dependency, 3) / 3, dependency > 0,
                     min(joiners, 3) / 3, joiners > 0], dtype=np.float32)
