"""Source and target arguments in the order the request gives them.

A small model fills ``from_currency`` / ``to_currency`` (or ``origin`` / ``destination``) with the right two
values about as often in one order as in the other: "how much is 20 USD in MXN" came back as MXN -> USD in
four runs of five. Both values are spans of the request, so the words around them say which is which: the
value after "from" is the source; the value after "to", "into" or "in" is the target; with no such word,
the value named first is the source ("USD EUR rate", "Paris London flights"). This holds for any tool whose
property names pair up this way, so it is a rule in code, applied after decoding, not a prompt hint.
"""

from __future__ import annotations

import re
from typing import Any

_SOURCE = ("from", "source", "src", "origin", "start", "departure", "base")
_TARGET = ("to", "target", "dest", "destination", "end", "arrival", "quote")
_FIXED_PAIRS = (("origin", "destination"), ("source", "target"), ("start", "end"), ("departure", "arrival"))
_SOURCE_CUES = {"from"}
_TARGET_CUES = {"to", "into", "in", "towards", "for"}


def _role_parts(name: str) -> tuple[str, str] | None:
    """("from", "currency") for ``from_currency``; ("to", "currency") for ``toCurrency``; None otherwise."""
    words = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower().split("_")
    if len(words) >= 2 and words[0] in _SOURCE + _TARGET:
        return words[0], "_".join(words[1:])
    if len(words) >= 2 and words[-1] in _SOURCE + _TARGET:
        return words[-1], "_".join(words[:-1])
    return None


def direction_pairs(properties: list[str]) -> list[tuple[str, str]]:
    """(source property, target property) pairs among a tool's properties."""
    pairs = [(a, b) for a, b in _FIXED_PAIRS if a in properties and b in properties]
    parts = {name: _role_parts(name) for name in properties}
    for source, role in parts.items():
        if role is None or role[0] not in _SOURCE:
            continue
        for target, other in parts.items():
            if other is not None and other[0] in _TARGET and other[1] == role[1] and (source, target) not in pairs:
                pairs.append((source, target))
    return pairs


def _mention(text: str, value: str) -> tuple[int, str] | None:
    """Where ``value`` first occurs in ``text`` as whole words, and the word just before it."""
    match = re.search(rf"(?<![\w]){re.escape(value)}(?![\w])", text, re.IGNORECASE)
    if match is None:
        return None
    before = re.findall(r"[a-z]+", text[: match.start()].lower())
    return match.start(), before[-1] if before else ""


def should_swap(text: str, source_value: str, target_value: str) -> bool:
    """True when the request names ``target_value`` as the source and ``source_value`` as the target."""
    first, second = _mention(text, source_value), _mention(text, target_value)
    if first is None or second is None or source_value.lower() == target_value.lower():
        return False
    (source_at, source_cue), (target_at, target_cue) = first, second
    if source_cue in _TARGET_CUES and target_cue not in _TARGET_CUES:
        return True
    if target_cue in _SOURCE_CUES and source_cue not in _SOURCE_CUES:
        return True
    if {source_cue, target_cue} & (_SOURCE_CUES | _TARGET_CUES):
        return False
    return target_at < source_at


def _enum_of(spec: dict[str, Any]) -> list[Any]:
    if "enum" in spec:
        return list(spec["enum"])
    return [v for branch in spec.get("anyOf") or [] if isinstance(branch, dict) for v in branch.get("enum", [])]


def separate_pair(params: dict[str, Any], schema: dict[str, Any], texts: list[str]) -> dict[str, Any]:
    """A source/target pair given one value twice ("USD" -> "USD" for "oracle stock price in CNY") takes as
    its target the one other enum value the request names, when there is exactly one; else it is left as is
    (and the step check refuses it)."""
    fixed = dict(params)
    properties = schema.get("properties") or {}
    for source, target in direction_pairs(list(params)):
        value = fixed.get(source)
        if not isinstance(value, str) or str(fixed.get(target, "")).lower() != value.lower():
            continue
        named = [v for v in _enum_of(properties.get(target) or {})
                 if isinstance(v, str) and v.lower() != value.lower() and any(_mention(t, v) for t in texts)]
        if len(named) == 1:
            fixed[target] = named[0]
    return fixed


def order_by_request(params: dict[str, Any], texts: list[str]) -> dict[str, Any]:
    """``params`` with each source/target pair swapped where the request names the two the other way round."""
    fixed = dict(params)
    for source, target in direction_pairs(list(params)):
        a, b = fixed.get(source), fixed.get(target)
        if not (isinstance(a, str) and isinstance(b, str)):
            continue
        for text in texts:
            if _mention(text, a) and _mention(text, b):
                if should_swap(text, a, b):
                    fixed[source], fixed[target] = b, a
                break
    return fixed
