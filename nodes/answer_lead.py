"""The direct answer, picked by code: the fields of the cited outputs that the question asks about.

Why: when the model's text does not survive the claim check, the user got every fact of every output and
had to find the one asked for ("what time is sunset in Toronto this saturday" -> a whole forecast row). The
question names what it measures (sunset, price, rating, rain...; the concepts of nodes/claims.py), and so do
the outputs' field names; the fields where both meet are the answer, copied with their labels, units and
markers, so they are as faithful as the outputs themselves. Works for any tool's JSON. A question that names
no such concept gets no lead line.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from nodes.claims import concepts_of, field_concepts
from nodes.fact_rendering import label_and_unit, value_text

MAX_LINES = 3
MAX_FIELDS = 2
_WORD = re.compile(r"[a-z°%$€£¥]+")
_TITLE_KEYS = ("name", "title", "city", "symbol", "flight_no", "train_no", "date")


def _title(record: dict[str, Any]) -> str:
    return next((str(record[k]) for k in _TITLE_KEYS if isinstance(record.get(k), (str, int)) and record.get(k) != ""), "")


def _records(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(title, record): the output itself, then the items of its lists of records, titled by their parent."""
    top = _title(data)
    yield top, data
    for value in data.values():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    yield ", ".join(t for t in (top, _title(item)) if t), item


def lead_lines(question: str, evidence: list[dict[str, Any]]) -> list[str]:
    """'Toronto, 2026-11-28 — sunset: 16:48 [T1.1]' lines for the fields the question asks about."""
    named = concepts_of(set(_WORD.findall(question.lower())))
    if not named:
        return []
    lines: list[str] = []
    for item in evidence:
        try:
            data = json.loads(item.get("full_output") or item["output"])
        except (json.JSONDecodeError, TypeError):
            continue
        if not isinstance(data, dict):
            continue
        for title, record in _records(data):
            picked = [key for key, value in record.items()
                      if isinstance(value, (int, float, str)) and not isinstance(value, bool)
                      and field_concepts((key,)) & named][:MAX_FIELDS]
            if not picked:
                continue
            fields = []
            for key in picked:
                label, unit = label_and_unit(key, record)
                fields.append(f"{label}: {value_text(record[key])}{unit if unit in ('%', '°C') else (' ' + unit if unit else '')}")
            lines.append(f"{title + ' — ' if title else ''}{'; '.join(fields)} [{item['marker']}]")
            if len(lines) == MAX_LINES:
                return lines
    return lines
