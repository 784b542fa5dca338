"""Source and target arguments in the order the request gives them.

A small model fills ``from_currency`` / ``to_currency`` (or ``origin`` / ``destination``) with the right two
values about as often in one order as in the other: "how much is 20 USD in MXN" came back as MXN -> USD in
four runs of five. Both values are spans of the request, so the words around them say which is which: the
value after "from" is the source; the value after "to", "into" or "in" is the target; with no such word,
the value named first is the source ("USD EUR rate", "Paris London trip"). This holds for any tool whose
property names pair up this way (from_/to_, source_/target_, origin/destination...), so it is a rule in code,
applied after decoding, not a prompt hint.

The value being converted binds its unit: the place or code written right after a quantity is the source
("3pm in Tokyo in Berlin time", "what time is it in Lima when it's 9am in Madrid", "20 USD in MXN"), and so
does a time written just after a place ("lands in Auckland at 6:30 am, what time is it in Dubai"). A value the
request does not write as such, an IANA zone or a currency code resolved from the request's words
("Asia/Tokyo" from "Tokyo", "CHF" from "Swiss francs"), is found where those words are.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from nodes.arguments.codes import currencies_named
from nodes.arguments.timezones import zones_named

_SOURCE = ("from", "source", "src", "origin", "start", "departure", "base")
_TARGET = ("to", "target", "dest", "destination", "end", "arrival", "quote")
_FIXED_PAIRS = (("origin", "destination"), ("source", "target"), ("start", "end"), ("departure", "arrival"))
_SOURCE_CUES = {"from"}
_TARGET_CUES = {"to", "into", "in", "towards", "for"}
_GOES_TO = {"to", "into", "towards"}


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



def pair_collapses(schema: dict, required: list[str]) -> bool:
    """Whether a required source/target pair of a decoding schema can only take one value: the request resolved
    to a single zone or currency, so "Nairobi -> Nairobi" is all the tool could be called with ("is it past 6pm in
    nairobi": the clock time made the conversion tool look the better fit, and the model was refused three times)."""
    properties = schema.get("properties") or {}
    for source, target in direction_pairs(list(properties)):
        if source not in required or target not in required:
            continue
        enums = [properties[name].get("enum") if isinstance(properties[name], dict) else None
                 for name in (source, target)]
        if all(isinstance(values, list) for values in enums) and \
                len({str(v).strip().lower() for values in enums for v in values}) < 2:
            return True
    return False

# A quantity just before a value, with at most "in" / "at" between: "20 USD", "3pm in Tokyo", "9 am at Madrid",
# "7:30 in the morning in Sydney", "9:30 here in Chicago", "5 o'clock in the morning today in Honolulu".
_FIGURE_AFTER = re.compile(r"\s?\d")
_QUANTITY_BEFORE = re.compile(r"(?:\d(?:[\d,.:]*\d)?\s*(?:[ap]\.?m\.?|[kmb]|%|o'?\s?clock|thousand|million|billion|"
                              r"grand|mn|bn)?|\bnoon|\bmidnight)"
                              r"\s*(?:(?:in the (?:morning|afternoon|evening)|at night|tonight|today|tomorrow)\s+){0,2}"
                              r"(?:(?:here|there)\s+)?(?:\b(?:in|at)\s+)?$", re.IGNORECASE)


# A time just after a place binds it too: "lands in Auckland at 6:30 am", "if in Madrid it is 09:00"; so does a time later in the same
# sentence that is "their time" or "local", with no other name between ("a supplier in Auckland wants a call at
# 07:30 their time"; not Denver in "I'm in Denver and a client in Johannesburg wants a call at 4:45 pm their time").
_TIME_AFTER = re.compile(r"\s*(?:at|@|,?\s*it is|,?\s*it's|,?\s*its)\s+(?:\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?|noon|"
                         r"midnight)\b|"
                         # the time right after the place: "Istanbul 4pm. I keep thinking that's 9am in Mexico City"
                         r"\s+(?:\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?|\d{1,2}:\d{2})(?![\w:])|"
                         r"(?-i:[^.?!A-Z]){0,50}?\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s+(?:their|local|there|her|his)\b",
                         re.IGNORECASE)


# A time the asker gives in their own time, and the place the asker says they are in: "I'm in Chicago", "I live
# in Nova Scotia", "we're based in Lyon".
_MY_TIME = re.compile(r"\d(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s+(?:my|our)\s+time\b", re.IGNORECASE)
_SPEAKER_BEFORE = re.compile(r"\b(?:i'?m|i am|i live|we'?re|we are|we live|based|here)\b(?:\s+\w+){0,2}?\s+in\s+$",
                             re.IGNORECASE)


@lru_cache(maxsize=256)
def _resolved_from(text: str) -> dict[str, tuple[str, ...]]:
    """Zone or code -> the words of ``text`` it was resolved from (once per text: every step check asks)."""
    spans: dict[str, tuple[str, ...]] = {}
    for span, value in [*zones_named([text]), *currencies_named([text])]:
        spans[value] = (*spans.get(value, ()), span)
    return spans


def _written_as(text: str, value: str) -> list[str]:
    """How the request may write ``value``: itself, or the words a zone or code was resolved from."""
    if "/" in value or value.isupper():
        return [value, *_resolved_from(text).get(value, ())]
    return [value]


def _mention(text: str, value: str) -> tuple[int, str, bool] | None:
    """Where ``value`` first occurs in ``text`` as whole words (or as the words it was resolved from), the word
    just before it, and whether a quantity comes just before it."""
    # a symbol goes with the figure after it: "£500"
    matches = sorted((m for written in _written_as(text, value)
                      for m in re.finditer(rf"(?<![\w]){re.escape(written)}(?![\w])" if written[-1:].isalnum()
                                           else re.escape(written), text, re.IGNORECASE)),
                     key=lambda m: m.start())
    if not matches:
        return None

    def bound_at(found: re.Match[str]) -> bool:
        if _MY_TIME.search(text):  # "I'm in Chicago. If I call my mom in Madrid at 8pm my time": Chicago's time
            return bool(_SPEAKER_BEFORE.search(text[: found.start()]))
        return bool(_QUANTITY_BEFORE.search(text[: found.start()]) or _TIME_AFTER.match(text[found.end():])
                    or (not found.group()[-1:].isalnum() and _FIGURE_AFTER.match(text[found.end():])))

    # the mention a quantity binds, else the first: "living in Honolulu ... When it's 22:15 here in Honolulu"
    found = next((m for m in matches if bound_at(m)), matches[0])
    before = re.findall(r"[a-z]+", text[: found.start()].lower())
    return found.start(), before[-1] if before else "", bound_at(found)


def should_swap(text: str, source_value: str, target_value: str) -> bool:
    """True when the request names ``target_value`` as the source and ``source_value`` as the target."""
    first, second = _mention(text, source_value), _mention(text, target_value)
    if first is None or second is None or source_value.lower() == target_value.lower():
        return False
    (source_at, source_cue, source_quantity), (target_at, target_cue, target_quantity) = first, second
    # the converted quantity binds the source ("9am in Madrid"), even where the other value follows "from": "a call
    # at 16:00 their time [Berlin], and I'll be dialling in from Mexico City"
    if source_quantity != target_quantity:
        return target_quantity
    if source_cue in _SOURCE_CUES or target_cue in _SOURCE_CUES:  # "from" says it outright
        return target_cue in _SOURCE_CUES and source_cue not in _SOURCE_CUES
    if source_cue in _TARGET_CUES and target_cue not in _TARGET_CUES:
        return True
    # "to" and "into" say where a value goes; "in" may only say where something is: "a table in Madrid for 20:00,
    # convert that to Toronto time"
    if (source_cue in _GOES_TO) != (target_cue in _GOES_TO):
        return source_cue in _GOES_TO
    if {source_cue, target_cue} & _TARGET_CUES:
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


def _one_named_swaps(text: str, source_value: str, target_value: str) -> bool | None:
    """When the request names only one of the pair (the other came from an earlier output: the currency of a
    quote), whether the cue before it puts it on the other side: "samsung share price in singapore dollars"
    converted SGD -> KRW, and "in" makes SGD the target. None when neither or both are named."""
    first, second = _mention(text, source_value), _mention(text, target_value)
    if (first is None) == (second is None) or source_value.lower() == target_value.lower():
        return None
    if first is not None:  # the named value sits in the source slot; a quantity it binds keeps it there
        return first[1] in _TARGET_CUES and not first[2]
    return second[1] in _SOURCE_CUES or second[2]


def order_by_request(params: dict[str, Any], texts: list[str]) -> dict[str, Any]:
    """``params`` with each source/target pair swapped where the request names the two the other way round, or
    names one of them on the other side."""
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
        else:
            for text in texts:
                if (swap := _one_named_swaps(text, a, b)) is not None:
                    if swap:
                        fixed[source], fixed[target] = b, a
                    break
    return fixed
