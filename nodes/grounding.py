"""Drop answer sentences whose figures appear in no evidence: a small model invents numbers.

A figure (a price, a temperature, a date part, a percentage) is supported when the same number occurs in
a tool output, in the question, or in today's date; a rounded form of an evidence number also counts
("11 °C" for 11.2). Sentences without figures are kept: this guards numbers, not wording.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = re.compile(r"(?<![\w.])[-+]?\d+(?:[.,]\d+)*(?![\w])")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_MARKER = re.compile(r"\[T\d+\.\d+\]")


def _numbers(text: str) -> set[str]:
    found = set()
    for raw in _NUMBER.findall(_MARKER.sub(" ", text)):
        value = raw.replace(",", "").lstrip("+")
        try:
            number = float(value)
        except ValueError:
            continue
        found.add(_canonical(number))
    return found


def _canonical(number: float) -> str:
    return f"{number:.2f}".rstrip("0").rstrip(".")


def supported_numbers(*sources: str) -> set[str]:
    """Every number in the sources, plus its rounded forms."""
    supported: set[str] = set()
    for source in sources:
        for text in _numbers(source):
            number = float(text)
            supported.update({text, _canonical(round(number)), _canonical(round(number, 1)),
                              _canonical(abs(number))})
    return supported


@dataclass(frozen=True)
class GroundedText:
    text: str
    dropped: list[str]


def drop_unsupported_sentences(answer: str, supported: set[str]) -> GroundedText:
    """The answer without the sentences that state a figure no source gave (line breaks kept)."""
    kept_lines, dropped = [], []
    for line in answer.splitlines():
        kept = []
        for sentence in (s for s in _SENTENCE.split(line) if s.strip()):
            (dropped if _numbers(sentence) - supported else kept).append(sentence.strip())
        if kept or not line.strip():
            kept_lines.append(" ".join(kept))
    return GroundedText("\n".join(kept_lines).strip(), dropped)
