"""The executor agent of one plan task: a small model that may call only its server's tools.

Each step is one schema-constrained output ``{"tool": ..., "params": {...}}`` whose decoding schema is
built from the server's tools' JSON schemas (TURA's "infer without thought", appendix A.4.2), with every
argument narrowed to the values the task's own inputs offer (nodes/argument_candidates.py): spans of the
request, dates resolved by code, dependency outputs, named enum values. A tool outside the assigned server,
or arguments outside that set or the tool's schema, are refused in code too (nodes/step_rules.py, for a
backend without grammars), and the model is re-asked with the reason. It stops at the first successful call or after
``max_steps``. A call that changes data is never made here: it is held for approval (nodes/approval.py).
"""

from __future__ import annotations

import asyncio

import json
import re
from dataclasses import replace
from datetime import date
from typing import Any, Protocol

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from mcp.types import Tool

from graphs.context import Context
from graphs.plan import Task
from nodes.argument_candidates import Candidates, gather_candidates
from nodes.argument_schema import constrain_tool_schema
from nodes.property_kinds import tool_words
from nodes.approval import changes_data, held_outcome, policy_for, user_asked_tools
from nodes.step_rules import ToolRefused, ToolStep, make_step_check, settle_arguments
from nodes.models import ModelProvider, RoleModel
from nodes.executor_prompt import executor_conversation
from nodes.quoted_data import quoted
from nodes.prompts.execute import EXECUTE_ACT, EXECUTE_FOLLOW, EXECUTE_RETRY
from nodes.question import today_of
from nodes.structured import StructuredOutputError, ask_structured
from tools.tool_outcome import ToolOutcome


class ToolCaller(Protocol):
    """What the executor needs from the session pool."""

    async def list_tools(self, server: str) -> list[Tool]: ...

    async def call(self, server: str, tool: str, arguments: dict[str, Any] | None = None, *,
                   timeout_s: float = 15.0) -> ToolOutcome: ...


def step_schema(tools: list[Tool], constrained: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """A decoding schema allowing exactly one of ``tools`` with arguments of that tool's schema (or of its
    ``constrained`` schema; tools missing from ``constrained`` are left out)."""
    variants = [
        {
            "type": "object",
            "properties": {"tool": {"const": t.name},
                           "params": (constrained[t.name] if constrained is not None
                                      else t.inputSchema or {"type": "object"})},
            "required": ["tool", "params"],
        }
        for t in tools if constrained is None or t.name in constrained
    ]
    return variants[0] if len(variants) == 1 else {"anyOf": variants}


class NoCallableTool(ToolRefused):
    """Every tool of the server needs a value that the task's inputs do not contain."""


def constrained_tools(server: str, tools: list[Tool], candidates: Candidates, *,
                      narrow: bool = True) -> dict[str, dict[str, Any]]:
    """Each callable tool's decoding schema over ``candidates``; raises NoCallableTool when none is.
    ``narrow`` then keeps only the tools that word heuristics favour (the most named enum values, the best
    described): they help the few-shot base model, which cannot tell sibling tools apart. The distilled
    executor has learnt the tools, is offered every callable one, and chooses (``narrow=False``)."""
    values = [str(v) for t in tools for v in schema_enum_values(t.inputSchema or {})]
    # A code ("EUR") is never part of a name: a span holding one is no value ("amd worth in EUR"). A word
    # ("museum") may be: only a span made of such words alone is left out ("Egyptian Museum" stays).
    codes = {v.lower() for v in values if v.isupper()}
    enum_words = {v.lower() for v in values} - codes
    schemas = {t.name: constrain_tool_schema(t.inputSchema, candidates,
                                             tool_words(t.name, t.description or "") | codes, enum_words)
               for t in tools}
    callable_ = {name: schema for name, schema in schemas.items() if schema is not None}
    if not callable_:
        raise NoCallableTool(f"no tool of '{server}' can be called with what the request names "
                             f"(each needs a value it does not give: {', '.join(schemas)})")
    if not narrow:
        return callable_
    # The tools that take the most of the enum values the request names ("EUR", "TRY") fit it best.
    named = named_enum_values([t for t in tools if t.name in callable_], candidates)
    most = max((len(values) for values in named.values()), default=0)
    if most:
        callable_ = {name: schema for name, schema in callable_.items() if len(named.get(name, ())) == most}
    favourite = described_best([t for t in tools if t.name in callable_], candidates.requests)
    return {favourite: callable_[favourite]} if favourite else callable_


_CONTENT = re.compile(r"[a-z]{3,}")
_COMMON = frozenset("""the and for with from that this what whats how much many when where which who will
    can get give show tell please one day days today""".split())


def described_best(tools: list[Tool], requests: list[str]) -> str | None:
    """The one tool whose name and description share clearly more words with the request than any other
    ("disney stock price": get_quote, 'Latest price of a stock'), else None and the model chooses."""
    asked = {w for text in requests for w in _CONTENT.findall(text.lower())} - _COMMON
    if len(tools) < 2 or not asked:
        return None
    overlap = sorted(((len(asked & set(_CONTENT.findall(f"{t.name.replace('_', ' ')} {t.description or ''}".lower()))),
                       t.name) for t in tools), reverse=True)
    (best, name), (second, _) = overlap[0], overlap[1]
    return name if best >= 2 and best >= second + 2 else None


async def decide_step(query: str, server: str, available: list[Tool], candidates: Candidates, *, model: RoleModel,
                      context: Context, today: date) -> ToolStep:
    """The executor's first step for ``query`` without running it (benchmarks/distill.py measures this):
    the same constraints, prompt and checks as ``run_task_agent``."""
    allowed = constrained_tools(server, available, candidates, narrow=not model.distilled)
    offered = [t for t in available if t.name in allowed]
    conversation = executor_conversation(query, offered, candidates, {}, today, with_examples=not model.distilled)
    step = await ask_structured(model, conversation, ToolStep, retries=context.structured_retries,
                                json_schema=step_schema(offered, allowed),
                                check=make_step_check(server, available, allowed, [query]))
    return settle_arguments(step, next(t for t in offered if t.name == step.tool), [query])


def open_server_early(tools: ToolCaller, server: str) -> None:
    """Start the server's session while the model decides the call: its tools may have been listed from the
    cache (tools/tool_list_cache.py) without starting it, and a stdio server takes most of a second to start.
    A failure to start is reported by the call itself, so the early attempt's error is only collected here.
    Tool callers without sessions (test fakes) have no ``open_session``."""
    opener = getattr(tools, "open_session", None)
    if opener is not None:
        opening = asyncio.ensure_future(opener(server))
        opening.add_done_callback(lambda done: done.cancelled() or done.exception())


async def run_task_agent(
    task: Task,
    dep_outputs: dict[str, list[ToolOutcome]],
    *,
    tools: ToolCaller,
    model: RoleModel,
    context: Context,
    later_model: RoleModel | None = None,
) -> list[ToolOutcome]:
    """Run one task; returns every tool call it made (the last one is the task's answer when ``ok``).
    ``later_model`` takes over after the first step (a follow-up call or a retry), with its own prompt: the
    distilled executor is trained on first steps only."""
    listed = await tools.list_tools(task.server)
    open_server_early(tools, task.server)
    if not listed:
        raise ToolRefused(f"server '{task.server}' offers no tools")
    available = user_asked_tools(listed, task)
    today = today_of(context.today)
    request_texts = [task.query] + ([task.request] if task.request and task.request != task.query else [])
    dependency_texts = [o.text for outcomes in dep_outputs.values() for o in outcomes if o.ok]
    candidates = gather_candidates(request_texts, dependency_texts, today, context.user_name)

    def decoding(candidates: Candidates, only: set[str] | None = None):
        allowed = (constrained_tools(task.server, available, candidates, narrow=not model.distilled)
                   if context.constrain_arguments
                   else {t.name: t.inputSchema or {"type": "object"} for t in available})
        if only is not None:
            allowed = {name: schema for name, schema in allowed.items() if name in only}
        offered = [t for t in available if t.name in allowed]
        return offered, step_schema(offered, allowed), make_step_check(task.server, available, allowed,
                                                                       request_texts)

    offered, schema, check = decoding(candidates)
    named = named_enum_values(available, candidates)
    first_offered, first_candidates = offered, candidates
    conversation = executor_conversation(task.query, offered, candidates, dep_outputs, today,
                                         with_examples=not model.distilled)

    def next_turn(messages: list[BaseMessage]) -> list[BaseMessage]:
        """The conversation for the next step; hands over to ``later_model`` (its own first prompt, then the
        steps so far) when one is given."""
        nonlocal model
        if later_model is None or later_model is model:
            return [*conversation, *messages]
        model = later_model
        return [*executor_conversation(task.query, first_offered, first_candidates, dep_outputs, today,
                                       with_examples=not model.distilled), *messages]

    outcomes: list[ToolOutcome] = []
    steps = max(1, context.max_executor_steps)
    for n in range(steps):
        try:
            step = await ask_structured(
                model, conversation, ToolStep, retries=context.structured_retries, json_schema=schema, check=check
            )
        except StructuredOutputError:
            if outcomes and outcomes[-1].ok:  # a follow-up that cannot be formed: what was found stands
                break
            raise
        chosen = next(t for t in offered if t.name == step.tool)
        step = settle_arguments(step, chosen, request_texts)
        if changes_data(chosen):
            policy = policy_for(task.server, tools, context.approvals)
            if policy != "allow":  # never run here: held for a person's decision, or refused by policy
                outcomes.append(held_outcome(task, step.tool, step.params, chosen, policy, n))
                break
        outcome = await tools.call(task.server, step.tool, step.params, timeout_s=context.tool_timeout_s)
        outcomes.append(outcome)
        if outcome.ok:
            missing = uncovered(named, step, outcome)
            follow = {name for name, values in named.items() if values & missing and name != step.tool}
            acting = False
            if not follow and not changes_data(chosen):
                # "Book the cheapest 4-star hotel in Paris": the search ran, the booking it asks for comes next,
                # with ids from this output.
                follow = {t.name for t in available if changes_data(t)} - {step.tool}
                acting = bool(follow)
            if not follow or n + 1 == steps:
                break
            # The task names something this call did not cover ("... in GBP"): one more call, on a tool that
            # takes it, with this call's output among the values it may use.
            result = quoted(outcome.summary(400))
            ask = (EXECUTE_ACT.format(result=result, actions=" / ".join(sorted(follow))) if acting else
                   EXECUTE_FOLLOW.format(result=result, values=", ".join(sorted(missing))))
            conversation = next_turn([AIMessage(step.model_dump_json()), HumanMessage(ask)])
            candidates = gather_candidates(request_texts, [*dependency_texts, outcome.text], today, context.user_name)
            try:
                offered, schema, check = decoding(candidates, follow)
            except NoCallableTool:
                break
            if not offered:
                break
            continue
        conversation = next_turn([HumanMessage(
            f"Called {step.tool} with {json.dumps(step.params)}. " + EXECUTE_RETRY.format(error=outcome.error))])
        offered, schema, check = decoding(candidates)
    return outcomes


async def run_executor(task: Task, dep_outputs: dict[str, list[ToolOutcome]], *, tools: ToolCaller,
                       models: ModelProvider, context: Context) -> list[ToolOutcome]:
    """One task on the executor the context asks for. The distilled executor is trained on single first steps
    of a request alone: a task that reads its dependencies' results is a prompt it never saw, so the base
    executor runs it. When the distilled executor forms no valid step, or none of its calls succeeds (and none
    waits for approval), the base executor (few-shot prompt, heuristically narrowed tools) tries the task once
    more, and its calls are added after."""
    model = models.get("executor", context)
    base = models.get("executor", replace(context, executor_adapter=False)) if model.distilled else model
    if any(dep_outputs.values()):
        model = base
    try:
        # the distilled executor makes the first step; a follow-up call or a retry is the base executor's
        outcomes = await run_task_agent(task, dep_outputs, tools=tools, model=model, context=context,
                                        later_model=base)
    except StructuredOutputError:
        if not model.distilled:
            raise
        outcomes = []
    if not model.distilled or any(o.ok or o.held for o in outcomes):
        return outcomes
    return [*outcomes, *await run_task_agent(task, dep_outputs, tools=tools, model=base, context=context)]


def schema_enum_values(schema: dict[str, Any]) -> list[Any]:
    """Every enum value of a tool's properties ("EUR" is a currency there, not a free-text name)."""
    values: list[Any] = []
    for spec in (schema.get("properties") or {}).values():
        for branch in [spec, *(spec.get("anyOf") or []), spec.get("items") or {}]:
            if isinstance(branch, dict):
                values.extend(branch.get("enum") or [])
    return values


def named_enum_values(tools: list[Tool], candidates: Candidates) -> dict[str, set[str]]:
    """Per tool, the enum values of its properties that the request names (e.g. 'GBP')."""
    named: dict[str, set[str]] = {}
    for tool in tools:
        values: set[str] = set()
        for spec in ((tool.inputSchema or {}).get("properties") or {}).values():
            branches = [spec, *(spec.get("anyOf") or [])]
            for branch in branches:
                for value in (branch.get("enum") or []) if isinstance(branch, dict) else []:
                    if isinstance(value, str) and value.lower() in candidates.words:
                        values.add(value.lower())
        if values:
            named[tool.name] = values
    return named


def uncovered(named: dict[str, set[str]], step: ToolStep, outcome: ToolOutcome) -> set[str]:
    """Named enum values that neither the call's arguments nor its output mention."""
    said = (json.dumps(step.params) + " " + outcome.text).lower()
    return {v for values in named.values() for v in values if not re.search(rf"\b{re.escape(v)}\b", said)}
