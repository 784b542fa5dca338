"""Whether a question asks for a fact of history or description, the kind a search server holds and no live record
does: "since what year has the star ferry been crossing", "why was the Gateway of India built", "which years did
Paris host the Olympics", "who rebuilt the summer palace".

Why: such a question that names a place ("victoria harbour") reached a hotel search, which failed on an unknown
city, and the run ended with "could not find" though web search held the answer. The question's form is the
evidence, whatever the catalogue: a past or founding event asked by when, who, why or since when is history. A
question about what is live now ("when does the museum open", "how much is it") is no such question.
"""

from __future__ import annotations

import re

_FACT_FORM = re.compile(
    r"\b(?:since|in|from)\s+what\s+year\b|\bwhat\s+year\b|\bwhich\s+years?\b|"
    r"\bwhen\s+(?:was|were|did|had)\b|\bhow\s+long\s+ago\b|\bhow\s+old\s+is\b|"
    r"\bwho\s+(?:built|founded|designed|rebuilt|created|discovered|invented|named|wrote|painted|started|was|were)\b|"
    r"\bwhy\s+(?:was|were|did|is\s+it\s+called|is\s+\w+\s+called)\b|"
    r"\bwhat\s+(?:was|were)\s+(?:there|it|\w+)\s+(?:called|named|before)\b|\bformerly\b|\bhistory\s+of\b",
    re.IGNORECASE)


def asks_a_fact(question: str) -> bool:
    """Whether ``question`` asks for a fact of history or description (the module docstring)."""
    return bool(_FACT_FORM.search(question))
