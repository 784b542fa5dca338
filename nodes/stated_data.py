"""Parts of a message that state the data a later part asks about: figures ("5 of us split a $243.75 bill ... how much
does each person pay"), an equation, or a clock time ("Webinar kicks off at 14:00 in Dublin ..., what time do I log
on?"). Such a message is one question: the intent splitter (nodes/intent_split.py) does not cut it apart.
"""

from __future__ import annotations

import re

from nodes.arguments.number_words import as_digits
from nodes.arguments.time_of_day import times_of_day
from nodes.asking import ASKS, REQUESTS

# A figure worth calculating with: money, a percentage, a decimal or a number of three digits or more ("book 2
# rooms" states no data)
_FIGURE = re.compile(r"[$€£¥₹]\s?\d|\d\s?%|\d\.\d|\d{3}|\d,\d{3}")

# A rate stated as an equation: "1 mile = 1.609344 km", "1 cup equals 240 ml"
_EQUATION = re.compile(r"\d\s*[a-z]*\s*(?:=|\bequals\b|\bis equal to\b)\s*[$€£]?\d", re.I)


def states_numbers(parts: list[str]) -> bool:
    """A part that writes numbers and asks nothing, before a part that asks with a number of its own ("3
    painters need 14 hours for a job. Working at the same pace, how many hours would 7 need?"): data, when one
    calculation takes them all. An asking part without a number ("Book 2 rooms for 3 nights, and what's the
    weather?") asks something else."""
    def numbered(part: str) -> bool:
        return bool(re.search(r"\d", as_digits(part)))
    return any(numbered(part) and not ASKS.search(part)
               and any(ASKS.search(p) and numbered(p) for p in parts[i + 1:]) for i, part in enumerate(parts[:-1]))


def states_the_data(parts: list[str]) -> bool:
    """A part that states figures, followed by a part that asks: the figures are the question's data ("5 of us
    split a $243.75 bill and we're adding a 20% tip. how much does each person pay")."""
    for i, part in enumerate(parts[:-1]):
        if _FIGURE.search(part) and not ASKS.search(part) and any(ASKS.search(p) for p in parts[i + 1:]):
            return True
    # an equation after the question is its data too: "how many km is a marathon? its 26.2 miles and 1 mile =
    # 1.609344 km"
    return any(_EQUATION.search(part) and not ASKS.search(part) for part in parts[1:])


_ASKS_TIME = re.compile(r"\bwhat time\b|\bwhen\b|\bwhat hour\b", re.I)


def states_a_time(parts: list[str]) -> bool:
    """A part that states a clock time and asks nothing, before a part that asks what time or when: the time is
    the data asked about ("Webinar kicks off at 14:00 in Dublin and I'll be in Honolulu, what time do I log on?").
    A part that requests something ("book a table at 7pm") is an intent of its own."""
    return any(times_of_day([part]) and not ASKS.search(part) and not REQUESTS.search(part)
               and any(_ASKS_TIME.search(p) for p in parts[i + 1:])
               for i, part in enumerate(parts[:-1]))
