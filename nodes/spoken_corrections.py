"""A correction made inside a message, as people dictate or type in a hurry: "what time is it in chicago no wait
I mean denver", "seven hundred and forty divided by sixteen no sorry divided by twelve", "a table for 4, make that
5". The corrected words take the place of the words they correct.

Why: a voice transcriber writes everything said, and the question the user means is the one after the
correction. Every later reader (the intent split, typed values, SQL conditions, the expression reader) would
otherwise see two cities or two divisors and may well pick the first.

Which words are corrected is read from the correction's shape: the longest run of words just before the cue that
lines up with the words just after it (the same function words in the same places, a figure against a figure, a
content word against a content word) is the corrected part: "from paris | from madrid", "3 nights | 4 nights",
"chicago | denver". A cue that lines up with nothing ("there's no wait time") is no correction.
"""

from __future__ import annotations

import re

from bm25s.stopwords import STOPWORDS_EN_PLUS

from nodes.arguments.number_words import as_digits

_CUE = re.compile(
    r"[,;:]?\s*(?:-+\s*)?\b(?:"
    r"no+,?\s+(?:wait|sorry|actually)(?:,?\s+(?:i\s+mean|i\s+meant|make\s+(?:that|it)|its|it's|it\s+is))?"
    r"|(?:no|sorry|wait|oops|oh),?\s+i\s+mean[t]?"
    r"|sorry,?\s+(?:make\s+(?:that|it))"
    r"|make\s+that|scratch\s+that,?(?:\s+(?:make\s+(?:that|it)|i\s+mean))?"
    r"|sorry"  # "multiply 639 by 47 - sorry, 639 by 74": what follows must still line up with what it corrects
    r")\b[,:]?\s+",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w'’.$€£%/-]+")
_FUNCTION_WORDS = frozenset(STOPWORDS_EN_PLUS) | {"um", "uh", "like", "okay", "ok", "whats", "what's", "hey",
                                                  "please"}
_LONGEST = 4  # a correction replaces a name, a figure or a short phrase, not a clause


def _kind(word: str) -> str:
    """A function word is its own kind; a figure ("4", "15%", "sixteen") is one kind and any other word another."""
    lowered = word.lower().strip(".,'’")
    if lowered in _FUNCTION_WORDS:
        return lowered
    return "figure" if any(c.isdigit() for c in as_digits(lowered)) else "content"


def _corrected_words(before: str, after: str) -> int:
    """How many words before the cue the words after it correct; 0 when they line up with none."""
    said = list(_WORD.finditer(before))
    meant = [w.group() for w in _WORD.finditer(after)][:_LONGEST]
    best = 0
    for k in range(1, min(_LONGEST, len(said), len(meant)) + 1):
        run = said[-k:]
        if re.search(r"[?!;:,]", before[run[0].start():run[-1].start()]):
            break  # the corrected part stays inside one clause
        if all(_kind(a.group()) == _kind(b) for a, b in zip(run, meant[:k])):
            best = k
    return best


def _corrected_once(text: str, cue: re.Match[str]) -> str:
    before, after = text[:cue.start()], text[cue.end():]
    k = _corrected_words(before, after)
    if k == 0:
        return text
    start = list(_WORD.finditer(before))[-k].start()
    return before[:start] + after


def without_corrections(text: str) -> str:
    """The message with each correction applied, left to right; a message without one is returned unchanged."""
    for _ in range(3):  # a second thought may follow the first
        cue = _CUE.search(text)
        if cue is None:
            return text
        corrected = _corrected_once(text, cue)
        if corrected == text:
            return text
        text = " ".join(corrected.split())
    return text
