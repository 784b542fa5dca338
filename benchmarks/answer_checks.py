"""Score one answered scenario: facts stated (TURA's 3-point accuracy), claim-level faithfulness, tool
selection, argument traceability and correctness, route. Pure functions over the run's output, so the
scoring is the same for any backend.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from benchmarks.answer_facts import Expected
from nodes.answer import direct_part
from nodes.answering.claims import figure_claims
from nodes.date_mentions import find_date_mentions
from tools.sandbox.dates import resolve_date_range

SIDE_EFFECT_TOOLS = frozenset({"book_flight", "book_room", "reserve_seat", "reserve_table", "place_order"})
NOT_FOUND = re.compile(r"could not|couldn't|cannot find|not find|no such|unknown|not found|does not exist|"
                       r"doesn't exist|nothing matching|no (?:\w+ )?(?:flights?|hotels?|results?|match)", re.I)
_NUMBER = re.compile(r"(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])-?\d+(?:\.\d+)?")
_TIME = re.compile(r"\b(\d{1,2}):(\d{2})\s*(am|pm)?", re.I)


@dataclass
class ItemScore:
    accuracy: str = "incorrect"  # correct | partial | incorrect
    facts_found: list[str] = field(default_factory=list)
    facts_missing: list[str] = field(default_factory=list)
    claims: int = 0
    claims_supported: int = 0
    claim_problems: list[str] = field(default_factory=list)
    tool_selection: bool | None = None
    calls: list[dict[str, Any]] = field(default_factory=list)  # server, tool, arguments, traceable, correct
    untraceable: list[str] = field(default_factory=list)
    route_ok: bool | None = None
    # the same fact checks on the text before the fact listing: the answer states the value itself
    direct: bool | None = None

    @property
    def faithfulness(self) -> float | None:
        return self.claims_supported / self.claims if self.claims else None


def _numbers(text: str) -> list[float]:
    return [float(n.replace(",", "")) for n in _NUMBER.findall(text)]


def states(answer: str, expected: Expected) -> bool:
    """Whether ``answer`` states the expected value."""
    if expected.kind == "number":
        value = float(expected.value)
        forms = {round(value, 2), round(value, 1), float(round(value))}
        return any(round(n, 2) in forms for n in _numbers(answer))
    if expected.kind == "approx":
        value = float(expected.value)
        return any(abs(n - value) <= max(0.01, abs(value) * 0.01) for n in _numbers(answer))
    if expected.kind == "time":
        hours, minutes = (int(x) for x in str(expected.value).split(":"))
        for h, m, suffix in _TIME.findall(answer):
            h24 = int(h) + (12 if suffix.lower() == "pm" and int(h) < 12 else 0)
            if h24 == hours and int(m) == minutes:
                return True
        return False
    if expected.kind == "text":
        return str(expected.value).lower() in answer.lower()
    if expected.kind == "regex":
        return re.search(str(expected.value), answer, re.I) is not None
    if expected.kind == "one_of":
        return any(name.lower() in answer.lower() for name in expected.value)
    raise ValueError(f"unknown expected kind {expected.kind!r}")


def observations(output: dict[str, Any]) -> list[dict[str, Any]]:
    """Every tool call of the run, in task order, with the task id."""
    calls = []
    for task_id, result in sorted((output.get("task_results") or {}).items()):
        for outcome in result.get("observations", []):
            calls.append({**outcome, "task_id": task_id})
    return calls


def evidence_by_marker(output: dict[str, Any]) -> dict[str, str]:
    """Marker (T1.1) -> the full tool output, as the answer node numbers them."""
    evidence = {}
    for task_id, result in (output.get("task_results") or {}).items():
        good = [o for o in result.get("observations", []) if o.get("ok")]
        for n, outcome in enumerate(good, start=1):
            evidence[f"{task_id}.{n}"] = outcome.get("text", "")
            if result.get("summary"):
                evidence[f"{task_id}.{n}"] += "\n" + result["summary"]
    return evidence


def _is_traceable(value: Any, turns_text: str, resolved: set[str], enums: list[Any], outputs: str,
                  default: Any) -> bool:
    if isinstance(value, bool) or value is None or value == default:
        return True
    if isinstance(value, list):
        return all(_is_traceable(v, turns_text, resolved, enums, outputs, None) for v in value)
    if value in enums:
        return True
    if isinstance(value, (int, float)):
        written = set(_numbers(turns_text)) | set(_numbers(outputs))
        return float(value) in written
    text = str(value).strip().lower()
    return bool(text) and (text in turns_text.lower() or text in resolved or text in outputs.lower())


def _enums(spec: dict[str, Any]) -> list[Any]:
    values = list(spec.get("enum") or [])
    for branch in spec.get("anyOf") or []:
        values += list(branch.get("enum") or []) if isinstance(branch, dict) else []
    items = spec.get("items")
    if isinstance(items, dict):
        values += _enums(items)
    return values


def _arg_matches(name: str, actual: Any, wanted: Any, today: date) -> bool:
    options = wanted if isinstance(wanted, list) else [wanted]
    if name in ("dates", "date", "check_in", "day"):
        try:
            actual_days = resolve_date_range(str(actual), today)
            return any(resolve_date_range(str(o), today)[0] == actual_days[0] for o in options)
        except ValueError:
            return False
    text = str(actual).strip().lower()
    return any(text == str(o).lower() or (len(text) > 2 and (text in str(o).lower() or str(o).lower() in text))
               for o in options)


def score_item(item: dict[str, Any], output: dict[str, Any], expected: list[Expected],
               schemas: dict[tuple[str, str], dict[str, Any]], today: date) -> ItemScore:
    """Score a finished run of ``item`` (the last turn's output) against its ``expected`` values."""
    score = ItemScore()
    answer = output.get("answer") or ""
    facts = [f["type"] for f in item["facts"]]
    calls = observations(output)
    called = {(c["server"], c["tool"]) for c in calls}
    turns_text = "\n".join(item["turns"])
    resolved = {m.as_argument() for m in find_date_mentions(turns_text, today)}
    resolved |= {m.first.isoformat() for m in find_date_mentions(turns_text, today)}
    free_text = " ".join([*item["turns"], today.isoformat(), *sorted(resolved)])  # what needs no source
    if "void" in facts:
        invented = [c for c, problem in figure_claims(answer, evidence_by_marker(output), free_text) if problem]
        ok = bool(NOT_FOUND.search(answer)) and not invented
        score.accuracy = "correct" if ok else "incorrect"
        score.direct = ok and bool(NOT_FOUND.search(direct_part(answer)))
    elif "no_side_effect" in facts:
        ok = bool(answer.strip()) and not (called and {t for _, t in called} & SIDE_EFFECT_TOOLS)
        score.accuracy = "correct" if ok else "incorrect"
        score.direct = ok
    else:
        for value in expected:
            (score.facts_found if states(answer, value) else score.facts_missing).append(value.label)
        found = len(score.facts_found)
        score.accuracy = ("correct" if found == len(expected) and expected else "partial" if found else "incorrect")
        opening = direct_part(answer)
        score.direct = bool(expected) and all(states(opening, value) for value in expected)
    for clause, problem in figure_claims(answer, evidence_by_marker(output), free_text):
        score.claims += 1
        if problem:
            score.claim_problems.append(f"{clause} ({problem})")
        else:
            score.claims_supported += 1
    wanted = {tuple(t) for t in item["tools"]}
    if "no_side_effect" in facts:
        score.tool_selection = not ({t for _, t in called} & SIDE_EFFECT_TOOLS)
    elif wanted:
        halted = (output.get("plan") or {}).get("source") == "halt"
        score.tool_selection = wanted <= called or ("void" in facts and halted)
    for n, call in enumerate(calls):
        schema = schemas.get((call["server"], call["tool"])) or {}
        properties = schema.get("properties") or {}
        # What the run had seen before this call: earlier tasks' outputs and this task's earlier calls.
        earlier = "\n".join(c.get("text", "") for c in calls[:n] if c.get("ok"))
        bad = [name for name, value in (call.get("arguments") or {}).items()
               if not _is_traceable(value, turns_text, resolved, _enums(properties.get(name, {})), earlier,
                                    properties.get(name, {}).get("default"))]
        correct = True
        if (call["server"], call["tool"]) in wanted and item.get("args"):
            correct = all(_arg_matches(name, call.get("arguments", {}).get(name), value, today)
                          for name, value in item["args"].items())
        score.calls.append({"server": call["server"], "tool": call["tool"], "arguments": call.get("arguments"),
                            "traceable": not bad, "correct": correct and not bad})
        score.untraceable += [f"{call['server']}.{call['tool']} {n}={call['arguments'][n]!r}" for n in bad]
    if item.get("route"):
        score.route_ok = output.get("route") == item["route"]
    return score
