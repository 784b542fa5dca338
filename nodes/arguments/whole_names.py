"""A decoded value that is only a part of a name the catalogue lists, where the request writes that name whole,
is widened to the whole name: "mexico" becomes "mexico city" for "rooms in mexico city".

Why: the 135M executor cut "Mexico City" to "Mexico" in 5 of 95 held-out requests (benchmarks/distill.py), and
the server then answered for the wrong place or none. Taking "Mexico" out of the closed set does not
help: the model, denied the value it favours, picked "need" or "tourist" instead. So the choice is repaired
after decoding, and only towards a closed set: a name a listing tool returned (``list_cities``; tools/pool.py
``known_names``), exactly as the request writes it. A value the request also writes on its own ("Mexico, not
Mexico City") is left alone.

The other way too: a decoded name with words at its end that no listed name has is cut to the listed name the
rest of it names ("samsung equity" -> "samsung", "ibm shares" -> "ibm"): the executor took the word after
the name into the span, and the server resolves no "samsung equity". Only a name property's value (never a
free-text query's) is cut, towards the server's own listed names the request writes, and only when the words
kept name exactly one of them.
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


_WORD = re.compile(r"[^\W_]+")


def listed_part(value: str, names: list[str]) -> str:
    """``value`` less its leading or trailing words that no listed name has, when the words kept are all words of
    exactly one listed name ("samsung equity" -> "samsung" for "Samsung Electronics Co., Ltd."); else
    ``value``."""
    words = value.split()
    if len(words) < 2 or not names:
        return value
    listed = [set(_WORD.findall(n.lower())) for n in names]
    vocabulary = set().union(*listed)

    def known(word: str) -> bool:
        return bool(set(_WORD.findall(word.lower())) & vocabulary)

    flags = [known(w) for w in words]
    if all(flags) or not any(flags):
        return value
    lead = flags.index(False)  # the known words before the first unknown one
    trail = flags[::-1].index(False)  # and after the last
    ends = [words[:lead] if lead and not any(flags[lead:]) else [],
            words[len(words) - trail:] if trail and not any(flags[:len(words) - trail]) else []]
    for kept in ends:
        wanted = {w for word in kept for w in _WORD.findall(word.lower())}
        if kept and sum(wanted <= name for name in listed) == 1:
            return " ".join(kept)
    return value


def widen_to_listed_names(params: dict[str, Any], request_texts: list[str], names: list[str], *,
                          named: list[str] = (), name_properties: set[str] = frozenset()) -> dict[str, Any]:
    """``params`` with each string (and each string of a list) widened by ``whole_name``; those of the
    ``name_properties`` (names, not free text) first cut by ``listed_part`` to one of ``named``: the server's own
    listed names the request writes (nodes/executor_inputs.py), so that no other server's name decides."""
    if not names and not named:
        return params

    def repair(value: Any, cut: bool) -> Any:
        if isinstance(value, str):
            return whole_name(listed_part(value, list(named)) if cut else value, request_texts, names)
        if isinstance(value, list):
            return [repair(v, cut) for v in value]
        return value

    return {name: repair(value, name in name_properties) for name, value in params.items()}
