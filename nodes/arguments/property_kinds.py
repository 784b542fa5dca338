"""What kind of value a tool property holds, read from its name and schema: a date, a free-text query, an id,
a person's name, or a number the request writes next to the property's own word. nodes/arguments/candidates.py
decides each property's closed set of values from these."""

from __future__ import annotations

import calendar
import re
from typing import Any

from rapidfuzz.distance import OSA

from nodes.arguments.stop_words import STOP_WORDS

_TOKEN = re.compile(r"[\w][\w'&.\-]*[\w]|[\w]")

_DATE_NAME = re.compile(r"(^|_)(date|dates|day|check_in|check_out|checkin|checkout|depart|departure|return)"
                        r"(_|$)|(^|_)on$")


def is_date_property(name: str, spec: dict[str, Any]) -> bool:
    """A string property that holds a day: by format, by name, or by a description naming YYYY-MM-DD."""
    if spec.get("format") in ("date", "date-time"):
        return True
    return bool(_DATE_NAME.search(name.lower())) or "YYYY-MM-DD" in (spec.get("description") or "")


def accepts_range(name: str, spec: dict[str, Any]) -> bool:
    return name.endswith("s") or "range" in (spec.get("description") or "").lower()


def is_query_property(name: str, spec: dict[str, Any]) -> bool:
    """A free-text search property (``query``, ``q``, ``keywords``...): it takes the request's own words."""
    return name.lower() in ("query", "q", "question", "search", "keywords", "search_query", "text", "prompt")


# A quote opens after no letter: "One day's forecast ... Use for 'where is it warmer'" quotes the example only.
QUOTED_EXAMPLE = re.compile(r"(?<![\w])'[^']{1,120}?'(?![\w])|\"[^\"]{1,120}\"")


def tool_words(tool_name: str, description: str) -> set[str]:
    """Words a tool uses about itself ("stock", "price", "forecast"): as values they name the tool, not a thing.
    Quoted examples ("by id or name (e.g. 'Eiffel Tower')") are values the tool takes, not its own words."""
    about = QUOTED_EXAMPLE.sub(" ", description)
    return {w.lower() for w in _TOKEN.findall(f"{tool_name.replace('_', ' ')} {about}")}


_GENERIC_NAME_PARTS = frozenset({"min", "max", "num", "number", "count", "of", "per", "total", "limit", "id"})


def number_named_for(name: str, requests: list[str]) -> float | int | None:
    """The number the request writes next to this property's own word: 4 for ``min_stars`` in "a 4-star
    stay", 2 for ``rooms`` in "2 rooms". A value the user stated is not left for the model to drop. A name's
    function word is no noun: "10 from BRL" names no ``from_currency``."""
    stems = {p.rstrip("s") for p in re.split(r"[_\W]+", name.lower()) if len(p) >= 3} - _GENERIC_NAME_PARTS - STOP_WORDS
    for stem in stems:
        pattern = re.compile(rf"(?<![\w.])(\d+)\s*-?\s*{re.escape(stem)}s?\b", re.IGNORECASE)
        for text in requests:
            match = pattern.search(text)
            if match:
                return int(match.group(1))
    return None


def is_id_property(name: str) -> bool:
    return name.lower() == "id" or name.lower().endswith("_id") or name.endswith("Id")


_ID_AFTER_NOUN = re.compile(r"(?:[ _]?id)?\s*(?:#|no\.?|number)?\s*(\d+)\b", re.IGNORECASE)
_WORD_AT = re.compile(r"[a-z]+", re.IGNORECASE)


def named_ids(name: str, requests: list[str]) -> list[float]:
    """Numbers the request gives as this id: after its noun ("room 12", "room_id 12", "order #3"). The noun
    may carry one slip of the finger ("htel 12", "prodcut 3"; nouns of 4+ letters): it still names the id."""
    noun = re.sub(r"(_id|Id|id)$", "", name).strip("_").lower()
    if not noun:
        return []
    found: list[float] = []
    for text in requests:
        for word in _WORD_AT.finditer(text):
            written = word.group().lower()
            if written != noun and (len(noun) < 4 or written == f"{noun}s" or OSA.distance(written, noun) > 1):
                continue
            if match := _ID_AFTER_NOUN.match(text, word.end()):
                found.append(float(match.group(1)))
    return found


_PERSON_PROPERTY = re.compile(r"(^|_)(guest|customer|passenger|traveller|traveler|person|contact|holder|user)"
                              r"_?name$|^(full_?name|name_on_booking)$", re.IGNORECASE)
_NAMED_PERSON = re.compile(r"\b(?:for|under|named|name is|guest|passenger|customer)\s+['\"‘“]?"
                           r"((?:[A-Z][a-z'\-]+)(?:\s+[A-Z][a-z'\-]+){0,3})")
# "for Saturday", "for Christmas": a day or a month after "for" is no one's name
_CALENDAR_WORDS = frozenset(w.lower() for w in (*calendar.day_name, *calendar.month_name[1:])) | {
    "today", "tonight", "tomorrow", "christmas", "easter", "new", "next", "this"}


def is_person_property(name: str, spec: dict[str, Any]) -> bool:
    """A property that holds the name of the person a booking or order is for."""
    return bool(_PERSON_PROPERTY.search(name)) or "full name" in str(spec.get("description") or "").lower()


def people_named(texts: list[str]) -> list[str]:
    """Names the request gives a booking: "for John Smith", "under the name Eve" (capitalised words)."""
    return [m.group(1).strip("'’-") for text in texts for m in _NAMED_PERSON.finditer(text)
            if m.group(1).split()[0].lower() not in _CALENDAR_WORDS]
