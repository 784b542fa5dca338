"""Approval requests in the terminal: ``tura ask`` and ``tura chat`` answer a paused run's request
(nodes/approval.py) by asking the person inline (y / n / edit), or, with nobody at a terminal, by declining
unless ``--approve-writes`` was given. Either way the run is resumed with ``Command(resume=...)``.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable
from typing import Any

UNATTENDED = "nobody at a terminal to approve it; rerun with --approve-writes to allow it"


def unattended_decisions(request: dict[str, Any], approve_writes: bool) -> dict[str, Any]:
    """Every action approved with ``--approve-writes``, else declined with the reason."""
    decision = {"type": "approve"} if approve_writes else {"type": "reject", "message": UNATTENDED}
    return {"decisions": [dict(decision) for _ in request.get("action_requests", [])]}


def terminal_decisions(request: dict[str, Any], read: Callable[[str], str] = input,
                       out=sys.stdout) -> dict[str, Any]:
    """Ask about each action: y approves, n declines, e edits its arguments (as JSON, checked by the run)."""
    decisions = []
    for action in request.get("action_requests", []):
        out.write(f"\n  ? {action['description']}\n    {action['name']} {json.dumps(action['args'])}\n")
        while True:
            answer = read("    approve? [y]es / [n]o / [e]dit: ").strip().lower()
            if answer in ("y", "yes"):
                decisions.append({"type": "approve"})
                break
            if answer in ("n", "no", ""):
                decisions.append({"type": "reject", "message": "declined at the terminal"})
                break
            if answer in ("e", "edit"):
                try:
                    args = json.loads(read("    arguments as JSON: "))
                except json.JSONDecodeError as exc:
                    out.write(f"    not JSON ({exc.msg}); try again\n")
                    continue
                if not isinstance(args, dict):
                    out.write("    the arguments must be a JSON object; try again\n")
                    continue
                decisions.append({"type": "edit", "edited_action": {"name": action["name"], "args": args}})
                break
        out.flush()
    return {"decisions": decisions}


def decide(request: dict[str, Any], *, interactive: bool, approve_writes: bool,
           read: Callable[[str], str] = input, out=sys.stdout) -> dict[str, Any]:
    """The reply to one approval request: asked inline when a person is there, else decided by the flag."""
    if approve_writes or not interactive:
        return unattended_decisions(request, approve_writes)
    return terminal_decisions(request, read, out)


def approval_record(request: dict[str, Any], reply: dict[str, Any]) -> list[dict[str, Any]]:
    """What waited and what was decided, for ``--json`` and the printed run."""
    return [{"action": a["name"], "args": a["args"], "description": a["description"], "decision": d["type"],
             **({"message": d["message"]} if d.get("message") else {})}
            for a, d in zip(request.get("action_requests", []), reply.get("decisions", []))]


async def _run_leg(graph: Any, payload: Any, config: dict[str, Any], context: Any,
                   on_event: Callable[[str, Any], None] | None) -> dict[str, Any]:
    """One leg of a run (to its answer or its next pause), as ``ainvoke`` returns it; with ``on_event``, each
    node update and progress event is handed to it as it happens."""
    if on_event is None:
        return await graph.ainvoke(payload, config, context=context)
    values: dict[str, Any] = {}
    interrupts: list[Any] = []
    channels = graph.output_channels  # the values stream holds the whole state; ainvoke returns these keys
    kept = {channels} if isinstance(channels, str) else set(channels)
    async for namespace, mode, chunk in graph.astream(payload, config, context=context, subgraphs=True,
                                                      stream_mode=["values", "updates", "custom"]):
        if mode == "values" and not namespace:
            values = {k: v for k, v in chunk.items() if k in kept}
            continue
        if mode == "updates" and not namespace and "__interrupt__" in chunk:
            interrupts = list(chunk["__interrupt__"])
        on_event(mode, chunk)
    return {**values, "__interrupt__": interrupts} if interrupts else values


async def invoke_with_approvals(graph: Any, graph_input: Any, config: dict[str, Any], context: Any,
                                reply_for: Callable[[dict[str, Any]], dict[str, Any]],
                                timeout_s: float | None = None,
                                on_event: Callable[[str, Any], None] | None = None,
                                ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Run the graph to its answer: each approval request it pauses on is answered by ``reply_for`` (in a
    thread: it may wait for a person) and the run resumed. Returns the final output and what was decided.
    ``timeout_s`` bounds each leg of the run (the first invocation and every resume); ``on_event`` sees the
    run's node updates and progress events as they happen (a progress bar)."""
    from langgraph.types import Command

    approvals: list[dict[str, Any]] = []
    result = await asyncio.wait_for(_run_leg(graph, graph_input, config, context, on_event), timeout_s)
    while result.get("__interrupt__"):
        request = result["__interrupt__"][0].value
        reply = await asyncio.to_thread(reply_for, request)
        approvals += approval_record(request, reply)
        result = await asyncio.wait_for(_run_leg(graph, Command(resume=reply), config, context, on_event), timeout_s)
    return result, approvals
