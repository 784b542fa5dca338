"""Whether a follow-up's words name something the last question does not: a name in capitals, a kind of thing the
catalogue serves, or a measure. Shared by the follow-up readers that keep the last question and change one value
(nodes/conversion_followups.py, nodes/date_followups.py): any such word makes the follow-up another question.
"""

from __future__ import annotations

import re

from indexes.route_cues import stem
from nodes.field_vocabulary import concepts_of


# "could you check", "pls look up", "can you search": the asker's verb, no kind of thing
_ASKER = frozenset("you u pls please plz could can would i we".split())
_ASKING_VERBS = frozenset("check search find look see show get tell try redo rerun run".split())


def names_something_new(text: str, last_asked: str, kinds: frozenset[str], *, free: frozenset[str] = frozenset(),
                        measures: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a word ``last_asked`` lacks that is a name (capitalised past its first word, "I"
    aside), one of the catalogue's ``kinds`` (stemmed) or a measure other than ``measures``; ``free`` words never
    count."""
    known = {w.lower() for w in re.findall(r"[\w']+", last_asked)}
    words = re.findall(r"[\w']+", text)
    for n, word in enumerate(words):
        lower = word.lower()
        if lower in known or lower in free:
            continue
        if n and words[n - 1].lower() in _ASKER and lower in _ASKING_VERBS:
            continue  # "could you check sunday instead": a verb of asking, though a tool's name says "check"
        if (n and word[:1].isupper() and word != "I") or stem(lower) in kinds or concepts_of({lower}) - measures:
            return True
    return False


def names_a_new_kind(text: str, last_asked: str, kinds: frozenset[str]) -> bool:
    """Whether ``text`` names one of the catalogue's ``kinds`` (stemmed) that ``last_asked`` does not: "any standout
    restaurant in town?" after a hotel search asks about another kind of thing."""
    asked = {stem(w) for w in re.findall(r"[\w']+", last_asked.lower())}
    return any((found := stem(w)) in kinds and found not in asked for w in re.findall(r"[\w']+", text.lower()))
