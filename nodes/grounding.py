"""Whether text the small models wrote is made of the question's own words: a sub-query (nodes/decompose.py) or a
planner's task (nodes/plan.py).

Why: the 135M decomposer cut a question asking for a reference number kept in the user's own files into a
sub-query about making a new purchase and one about places to eat in the same city, and the planner turned
"shell and hsbc share prices?" into "hotel share prices". Each shares a word with the question, and neither asks
what it asks. Arguments are spans of the request by construction; what routes them must be grounded as well.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[\w']+", re.UNICODE)
_STOPWORDS = frozenset(
    "a an and are at be by can do for from find get how i in is it me my of on or please show the there "
    "this to was what when where which who will with you".split()
)
GROUNDED_SHARE = 0.75  # of a text's content words, at least this share is the question's own


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _STOPWORDS and len(w) > 1}


def made_of(words: set[str], asked: set[str]) -> bool:
    """Whether ``words`` are the question's ``asked`` words: a word counts when it shares its first four letters
    with one of them ("invoice" and "invoices", "order" and "ordered")."""
    stems = {w[:4] for w in asked}
    own = sum(1 for w in words if w in asked or w[:4] in stems)
    return bool(words) and own >= GROUNDED_SHARE * len(words)
