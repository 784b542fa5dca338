"""Items a user sets apart on their own lines or between semicolons: "Hong Kong, Tuesday:\n- forecast\n- cheapest
room", "cheapest shanghai hotel on the 7th; intel stock; 90 EUR→TRY". Each item is an intent however short it is,
where a short part joined by "and" ("weather in Berlin and Madrid") is not (nodes/intent_split.py).
"""

from __future__ import annotations

import re

# Items the user set apart on their own: a line that opens with a bullet or a number ("- forecast", "2) intel"), or
# a part between semicolons ("cheapest shanghai hotel on the 7th; intel stock; 90 EUR→TRY")
_BULLETED = re.compile(r"(?:^|\n)\s*(?:[-*•·]|\d+[.)])\s+")
_SEMICOLON = re.compile(r"\s*;\s*")


# the same list once its lines are joined into one (nodes/question.py reads a message as one line): it opens with its
# first bullet, and the others follow as " - " ("- forecast - cheapest room for Tue night - top rated restaurant")
_OPENING_BULLET = re.compile(r"^\s*[-*•·]\s+")
_JOINED_BULLET = re.compile(r"\s+[-*•·]\s+")


def listed_items(question: str) -> list[str]:
    """The items of a message that lists them on bulleted lines or between semicolons; [] for any other message."""
    if len(_BULLETED.findall(question)) >= 2:
        items = _BULLETED.split(question)
    elif _OPENING_BULLET.match(question) and _JOINED_BULLET.search(question):
        items = _JOINED_BULLET.split(_OPENING_BULLET.sub("", question, count=1))
    elif ";" in question:
        items = _SEMICOLON.split(question)
    else:
        return []
    return [item.strip(" ,.?!\n") for item in items if item.strip(" ,.?!\n")]
