"""A readable rendering of tool outputs: field labels, values and units, one line per fact, each with its
marker. What the user reads when the answer model's text does not survive the claim check.

Works on any tool's JSON, and on the Python literals many third-party servers print (``str(rows)`` of a
SQLite server: ``[{'COUNT(*)': 7}]``), read the same way (``parse_output``): top-level values make one line,
each item of a list one line (the first few items; the rest counted). Units come from field-name suffixes
(``high_c`` -> °C) and a sibling ``currency`` field. Plain text is quoted: one paragraph (a web page) shortened
at a word boundary, a text of several lines (a file, a directory listing) line by line: the first few, or, when
the text is longer and a question is given, the lines holding the question's words first, in the text's order.
"""

from __future__ import annotations

import ast
import json
import math
import re
from datetime import datetime
from typing import Any

from indexes.bm25 import tokenize
from indexes.document_coverage import QUESTION_WORDS, written_plainly
from nodes.answering.output_context import with_output_context

MAX_ITEMS = 7
MAX_TEXT_CHARS = 320
MAX_LINE_FIELDS = 14
MAX_TEXT_LINES = 12
MAX_TEXT_LINE_CHARS = 200
MAX_LITERAL_CHARS = 200_000  # a larger output is read as text: literal_eval's cost grows with it
# Fields that describe the response rather than the world.
SKIPPED_FIELDS = frozenset({"source", "sandbox", "note", "notes", "disclaimer"})
_UNIT_SUFFIXES = {"_c": "°C", "_kph": "km/h", "_mm": "mm", "_km": "km", "_min": "min", "_hours": "h",
                  "_usd": "USD", "_pct": "%", "_chance": "%", "_m": "m"}
_PERCENT_FIELDS = frozenset({"humidity", "precip_chance", "change_pct", "chance"})
_TEXT_FIELDS = ("text", "content", "snippet", "summary", "description")


def _plain(value: Any) -> Any:
    """A Python literal as JSON would give it: tuples and sets as lists, keys as strings."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def parse_output(output: str) -> Any | None:
    """The value a tool output holds when it is JSON or a Python literal (a list, dict or tuple, as servers
    print ``str(rows)``), else None: the output is plain text. A non-finite number is text too."""
    text = (output or "").strip()
    if not text:
        return None
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, TypeError, ValueError):
        if text[0] not in "[{(" or len(text) > MAX_LITERAL_CHARS:
            return None
        try:
            value = _plain(ast.literal_eval(text))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def text_lines(text: str) -> list[str]:
    """The lines of a plain-text output that hold a word or a figure, without list bullets."""
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if line[:2] in ("- ", "* ", "• "):
            line = line[2:].strip()
        if any(c.isalnum() for c in line):
            lines.append(line)
    return lines


def label_and_unit(key: str, record: dict[str, Any]) -> tuple[str, str]:
    unit = ""
    label = key
    if key in _PERCENT_FIELDS:
        return key.replace("_", " "), "%"
    for suffix, name in _UNIT_SUFFIXES.items():
        if key.endswith(suffix) and len(key) > len(suffix):
            label, unit = key[: -len(suffix)], name
            break
    if not unit and isinstance(record.get("currency"), str) and ("price" in key or key in (
            "last", "prev_close", "day_high", "day_low", "open", "close", "high", "low", "total", "amount")):
        unit = record["currency"]
    return label.replace("_", " "), unit


_ISO_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$")


def datetime_text(text: str) -> str | None:
    """An ISO date-time as a person reads it: "15:12 on Thu 2026-11-26 (UTC+05:45)"; the clock, date and offset
    are the output's own, nothing is converted, and the date stays ISO so the claim check finds it in the
    output. None for anything else."""
    if not _ISO_DATETIME.match(text):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    offset = moment.strftime("%z")
    zone = f" (UTC{offset[:3]}:{offset[3:]})" if offset else ""
    return f"{moment:%H:%M} on {moment:%a %Y-%m-%d}{zone}"


def value_text(value: Any) -> str:
    """A value as the answer shows it: a float to 2 decimals (a price, a temperature), a fraction below 1 to 4
    significant digits (1/8 is 0.125, not 0.12), a large one without decimals."""
    if isinstance(value, float):
        if 0 < abs(value) < 1:
            return f"{value:.4g}"
        return f"{value:.2f}".rstrip("0").rstrip(".") if abs(value) < 1e6 else f"{value:,.0f}"
    if isinstance(value, str) and (readable := datetime_text(value)):
        return readable
    return str(value)


def shorten(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + " …"


def _fields(record: dict[str, Any]) -> list[str]:
    """'label value unit' for each scalar field of a record; nested dicts one level deep."""
    parts: list[str] = []
    for key, value in record.items():
        if key in SKIPPED_FIELDS or key == "currency" or value is None or value == "":
            continue
        if isinstance(value, dict):
            parts.extend(f"{key.replace('_', ' ')} {part}" for part in _fields(value))
            continue
        if isinstance(value, list):
            if value and all(not isinstance(v, (dict, list)) for v in value):
                parts.append(f"{key.replace('_', ' ')}: {', '.join(value_text(v) for v in value[:8])}")
            continue
        if isinstance(value, str) and key in _TEXT_FIELDS:
            parts.append(shorten(value))
            continue
        label, unit = label_and_unit(key, record)
        text = value_text(value)
        parts.append(f"{label}: {text}{unit if unit in ('%', '°C') else (' ' + unit if unit else '')}")
    return parts[:MAX_LINE_FIELDS]


def _record_line(record: dict[str, Any], marker: str) -> str:
    """'title: field; field ... (url) [marker]', the title being the record's name, title, city or date."""
    title_key = next((k for k in ("name", "title", "city", "date", "symbol", "flight_no", "train_no")
                      if isinstance(record.get(k), (str, int)) and record.get(k) != ""), None)
    rest = {k: v for k, v in record.items() if k not in (title_key, "url")}
    body = "; ".join(_fields(rest))
    head = f"{record[title_key]}: " if title_key else ""
    url = f" ({record['url']})" if isinstance(record.get("url"), str) else ""
    return f"- {head}{body}{url} [{marker}]"


def _shown_lines(lines: list[str], question: str) -> list[str]:
    """At most MAX_TEXT_LINES of a long text, in its order: those holding most of the question's words, then the
    first ones. A note's "55 minutes is enough in the new oven" at line 20 is what "how long in the new oven" asks."""
    if len(lines) <= MAX_TEXT_LINES or not question:
        return lines[:MAX_TEXT_LINES]
    asked = set(tokenize(written_plainly(question))) - QUESTION_WORDS
    held = [len(asked & set(tokenize(written_plainly(line)))) for line in lines]
    chosen = sorted((i for i in range(len(lines)) if held[i]), key=lambda i: (-held[i], i))[:MAX_TEXT_LINES]
    chosen += [i for i in range(len(lines)) if i not in chosen][:MAX_TEXT_LINES - len(chosen)]
    return [lines[i] for i in sorted(chosen)]


def render_output(output: str, marker: str, question: str = "") -> list[str]:
    """The lines for one tool output; ``question`` picks the lines of a long text."""
    data = with_output_context(parse_output(output))
    if data is None:
        lines = text_lines(output or "")
        if len(lines) < 2:
            return [f"- {shorten(output)} [{marker}]"] if (output or "").strip() else []
        shown = [f"- {shorten(line, MAX_TEXT_LINE_CHARS)} [{marker}]" for line in _shown_lines(lines, question)]
        if len(lines) > MAX_TEXT_LINES:
            shown.append(f"- … and {len(lines) - MAX_TEXT_LINES} more lines [{marker}]")
        return shown
    if isinstance(data, str):
        return render_output(data, marker, question) if data.strip() != (output or "").strip() else []
    if isinstance(data, list):
        data = {"results": data}
    if not isinstance(data, dict):
        return [f"- {value_text(data)} [{marker}]"]
    lines: list[str] = []
    scalars = {k: v for k, v in data.items() if not isinstance(v, list) or all(not isinstance(i, dict) for i in v)}
    if any(k not in SKIPPED_FIELDS for k in scalars):
        head = _fields(scalars)
        if head:
            lines.append(f"- {'; '.join(head)} [{marker}]")
    for key, value in data.items():
        if not isinstance(value, list) or not value or not all(isinstance(i, dict) for i in value):
            continue
        for item in value[:MAX_ITEMS]:
            lines.append(_record_line(item, marker))
        if len(value) > MAX_ITEMS:
            lines.append(f"- … and {len(value) - MAX_ITEMS} more {key.replace('_', ' ')} [{marker}]")
    return lines


def render_facts(evidence: list[dict[str, Any]], question: str = "") -> str:
    """Every piece of evidence as readable lines, grouped under the tool that produced it (a long text's lines
    chosen by ``question``). An output with nothing to show says so, with the tool's own note when it gave one."""
    blocks = []
    for item in evidence:
        output = item.get("full_output") or item["output"]
        lines = [line for line in render_output(output, item["marker"], question) if not _only_inputs(line)]
        if not lines:
            lines = [f"- no results{_note(output)} [{item['marker']}]"]
        blocks.append(f"{item['server']} ({item['tool']}):\n" + "\n".join(lines))
    return "\n".join(blocks)


def _only_inputs(line: str) -> bool:
    """A head line holding only what was asked ('query: ...'): not a fact."""
    return line.startswith("- query: ") and ";" not in line


def _note(output: str) -> str:
    data = parse_output(output)
    note = data.get("note") if isinstance(data, dict) else None
    return f" ({shorten(str(note), 160)})" if note else ""
