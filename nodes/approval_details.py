"""What a held call's id stands for, from the outputs the run already has: "hotel_id 181" becomes "hotel_id 181
(Hôtel Lumière: stars 4, rating 8.7, total price 189 EUR)".

Why: a person approving a booking sees only the tool's arguments, and an id tells them nothing. The record the
id came from is in an earlier output of the same run (the search that listed it), so its name and its price and
rating fields are read from there, by code, never from a model. Which fields to show comes from the shared field
vocabulary (nodes/field_vocabulary.py), so it holds for any server whose records name their fields.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from nodes.field_vocabulary import field_concepts

_NAME_KEYS = ("name", "title", "label", "display_name")
_SHOWN_CONCEPTS = ("rating", "price", "availability", "departure", "arrival", "duration")
MAX_FIELDS = 4
MAX_TEXT = 60


def _records(value: Any) -> Iterator[dict[str, Any]]:
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from _records(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _records(inner)


def _parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None  # a plain-text output holds no records to read


def record_for(key: str, value: Any, outputs: Iterable[str]) -> dict[str, Any] | None:
    """The first record of ``outputs`` (JSON texts) whose ``key`` (or ``id``) field equals ``value``."""
    if isinstance(value, (dict, list)) or value is None or isinstance(value, bool):
        return None
    for text in outputs:
        for record in _records(_parsed(text)):
            for field in (key, "id"):
                if field in record and str(record[field]) == str(value):
                    return record
    return None


def _name(record: dict[str, Any]) -> str | None:
    """The record's name: a generic name field, else the first field whose name ends in "name"."""
    keys = [*_NAME_KEYS, *(k for k in record if k.lower().endswith("name") and k not in _NAME_KEYS)]
    for key in keys:
        if isinstance(record.get(key), str) and record[key].strip():
            return record[key].strip()[:MAX_TEXT]
    return None


def _shown_fields(record: dict[str, Any]) -> list[str]:
    """Up to MAX_FIELDS scalar fields a person decides by (rating, price, seats left, times), in that order of
    concept; a price field carries the record's currency."""
    currency = next((record[k] for k in ("currency", "currency_code") if isinstance(record.get(k), str)), "")
    ranked: list[tuple[int, str]] = []
    for key, value in record.items():
        if isinstance(value, bool) or not isinstance(value, (int, float, str)) or key.endswith("id"):
            continue
        if isinstance(value, str) and len(value) > MAX_TEXT:
            continue
        concepts = field_concepts((key,))
        order = next((i for i, concept in enumerate(_SHOWN_CONCEPTS) if concept in concepts), None)
        if order is None:
            continue
        shown = f"{key.replace('_', ' ')} {value}" + (f" {currency}" if "price" in concepts and currency else "")
        ranked.append((order, shown))
    return [shown for _, shown in sorted(ranked, key=lambda pair: pair[0])[:MAX_FIELDS]]


def described_value(key: str, value: Any, outputs: Iterable[str]) -> str | None:
    """"Hôtel Lumière: stars 4, total price 189 EUR" for the record ``value`` names; None when no output lists it or
    the record has neither a name nor a field worth showing."""
    record = record_for(key, value, outputs)
    if record is None:
        return None
    name, fields = _name(record), _shown_fields(record)
    if not name and not fields:
        return None
    return f"{name}: {', '.join(fields)}" if name and fields else name or ", ".join(fields)
