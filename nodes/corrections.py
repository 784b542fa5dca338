"""A follow-up that corrects a value of the last question: "Sorry, wrong company. I meant HSBC, the London listing",
"scratch that, I'm in Melbourne not Sydney", "make that Osaka". The last question is asked again with the value
replaced, and nothing else changed.

Why: the rewriter model made "HSBC stock price history in 2026-11" of the first (a history, not the last trade
asked) and "hotels in Melbourne" of the second (the night asked was lost). Code finds the new value after the words
that correct ("I meant", "I'm in", "make that") and the old one after "not", else the last call's value that the
last question writes.
"""

from __future__ import annotations

import re

from nodes.arguments.places import is_place_name
from nodes.arguments.stop_words import STOP_WORDS

_NEW = re.compile(r"\b(?:i\s+meant|i\s+mean|meant|i'm\s+(?:in|at)|im\s+(?:in|at)|i\s+am\s+(?:in|at)|make\s+(?:that|it)|"
                  r"should\s+(?:have\s+)?(?:said|been))\s+([\w&.'-]+(?:\s+[A-Z][\w&.'-]*){0,2})", re.IGNORECASE)
_OLD = re.compile(r"\b(?:not|instead\s+of|rather\s+than)\s+([\w&.'-]+(?:\s+[A-Z][\w&.'-]*){0,2})", re.IGNORECASE)
MAX_WORDS = 16
# words that open no name: "I'm in the lobby" tells where the asker is, "I meant the other one" points back
_NO_NAME = frozenset("the a an this that these those other one here there it".split())


def corrected_value(question: str, last_asked: str, last_arguments: list[str]) -> str | None:
    """The last question with the value ``question`` corrects replaced; None when it corrects nothing."""
    if len(question.split()) > MAX_WORDS or (new := _NEW.search(question)) is None:
        return None
    value = new.group(1).strip(" .,!?")
    if not value or value.split()[0].lower() in STOP_WORDS | _NO_NAME \
            or re.search(rf"\b{re.escape(value)}\b", last_asked, re.I):
        return None  # "I'm in Rome" after a question about Rome corrects nothing
    old = _OLD.search(question, new.end()) or _OLD.search(question)
    olds = [old.group(1).strip(" .,!?")] if old else []
    for said in [*olds, *sorted(last_arguments, key=len, reverse=True)]:
        found = re.search(rf"\b{re.escape(said)}\b", last_asked, re.I) if said.strip() else None
        # a place stands in for a place, a name for a name: "in Aussie dollars pls, I'm in Perth" after a share
        # price tells where the asker is, it corrects no company
        if found and is_place_name(said) == is_place_name(value):
            return last_asked[: found.start()] + value + last_asked[found.end():]
    return None
