"""References across intents that code can settle: "What dishes is Madrid known for? And the best rated restaurant
there?" asks two independent questions once "there" is Madrid; "cheapest hotel in Shanghai for Monday, and the
cheapest flight to Hong Kong that same day" once "that same day" is Monday.

Why: a later part that refers back kept the whole message as one dependent question, and the planning route's
serial search answered one intent of two. A reference is bound only when the earlier parts name exactly one thing
it can mean (one place for "there", one date for "that day"); otherwise the message stays whole. Words that
refer to nothing are not references: "while you're at it", and the "it" of "is it cold in Beijing", a part that
names its own place.
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.places import places_named
from nodes.date_mentions import find_date_mentions

_IDIOMS = re.compile(r",?\s*\b(?:while you'?re at it|if you can|if possible|when you get a chance|"
                     r"if you don'?t mind)\b", re.IGNORECASE)
_THERE = re.compile(r"\b(?:(in|at|to|from|near|around)\s+)?there\b", re.IGNORECASE)
_THE_CITY = re.compile(r"\b(?:the|that|this) (?:same )?(?:city|town)\b", re.IGNORECASE)
SAME_DAY = re.compile(r"\b(?:(on|for|by)\s+)?(?:that|the)\s+(?:same\s+)?(?:day|night|date)\b", re.IGNORECASE)
_LEADING_PREPOSITION = re.compile(r"^(?:on|for|by)\s+", re.IGNORECASE)
_CONDITION_ON_BEFORE = re.compile(r"\b(?:if (?:it|so|not|yes|that|they|this)\b|otherwise\b|in that case\b|"
                                  r"(?:unless|provided) (?:it|that)\b)", re.IGNORECASE)
# "is it cold", "how cold it gets overnight": an "it" that names nothing
_EXPLETIVE_IT = re.compile(r"\b(is|will|was|does|did|would|could)\s+it\b|"
                           r"\b(how\s+\w+)\s+it\s+(?=gets\b|will get\b|'ll get\b)", re.IGNORECASE)


def bind_references(part: str, before: str) -> str:
    """``part`` with its idioms dropped, "there" as the one place ``before`` names, and "that day" as the one
    date ``before`` names; what cannot be bound is left as written."""
    bound = _IDIOMS.sub("", part).strip()
    places = {m.place.name: m.span for m in places_named([before])}
    there = next(iter(places.values())) if len(places) == 1 else route_destination(before, list(places.values()))
    if _THE_CITY.search(bound) and there:  # "the top restaurant rating in the city": the one place named before
        bound = _THE_CITY.sub(there, bound, count=1)
    if _THERE.search(bound) and there:
        bound = _THERE.sub(lambda m: f"{m.group(1) or 'in'} {there}", bound, count=1)
        days = {(m.first, m.last): m.phrase for m in find_date_mentions(before, date.today())}
        if len(days) == 1 and not find_date_mentions(bound, date.today()) and not SAME_DAY.search(bound):
            # "..., and what's the weather going to be when I land there": there, on the day of the part before
            bound = f"{bound} {_with_preposition(next(iter(days.values())))}"
    bound = _with_noun_of_one(bound, before)
    dates = {(m.first, m.last): _LEADING_PREPOSITION.sub("", m.phrase) for m in find_date_mentions(before, date.today())}
    if SAME_DAY.search(bound) and len(dates) == 1:
        phrase = next(iter(dates.values()))
        bound = SAME_DAY.sub(lambda m: f"{m.group(1) or 'on'} {phrase}", bound, count=1)
    return bound


def conditional(part: str) -> bool:
    """Whether ``part`` holds a condition on another part ("If it is, I'd rather ..."): the message is one."""
    return bool(_CONDITION_ON_BEFORE.search(part))


def without_expletive_it(part: str) -> str:
    """``part`` without the "it" that means nothing ("is it cold in Beijing tomorrow": the part names its own
    place), for telling whether it refers back; ``part`` as is otherwise."""
    return _EXPLETIVE_IT.sub(lambda m: m.group(1) or f"{m.group(2)} ", part) if places_named([part]) else part


# A route between two places: "toronto to chicago", "beijing->shanghai", "from Paris to Rome"
_ROUTE_JOIN = r"\s*(?:(?:(?:down|up|over|across|back)\s+)?to|->|→|=>|–|-)\s*"  # "sydney down to melbourne"


def route_destination(before: str, spans: list[str]) -> str | None:
    """The place a route in ``before`` ends at ("flying toronto to chicago ..., the cheapest hotel there": Chicago),
    when ``before`` names just the two places of one route; None otherwise."""
    if len(spans) != 2:
        return None
    for origin, destination in (spans, spans[::-1]):
        if re.search(rf"{re.escape(origin)}{_ROUTE_JOIN}{re.escape(destination)}\b", before, re.IGNORECASE):
            return destination
    return None


# "the cheapest one in Amsterdam": "one" stands for the noun the same words qualified before ("the cheapest hotel")
_ONE = re.compile(r"\b(the\s+)?((?:[a-z][\w-]*\s+){1,2}?)one\b(?!\s+(?:of|after|before))", re.IGNORECASE)


def _with_noun_of_one(part: str, before: str) -> str:
    """``part`` with "one" after a qualifier replaced by the noun that qualifier took in ``before``; as is when
    ``before`` says no such thing."""
    match = _ONE.search(part)
    if match is None:
        return part
    qualifier = match.group(2).strip()
    noun = re.search(rf"\b{re.escape(qualifier)}\s+([a-z][\w-]*)", before, re.IGNORECASE)
    if noun is None or noun.group(1).lower() == "one":
        return part
    return f"{part[:match.end() - 3]}{noun.group(1)}{part[match.end():]}"


def _with_preposition(phrase: str) -> str:
    return phrase if re.match(r"(?:on|for|by|this|next|tonight|today|tomorrow)\b", phrase, re.I) else f"on {phrase}"
