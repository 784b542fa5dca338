"""A follow-up that changes only the day, in words of its own: "eh, the 11th suits my boss better. same search",
"Let's move it to the night of the 10th, same city".

Why: the rewrite takes the last question on the new day when the follow-up's other words are linking words
("and the day after?"); the asker's own words ("suits my boss better") sent these to the rewriter model, which
made "on 2026-12-11 in zurich, the seat for a boss" of the first. A follow-up counts here when, beside its date,
it names nothing: no place, no name in capitals, no currency, no figure, no measure and no kind of thing that the
last question does not name already.
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.codes import currencies_written
from nodes.arguments.places import places_named
from nodes.date_mentions import find_date_mentions
from nodes.followup_words import names_something_new

MAX_WORDS = 16


def names_only_a_date(question: str, last_asked: str, today: date, kinds: frozenset[str] = frozenset()) -> bool:
    """Whether ``question`` names a day and nothing else the last question does not."""
    # read after the last question: "one day later" counts from its day
    mentions = [m for m in find_date_mentions(f"{last_asked}\n{question}", today) if m.start > len(last_asked)]
    if not mentions or len(question.split()) > MAX_WORDS or places_named([question]) or currencies_written([question]):
        return False
    rest = question
    for mention in mentions:
        rest = rest.replace(mention.phrase, " ")
    if re.search(r"\d", rest):
        return False
    return not names_something_new(rest, last_asked, kinds)
