"""Values a failed call's error lists as the ones it accepts: "'lima' is not one of ['America/Lima', ...]",
"must be one of: a, b, c", "valid values are ...", "Available tables: a, b".

Why: a server that refuses a value often names the values it takes, and a retry decoded from those cannot
repeat the mistake (ARCHITECTURE.md decision 8). An error that lists nothing ("Invalid timezone: 'lima'") gives
nothing: the retry keeps the request's own closed set.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from rapidfuzz import fuzz

MAX_VALUES = 200
MAX_RETRY_VALUES = 20
_WORDS = re.compile(r"[^\W_]+")
_CUE = re.compile(
    r"\b(?:is not one of|not one of|must be one of|should be one of|expected one of|one of the following"
    r"|valid (?:values|options|choices)(?: are| is| include)?|allowed (?:values|options)(?: are| is)?"
    r"|possible values(?: are)?|supported (?:values|options|\w+)(?: are| is)?|available \w+(?: are| is)?"
    r"|choose from|choices are|did you mean|input should be|options are|known \w+(?: are)?"
    r"|[a-z]+s (?:are|include):)\s*:?\s*",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"'([^'\n]{1,120})'|\"([^\"\n]{1,120})\"|`([^`\n]{1,120})`")
_WORDS_BETWEEN = re.compile(r"\s*(?:,|\bor\b|\band\b|;|\|)\s*")


def _literal_list(text: str) -> list[str] | None:
    """A bracketed list at the start of ``text`` ("['a', 'b']", '["a"]'), read as JSON or a Python literal."""
    match = re.match(r"\s*(\[[^\]]*\]|\([^)]*\)|\{[^}]*\})", text)
    if match is None:
        return None
    for parse in (json.loads, ast.literal_eval):
        try:
            value = parse(match.group(1))
        except (ValueError, SyntaxError, json.JSONDecodeError):
            continue
        if isinstance(value, (list, tuple, set)):
            return [str(v) for v in value if isinstance(v, (str, int, float)) and not isinstance(v, bool)]
    return None


def _plain_list(text: str) -> list[str]:
    """Values after a cue up to the end of the sentence: quoted ones when any are quoted, else the items
    between commas, "or" and "and"."""
    sentence = re.split(r"(?<=[^\s.])\.(?:\s|$)|\n\n|\n(?=\S+:)", text, maxsplit=1)[0]
    quoted = [next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(sentence)]
    if quoted:
        return quoted
    items = [item.strip(" \t\n.;:?!()[]{}") for item in _WORDS_BETWEEN.split(sentence.replace("\n", ", "))]
    return [item for item in items if item and len(item.split()) <= 4]


def values_listed_in_error(text: str) -> list[str]:
    """The values an error message offers, in its order, each once; [] when it lists none."""
    found: list[str] = []
    for cue in _CUE.finditer(text):
        rest = text[cue.end():]
        listed = _literal_list(rest)
        found.extend(listed if listed is not None else _plain_list(rest))
    return list(dict.fromkeys(v for v in found if v.strip()))[:MAX_VALUES]


def narrowed_to_error_values(schema: dict[str, Any], failed: dict[str, Any], error: str, values: list[str],
                             request_texts: list[str]) -> dict[str, Any] | None:
    """The failed tool's decoding ``schema`` with the property the error rejected (the string argument whose
    value the error quotes, else the only string argument) offered the listed values that share a word with the
    request ("America/Lima" for "time in lima"), beside the values it had, less the one that failed. None when
    no listed value shares a word with the request: a list of every product code says nothing about "nestle"."""
    properties = schema.get("properties") or {}
    strings = [name for name, value in failed.items() if isinstance(value, str) and name in properties]
    quoted = [name for name in strings if failed[name] and failed[name] in error]
    chosen = quoted[:1] or (strings if len(strings) == 1 else [])
    if not chosen or not values:
        return None
    name = chosen[0]
    asked = {w for text in request_texts for w in _WORDS.findall(text.lower()) if len(w) >= 3}
    related = [v for v in values if {w for w in _WORDS.findall(v.lower()) if len(w) >= 3} & asked]
    if not related:
        return None
    ranked = sorted(related, key=lambda v: -fuzz.token_set_ratio(v, " ".join(request_texts)))[:MAX_RETRY_VALUES]
    before = [v for v in (properties[name].get("enum") or []) if v != failed[name]]
    narrowed = {**properties, name: {"enum": list(dict.fromkeys([*ranked, *before])),
                                     "description": properties[name].get("description", "")}}
    return {**schema, "properties": narrowed}
