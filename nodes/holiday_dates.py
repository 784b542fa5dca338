"""Holidays named as days ("on Christmas Day", "New Year's Eve", "halloween"), read from the calendars of the
``holidays`` package: the next such day on or after today.

Why: "What will the weather be in Tokyo on Christmas Day?" named no date the date reader knew, so the run
answered with today's forecast instead of saying that none reaches 25 December. Only a name every calendar
consulted agrees on counts: "Thanksgiving" is in October in Canada and in November in the United States, so
it names no one day and is left to the user to date.
"""

from __future__ import annotations

import re
from datetime import date
from functools import lru_cache

import holidays

# English-speaking calendars: the names are the ones people type in English.
_CALENDARS = ("US", "GB", "CA", "AU", "IE", "NZ")


def _key(name: str) -> str:
    name = re.sub(r"[’'`]", "", name.lower())
    return " ".join(re.sub(r"[^\w ]", " ", name).split())


@lru_cache(maxsize=4)
def holidays_of(year: int) -> dict[str, date]:
    """Holiday name (lower case, without apostrophes; also without a closing "day") -> its date in ``year``,
    for the names every calendar that holds them dates alike."""
    dated: dict[str, set[date]] = {}
    for code in _CALENDARS:
        country = holidays.country_holidays(code, years=year)
        categories = tuple(getattr(country, "supported_categories", ()) or ())
        if "unofficial" in categories:
            country = holidays.country_holidays(code, years=year, categories=("public", "unofficial"))
        seen: dict[str, set[date]] = {}
        for day, names in country.items():
            for name in names.split("; "):
                if "observed" in name.lower():
                    continue
                key = _key(name)
                for alias in {key, key.removesuffix(" day")} - {""}:
                    seen.setdefault(alias, set()).add(day)
        for alias, days in seen.items():
            dated.setdefault(alias, set()).update(days)
    return {alias: next(iter(days)) for alias, days in dated.items() if len(days) == 1}


def holiday_date(phrase: str, today: date) -> date | None:
    """The next day on or after ``today`` that the holiday ``phrase`` names ("christmas day"), or None."""
    key = _key(phrase).removeprefix("the ")
    for year in (today.year, today.year + 1):
        day = holidays_of(year).get(key)
        if day is not None and day >= today:
            return day
    return None
