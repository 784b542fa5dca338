"""Find the dates a request names, in the words the user typed, and resolve them to ISO dates by code.

Why: a 135M model asked to write a date writes "2018-3-4" for "this weekend". The executor instead
offers the dates found here as the only values a date argument may take (nodes/arguments/candidates.py).
Each window of up to six words is read by the sandbox's date reader (tools/sandbox/dates.py), longest
first, so "June 10-15" wins over "June 10". "the day after" / "the next day" count from the date named
before them ("tomorrow ... and the day after"), which is how follow-ups are written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, timedelta

from tools.sandbox.dates import resolve_date_range

_WORD = re.compile(r"[\w'./–-]+")
MAX_WORDS = 6
# Single words that read as dates but mostly are not ("sun will set", "I sat", "now" in "what now").
_AMBIGUOUS_SINGLE = frozenset({"now", "sun", "sat", "mon", "wed", "thu", "fri", "tue", "may", "march"})
_RELATIVE_TO_PREVIOUS = {"the day after": 1, "day after": 1, "the next day": 1, "the following day": 1,
                         "next day": 1, "the day before": -1, "the day after that": 1, "the one after that": 1,
                         "one after that": 1, "the day before that": -1, "the one before that": -1,
                         # "hotels there for that night" after "weather in Paris tomorrow": the same day
                         "that night": 0, "that day": 0, "that evening": 0, "the same day": 0, "same day": 0}


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


def _clean(word: str) -> str:
    return word.strip(".,?!;:'\"()").lower()


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
            if not _is_date_window(window):
                continue
            try:
                first, last = resolve_date_range(joined, today)
            except ValueError:
                continue
            found = (size, first, last)
            break
        if found is None:
            i += 1
            continue
        size, first, last = found
        phrase = text[tokens[i][1] : tokens[i + size - 1][2]].strip(".,?!;:")
        mentions.append(DateMention(phrase, first, last, tokens[i][1]))
        i += size
    return mentions
