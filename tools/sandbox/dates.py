"""Turn the date words people (and tiny models) write into calendar dates, relative to the sandbox's today.

Single days: ``2026-06-10``, ``today``, ``tomorrow``, ``day after tomorrow``, ``yesterday``, weekdays
(``friday`` / ``this friday`` = the first Friday on or after today, ``next friday`` = the first one after
today, ``last friday`` = the last one before today), ``in 3 days``, ``in 2 weeks``, ``3 days ago``, ``a week
ago``, and month-day forms (``June 10``, ``10 June``, ``Jun 10th``,
``June 10, 2027``; without a year, the next such day on or after today).
Ranges (inclusive): any single day, ``this week`` (today to Sunday), ``next week`` and ``last week``
(Monday to Sunday), ``last weekend``,
``this weekend`` / ``next weekend``, ``next 5 days`` (today and the four after it), and ``A to B`` /
``A - B`` / ``between A and B`` / ``June 10-15`` / ``10-15 June`` where A and B are single days.
"""

from __future__ import annotations

import difflib
import re
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
ACCEPTED_DAYS = ("YYYY-MM-DD, 'today', 'tomorrow', 'day after tomorrow', a weekday like 'friday', "
                 "'next friday' or 'last friday', 'in N days', 'N days ago', or a month and day like 'June 10'")
ACCEPTED_RANGES = ("a single day (" + ACCEPTED_DAYS + "), 'this week', 'next week', 'this weekend', "
                   "'next N days', or 'A to B' such as 'June 10-15' or '2026-06-10 to 2026-06-15'")

_ISO = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})$")
_IN_N = re.compile(r"^in (\d{1,3}|a|an|one) (day|days|week|weeks)$")
_AGO = re.compile(r"^(\d{1,3}|a|an|one|two|three|four|five|six) (day|days|week|weeks) ago$")
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_BEFORE = ("last", "past", "previous")  # "last friday", "this past friday", "the previous friday"
_NEXT_N = re.compile(r"^(?:the )?next (\d{1,2}) days$")
_DAY_NUM = r"(\d{1,2})(?:st|nd|rd|th)?"
_MONTH = r"([a-z]{3,9})\.?"
_MONTH_DAY = re.compile(rf"^{_MONTH} {_DAY_NUM}(?:,? (\d{{4}}))?$")
_DAY_MONTH = re.compile(rf"^{_DAY_NUM} (?:of )?{_MONTH}(?:,? (\d{{4}}))?$")
_MONTH_SPAN = re.compile(rf"^{_MONTH} {_DAY_NUM} ?(?:-|–|to|until|through) ?{_DAY_NUM}(?:,? (\d{{4}}))?$")
_SPAN_MONTH = re.compile(rf"^{_DAY_NUM} ?(?:-|–|to|until|through) ?{_DAY_NUM} {_MONTH}(?:,? (\d{{4}}))?$")
# 'and' because 'between A and B' is read as 'A and B' once the leading 'between' is dropped.
_RANGE_SPLIT = re.compile(r"\s+(?:to|until|through|till|and|-|–)\s+|(?<=\d)\s*–\s*(?=\d)")


# How people type the same days: misspellings and short forms, and parts of a day that name the day itself.
_SPELLINGS = {"tmrw": "tomorrow", "tmr": "tomorrow", "tmrrw": "tomorrow", "tomorow": "tomorrow",
              "tommorow": "tomorrow", "tommorrow": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow",
              "tonite": "tonight", "2day": "today", "tday": "today", "weds": "wednesday", "thurs": "thursday",
              "tues": "tuesday"}
_DAY_PARTS = (" night", " morning", " evening", " afternoon", " noon")
_SHORT_WEEKDAYS = {day[:3]: day for day in WEEKDAYS}


def _respelled(word: str) -> str:
    """A weekday, month or 'tomorrow' typed one letter off ('mondday', 'tomorow', 'satruday')."""
    if len(word) < 5 or not word.isalpha():
        return word
    known = (*WEEKDAYS, *MONTHS, "tomorrow")
    close = difflib.get_close_matches(word, known, n=1, cutoff=0.8)
    return close[0] if close else word


def _normalise(text: str) -> str:
    cleaned = " ".join(str(text).strip().lower().replace(",", ", ").rstrip("?!.").split())
    cleaned = cleaned.replace(" ,", ",")
    for prefix in ("on ", "from ", "between ", "for "):
        if cleaned.startswith(prefix):
            cleaned = cleaned[len(prefix):]
    words = [_SPELLINGS.get(word, word) for word in cleaned.split(" ")]
    words = [_respelled(word) for word in words]
    if len(words) <= 2 and words and words[-1] in _SHORT_WEEKDAYS:  # "fri", "next sat"
        words[-1] = _SHORT_WEEKDAYS[words[-1]]
    cleaned = " ".join(words).replace("this coming ", "this ").replace("coming ", "this ")
    if cleaned in ("this evening", "this morning", "this afternoon", "tonight", "later today"):
        return "today"
    for part in _DAY_PARTS:  # "tomorrow night" is tomorrow; "friday evening" is friday
        if cleaned.endswith(part) and len(cleaned) > len(part):
            cleaned = cleaned[: -len(part)]
    return cleaned


def _month(name: str) -> int | None:
    for index, month in enumerate(MONTHS, start=1):
        if len(name) >= 3 and month.startswith(name):
            return index
    return None


def _month_day(month: int, day: int, year: str | None, today: date, original: str) -> date:
    try:
        if year:
            return date(int(year), month, day)
        candidate = date(today.year, month, day)
        return candidate if candidate >= today else date(today.year + 1, month, day)
    except ValueError as exc:
        raise ValueError(f"'{original}' is not a real calendar date ({exc})") from exc


def resolve_date(text: str, today: date) -> date:
    """The calendar date that ``text`` names, relative to ``today``; ValueError says what is accepted."""
    value = _normalise(text)
    if not value:
        raise ValueError(f"empty date; use {ACCEPTED_DAYS}")
    if match := _ISO.match(value):
        try:
            return date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError as exc:
            raise ValueError(f"'{text}' is not a real calendar date ({exc})") from exc
    fixed = {"today": 0, "now": 0, "tonight": 0, "this evening": 0, "this afternoon": 0, "tomorrow": 1,
             "day after tomorrow": 2, "the day after tomorrow": 2, "overmorrow": 2, "yesterday": -1}
    if value in fixed:
        return today + timedelta(days=fixed[value])
    if match := _IN_N.match(value):
        count = 1 if match[1] in ("a", "an", "one") else int(match[1])
        return today + timedelta(days=count * (7 if match[2].startswith("week") else 1))
    if match := _AGO.match(value):
        count = _COUNTS.get(match[1]) or int(match[1])
        return today - timedelta(days=count * (7 if match[2].startswith("week") else 1))
    words = value.split()
    if (len(words) == 2 or len(words) == 3 and words[0] in ("this", "the")) and words[-1] in WEEKDAYS \
            and words[-2] in _BEFORE:  # the last one before today
        return today - timedelta(days=(today.weekday() - WEEKDAYS.index(words[-1])) % 7 or 7)
    if words and words[-1] in WEEKDAYS and len(words) <= 2 and words[0] in (words[-1], "this", "next", "coming"):
        ahead = (WEEKDAYS.index(words[-1]) - today.weekday()) % 7
        if words[0] == "next" and ahead == 0:
            ahead = 7
        return today + timedelta(days=ahead)
    for pattern, month_group, day_group in ((_MONTH_DAY, 1, 2), (_DAY_MONTH, 2, 1)):
        if (match := pattern.match(value)) and (month := _month(match[month_group])):
            return _month_day(month, int(match[day_group]), match[3], today, text)
    raise ValueError(f"cannot read '{text}' as a date; use {ACCEPTED_DAYS}")


def _week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def resolve_date_range(text: str, today: date) -> tuple[date, date]:
    """The inclusive ``(first, last)`` days that ``text`` names; a single day gives ``(d, d)``."""
    value = _normalise(text)
    if value in ("this week", "the rest of the week", "rest of the week"):
        return today, _week_start(today) + timedelta(days=6)
    if value == "next week" or value in {f"{word} week" for word in _BEFORE}:
        start = _week_start(today) + timedelta(days=-7 if value != "next week" else 7)
        return start, start + timedelta(days=6)
    if value in {f"{word} weekend" for word in _BEFORE}:  # the Saturday and Sunday before this week
        saturday = _week_start(today) - timedelta(days=2)
        return saturday, saturday + timedelta(days=1)
    if value in ("this weekend", "the weekend", "weekend", "next weekend"):
        saturday = _week_start(today) + timedelta(days=5)
        if value == "next weekend":
            saturday += timedelta(days=7)
        return max(saturday, today), saturday + timedelta(days=1)
    if match := _NEXT_N.match(value):
        count = int(match[1])
        if count < 1:
            raise ValueError(f"'{text}' names no days; use 'next N days' with N of at least 1")
        return today, today + timedelta(days=count - 1)
    for pattern, month_group, first_group, last_group in ((_MONTH_SPAN, 1, 2, 3), (_SPAN_MONTH, 3, 1, 2)):
        if (match := pattern.match(value)) and (month := _month(match[month_group])):
            first = _month_day(month, int(match[first_group]), match[4], today, text)
            last = _month_day(month, int(match[last_group]), match[4] or str(first.year), today, text)
            return _ordered(first, last, text)
    parts = _RANGE_SPLIT.split(value, maxsplit=1)
    if len(parts) == 2:
        try:
            first = resolve_date(parts[0], today)
            last = resolve_date(parts[1], today)
        except ValueError as exc:
            raise ValueError(f"cannot read '{text}' as a date range: {exc}") from exc
        if last < first and parts[1].strip() and not _ISO.match(parts[1].strip()):
            last = resolve_date(parts[1], first)  # "Dec 30 to Jan 2": the end rolls into the next year
        return _ordered(first, last, text)
    try:
        day = resolve_date(text, today)
    except ValueError as exc:
        if not str(exc).startswith("cannot read"):
            raise  # a readable but impossible date, e.g. February 30: its own message is clearer
        raise ValueError(f"cannot read '{text}' as a date range; use {ACCEPTED_RANGES}") from exc
    return day, day


def _ordered(first: date, last: date, text: str) -> tuple[date, date]:
    if last < first:
        raise ValueError(f"date range '{text}' ends ({last}) before it starts ({first})")
    return first, last
