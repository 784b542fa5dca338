"""The approve node: the run pauses for a person's decision on every held side-effecting call, then carries
the decisions out (nodes/approval.py has the policy and the shapes).

Why a node of its own: on resume LangGraph re-runs the node that called ``interrupt()`` from its start. Here
that start only reads the held calls from the state, so nothing a model decided is decided again, and the
approved call is made exactly once, after the decision. Without a checkpointer there is no thread to pause
and resume, so held calls are reported as not done instead of stalling the run.
"""

from __future__ import annotations

from typing import Any

from langgraph.config import get_config
from langgraph.constants import CONFIG_KEY_CHECKPOINTER
from langgraph.runtime import Runtime
from langgraph.types import interrupt

from graphs.context import Context
from nodes.approval import (
    Approve,
    BadDecisions,
    Edit,
    HeldCall,
    Reject,
    approval_request,
    effect_line,
    edit_problem,
    parse_decisions,
    policy_for,
    trust_hint,
)
from nodes.approval_details import described_value
from nodes.events import emit
from nodes.tool_caller import ToolCaller
from nodes.tool_messages import decided_tool_messages
from tools.tool_outcome import ToolOutcome


async def held_calls(task_results: dict[str, dict[str, Any]], tools: ToolCaller) -> list[HeldCall]:
    """The calls waiting for approval, one per task, in task order, each with its tool's schema and a description
    that says what its ids stand for, read from the run's earlier outputs (nodes/approval_details.py)."""
    outputs = [o.get("text") or "" for result in task_results.values() for o in result.get("observations") or []
               if o.get("ok")]
    held = []
    for task_id, result in task_results.items():
        if result.get("status") != "awaiting_approval":
            continue
        last = result["observations"][-1]
        spec = next((t for t in await tools.list_tools(last["server"]) if t.name == last["tool"]), None)
        details = {key: found for key, value in last["arguments"].items()
                   if (found := described_value(key, value, outputs)) is not None}
        description = (effect_line(last["server"], spec, last["arguments"], details) if spec is not None
                       else f"{last['server']}.{last['tool']}")
        held.append(HeldCall(task_id=task_id, server=last["server"], tool=last["tool"], args=last["arguments"],
                             description=description, call_id=last["call_id"], spec=spec))
    return held


def has_checkpointer() -> bool:
    try:
        return get_config().get("configurable", {}).get(CONFIG_KEY_CHECKPOINTER) is not None
    except RuntimeError:  # outside a runnable context
        return False


def _replace_last(result: dict[str, Any], outcome: ToolOutcome, status: str, error: str | None) -> dict[str, Any]:
    updated = {**result, "observations": [*result["observations"][:-1], outcome.model_dump()], "status": status}
    updated.pop("error", None)
    if error:
        updated["error"] = error
    return updated


def make_approver(tools: ToolCaller):
    """Build the approve node over the session pool."""

    def hint(held: HeldCall, context: Context) -> str:
        """The mcp.json setting that would have let the call run without asking."""
        source = policy_for(held.server, held.tool, tools, context.approvals).source
        return trust_hint(held.server, held.tool, held.spec, source)

    async def carry_out(held: HeldCall, decision: Approve | Edit | Reject, result: dict[str, Any],
                        context: Context) -> dict[str, Any]:
        timeout_s = context.tool_timeout_s
        if isinstance(decision, Reject):
            reason = (f"not done: {held.description}: declined" + (f" ({decision.message})" if decision.message
                                                                    else "") + f"; {hint(held, context)}.")
            record = ToolOutcome(call_id=held.call_id, server=held.server, tool=held.tool, arguments=held.args,
                                 ok=False, error=reason, held="denied")
            return _replace_last(result, record, "rejected", reason)
        args = held.args
        if isinstance(decision, Edit):
            problem = edit_problem(held, decision, held.spec)
            if problem:
                record = ToolOutcome(call_id=held.call_id, server=held.server, tool=held.tool,
                                     arguments=decision.edited_action.args, ok=False, error=f"not done: {problem}")
                return _replace_last(result, record, "failed", record.error)
            args = decision.edited_action.args
        outcome = await tools.call(held.server, held.tool, args, timeout_s=timeout_s)
        updated = _replace_last(result, outcome, "ok" if outcome.ok else "failed", outcome.error)
        if outcome.ok:  # the answer opens with what was done (nodes/answer.py)
            done = effect_line(held.server, held.spec, args) if held.spec is not None else held.description
            updated["done"] = {"call_id": outcome.call_id, "description": done}
        return updated

    async def approve(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        results = state.get("task_results") or {}
        held = await held_calls(results, tools)
        if not held:
            return {}
        if not has_checkpointer():
            reason = "it needs a person's approval and this run has no thread to pause for one"
            updated = {}
            for h in held:
                record = ToolOutcome(call_id=h.call_id, server=h.server, tool=h.tool, arguments=h.args, ok=False,
                                     error=f"not done: {h.description}: {reason}; {hint(h, context)}.",
                                     held="denied")
                updated[h.task_id] = _replace_last(results[h.task_id], record, "rejected", record.error)
            return {"task_results": updated, "errors": [f"approve: {h.server}.{h.tool} {reason}" for h in held]}
        request = approval_request(held)
        emit("approval_requested", actions=request["action_requests"])
        reply = interrupt(request)
        errors: list[str] = []
        try:
            decisions = parse_decisions(reply, len(held))
        except BadDecisions as exc:  # an unreadable reply approves nothing
            errors.append(f"approve: {exc}; nothing was run")
            decisions = [Reject(type="reject", message="the reply could not be read")] * len(held)
        updated = {}
        for h, decision in zip(held, decisions):
            updated[h.task_id] = await carry_out(h, decision, results[h.task_id], context)
            emit("approval_decided", action=f"{h.server}.{h.tool}", decision=decision.type,
                 status=updated[h.task_id]["status"])
            if updated[h.task_id]["status"] != "ok":
                errors.append(f"approve: {h.task_id} ({h.server}.{h.tool}) {updated[h.task_id]['status']}: "
                              f"{updated[h.task_id].get('error', '')}")
        # under the held call's id, which the thread's tool call carries (an approved call runs under a new one)
        decided = [{**updated[h.task_id]["observations"][-1], "call_id": h.call_id} for h in held]
        return {"task_results": updated, "errors": errors,
                "messages": decided_tool_messages(state.get("messages") or [], decided)}

    return approve
