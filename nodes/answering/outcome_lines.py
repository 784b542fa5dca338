"""What the run could not do, and what it changed: the answer's lines about failed sources, calls that did not
run for want of approval, and approved calls that ran. Code writes them from the task results, so they are true
whatever the answer model says."""

from __future__ import annotations

import re
from typing import Any

from nodes.answering.fact_rendering import render_facts


# Internal failures, told the way a user can act on them (the full text stays in ``errors``).
_PLAIN_FAILURES = {
    "StructuredOutputError": "the model could not form a valid tool call",
    "ModelUnavailable": "the model endpoint did not answer",
    "ToolRefused": "the model asked for a call this source does not allow",
}


def in_user_words(error: str) -> str:
    """One line a user can read: no task ids, no internal lists (the whole text stays in ``errors``). A value
    that did not resolve is told as nodes/arguments/unresolved.py wrote it ("no time zone found for 'wakanda'")."""
    if error.startswith("NoCallableTool: "):
        return error.removeprefix("NoCallableTool: ")[:240].rstrip(" ;:,")
    for name, plain in _PLAIN_FAILURES.items():
        if error.startswith(name):
            return plain
    line = error.splitlines()[0] if error else "no answer"
    line = re.sub(r"^Error executing tool \S+: ", "", line)
    for cut in ("; sandbox", "; allowed", "; use ", "; it covers", ", which covers"):
        line = line.split(cut)[0]
    return line[:200].rstrip(" ;:,")


def failure_lines(state: dict[str, Any]) -> list[str]:
    """'The weather source could not answer (get_forecast, city 'Atlantis'): unknown city' lines."""
    lines = []
    for result in (state.get("task_results") or {}).values():
        if result.get("status") == "ok":
            continue
        if result.get("status") in ("rejected", "awaiting_approval"):  # told by not_done_lines
            continue
        tried = [o for o in result.get("observations", []) if not o.get("ok")]
        searched = ""
        if tried:
            last = tried[-1]
            args = ", ".join(f"{k} {v!r}" for k, v in (last.get("arguments") or {}).items())
            searched = f" ({last['tool']}{': ' + args if args else ''})"
        reason = {"skipped": "it needed an earlier result that was not found",
                  "cancelled": "it ran out of time"}.get(result.get("status", ""), result.get("error", ""))
        lines.append(f"The {result['server']} source could not answer{searched}: {in_user_words(reason)}.")
    return lines


def not_done_lines(state: dict[str, Any]) -> list[str]:
    """One line per side-effecting call that did not run: declined, refused by policy, or still waiting."""
    lines = []
    for result in (state.get("task_results") or {}).values():
        if result.get("status") in ("rejected", "awaiting_approval"):
            error = result.get("error", "").splitlines()[0] if result.get("error") else "it was not approved"
            lines.append(error[0].upper() + error[1:])
    return lines


def done_lines(state: dict[str, Any], evidence: list[dict[str, Any]]) -> list[str]:
    """What an approved call changed, with its marker and its output's facts: a booking is never left unsaid."""
    lines = []
    for result in (state.get("task_results") or {}).values():
        done = result.get("done")
        if not done:
            continue
        cited = next((e for e in evidence if e["tool_call_id"] == done["call_id"]), None)
        marker = f" [{cited['marker']}]" if cited else ""
        lines.append(f"Done: {done['description']}{marker}.")
        if cited:
            lines.append(render_facts([cited]))
    return lines


def choice_lines(state: dict[str, Any], evidence: list[dict[str, Any]]) -> list[str]:
    """What a choice chain picked, and from which figures (nodes/choice_steps.py): "Picked Rome (warmer on
    Mon 2026-11-30): Madrid 13.1, Rome 15.8 [T1.1]". The figures are the outputs' own."""
    lines = []
    for step in state.get("search_steps") or []:
        choice = step.get("choice")
        if not choice:
            continue
        measured_by = choice.get("measured_by") or [step.get("task_id")]  # one step, or one per alternative
        markers = "".join(f"[{e['marker']}]" for e in evidence if e["task_id"] in measured_by)
        figures = choice.get("figures") or ", ".join(f"{name} {value:g}" for name, value in choice["values"].items())
        day = f" on {choice['day']}" if choice.get("day") else ""
        lines.append(f"Picked {choice['winner']} ({choice['comparative']}{day}): {figures} {markers}".rstrip())
    return lines
