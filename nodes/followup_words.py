"""Whether a follow-up's words name something the last question does not: a name in capitals, a kind of thing the
catalogue serves, or a measure. Shared by the follow-up readers that keep the last question and change one value
(nodes/conversion_followups.py, nodes/date_followups.py): any such word makes the follow-up another question.
"""

from __future__ import annotations

import re

from indexes.route_cues import stem
from nodes.field_vocabulary import concepts_of


def names_something_new(text: str, last_asked: str, kinds: frozenset[str], *, free: frozenset[str] = frozenset(),
                        measures: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a word ``last_asked`` lacks that is a name (capitalised past its first word, "I"
    aside), one of the catalogue's ``kinds`` (stemmed) or a measure other than ``measures``; ``free`` words never
    count."""
    known = {w.lower() for w in re.findall(r"[\w']+", last_asked)}
    for n, word in enumerate(re.findall(r"[\w']+", text)):
        lower = word.lower()
        if lower in known or lower in free:
            continue
        if (n and word[:1].isupper() and word != "I") or stem(lower) in kinds or concepts_of({lower}) - measures:
            return True
    return False
