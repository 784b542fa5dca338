"""Where the executor's free values come from: word n-grams of the request (spans that neither start nor end with a
stop word, nor overlap a date phrase; chat courtesy words such as "pls" are stop words), and the short strings and
numbers inside dependency outputs. Read by nodes/arguments/candidates.py, which builds the closed set from them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from nodes.courtesy_words import COURTESY_WORDS

MAX_SPAN_WORDS = 4
MAX_DEPENDENCY_VALUES = 60
MAX_DEPENDENCY_VALUE_CHARS = 60
TOKEN = re.compile(r"[\w][\w'&.\-]*[\w]|[\w]")
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w])")
_POSSESSIVE = re.compile(r"['’]s$")
_STOP = frozenset("""a an and are as at be by can could do does for from get give has have how i in is it
    its me my of on or our please show tell that the their then there this to want was what whats what's
    when where which who will with would you your any some much many find look up check
    top best cheapest nearest highest lowest most least""".split()) | COURTESY_WORDS


def request_spans(text: str, blocked: list[tuple[int, int]]) -> list[str]:
    """Word n-grams of ``text`` that neither start nor end with a stop word and overlap no date phrase."""
    tokens = [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(text)]
    found: list[str] = []
    for i in range(len(tokens)):
        for size in range(1, MAX_SPAN_WORDS + 1):
            if i + size > len(tokens):
                break
            first, last = tokens[i], tokens[i + size - 1]
            if first[0].lower() in _STOP or last[0].lower() in _STOP:
                continue
            if any(first[1] < end and start < last[2] for start, end in blocked):
                continue
            span = closed_brackets(text[first[1] : last[2]], text[last[2]:last[2] + 1])
            if span is None:
                continue
            stem = _POSSESSIVE.sub("", span)
            # "Coca-Cola's stock price": the name is "Coca-Cola" (the possessive form stays, after it: "McDonald's")
            found.extend([stem, span] if stem != span and stem else [span])
    return found


def closed_brackets(span: str, following: str) -> str | None:
    """``span`` with its brackets closed: "iPad Air 11 (M2" takes the ")" that follows it; None when a bracket
    stays open or closes without opening ("11 (M2", "M2) price"). Words are tokens, brackets are not, and a
    value cut inside a bracket is nothing anyone named."""
    for opening, closing in ("()", "[]"):
        depth = 0
        for char in span:
            depth += (char == opening) - (char == closing)
            if depth < 0:
                return None
        if depth == 1 and following == closing:
            span += closing
        elif depth:
            return None
    return span


def dependency_values(outputs: list[str]) -> tuple[list[str], list[tuple[str, float]]]:
    """Short strings, and numbers with their field, inside dependency outputs (JSON when it parses, else
    its words)."""
    strings: list[str] = []
    numbers: list[tuple[str, float]] = []

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                walk(item, str(name))
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, bool):
            return
        elif isinstance(value, (int, float)):
            numbers.append((key, float(value)))
        elif isinstance(value, str) and 0 < len(value) <= MAX_DEPENDENCY_VALUE_CHARS:
            strings.append(value)

    for output in outputs:
        try:
            walk(json.loads(output), "")
        except (json.JSONDecodeError, TypeError):
            strings.extend(request_spans(output, []))
            numbers.extend(("", float(n)) for n in NUMBER.findall(output))
    return list(dict.fromkeys(strings))[:MAX_DEPENDENCY_VALUES], numbers[:MAX_DEPENDENCY_VALUES]
