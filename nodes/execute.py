"""The executor agent of one plan task: a small model that may call only its server's tools.

Each step is one schema-constrained output ``{"tool": ..., "params": {...}}`` whose decoding schema is
built from the server's tools' JSON schemas (TURA's "infer without thought", appendix A.4.2). A tool
outside the assigned server, or arguments that break the tool's schema, are refused here in code, and
the model is re-asked with the reason. It stops at the first successful call or after ``max_steps``.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any, Protocol

import jsonschema
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from mcp.types import Tool
from pydantic import BaseModel, Field

from graphs.context import Context
from graphs.plan import Task
from nodes.models import RoleModel
from nodes.prompts.execute import EXECUTE_CONTEXT, EXECUTE_EXAMPLES, EXECUTE_RETRY, EXECUTE_SYSTEM, EXECUTE_USER
from nodes.question import today_of
from nodes.structured import ask_structured
from tools.tool_outcome import ToolOutcome


class ToolCaller(Protocol):
    """What the executor needs from the session pool."""

    async def list_tools(self, server: str) -> list[Tool]: ...

    async def call(self, server: str, tool: str, arguments: dict[str, Any] | None = None, *,
                   timeout_s: float = 15.0) -> ToolOutcome: ...


class ToolStep(BaseModel):
    tool: str = Field(min_length=1)
    params: dict[str, Any] = Field(default_factory=dict)


class ToolRefused(ValueError):
    """The model named a tool it may not call, or arguments that break the tool's schema."""


def step_schema(tools: list[Tool]) -> dict[str, Any]:
    """A decoding schema allowing exactly one of ``tools`` with arguments of that tool's schema."""
    variants = [
        {
            "type": "object",
            "properties": {"tool": {"const": t.name}, "params": t.inputSchema or {"type": "object"}},
            "required": ["tool", "params"],
        }
        for t in tools
    ]
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


@lru_cache(maxsize=1024)
def _validator_for(schema_json: str) -> jsonschema.protocols.Validator | None:
    """A compiled validator per distinct schema. ``jsonschema.validate`` re-checks the schema against its
    metaschema on every call, which cost ~1 ms a task step; the schema is checked here once instead.
    None for a schema that is itself invalid (a user's server): its arguments are then left for the server
    to validate, which it must do anyway."""
    schema = json.loads(schema_json)
    cls = jsonschema.validators.validator_for(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError:
        return None
    return cls(schema)


def make_step_check(server: str, tools: list[Tool]):
    """The in-code guard: only this server's tools, arguments valid against the tool's input schema."""
    by_name = {t.name: t for t in tools}
    validators = {t.name: _validator_for(json.dumps(t.inputSchema or {"type": "object"}, sort_keys=True))
                  for t in tools}

    def check(step: ToolStep) -> None:
        tool = by_name.get(step.tool)
        if tool is None:
            raise ToolRefused(
                f"tool '{step.tool}' is not a tool of server '{server}'; allowed: {', '.join(by_name)}"
            )
        try:
            if (validator := validators[step.tool]) is not None:
                validator.validate(step.params)
        except jsonschema.ValidationError as exc:
            raise ToolRefused(f"arguments for {step.tool} are invalid: {exc.message}") from exc

    return check


def describe_tools(tools: list[Tool]) -> str:
    lines = []
    for tool in tools:
        params = (tool.inputSchema or {}).get("properties", {})
        signature = ", ".join(f"{name}: {spec.get('type', 'any')}" for name, spec in params.items())
        lines.append(f"- {tool.name}({signature}): {(tool.description or '').splitlines()[0][:200]}")
    return "\n".join(lines)


def dependency_context(dep_outputs: dict[str, list[ToolOutcome]]) -> str:
    if not dep_outputs:
        return ""
    results = "\n".join(
        f"{task_id}: {outcome.summary(400)}" for task_id, outcomes in dep_outputs.items() for outcome in outcomes
    )
    return EXECUTE_CONTEXT.format(results=results)


async def run_task_agent(
    task: Task,
    dep_outputs: dict[str, list[ToolOutcome]],
    *,
    tools: ToolCaller,
    model: RoleModel,
    context: Context,
) -> list[ToolOutcome]:
    """Run one task; returns every tool call it made (the last one is the task's answer when ``ok``)."""
    available = await tools.list_tools(task.server)
    if not available:
        raise ToolRefused(f"server '{task.server}' offers no tools")
    conversation = [
        SystemMessage(EXECUTE_SYSTEM.format(today=today_of(context.today).isoformat(), tools=describe_tools(available))),
        *[m for user, reply in EXECUTE_EXAMPLES for m in (HumanMessage(user), AIMessage(reply))],
        HumanMessage(EXECUTE_USER.format(query=task.query, context=dependency_context(dep_outputs))),
    ]
    schema, check = step_schema(available), make_step_check(task.server, available)
    outcomes: list[ToolOutcome] = []
    for _ in range(max(1, context.max_executor_steps)):
        step = await ask_structured(
            model, conversation, ToolStep, retries=context.structured_retries, json_schema=schema, check=check
        )
        outcome = await tools.call(task.server, step.tool, step.params, timeout_s=context.tool_timeout_s)
        outcomes.append(outcome)
        if outcome.ok:
            break
        conversation = [
            *conversation,
            HumanMessage(
                f"Called {step.tool} with {json.dumps(step.params)}. "
                + EXECUTE_RETRY.format(error=outcome.error)
            ),
        ]
    return outcomes
