"""Records inside a tool's output, and the lines that show them: the walk over an output's nested records with
each one's title ("Toronto, Sat 2026-11-28"), and a field, a few fields or a small result as one line with its
label, unit and marker.

Why apart from nodes/answering/answer_lead.py: that module decides which part of an output answers the question;
this one only knows how outputs are shaped and how a picked part is written, whatever was asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from typing import Any

from nodes.answering.fact_rendering import label_and_unit, value_text

MAX_FIELDS = 2
MAX_COLUMN_ITEMS = 12
_TITLE_KEYS = ("name", "title", "city", "symbol", "flight_no", "train_no", "date")


def title_key_of(record: dict[str, Any]) -> str | None:
    return next((k for k in _TITLE_KEYS if isinstance(record.get(k), (str, int)) and record.get(k) != ""), None)


_ISO_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def _title(record: dict[str, Any]) -> str:
    """The record's name; a day with its weekday, computed here, never the model's ("Fri 2026-11-27")."""
    key = title_key_of(record)
    if not key:
        return ""
    value = str(record[key])
    if _ISO_DAY.match(value):
        try:
            return f"{date.fromisoformat(value):%a} {value}"
        except ValueError:
            return value
    return value


def records(data: dict[str, Any], title: str | None = None, depth: int = 0) -> Iterator[tuple[str, dict[str, Any]]]:
    """(title, record): the output itself, then its nested records (items of its lists of records, and its
    dict values), each titled by its parents."""
    top = _title(data) if title is None else title
    yield top, data
    if depth == 3:
        return
    for key, value in data.items():
        if isinstance(value, list):
            for item in value:
                if isinstance(item, dict):
                    yield from records(item, ", ".join(t for t in (top, _title(item)) if t), depth + 1)
        elif isinstance(value, dict):
            yield from records(value, ", ".join(t for t in (top, _title(value) or key.replace("_", " ")) if t),
                                depth + 1)


def scalar(value: Any) -> bool:
    return isinstance(value, (int, float, str)) and not isinstance(value, bool)


def field_text(key: str, record: dict[str, Any]) -> str:
    label, unit = label_and_unit(key, record)
    return f"{label}: {value_text(record[key])}{unit if unit in ('%', '°C') else (' ' + unit if unit else '')}"


def value_line(subject: str, value: str, marker: str) -> str:
    """'7% of 1250 = 87.5 [T1.1]': a computation's subject holds figures, and reads as an equation."""
    if not subject:
        return f"{value} [{marker}]"
    joiner = " = " if any(c.isdigit() for c in subject) else ": "
    return f"{subject}{joiner}{value} [{marker}]"


def fields_line(title: str, record: dict[str, Any], keys: list[str], marker: str) -> str:
    return f"{title + ' — ' if title else ''}{'; '.join(field_text(k, record) for k in keys)} [{marker}]"


def first_text_key(record: dict[str, Any]) -> str | None:
    """The first field, when it holds words (a SQL row's label column): None for a number or a bare code."""
    key = next(iter(record), None)
    value = record.get(key) if key is not None else None
    return key if isinstance(value, str) and re.search(r"[A-Za-z]{2}", value) and len(record) > 1 else None


def small_result_line(data: dict[str, Any] | list[Any], subject: str, marker: str) -> str | None:
    """A result small enough to be the answer as a whole: one flat record with at most MAX_FIELDS fields
    besides its title (a one-cell result reads as the question's subject and the value), one column of a few
    rows ("name: Engineering, Sales, ..."), or a few rows each labelled by its first, text column ("Eleanor Price
    — salary: 225000, Ada Whitfield — salary: 212000")."""
    rows = data if isinstance(data, list) else [data]
    flat = all(isinstance(r, dict) and r and all(scalar(v) or v is None for v in r.values()) for r in rows)
    if not rows or not flat:
        return None
    if len(rows) == 1:
        record = {k: v for k, v in rows[0].items() if v is not None and v != ""}
        title_key = title_key_of(record)
        fields = [k for k in record if k != title_key] or ([title_key] if title_key else [])
        if not fields or len(fields) > MAX_FIELDS:
            return None
        if len(fields) == 1 and (title_key is None or fields == [title_key]):
            return value_line(subject, value_text(record[fields[0]]), marker)
        return fields_line(str(record[title_key]) if title_key else "", record, fields, marker)
    keys = {tuple(r) for r in rows}
    if len(keys) == 1 and len(next(iter(keys))) == 1 and len(rows) <= MAX_COLUMN_ITEMS:
        [key] = next(iter(keys))
        label, unit = label_and_unit(key, rows[0])
        return f"{label}: {', '.join(value_text(r[key]) for r in rows)}{' ' + unit if unit else ''} [{marker}]"
    if len(keys) == 1 and 2 <= len(next(iter(keys))) <= 1 + MAX_FIELDS and len(rows) <= MAX_COLUMN_ITEMS:
        # a few labelled rows ("the three highest-paid", "headcount per department"): each row by its label
        label_key, *others = next(iter(keys))
        if all(isinstance(r[label_key], str) and r[label_key] for r in rows):
            listed = ", ".join(f"{r[label_key]} — {'; '.join(field_text(k, r) for k in others)}" for r in rows)
            return f"{listed} [{marker}]"
    return None


MAX_RECORD_FIELDS = 3


def one_record_line(data: dict[str, Any], marker: str) -> str | None:
    """A question that names the record but none of its fields ("weather in Beijing tomorrow") asked for the one
    record the output holds: its first fields, in the server's order, under its titles ("Beijing, Fri 2026-11-27
    — condition: partly cloudy; high: 10.5°C; low: -0.4°C")."""
    nested = [(title, record) for title, record in records(data) if record is not data]
    return _first_fields_line(*nested[0], marker) if len(nested) == 1 else None


def _first_fields_line(title: str, record: dict[str, Any], marker: str) -> str | None:
    """The record's first MAX_RECORD_FIELDS scalar fields besides its title, in the server's order, as one line."""
    title_key = title_key_of(record)
    fields = [k for k, v in record.items() if scalar(v) and k != title_key][:MAX_RECORD_FIELDS]
    return fields_line(title, record, fields, marker) if fields else None


MAX_DAYS = 7


def day_record_lines(data: dict[str, Any], marker: str) -> list[str]:
    """A question that names no field, asked of a few days ("weather in Cairo this weekend"): the output's records
    are days of one shape, and each day's first fields make one line, as ``one_record_line`` writes one day. Empty
    unless the nested records are two to MAX_DAYS alike records, each titled by an ISO day."""
    nested = [(title, record) for title, record in records(data) if record is not data]
    shapes = {tuple(k for k, v in record.items() if scalar(v)) for _, record in nested}
    if not 2 <= len(nested) <= MAX_DAYS or len(shapes) != 1 \
            or not all(_ISO_DAY.match(str(record.get(title_key_of(record) or "", ""))) for _, record in nested):
        return []
    return [line for title, record in nested if (line := _first_fields_line(title, record, marker))]
