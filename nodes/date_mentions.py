"""Find the dates a request names, in the words the user typed, and resolve them to ISO dates by code.

Why: a 135M model asked to write a date writes "2018-3-4" for "this weekend". The executor instead
offers the dates found here as the only values a date argument may take (nodes/arguments/candidates.py).
Each window of up to six words is read by the sandbox's date reader (tools/sandbox/dates.py), longest
first, so "June 10-15" wins over "June 10". "the day after" / "the next day" count from the date named
before them ("tomorrow ... and the day after"), which is how follow-ups are written. A holiday's name is the
next such day (nodes/holiday_dates.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from nodes.holiday_dates import holiday_date
from tools.sandbox.dates import resolve_date_range

_WORD = re.compile(r"[\w'./–-]+")
MAX_WORDS = 6
# Single words that read as dates but mostly are not ("sun will set", "I sat", "now" in "what now").
_AMBIGUOUS_SINGLE = frozenset({"now", "sun", "sat", "mon", "wed", "thu", "fri", "tue", "may", "march"})
_RELATIVE_TO_PREVIOUS = {"the day after": 1, "day after": 1, "the next day": 1, "the following day": 1,
                         "next day": 1, "the day before": -1, "the day after that": 1, "the one after that": 1,
                         "one after that": 1, "the day before that": -1, "the one before that": -1,
                         # "hotels there for that night" after "weather in Paris tomorrow": the same day
                         "that night": 0, "that day": 0, "that evening": 0, "the same day": 0, "same day": 0,
                         # "what about one day later?", "push it a day later", "two days later"
                         **{f"{n} day{'s' if k > 1 else ''} {word}": k * sign for n, k in
                            (("one", 1), ("a", 1), ("1", 1), ("two", 2), ("2", 2), ("three", 3), ("3", 3))
                            for word, sign in (("later", 1), ("earlier", -1), ("sooner", -1))}}


@dataclass(frozen=True)
class DateMention:
    """A date or inclusive range the text names: the words as written, and the days they mean."""

    phrase: str
    first: date
    last: date
    start: int = field(default=0, compare=False)  # where the phrase starts in the text

    @property
    def is_range(self) -> bool:
        return self.last != self.first

    def as_argument(self) -> str:
        """The ISO form a tool takes: ``YYYY-MM-DD`` or ``YYYY-MM-DD to YYYY-MM-DD``."""
        if self.is_range:
            return f"{self.first.isoformat()} to {self.last.isoformat()}"
        return self.first.isoformat()


# A day of the month said alone: "on the 3rd", "the 10th" (a bare number is no date: "3 nights")
_ORDINAL_DAY = re.compile(r"^(?:the )?(\d{1,2})(?:st|nd|rd|th)$")
_WEEKDAY_WORD = re.compile(r"^(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day)?$|^(?:tuesday|wednesday|thursday|"
                           r"saturday)$")
# Before a weekday's short form, a word that makes it a day ("on wed", "this sat"); a pronoun or an article makes it
# a verb or a noun ("I sat", "the sun")
_DAY_NUMBER = re.compile(r"^\d{1,4}(?:st|nd|rd|th)?$")
_DAYS_SAID = frozenset({"today", "tomorrow", "tonight", "yesterday"})
_MONTHS = frozenset("jan feb mar apr may jun jul aug sep oct nov dec".split())
_DAY_CUES = frozenset({"on", "this", "next", "by", "til", "till", "until", "for", "from", "before", "after"})
_NOT_A_DAY_BEFORE = frozenset({"i", "we", "you", "they", "he", "she", "it", "the", "a", "an", "of", "who", "just"})


def _ordinal_day(window: str, today: date) -> date | None:
    """The next day (today or later) on the day of the month ``window`` names ("the 3rd"), or None."""
    match = _ORDINAL_DAY.match(window)
    if match is None or not 1 <= int(match[1]) <= 31:
        return None
    year, month = today.year, today.month
    for _ in range(3):
        try:
            day = date(year, month, int(match[1]))
        except ValueError:  # "the 31st" in a month of 30 days
            day = None
        if day is not None and day >= today:
            return day
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


def _short_weekday_as_day(text: str, tokens: list[tuple[str, int, int]], words: list[str], i: int) -> bool:
    """A weekday's short form that reads as a verb or a noun too ("wed", "sat", "sun") is a day after a day cue, or
    when it ends the sentence after a word that is no pronoun or article ("humidity in sydney wed?")."""
    before = words[i - 1] if i else ""
    if before in _DAY_CUES:
        return True
    ends = i == len(tokens) - 1 or tokens[i][0][-1:] in "?!.,;" or words[i + 1] in ("night", "morning", "evening",
                                                                                    "afternoon")
    ends = ends or bool(re.search(r"[—–:;,?!]|\s-\s", text[tokens[i][2]:tokens[i + 1][1]]))  # "paris wed — rain?"
    return ends and i > 0 and before not in _NOT_A_DAY_BEFORE


def _clean(word: str) -> str:
    """The word as a date reader takes it: no punctuation around it, no possessive ("Saturday's forecast")."""
    cleaned = word.strip(".,?!;:'\"()").lower()
    stem = cleaned[:-2]
    if cleaned.endswith(("'s", "\u2019s")) and (_WEEKDAY_WORD.match(stem) or stem in _DAYS_SAID):
        return stem  # not "new year's eve": a holiday's name keeps its own
    return cleaned


_SLASH_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})(?:/(\d{4}|\d{2}))?$")
MAX_DAYS_AHEAD = 366


def _slash_date(word: str, before: str, today: date) -> date | None:
    """"12/7" after a day cue ("on 12/7") or with its year: month/day and day/month are both read, and the nearer
    coming day is the one meant (on 29 Nov, "12/7" is 7 Dec, "3/12" is 3 Dec). None for anything else ("3/4 cup")."""
    match = _SLASH_DATE.match(word)
    if match is None or not (match.group(3) or before in _DAY_CUES):
        return None
    first, second = int(match.group(1)), int(match.group(2))
    year = int(match.group(3)) if match.group(3) else None
    if year is not None and year < 100:
        year += 2000
    readings = []
    for month, day in ((first, second), (second, first)):
        for y in ([year] if year else [today.year, today.year + 1]):
            try:
                candidate = date(y, month, day)
            except ValueError:
                continue
            if year or timedelta(0) <= candidate - today <= timedelta(days=MAX_DAYS_AHEAD):
                readings.append(candidate)
    if not readings:
        return None
    return min(readings, key=lambda d: abs((d - today).days))


def _is_date_window(words: list[str]) -> bool:
    if len(words) == 1 and (words[0] in _AMBIGUOUS_SINGLE or words[0].isdigit()):
        return False
    text = " ".join(words)
    # "tomorrow and the EUR rate": 'and' joins a range only after 'between'.
    return not (" and " in f" {text} " and words[0] != "between")


def find_date_mentions(text: str, today: date) -> list[DateMention]:
    """Every date phrase in ``text``, left to right, each resolved relative to ``today``."""
    tokens = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    words = [_clean(t[0]) for t in tokens]
    mentions: list[DateMention] = []
    i = 0
    while i < len(tokens):
        found = None
        for size in range(min(MAX_WORDS, len(tokens) - i), 0, -1):
            window = words[i : i + size]
            if not all(window):
                continue
            joined = " ".join(window)
            if joined in _RELATIVE_TO_PREVIOUS and mentions and not (
                    i + size < len(words) and words[i + size] == "tomorrow"):
                day = mentions[-1].last + timedelta(days=_RELATIVE_TO_PREVIOUS[joined])
                found = (size, day, day)
                break
            if size == 1 and window[0] in _AMBIGUOUS_SINGLE and _WEEKDAY_WORD.match(window[0]) \
                    and _short_weekday_as_day(text, tokens, words, i):
                first, last = resolve_date_range(window[0], today)
                found = (size, first, last)
                break
            if size == 1 and (day := _slash_date(window[0], words[i - 1] if i else "", today)) is not None:
                found = (size, day, day)  # "on 12/7"
                break
            if not _is_date_window(window):
                continue
            if (day := _ordinal_day(joined, today)) is not None:
                found = (size, day, day)
                break
            try:
                first, last = resolve_date_range(joined, today)
            except ValueError:
                if (holiday := holiday_date(joined, today)) is None:
                    continue
                first = last = holiday  # "on Christmas Day"
            found = (size, first, last)
            break
        if found is None:
            i += 1
            continue
        size, first, last = found
        if _WEEKDAY_WORD.match(words[i + size - 1]) and (dated := _dated_after(words, i + size, today)):
            # "Tuesday the 8th of December", "on monday the 7th": the date the weekday is said with
            size, first, last = size + dated[0], dated[1], dated[1]
        first, last = _read_ahead(words[max(0, i - 1):i + size], first, last, today, mentions)
        phrase = text[tokens[i][1] : tokens[i + size - 1][2]].strip(".,?!;:")
        mentions.append(DateMention(phrase, first, last, tokens[i][1]))
        i += size
    return mentions


def _read_ahead(window: list[str], first: date, last: date, today: date,
                before: list[DateMention]) -> tuple[date, date]:
    """The days a weekday or "the weekend" means where reading it as today would look back (``window``: the phrase's
    words and the word before it). Said on a Sunday, "sunday" after a later day ("Saturday night ... and sunday
    night?", "saturday and sunday") is the Sunday after it, and "the weekend" is the one to come: of this one only
    today is left, and nobody plans what is already under way."""
    if first != today or last != today:
        return first, last
    if "weekend" in window and not {"last", "past"} & set(window) and today.weekday() == 6:
        return today + timedelta(days=6), today + timedelta(days=7)
    if any(_WEEKDAY_WORD.match(w) for w in window) and before and before[-1].first > today:
        return today + timedelta(days=7), today + timedelta(days=7)
    return first, last


def _dated_after(words: list[str], i: int, today: date) -> tuple[int, date] | None:
    """(words used, the day) of a day of the month right after a weekday: "the 8th of December", "the 7th", "7 Dec",
    "Dec 7"."""
    if i < len(words) and (_DAY_NUMBER.match(words[i]) or words[i][:3] in _MONTHS):
        for size in (3, 2):  # "7 dec 2026", "7 dec", "dec 7th"
            window = words[i:i + size]
            if len(window) == size and any(_DAY_NUMBER.match(w) for w in window) \
                    and any(w[:3] in _MONTHS for w in window):
                try:
                    first, last = resolve_date_range(" ".join(window), today)
                except ValueError:
                    continue
                if first == last:
                    return size, first
    if i >= len(words) or not (words[i] == "the" or _ORDINAL_DAY.match(words[i])):
        return None
    for size in range(min(4, len(words) - i), 0, -1):
        joined = " ".join(words[i:i + size])
        if (day := _ordinal_day(joined, today)) is not None:
            return size, day
        if _ORDINAL_DAY.match(words[i + (words[i] == "the")] if i + (words[i] == "the") < len(words) else ""):
            try:
                first, last = resolve_date_range(joined.removeprefix("the ").replace(" of ", " "), today)
            except ValueError:
                continue
            if first == last:
                return size, first
    return None
