"""The executor's prompt for one step: the offered tools, the task, resolved dates and earlier results.

One function builds it for runs (nodes/execute.py) and for the distilled executor's training examples
(nodes/distill/dataset.py), so the adapter is trained on exactly the prompt it is served.
"""

from __future__ import annotations

import re
from datetime import date

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from mcp.types import Tool

from nodes.arguments.candidates import Candidates
from nodes.answering.quoted_data import quoted
from nodes.prompts.execute import EXECUTE_CONTEXT, EXECUTE_DATES, EXECUTE_EXAMPLES, EXECUTE_SYSTEM, EXECUTE_USER
from tools.tool_outcome import ToolOutcome


def date_hints(candidates: Candidates) -> str:
    """'tomorrow = 2026-11-24' lines, so the model sees which resolved date each phrase is."""
    if not candidates.dates:
        return ""
    return EXECUTE_DATES.format(dates="; ".join(f"{m.phrase} = {m.as_argument()}" for m in candidates.dates))


COMPACT_DESCRIPTION_CHARS = 80


_CLAUSE_END = re.compile(r"(?<!\be\.g)(?<!\bi\.e)\.(?:\s|$)|[:;]")


def first_clause(description: str) -> str:
    """A description up to its first full stop, colon or semicolon ("e.g." is no full stop)."""
    return _CLAUSE_END.split(description, maxsplit=1)[0].strip()


def describe_tools(tools: list[Tool], *, compact: bool = False) -> str:
    """One line per tool: name, parameters and description. ``compact`` (the distilled executor, which has
    learnt the tools) keeps the description's first clause: fewer tokens to read per step."""
    lines = []
    for tool in tools:
        params = (tool.inputSchema or {}).get("properties", {})
        description = (tool.description or "").splitlines()[0] if tool.description else ""
        if compact:
            signature = ", ".join(params)
            description = first_clause(description)[:COMPACT_DESCRIPTION_CHARS]
        else:
            signature = ", ".join(f"{name}: {spec.get('type', 'any')}" for name, spec in params.items())
            description = description[:200]
        lines.append(f"- {tool.name}({signature}): {description}")
    return "\n".join(lines)


def dependency_context(dep_outputs: dict[str, list[ToolOutcome]]) -> str:
    if not dep_outputs:
        return ""
    results = "\n".join(
        f"{task_id}: {quoted(outcome.summary(400))}" for task_id, outcomes in dep_outputs.items()
        for outcome in outcomes
    )
    return EXECUTE_CONTEXT.format(results=results)


def executor_conversation(query: str, offered: list[Tool], candidates: Candidates,
                          dep_outputs: dict[str, list[ToolOutcome]], today: date, *,
                          with_examples: bool = True) -> list[BaseMessage]:
    """The executor's prompt for one step. The distilled executor was trained on exactly this prompt without
    the few-shot examples and with compact tool lines (nodes/distill/dataset.py builds its training examples
    with this function), so with an adapter they are left out: the format is learnt, and each step reads
    fewer tokens."""
    examples = EXECUTE_EXAMPLES if with_examples else []
    tools = describe_tools(offered, compact=not with_examples)
    return [
        SystemMessage(EXECUTE_SYSTEM.format(today=today.isoformat(), tools=tools)),
        *[m for user, reply in examples for m in (HumanMessage(user), AIMessage(reply))],
        HumanMessage(EXECUTE_USER.format(query=query, context=dependency_context(dep_outputs)) + date_hints(candidates)),
    ]
