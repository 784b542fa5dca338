"""A decoded value that is only a part of a name the catalogue lists, where the request writes that name whole,
is widened to the whole name: "mexico" becomes "mexico city" for "rooms in mexico city".

Why: the 135M executor cut "Mexico City" to "Mexico" in 5 of 95 held-out requests (benchmarks/distill.py), and
the server then answered for the wrong place or none. Taking "Mexico" out of the closed set does not
help: the model, denied the value it favours, picked "need" or "tourist" instead. So the choice is repaired
after decoding, and only towards a closed set: a name a listing tool returned (``list_cities``; tools/pool.py
``known_names``), exactly as the request writes it. A value the request also writes on its own ("Mexico, not
Mexico City") is left alone.
"""

from __future__ import annotations

import re
from typing import Any

MAX_NAME_WORDS = 4  # as long as a request span may be (nodes/arguments/candidates.py)


def _occurrences(phrase: str, lowered: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(rf"(?<!\w){re.escape(phrase)}(?!\w)", lowered)]


def whole_name(value: str, request_texts: list[str], names: list[str]) -> str:
    """``value``, or the listed name around it as the request writes it, when every place the request
    writes ``value`` lies inside one and the same listed name."""
    wanted = " ".join(value.lower().split())
    keys = {" ".join(n.lower().split()) for n in names}
    keys = {k for k in keys if 1 < len(k.split()) <= MAX_NAME_WORDS and k != wanted and wanted in k}
    if not wanted or not keys:
        return value
    for text in request_texts:
        lowered = text.lower()
        places = _occurrences(wanted, lowered)
        if not places:
            continue
        wholes = [(key, start, end) for key in keys for start, end in _occurrences(key, lowered)]
        around = [next((w for w in wholes if w[1] <= a and b <= w[2]), None) for a, b in places]
        if all(around) and len({w[0] for w in around}) == 1:
            _, start, end = around[0]
            return text[start:end]
        return value
    return value


def widen_to_listed_names(params: dict[str, Any], request_texts: list[str], names: list[str]) -> dict[str, Any]:
    """``params`` with each string (and each string of a list) widened by ``whole_name``."""
    if not names:
        return params

    def widen(value: Any) -> Any:
        if isinstance(value, str):
            return whole_name(value, request_texts, names)
        if isinstance(value, list):
            return [widen(v) for v in value]
        return value

    return {name: widen(value) for name, value in params.items()}
