"""The run's output as a user sees it: one JSON-ready dict (``tura ask --json``) and rich tables."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from nodes.answer import LISTING_END, LISTING_HEADER, split_sources
from nodes.stage_costs import KINDS

COST_COLUMNS = (*KINDS, "other")

OUTPUT_KEYS = ("answer", "route", "route_confidence", "route_source", "search_steps", "plan", "servers",
               "citations", "task_results", "timings", "stage_costs", "trace", "errors",  # trace: stage spans for graphs/timeline.py
               "approvals")  # calls that changed data and waited for a decision (graphs/approval_cli.py)


def to_json_ready(result: dict[str, Any]) -> dict[str, Any]:
    """The output keys of a finished run, plus the tools that were called."""
    out = {key: result.get(key) for key in OUTPUT_KEYS}
    out["tools_used"] = [
        {"task_id": r["task_id"], "server": o["server"], "tool": o["tool"], "ok": o["ok"], "call_id": o["call_id"]}
        for r in (result.get("task_results") or {}).values() for o in r.get("observations", [])
    ]
    return out


def could_not_work(out: dict[str, Any]) -> bool:
    """Exit 1 territory: no evidence and no source answered at all (every task failed before a tool replied,
    or nothing could be planned). A source that answered "not found" is an answer (exit 0), and so is a value
    that resolves to nothing the server knows ("no city that weather lists is named by 'atlantis'": the request
    was read, and the answer says so)."""
    if out.get("citations") or (out.get("plan") or {}).get("source") == "halt" or out.get("approvals"):
        return False
    results = (out.get("task_results") or {}).values()
    answered = any(r.get("observations") or str(r.get("error") or "").startswith("NoCallableTool")
                   for r in results)
    return not answered and bool(out.get("errors"))


def print_run(console: Console, out: dict[str, Any]) -> None:
    """Answer first, then route, plan, servers/tools, time per stage and errors."""
    before, listing, after = split_sources(out["answer"])
    console.print("[bold]Answer[/bold]")
    console.print(Text(before.rstrip()))
    if listing:
        console.print(Text(f"Sources:\n{listing}", style="dim"))
    if after.strip():
        console.print(Text(after.strip()))
    console.print()
    console.print(f"[bold]Route[/bold]: {out['route']} (confidence {out.get('route_confidence') or 0:.2f}, "
                  f"from {out.get('route_source') or '-'})")

    plan = Table(title="Plan", show_lines=False)
    for column in ("task", "server", "query", "deps", "status", "error"):
        plan.add_column(column)
    results = out.get("task_results") or {}
    for task in (out.get("plan") or {}).get("tasks", []):
        result = results.get(task["id"], {})
        plan.add_row(task["id"], task["server"], task["query"], ",".join(task["deps"]) or "-",
                     result.get("status", "-"), result.get("error", "") or "")
    console.print(plan)

    used = Table(title="Servers and tools")
    for column in ("task", "server", "tool", "ok", "call id"):
        used.add_column(column)
    for row in out["tools_used"]:
        used.add_row(row["task_id"], row["server"], row["tool"], "yes" if row["ok"] else "no", row["call_id"])
    console.print(used)

    if out.get("citations"):
        console.print("[bold]Citations[/bold]")
        for c in out["citations"]:
            mark = "cited" if c["cited_in_text"] else "shown"
            console.print(f"  [{c['marker']}] {c['server']}.{c['tool']} ({c['tool_call_id']}, {mark}): "
                          f"{c['output'][:160]}")

    for record in out.get("approvals") or []:
        note = f" ({record['message']})" if record.get("message") else ""
        console.print(f"[bold]Approval[/bold]: {record['action']} {record['args']} -> {record['decision']}{note}")

    timings = Table(title="Time per stage (s): where it went")
    timings.add_column("stage")
    timings.add_column("seconds", justify="right")
    for kind in COST_COLUMNS:
        timings.add_column(kind.replace("_", " "), justify="right")
    costs = out.get("stage_costs") or {}
    for stage, seconds in (out.get("timings") or {}).items():
        split = costs.get(stage) or {}
        timings.add_row(stage, f"{seconds:.3f}", *(f"{split[k]:.3f}" if k in split else "" for k in COST_COLUMNS))
    console.print(timings)
    for error in out.get("errors") or []:
        console.print(f"[yellow]error:[/yellow] {error}")


def terminal_text(text: str) -> str:
    """Answer text for a terminal: the collapsed listing's tags as a plain "Sources:" line."""
    return text.replace(LISTING_HEADER, "Sources:").replace(LISTING_END, "")
