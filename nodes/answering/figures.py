"""Figures in text: ISO dates, clock times and numbers, each with the canonical forms it may appear in
("7:29 pm" is 19:29; 12.0 is 12). nodes/answering/claims.py matches an answer's figures against the outputs' with these."""

from __future__ import annotations

import re

MARKER = re.compile(r"\[(T\d+\.\d+)\]")
_ISO_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_ISO_T = re.compile(r"(?<=\d{4}-\d{2}-\d{2})T(?=\d{2}:\d{2})")  # "2026-11-20T09:14": a date, then a clock
_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*(am|pm|a\.m\.|p\.m\.)?", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w.:])[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?![\w:])")


def canonical_number(text: str) -> set[str]:
    value = float(text.replace(",", "").lstrip("+"))
    forms = {f"{value:.2f}".rstrip("0").rstrip("."), f"{round(value):d}", f"{abs(value):.2f}".rstrip("0").rstrip(".")}
    forms.add(f"{round(value, 1):.1f}".rstrip("0").rstrip("."))
    return forms


def _canonical_time(hours: str, minutes: str, suffix: str | None) -> str:
    h = int(hours)
    if suffix and suffix.lower().startswith("p") and h < 12:
        h += 12
    if suffix and suffix.lower().startswith("a") and h == 12:
        h = 0
    return f"{h}:{minutes}"


def without_figures(text: str) -> str:
    """``text`` with its dates, clock times and numbers taken out (its markers kept)."""
    return _NUMBER.sub(" ", _TIME.sub(" ", _ISO_DATE.sub(" ", _ISO_T.sub(" ", text))))


def figures_of(text: str) -> list[tuple[str, set[str]]]:
    """Each figure in ``text`` as (as written, canonical forms): ISO dates, clock times, numbers."""
    text = _ISO_T.sub(" ", MARKER.sub(" ", text))
    found: list[tuple[str, set[str]]] = []
    for match in _ISO_DATE.finditer(text):
        found.append((match.group(), {match.group()}))
    text = _ISO_DATE.sub(" ", text)
    for match in _TIME.finditer(text):
        found.append((match.group().strip(), {_canonical_time(*match.groups())}))
    text = _TIME.sub(" ", text)
    for match in _NUMBER.finditer(text):
        found.append((match.group(), {f"{float(match.group().replace(',', '')):.2f}".rstrip("0").rstrip(".")}))
    return found
