"""Checks of benchmarks/foreign.py: each expected value is computed at scoring time from its source of truth
(zoneinfo for clocks, Python arithmetic, SQL over the generated database, the note's text, the memory graph's
file), never stored with the question. Pure functions over a finished run's output.

A check is a dict with a ``kind``:
- ``local_time`` {zone}: the clock in that zone while the item ran (any minute between its start and end);
- ``converted_time`` {time "HH:MM", from, to}: that wall time today in ``from``, read in ``to``;
- ``arithmetic`` {expression}: the expression's value (Python arithmetic on numbers and + - * / ** sqrt);
- ``sql`` {query}: every cell of the query's first row (up to ``rows`` rows) over the benchmark database;
- ``file`` {path, pattern}: the pattern's first group in the note's text (path relative to the notes folder);
- ``memory`` {entity, pattern}: the first group of the pattern in the entity's observations;
- ``not_found`` {words}: the answer says it found nothing and names each word (a value that cannot resolve).
"""

from __future__ import annotations

import ast
import json
import math
import operator
import re
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from nodes.answer import direct_part

_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?", re.I)
_NOT_FOUND = re.compile(r"could not|couldn't|cannot|can't|not find|no such|unknown|not found|does not exist|"
                        r"doesn't exist|nothing|no \w+ (?:found|named|called|for)|not (?:listed|available|one of)",
                        re.I)


@dataclass
class Sources:
    """Where the truth lives: the generated database, notes folder and memory graph."""

    database: Path
    notes: Path
    memory: Path


@dataclass
class ItemTiming:
    """When the item ran (UTC), for clocks."""

    started: datetime
    finished: datetime


@dataclass
class Expected:
    label: str
    kind: str  # number | text | clocks | not_found
    values: list[Any] = field(default_factory=list)


_OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
              ast.Pow: operator.pow, ast.USub: operator.neg, ast.UAdd: operator.pos, ast.Mod: operator.mod}


def arithmetic(expression: str) -> float:
    """The value of an arithmetic expression: numbers, + - * / % **, parentheses and sqrt() only."""
    def value(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return float(node.value)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.left), value(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](value(node.operand))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sqrt" \
                and len(node.args) == 1:
            return math.sqrt(value(node.args[0]))
        raise ValueError(f"not plain arithmetic: {ast.dump(node)[:80]}")
    return value(ast.parse(expression, mode="eval"))


def _clocks(zone: str, timing: ItemTiming) -> list[tuple[int, int]]:
    here, end = timing.started - timedelta(minutes=1), timing.finished + timedelta(minutes=1)
    found = []
    while here <= end:
        local = here.astimezone(ZoneInfo(zone))
        found.append((local.hour, local.minute))
        here += timedelta(minutes=1)
    return list(dict.fromkeys(found))


def expected_values(check: dict[str, Any], sources: Sources, timing: ItemTiming) -> Expected:
    kind = check["kind"]
    if kind == "local_time":
        return Expected(f"time in {check['zone']}", "clocks", _clocks(check["zone"], timing))
    if kind == "converted_time":
        hours, minutes = (int(x) for x in check["time"].split(":"))
        day = timing.started.astimezone(ZoneInfo(check["from"])).date()
        there = datetime(day.year, day.month, day.day, hours, minutes, tzinfo=ZoneInfo(check["from"]))
        local = there.astimezone(ZoneInfo(check["to"]))
        return Expected(f"{check['time']} {check['from']} in {check['to']}", "clocks", [(local.hour, local.minute)])
    if kind == "arithmetic":
        return Expected(check["expression"], "number", [arithmetic(check["expression"])])
    if kind == "sql":
        with sqlite3.connect(f"file:{sources.database}?mode=ro", uri=True) as connection:
            rows = connection.execute(check["query"]).fetchmany(int(check.get("rows", 1)))
        if not rows:
            raise ValueError(f"check query returns no row: {check['query']}")
        cells = [c for row in rows for c in row if c is not None]
        return Expected(check["query"], "cells", cells)
    if kind == "file":
        text = (sources.notes / check["path"]).read_text(encoding="utf-8")
        match = re.search(check["pattern"], text, re.I | re.M)
        if not match:
            raise ValueError(f"pattern {check['pattern']!r} not in {check['path']}")
        return Expected(f"{check['path']}: {match.group(1)}", "cells", [_as_value(match.group(1))])
    if kind == "memory":
        observations = []
        for line in sources.memory.read_text(encoding="utf-8").splitlines():
            record = json.loads(line) if line.strip() else {}
            if record.get("type") == "entity" and record.get("name", "").lower() == check["entity"].lower():
                observations += record.get("observations", [])
        match = re.search(check["pattern"], "\n".join(observations), re.I | re.M)
        if not match:
            raise ValueError(f"pattern {check['pattern']!r} not among {check['entity']}'s observations")
        return Expected(f"{check['entity']}: {match.group(1)}", "cells", [_as_value(match.group(1))])
    if kind == "not_found":
        return Expected("says not found: " + ", ".join(check["words"]), "not_found", list(check["words"]))
    raise ValueError(f"unknown check kind {kind!r}")


def _as_value(text: str) -> Any:
    cleaned = text.strip().replace(",", "")
    try:
        return float(cleaned) if re.fullmatch(r"-?\d+(?:\.\d+)?", cleaned) else text.strip()
    except ValueError:
        return text.strip()


def _numbers(text: str) -> list[float]:
    return [float(n.replace(",", "")) for n in _NUMBER.findall(text)]


def _states_number(text: str, value: float) -> bool:
    forms = {round(value, 2), round(value, 1), float(round(value))}
    return any(round(n, 2) in forms or abs(n - value) <= 1e-6 for n in _numbers(text))


def _states_clock(text: str, clocks: list[tuple[int, int]]) -> bool:
    for hour, minute, suffix in _CLOCK.findall(text):
        h = int(hour) % 12 + (12 if suffix.lower().startswith("p") else 0) if suffix else int(hour)
        if (h, int(minute)) in clocks:
            return True
    return False


def states(text: str, expected: Expected) -> bool:
    """Whether ``text`` states the expected value(s)."""
    if expected.kind == "clocks":
        return _states_clock(text, expected.values)
    if expected.kind == "number":
        return _states_number(text, float(expected.values[0]))
    if expected.kind == "cells":
        lowered = text.lower()
        return all(_states_number(text, float(v)) if isinstance(v, (int, float)) else str(v).lower() in lowered
                   for v in expected.values)
    if expected.kind == "not_found":
        lowered = text.lower()
        return bool(_NOT_FOUND.search(text)) and all(w.lower() in lowered for w in expected.values)
    raise ValueError(f"unknown expected kind {expected.kind!r}")


def calls_of(output: dict[str, Any]) -> list[dict[str, Any]]:
    """Every tool call the run sent (held calls were not sent and are left out)."""
    calls = []
    for task_id, result in sorted((output.get("task_results") or {}).items()):
        for outcome in result.get("observations", []):
            if not outcome.get("held"):
                calls.append({**outcome, "task_id": task_id})
    return calls


@dataclass
class ForeignScore:
    correct: bool = False
    direct: bool = False
    tool_selection: bool | None = None
    calls_sent: int = 0
    calls_ok: int = 0
    missing: list[str] = field(default_factory=list)
    check_errors: list[str] = field(default_factory=list)


def score_item(item: dict[str, Any], output: dict[str, Any], sources: Sources, timing: ItemTiming) -> ForeignScore:
    """Right only when every check passes; ``direct`` when they pass on the opening text alone."""
    score = ForeignScore()
    answer = output.get("answer") or ""
    expected: list[Expected] = []
    for check in item["checks"]:
        try:
            expected.append(expected_values(check, sources, timing))
        except (ValueError, OSError, sqlite3.Error) as exc:
            score.check_errors.append(f"{check['kind']}: {exc}")
    score.missing = [e.label for e in expected if not states(answer, e)]
    score.correct = bool(expected) and not score.missing and not score.check_errors
    score.direct = score.correct and all(states(direct_part(answer), e) for e in expected)
    calls = calls_of(output)
    score.calls_sent, score.calls_ok = len(calls), sum(1 for c in calls if c.get("ok"))
    wanted = item.get("tools") or []
    if wanted:
        called = {f"{c['server']}.{c['tool']}" for c in calls} | {
            f"{c['server']}.{c['tool']}" for r in (output.get("task_results") or {}).values()
            for c in r.get("observations", []) if c.get("held")}
        score.tool_selection = any(w in called for w in wanted)
    return score
