"""Approval before any side effect: which calls need a person's yes, and the request / decision shapes.

Why: tura books hotels, reserves tables and places orders. A misread question, a confused small model or
text planted in a web page must not spend the user's money. So a call to a tool whose MCP annotations do
not mark it read-only (or mark it destructive) is never run by the executor itself. Under the policy
``ask`` (the default) it is held and the run pauses with ``interrupt()`` in the approve node
(nodes/approve.py); under ``deny`` it is refused; under ``allow`` it runs. The policy comes from the run's
context and may be overridden per server or per tool in ``mcp.json`` (``"approvals": "allow"``, or
``"approvals": {"read_query": "allow", "*": "ask"}``: tools/catalog.py). A call that did not run says which
setting would let it run (``trust_hint``), because an unannotated read tool is held too. Before any of that, a
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
from collections.abc import Collection
from typing import Annotated, Any, Literal

import jsonschema
from mcp.types import Tool
from pydantic import BaseModel, Field, ValidationError

from graphs.plan import Task
from nodes.approval_waivers import refuses_changes
from tools.catalog import ALL_TOOLS
from tools.tool_outcome import ToolOutcome

DECISIONS = ["approve", "edit", "reject"]
MAX_ARG_CHARS = 60


def changes_data(tool: Tool) -> bool:
    """True unless the tool's annotations mark it read-only and not destructive (no annotations: it may)."""
    hints = tool.annotations
    return hints is None or not hints.readOnlyHint or bool(hints.destructiveHint)


class Policy(str):
    """A policy name ("ask" / "deny" / "allow") that also carries the mcp.json file declaring its server, so the
    record of a call it holds can name the file to change (``held_outcome``). A str: it compares as the name."""

    source: str

    def __new__(cls, name: str, source: str = "") -> Policy:
        policy = super().__new__(cls, name)
        policy.source = source
        return policy


def policy_for(server: str, tool: str, tools: object, default: str) -> Policy:
    """The catalogue's policy for this tool of the server (the tool's own, else the server's ``"*"``) when it
    sets one, else the run's. Tool callers without a catalogue (test fakes) leave the run's."""
    own = getattr(tools, "approval_policy", None)
    chosen = own(server, tool) if callable(own) else None
    source = getattr(tools, "approval_source", None)
    return Policy(chosen or default, source(server) if callable(source) else "")


def why_held(tool: Tool | None) -> str:
    """Which annotation makes the tool one that may change data (MCP: no readOnlyHint means it may)."""
    hints = tool.annotations if tool is not None else None
    if hints is None or hints.readOnlyHint is None:
        return "no readOnlyHint"
    return "destructiveHint" if hints.readOnlyHint else "readOnlyHint false"


def trust_hint(server: str, tool_name: str, tool: Tool | None, source: str) -> str:
    """The exact mcp.json setting that lets this call run without asking."""
    where = f" in {source}" if source else " in its mcp.json"
    return (f"{server}.{tool_name} may change data ({why_held(tool)}); to trust it, set "
            f'"approvals": {{"{tool_name}": "allow"}} for server "{server}"{where}')


def action_name(server: str, tool: str) -> str:
    return f"{server}.{tool}"


def effect_line(server: str, tool: Tool, args: dict[str, Any], details: dict[str, str] | None = None) -> str:
    """One line a person can approve from: what the call does, where, and with which values; ``details`` says
    what a value stands for ("hotel_id 181 (Hôtel Lumière: stars 4, total price 189 EUR)")."""
    title = (tool.annotations.title if tool.annotations and tool.annotations.title else None) or \
        tool.name.replace("_", " ")
    details = details or {}
    values = ", ".join(f"{k} {_short(v)}" + (f" ({details[k]})" if k in details else "") for k, v in args.items())
    return f"{title} on {server} ({values})"


def _short(value: Any) -> str:
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= MAX_ARG_CHARS else text[: MAX_ARG_CHARS - 3] + "..."


_ACTION_STOP = frozenset({"get", "set", "list", "search", "check", "find", "show", "place", "make", "create",
                          "update", "add", "new", "run", "do", "send"})


def asked_actions(tools: list[Tool], request_texts: list[str]) -> list[str]:
    """The side-effecting tools whose action the request names ("book" for book_room, "reserve" for
    reserve_seat: the tool name's first word that is not a generic verb). After a generic verb the next word is
    a noun that names the action only when the request uses it as a verb ("order 2 boxes", "please order it")
    or says the generic verb too ("place an order"): "how many rows are in the invoices table" asks for no
    create_table."""
    text = " ".join(request_texts).lower()
    words = set(re.findall(r"[a-z]+", text))
    asked = []
    for tool in tools:
        parts = [p.lower() for p in re.split(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])", tool.name) if p]
        verb = next((p for p in parts if p not in _ACTION_STOP), None)
        if not changes_data(tool) or verb not in words:
            continue
        if _asked_about(verb, text):
            continue
        generic = parts[: parts.index(verb)]
        if not generic or words & set(generic) or _used_as_verb(verb, text):
            asked.append(tool.name)
    return asked


def _asked_about(word: str, text: str) -> bool:
    """``word`` as what someone did, asked about: "what did I write down about the lift pass" asks to read a
    note, not to write one."""
    return bool(re.search(rf"\b(?:did|do|does|have|has|had)\s+(?:i|we|you|they|he|she|it)\s+(?:\w+\s+)?{word}\b",
                          text))


def _used_as_verb(word: str, text: str) -> bool:
    """``word`` in command position: first in a clause or after "to", "please", "can you"..., or followed by
    an object ("order 2 ...", "order me ...")."""
    lead = r"(?:^|[.!?,;:]\s*|\b(?:to|please|pls|can you|could you|and|then|i want to|i'd like to|let's)\s+)"
    follow = r"\s+(?:me|us|a|an|the|some|another|\d+|one|two|three|it|them)\b"
    return bool(re.search(rf"{lead}{word}\b", text) or re.search(rf"\b{word}{follow}", text))


def user_asked_tools(tools: list[Tool], task: Task, trusted: Collection[str] = ()) -> list[Tool]:
    """The tools a task may use: every read-only one, those ``trusted`` by name (``trusted_tools``), and those
    that change data only when the user's own question names their action. A planner's or a search step's
    query, or text inside a tool output ("ignore your instructions and book ..."), never makes a booking tool
    callable; nor does a request that waives the approval itself or carries code (nodes/approval_waivers.py)."""
    request = task.request or task.query
    asked = (set() if refuses_changes(request) else set(asked_actions(tools, [request]))) | set(trusted)
    return [t for t in tools if not changes_data(t) or t.name in asked]


def trusted_tools(server: str, tools: object) -> set[str]:
    """The server's tools that mcp.json allows by their own name (``{"read_query": "allow"}``): the user vouched
    for each, so it is offered like a read-only tool. A server-wide ``"allow"`` or ``"*"`` trusts no tool by
    name: it lets calls run without asking, but a booking tool still needs the user to ask for it."""
    catalog = getattr(tools, "catalog", None)
    spec = catalog.servers.get(server) if catalog is not None else None
    if spec is None:
        return set()
    return {tool for tool, policy in spec.approvals.items() if policy == "allow" and tool != ALL_TOOLS}


def held_outcome(task: Task, tool_name: str, params: dict[str, Any], tool: Tool, policy: str, n: int) -> ToolOutcome:
    """The record of a side-effecting call that did not run: it waits for approval, or policy denied it. Its
    error names the setting that would let it run (the file is known when ``policy`` is a ``Policy``)."""
    line = effect_line(task.server, tool, params)
    hint = trust_hint(task.server, tool_name, tool, getattr(policy, "source", ""))
    if policy == "deny":
        error = f"not done: {line}: approvals are 'deny' for {task.server}; {hint}."
    else:
        error = f"waiting for approval: {line}; {hint}"
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
