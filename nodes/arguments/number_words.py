"""Numbers written as words, as digits: "twelve times eight" -> "12 times 8", "a third of 90" -> "1/3 of 90",
"double 45" -> "2 times 45", "3 to the 4th" -> "3 to the power of 4".

Why: the arithmetic grammar (nodes/arguments/expressions.py) reads only digits, and people type "split it
three ways" or "two thirds of the budget". Cardinal words are read by text2num (a maintained parser of spelled
numbers; told to leave only a lone "one" alone: "one of my friends", but "two adult tickets"); the few English fraction and multiple words
are mapped here, before it, so "a third" stays a fraction and does not become the ordinal "3rd".
"""

from __future__ import annotations

import re

from text_to_num import alpha2digit

_NUMERATORS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
               "eight": 8, "nine": 9}
_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
                 "fourths": 4, "fifth": 5, "fifths": 5, "sixth": 6, "sixths": 6, "eighth": 8, "eighths": 8,
                 "tenth": 10, "tenths": 10}
_FRACTION = re.compile(rf"\b(?:(?P<num>{'|'.join(_NUMERATORS)})[\s-]+)?(?P<den>{'|'.join(_DENOMINATORS)})\s+of\b",
                       re.IGNORECASE)
_MULTIPLE = re.compile(r"\b(?P<word>double|twice|triple|thrice|quadruple)\s+(?=[$€£]?\d)", re.IGNORECASE)
_MULTIPLES = {"double": 2, "twice": 2, "triple": 3, "thrice": 3, "quadruple": 4}
_ORDINAL_POWER = re.compile(r"\bto the (\d+)(?:st|nd|rd|th)(?: power)?\b", re.IGNORECASE)


# "1 million", "2.5 billion": the digits times the scale word (text2num would read the word alone: "1 1000000")
_SCALED = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s+(thousand|million|billion|trillion)\b", re.IGNORECASE)
_SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
# "2 and a half hours", "1 and three quarters"
_AND_A_PART = re.compile(r"\b(\d+) and (a half|a quarter|three quarters)\b", re.IGNORECASE)
_PARTS = {"a half": ".5", "a quarter": ".25", "three quarters": ".75"}


def _scaled(match: re.Match[str]) -> str:
    value = float(match[1]) * _SCALES[match[2].lower()]
    return str(int(value)) if value == int(value) else repr(value)


def _fraction(match: re.Match[str]) -> str:
    numerator = _NUMERATORS[(match["num"] or "one").lower()]
    return f"{numerator}/{_DENOMINATORS[match['den'].lower()]} of"


def as_digits(text: str) -> str:
    """``text`` with spelled numbers, fractions of something and multiples written in digits."""
    text = _FRACTION.sub(_fraction, text)
    text = _MULTIPLE.sub(lambda m: f"{_MULTIPLES[m['word'].lower()]} times ", text)
    text = _SCALED.sub(_scaled, text)
    text = alpha2digit(text, "en", threshold=2)  # "two adult tickets" counts; a lone "one" stays a word
    text = _AND_A_PART.sub(lambda m: m[1] + _PARTS[m[2].lower()], text)
    return _ORDINAL_POWER.sub(r"to the power of \1", text)
