"""A turn's tool work as chat messages: per task, an AI message whose ``tool_calls`` are the task's calls, then
one ``ToolMessage`` per call with its output or error.

Why: chat front ends (agent-chat-ui, LangGraph Studio) render a thread's ``messages``; they ignore the
``custom`` progress events, so a run showed pulsing dots and then an answer whose tool work was invisible.
Tool names are ``server__tool`` (the pool's qualified names), valid as OpenAI tool names. The rewriter reads
only the turns' human questions and non-empty AI answers (nodes/rewrite.py), so these never reach a prompt.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langgraph.types import Overwrite

from tools.pool import qualified_name

NodeFn = Callable[..., Awaitable[dict[str, Any]]]


def result_text(observation: dict[str, Any]) -> tuple[str, str]:
    """What a call gave back, and the ToolMessage status."""
    if observation.get("held") == "denied":
        return f"declined: {(observation.get('error') or 'not approved').removeprefix('not done: ')}", "error"
    if observation.get("held"):
        return f"not run: {observation.get('error') or 'it waits for approval'}", "error"
    if observation.get("ok"):
        return observation.get("text") or "", "success"
    return f"ERROR: {observation.get('error') or 'the call failed'}", "error"


def tool_call_messages(task_results: dict[str, dict[str, Any]]) -> list[BaseMessage]:
    """The calls of each task that made any, in task order: its AI message, then its results."""
    messages: list[BaseMessage] = []
    for result in task_results.values():
        observations = [o for o in result.get("observations") or [] if o.get("call_id")]
        if not observations:
            continue
        calls = [{"name": qualified_name(o["server"], o["tool"]), "args": o.get("arguments") or {},
                  "id": o["call_id"], "type": "tool_call"} for o in observations]
        # ids of their own: call ids restart in every process, and a thread outlives processes
        messages.append(AIMessage(content="", tool_calls=calls, id=f"tools-{uuid.uuid4().hex}",
                                  name=result.get("task_id")))
        for observation in observations:
            text, status = result_text(observation)
            messages.append(ToolMessage(content=text, tool_call_id=observation["call_id"], status=status,
                                        name=qualified_name(observation["server"], observation["tool"]),
                                        id=f"tool-result-{uuid.uuid4().hex}"))
    return messages


def decided_tool_messages(messages: list[BaseMessage], observations: list[dict[str, Any]]) -> list[ToolMessage]:
    """A ToolMessage per decided call (its real result, or "declined: <reason>"), under the id of the message that
    said it waits for approval: the thread's reducer replaces that one, so a chat client's tool card shows the
    outcome instead of "not run"."""
    waiting = {m.tool_call_id: m.id for m in messages if isinstance(m, ToolMessage)}
    found = []
    for observation in observations:
        text, status = result_text(observation)
        found.append(ToolMessage(content=text, tool_call_id=observation["call_id"], status=status,
                                 name=qualified_name(observation["server"], observation["tool"]),
                                 id=waiting.get(observation["call_id"]) or f"tool-result-{uuid.uuid4().hex}"))
    return found


def with_tool_messages(node: NodeFn) -> NodeFn:
    """Wrap a node that writes ``task_results`` (execute, search) so its update adds their messages."""

    @functools.wraps(node)
    async def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
        update = await node(*args, **kwargs)
        results = update.get("task_results")
        if isinstance(results, Overwrite):
            results = results.value
        messages = tool_call_messages(results or {})
        return {**update, "messages": [*(update.get("messages") or []), *messages]} if messages else update

    return run
