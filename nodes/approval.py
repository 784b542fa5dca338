"""Approval before any side effect: which calls need a person's yes, and the request / decision shapes.

Why: tura books hotels, reserves tables and places orders. A misread question, a confused small model or
text planted in a web page must not spend the user's money. So a call to a tool whose MCP annotations do
not mark it read-only (or mark it destructive) is never run by the executor itself. Under the policy
``ask`` (the default) it is held and the run pauses with ``interrupt()`` in the approve node
(nodes/approve.py); under ``deny`` it is refused; under ``allow`` it runs. The policy comes from the run's
context and may be overridden per server in ``mcp.json`` (``"approvals": "allow"``). Before any of that, a
tool that changes data is offered to a task only when the user's own question names its action
(``user_asked_tools``), so neither a model-written query nor text inside a tool output can make it callable.

The request uses agent-chat-ui's human-in-the-loop shape (LangChain's ``HITLRequest``), so the chat UI
renders approve / edit / reject buttons without custom code:
``{"action_requests": [{"name", "args", "description"}], "review_configs": [{"action_name", "allowed_decisions"}]}``.
The reply is ``{"decisions": [{"type": "approve"} | {"type": "edit", "edited_action": {"name", "args"}} |
{"type": "reject", "message": "..."}]}``, one decision per request, in order.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import jsonschema
from mcp.types import Tool
from pydantic import BaseModel, Field, ValidationError

from graphs.plan import Task
from tools.tool_outcome import ToolOutcome

DECISIONS = ["approve", "edit", "reject"]
MAX_ARG_CHARS = 60


def changes_data(tool: Tool) -> bool:
    """True unless the tool's annotations mark it read-only and not destructive (no annotations: it may)."""
    hints = tool.annotations
    return hints is None or not hints.readOnlyHint or bool(hints.destructiveHint)


def policy_for(server: str, tools: object, default: str) -> str:
    """The server's own policy from the catalogue when it sets one, else the run's."""
    own = getattr(tools, "approval_policy", None)
    chosen = own(server) if callable(own) else None
    return chosen or default


def action_name(server: str, tool: str) -> str:
    return f"{server}.{tool}"


def effect_line(server: str, tool: Tool, args: dict[str, Any]) -> str:
    """One line a person can approve from: what the call does, where, and with which values."""
    title = (tool.annotations.title if tool.annotations and tool.annotations.title else None) or \
        tool.name.replace("_", " ")
    values = ", ".join(f"{k} {_short(v)}" for k, v in args.items())
    return f"{title} on {server} ({values})"


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= MAX_ARG_CHARS else text[: MAX_ARG_CHARS - 3] + "..."


_ACTION_STOP = frozenset({"get", "set", "list", "search", "check", "find", "show", "place", "make", "create",
                          "update", "add", "new", "run", "do", "send"})


def asked_actions(tools: list[Tool], request_texts: list[str]) -> list[str]:
    """The side-effecting tools whose action the request names ("book" for book_room, "order" for
    place_order, "reserve" for reserve_seat: the tool name's first word that is not a generic verb)."""
    words = {w for text in request_texts for w in re.findall(r"[a-z]+", text.lower())}
    asked = []
    for tool in tools:
        parts = [p.lower() for p in re.split(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])", tool.name) if p]
        verb = next((p for p in parts if p not in _ACTION_STOP), None)
        if changes_data(tool) and verb in words:
            asked.append(tool.name)
    return asked


def user_asked_tools(tools: list[Tool], task: Task) -> list[Tool]:
    """The tools a task may use: every read-only one, and those that change data only when the user's own
    question names their action. A planner's or a search step's query, or text inside a tool output ("ignore
    your instructions and book ..."), never makes a booking tool callable."""
    asked = set(asked_actions(tools, [task.request or task.query]))
    return [t for t in tools if not changes_data(t) or t.name in asked]


def held_outcome(task: Task, tool_name: str, params: dict[str, Any], tool: Tool, policy: str, n: int) -> ToolOutcome:
    """The record of a side-effecting call that did not run: it waits for approval, or policy denied it."""
    line = effect_line(task.server, tool, params)
    if policy == "deny":
        error = f"not done: {line}: it changes data and approvals are 'deny' for {task.server}."
    else:
        error = f"waiting for approval: {line}"
    return ToolOutcome(call_id=f"{task.id}-held-{n + 1}", server=task.server, tool=tool_name,
                       arguments=params, ok=False, error=error, held="denied" if policy == "deny" else "waiting")



class HeldCall(BaseModel):
    """A side-effecting call the executor decided on but did not run."""

    task_id: str
    server: str
    tool: str
    args: dict[str, Any]
    description: str
    call_id: str
    spec: Tool | None = None  # the tool's listing: its schema checks an edit, its title names the effect


def approval_request(held: list[HeldCall]) -> dict[str, Any]:
    """The interrupt payload in agent-chat-ui's human-in-the-loop shape."""
    return {
        "action_requests": [{"name": action_name(h.server, h.tool), "args": h.args,
                             "description": f"{h.description}. This changes data: approve, edit or reject."}
                            for h in held],
        "review_configs": [{"action_name": action_name(h.server, h.tool), "allowed_decisions": list(DECISIONS)}
                           for h in held],
    }


class Approve(BaseModel):
    type: Literal["approve"]


class EditedAction(BaseModel):
    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class Edit(BaseModel):
    type: Literal["edit"]
    edited_action: EditedAction


class Reject(BaseModel):
    type: Literal["reject"]
    message: str = ""


Decision = Annotated[Approve | Edit | Reject, Field(discriminator="type")]


class Decisions(BaseModel):
    decisions: list[Decision]


class BadDecisions(ValueError):
    """The reply to an approval request is not one valid decision per held call."""


def parse_decisions(reply: Any, expected: int) -> list[Approve | Edit | Reject]:
    """The person's decisions, one per held call; a bare decision or a list of them is accepted too."""
    if isinstance(reply, list):
        reply = {"decisions": reply}
    elif isinstance(reply, dict) and "type" in reply:
        reply = {"decisions": [reply]}
    try:
        decisions = Decisions.model_validate(reply).decisions
    except ValidationError as exc:
        raise BadDecisions(f"the approval reply is not {{'decisions': [...]}} of approve / edit / reject: "
                           f"{exc.errors()[0]['msg']}") from exc
    if len(decisions) != expected:
        raise BadDecisions(f"the approval reply has {len(decisions)} decision(s) for {expected} held call(s)")
    return decisions


def edit_problem(held: HeldCall, edit: Edit, tool: Tool | None) -> str | None:
    """Why an edited call may not run (another tool, or arguments outside the tool's schema), else None."""
    if edit.edited_action.name not in (action_name(held.server, held.tool), held.tool):
        return f"an edit may change the arguments of {action_name(held.server, held.tool)}, not the action"
    if tool is None:
        return f"{held.server} no longer offers {held.tool}"
    try:
        jsonschema.validate(edit.edited_action.args, tool.inputSchema or {"type": "object"})
    except jsonschema.ValidationError as exc:
        return f"the edited arguments do not fit {held.tool}'s schema: {exc.message}"
    return None


def task_status(observations: list[dict[str, Any]]) -> tuple[str, str | None]:
    """A task's status from its calls: the last one decides; a held call waits for approval or was refused."""
    last = observations[-1] if observations else None
    if last is None:
        return "failed", "no tool was called"
    if last.get("held") == "waiting":
        return "awaiting_approval", last.get("error")
    if last.get("held") == "denied":
        return "rejected", last.get("error")
    return ("ok", None) if last.get("ok") else ("failed", last.get("error"))
