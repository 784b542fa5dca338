"""The executor agent of one plan task: a small model that may call only its server's tools.

Each step is one schema-constrained output ``{"tool": ..., "params": {...}}`` whose decoding schema is
built from the server's tools' JSON schemas (TURA's "infer without thought", appendix A.4.2), with every
argument narrowed to the values the task's own inputs offer (nodes/arguments/candidates.py): spans of the
request, dates resolved by code, dependency outputs, named enum values. A tool outside the assigned server,
or arguments outside that set or the tool's schema, are refused in code too (nodes/arguments/step_rules.py, for a
backend without grammars), and the model is re-asked with the reason. It stops at the first successful call or after
``max_steps``. A call that changes data is never made here: it is held for approval (nodes/approval.py).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import date
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from mcp.types import Tool

from graphs.context import Context
from graphs.plan import Task
from nodes.arguments.candidates import Candidates, gather_candidates
from nodes.approval import changes_data, held_outcome, policy_for, trusted_tools, user_asked_tools
from nodes.arguments.error_values import narrowed_to_error_values, values_listed_in_error
from nodes.arguments.string_values import LISTED_NAMES
from nodes.arguments.step_rules import ToolRefused, ToolStep, make_step_check, settle_arguments
from nodes.models import ModelProvider, RoleModel
from nodes.executor_prompt import executor_conversation
from nodes.answering.quoted_data import quoted
from nodes.prompts.execute import EXECUTE_ACT, EXECUTE_FOLLOW, EXECUTE_RETRY
from nodes.question import today_of
from nodes.structured import StructuredOutputError, ask_structured
from nodes.executor_inputs import task_candidates
from nodes.tool_caller import ToolCaller, known_names_of, open_server_early
from nodes.arguments.fan_out import list_items_kept_apart, remaining_calls, whole_lists
from nodes.arguments.narrower_tool import narrower_tool
from nodes.arguments.tool_offer import NoCallableTool, constrained_tools, named_enum_values, step_schema, uncovered
from tools.catalog_fingerprint import server_fingerprint
from tools.tool_outcome import ToolOutcome


async def decide_step(query: str, server: str, available: list[Tool], candidates: Candidates, *, model: RoleModel,
                      context: Context, today: date, known_names: list[str] | None = None) -> ToolStep:
    """The executor's first step for ``query`` without running it (benchmarks/distill.py measures this):
    the same constraints, prompt and checks as ``run_task_agent``."""
    allowed = constrained_tools(server, available, candidates, narrow=not model.distilled)
    offered = [t for t in available if t.name in allowed]
    conversation = executor_conversation(query, offered, candidates, {}, today, with_examples=not model.distilled)
    step = await ask_structured(model, conversation, ToolStep, retries=context.structured_retries,
                                json_schema=step_schema(offered, allowed),
                                check=make_step_check(server, available, allowed, [query]))
    return settle_arguments(step, next(t for t in offered if t.name == step.tool), [query], known_names,
                            allowed.get(step.tool), candidates.listed.get(LISTED_NAMES, []))


def error_narrowing(failed: ToolOutcome, allowed: dict[str, dict[str, Any]], available: list[Tool],
                    request_texts: list[str]) -> dict[str, dict[str, Any]]:
    """When the failed call's error lists the values it takes ("'lima' is not one of: ..."), the retry of that
    tool is decoded from those values alone (nodes/arguments/error_values.py); nothing changes otherwise."""
    error = failed.error or failed.text or ""
    values = values_listed_in_error(error)
    tool = next((t for t in available if t.name == failed.tool), None)
    if not values or tool is None:
        return {}
    schema = allowed.get(tool.name) or {**(tool.inputSchema or {}), "additionalProperties": False}
    narrowed = narrowed_to_error_values(schema, failed.arguments or {}, error, values, request_texts)
    return {tool.name: narrowed} if narrowed else {}


async def run_task_agent(
    task: Task,
    dep_outputs: dict[str, list[ToolOutcome]],
    *,
    tools: ToolCaller,
    model: RoleModel,
    context: Context,
    later_model: RoleModel | None = None,
    tried: list[ToolOutcome] | None = None,
) -> list[ToolOutcome]:
    """Run one task; returns every tool call it made (the last one is the task's answer when ``ok``).
    ``later_model`` takes over after the first step (a follow-up call or a retry), with its own prompt: the
    distilled executor is trained on first steps only. ``tried`` are calls an earlier attempt at the task made:
    one of them that failed is not made again."""
    listed = await tools.list_tools(task.server)
    open_server_early(tools, task.server)
    if not listed:
        raise ToolRefused(f"server '{task.server}' offers no tools")
    trusted = trusted_tools(task.server, tools)
    available = user_asked_tools(listed, task, trusted)
    today = today_of(context.today)
    request_texts = [task.query] + ([task.request] if task.request and task.request != task.query else [])
    dependency_texts = [o.text for outcomes in dep_outputs.values() for o in outcomes if o.ok]
    known = await known_names_of(tools)
    candidates = await task_candidates(task.server, available, tools, trusted, request_texts, dependency_texts,
                                       today, context)

    def decoding(candidates: Candidates, only: set[str] | None = None, failed: ToolOutcome | None = None):
        allowed = (constrained_tools(task.server, available, candidates, narrow=not model.distilled)
                   if context.constrain_arguments
                   else {t.name: t.inputSchema or {"type": "object"} for t in available})
        if failed is not None:  # a retry decoded from the values a failed call's error lists
            allowed.update(error_narrowing(failed, allowed, available, request_texts))
        if only is not None:
            allowed = {name: schema for name, schema in allowed.items() if name in only}
        offered = [t for t in available if t.name in allowed]
        decoded.clear()
        decoded.update(allowed)
        return offered, step_schema(offered, allowed), make_step_check(task.server, available, allowed,
                                                                       request_texts)

    decoded: dict[str, dict[str, Any]] = {}  # the decoding schema of each offered tool, for settle_arguments

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
    fanned: list[ToolStep] = []  # calls decided by code: the other values of a one-value property
    n = -1
    while n + 1 < steps:
        n += 1
        fanned_step = bool(fanned)
        if fanned:
            step = fanned.pop(0)
        else:
            try:
                step = await ask_structured(
                    model, conversation, ToolStep, retries=context.structured_retries, json_schema=schema, check=check
                )
            except StructuredOutputError:
                if outcomes:  # a follow-up or retry that cannot be formed: the calls made stand, failed ones too
                    break
                raise
        chosen = next(t for t in offered if t.name == step.tool)
        step = settle_arguments(step, chosen, request_texts, known, decoded.get(step.tool),
                                first_candidates.listed.get(LISTED_NAMES, []))
        if not fanned_step:  # "what is X trading at": not the history tool, whose extra days the call left out
            narrower = narrower_tool(chosen, step.params, offered, request_texts)
            chosen, step = narrower, ToolStep(tool=narrower.name, params=step.params)
        completed = whole_lists(chosen, step.params, candidates)
        step = ToolStep(tool=step.tool, params=list_items_kept_apart(chosen, completed, candidates))
        if any(not o.ok and o.tool == step.tool and o.arguments == step.params for o in [*(tried or []), *outcomes]):
            break  # the same call failed already ("unknown city Zuraflax"): making it again tells nothing new
        if changes_data(chosen):
            policy = policy_for(task.server, step.tool, tools, context.approvals)
            if policy != "allow":  # never run here: held for a person's decision, or refused by policy
                outcomes.append(held_outcome(task, step.tool, step.params, chosen, policy, n))
                break
        outcome = await tools.call(task.server, step.tool, step.params, timeout_s=context.tool_timeout_s)
        outcomes.append(outcome)
        if outcome.ok:
            missing = uncovered(named, step, outcome)
            follow = {name for name, values in named.items() if values & missing and name != step.tool}
            acting = False
            if not changes_data(chosen) and not fanned and not fanned_step:
                # "time in Tokyo and Sydney": the same call for each other value, decided by code, before any call
                # that takes what they all leave out ("AMD, intel and TSMC prices in won": the quotes, then won)
                made = [o.arguments for o in outcomes if o.ok and o.tool == step.tool]
                fanned = [ToolStep(tool=step.tool, params=p) for p in remaining_calls(chosen, made, candidates)]
            if fanned:
                steps = max(steps, n + 1 + len(fanned))
                continue
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
            candidates = replace(gather_candidates(request_texts, [*dependency_texts, outcome.text], today,
                                                   context.user_name), listed=candidates.listed)
            try:
                offered, schema, check = decoding(candidates, follow)
            except NoCallableTool:
                break
            if not offered:
                break
            continue
        conversation = next_turn([HumanMessage(
            f"Called {step.tool} with {json.dumps(step.params)}. " + EXECUTE_RETRY.format(error=outcome.error))])
        offered, schema, check = decoding(candidates, failed=outcome)
    return outcomes


async def run_executor(task: Task, dep_outputs: dict[str, list[ToolOutcome]], *, tools: ToolCaller,
                       models: ModelProvider, context: Context) -> list[ToolOutcome]:
    """One task on the executor the context asks for. The distilled executor is trained on single first steps
    of a request alone: a task that reads its dependencies' results is a prompt it never saw, so the base
    executor runs it. The distilled executor makes the first step; a retry after a failed call is the base
    executor's (``later_model``). When no call succeeds (and none waits for approval), the base executor
    (few-shot prompt, heuristically narrowed tools) runs the task once more from the start, without repeating
    a call that already failed ("nestle share price": get_quote('share') failed, get_quote('nestle') answers)."""
    fingerprint = server_fingerprint(task.server, await tools.list_tools(task.server))
    model = models.get("executor", context, fingerprint)  # an adapter trained on this server, as it is now
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
    try:
        again = await run_task_agent(task, dep_outputs, tools=tools, model=base, context=context, tried=outcomes)
    except StructuredOutputError:
        if not outcomes:
            raise
        again = []  # no other call could be formed: the failed calls are the task's account
    return [*outcomes, *again]
