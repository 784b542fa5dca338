"""Which measure a comparison chooses by, and which end of it wins: "warmer" (the higher temperature), "less humid"
(the lower humidity), "stronger UV", "whichever fare is lower", "stays light later (compare the sunset times)".

Why: choice chains (nodes/choice_chain.py) read only a table of comparative adjectives ("warmer", "calmer",
"cheaper"), so "take the less humid one", "whichever has the stronger UV" and "which is less windy" were no
comparison at all: both alternatives were looked up for the second question and neither was chosen. People
compare by any measure, so a direction word (less, more, lower, stronger, later, ...) next to a word of a measure
of the shared field vocabulary (nodes/field_vocabulary.py) chooses too, whichever comes first ("the fare is
lower", "lower fare").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nodes.field_vocabulary import concepts_of

# comparative (or superlative) -> (measure, whether the larger value wins)
_COMPARATIVES: dict[str, tuple[str, bool]] = {
    **{w: ("temperature", True) for w in ("warmer", "warmest", "hotter", "hottest")},
    **{w: ("temperature", False) for w in ("colder", "coldest", "cooler", "coolest", "chillier", "chilliest")},
    **{w: ("temperature", True) for w in ("milder", "mildest")},
    **{w: ("rain", False) for w in ("drier", "driest", "dryer", "sunnier", "sunniest")},
    **{w: ("rain", True) for w in ("wetter", "wettest", "rainier", "rainiest")},
    **{w: ("wind", True) for w in ("windier", "windiest")},
    **{w: ("wind", False) for w in ("calmer", "calmest")},
    **{w: ("humidity", True) for w in ("muggier", "muggiest", "stickier", "stickiest")},
    **{w: ("price", False) for w in ("cheaper",)},
    **{w: ("price", True) for w in ("pricier",)},
}
# direction words -> whether the larger value wins
_DIRECTIONS = {
    **dict.fromkeys(("higher", "more", "greater", "most", "highest", "stronger", "strongest", "bigger", "later",
                     "latest", "longer", "longest"), True),
    **dict.fromkeys(("lower", "less", "smaller", "least", "lowest", "weaker", "weakest", "fewer", "earlier",
                     "earliest", "shorter", "shortest"), False),
}
# the measures a comparison between places can choose by: a figure each alternative's record holds
COMPARABLE = frozenset({"temperature", "rain", "wind", "humidity", "uv", "price", "rating", "sunset", "sunrise",
                        "duration", "distance"})
# words of a measure that say which unit or time it is counted in rather than what: "per night", "the night"
_NOT_A_MEASURE = frozenset({"night", "nights", "nightly", "c", "chance", "result", "total", "amount", "last",
                            "open", "close", "set", "rise", "long", "min"})
# words that may stand between a direction word and its measure in the words that choose: "less chance of rain"
_BETWEEN = frozenset({"chance", "of", "likely", "to", "the", "a"})
_REACH = 3  # words between a direction word and the measure it compares
_WORD = re.compile(r"[a-z]+")


def _measure_of(word: str) -> str | None:
    if word in _NOT_A_MEASURE:
        return None
    found = concepts_of({word}) & COMPARABLE
    return next(iter(sorted(found))) if len(found) == 1 else None


@dataclass(frozen=True)
class Comparison:
    """A comparison as the question writes it."""

    words: str  # the words that choose: "warmer", "less humid", "lower fare" (a measure said after: "fare is lower")
    measure: str  # a concept of nodes/field_vocabulary.py
    larger_wins: bool
    end: int  # where its words end in the text


def choosing(text: str) -> Comparison | None:
    """The first comparison in ``text``, or None."""
    lowered = text.lower()
    tokens = [(m.start(), m.end(), m.group()) for m in _WORD.finditer(lowered)]
    found: list[tuple[int, Comparison]] = []
    for i, (start, end, word) in enumerate(tokens):
        if word in _COMPARATIVES:
            found.append((start, Comparison(text[start:end], *_COMPARATIVES[word], end)))
        elif word in _DIRECTIONS:
            after = [(j, _measure_of(t[2])) for j, t in enumerate(tokens[i + 1: i + 1 + _REACH], start=i + 1)]
            first = max(0, i - _REACH)
            before = [(j, _measure_of(t[2])) for j, t in enumerate(tokens[first:i], start=first)]
            measured = next(((j, m) for j, m in after if m), None) or next(((j, m) for j, m in reversed(before) if m),
                                                                          None)
            if measured is None:
                continue
            j, measure = measured
            if j > i and all(t[2] in _BETWEEN for t in tokens[i + 1: j]):  # "less chance of rain": as written
                words, at, to = text[start: tokens[j][1]], start, tokens[j][1]
            elif j > i:  # "later (compare the sunset times)": "later sunset"
                words, at, to = f"{text[start:end]} {text[tokens[j][0]: tokens[j][1]]}", start, tokens[j][1]
            else:  # "the fare is lower": "lower fare"
                words, at, to = f"{text[start:end]} {text[tokens[j][0]: tokens[j][1]]}", tokens[j][0], end
            found.append((at, Comparison(words, measure, _DIRECTIONS[word], to)))
    return min(found, key=lambda f: f[0])[1] if found else None
