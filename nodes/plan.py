"""Plan: turn sub-queries and retrieved servers into a validated DAG (TURA §4.2, appendix A.3).

The planner's JSON (tasks + "T1->T2" dependencies) is converted to the Plan contract and validated;
problems go back to the planner a bounded number of times, then a fallback plan is used: one task per
sub-query on its best server, all parallel. The fast route gets a one-task plan without the planner.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.types import Overwrite
from langgraph.runtime import Runtime
from pydantic import BaseModel, Field, model_validator

from graphs.context import Context
from graphs.plan import Plan, PlanError, Task, validate_plan
from nodes.tool_caller import ToolCaller
from nodes.model_call import ModelUnavailable
from nodes.models import ModelProvider
from nodes.plan_focus import focus_plan, grounded_plan
from nodes.probe import probe_servers, render_snapshot, snapshot_payload
from nodes.plan_stream import StreamedPlannerOutput, plan_while_streaming, streamed_planner_schema
from nodes.prompts.plan import PLAN_REPAIR, PLAN_STREAMED_SYSTEM, PLAN_SYSTEM, PLAN_USER
from nodes.run_task import run_single_task
from nodes.server_choice import DATA_EVIDENCE
from nodes.streaming_dispatch import StreamingDispatch
from nodes.structured import StructuredOutputError, ask_structured
from nodes.events import emit
from nodes.timing import timed, tool_stage_s

_EDGE = re.compile(r"^\s*(T\d+)\s*->\s*(T\d+)\s*$")
REPAIR_ROUNDS = 1  # plans that break a rule go back to the planner once, then the fallback plan is used


class PlannedTask(BaseModel):
    id: str = Field(pattern=r"^T[0-9]{1,3}$")
    server: str
    query: str = Field(min_length=1)


class PlannerOutput(BaseModel):
    """The planner's wire format (appendix A.3, with a server per task, and EASP's diagnosis)."""

    diagnosis: Literal["effective", "recall_noise", "recall_void", "precision"] = "effective"
    strategy: Literal["preserve", "sanitise", "concretise", "halt"] = "preserve"
    tasks: list[PlannedTask] = Field(default_factory=list)
    dependency: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _tasks_unless_halting(self) -> PlannerOutput:
        if not self.tasks and self.strategy != "halt":
            raise ValueError("a plan needs at least one task unless the strategy is halt")
        if self.strategy == "halt" and self.diagnosis != "recall_void":
            raise ValueError("halt is only for diagnosis recall_void")
        return self


def to_plan(output: PlannerOutput, request: str = "") -> Plan:
    """Convert the wire format to the contract; malformed edges raise PlanError."""
    deps: dict[str, list[str]] = {t.id: [] for t in output.tasks}
    problems = []
    for edge in output.dependency:
        match = _EDGE.match(edge)
        if not match:
            problems.append(f"dependency '{edge}' is not of the form T1->T2")
            continue
        before, after = match.groups()
        if after not in deps:
            problems.append(f"dependency '{edge}' names unknown task {after}")
            continue
        deps[after].append(before)
    if problems:
        raise PlanError(problems)
    return Plan(tasks=[Task(id=t.id, server=t.server, query=t.query, deps=deps[t.id], request=request)
                       for t in output.tasks])


def planner_schema(allowed_servers: list[str], max_tasks: int) -> dict[str, Any]:
    """The decoding schema: like PlannerOutput, but ``server`` may only name a retrieved server, so a
    grammar-constrained model cannot invent one (validation still checks, for unconstrained backends)."""
    schema = PlannerOutput.model_json_schema()
    task = schema["$defs"]["PlannedTask"]
    task["properties"]["server"] = {"enum": list(allowed_servers)}
    schema["properties"]["tasks"]["maxItems"] = max_tasks
    return schema


def fallback_plan(sub_queries: list[str], servers: list[dict[str, Any]], request: str = "") -> Plan:
    """One parallel task per sub-query on the server that ranked first for it (else the top server)."""
    top = servers[0]["server"]
    tasks = []
    for i, query in enumerate(sub_queries):
        best = next((s["server"] for s in servers if i in s.get("best_for", [])), top)
        tasks.append(Task(id=f"T{i + 1}", server=best, query=query, request=request))
    return Plan(tasks=tasks, source="fallback")


def server_the_data_names(sub_queries: list[str], servers: list[dict[str, Any]]) -> str | None:
    """The server a one-part question goes to by its data ("my flight booking ref for the lisbon trip": the
    notes server, whose Lisbon trip note holds it), or None.

    Why: the 135M planner put that question on the time server ("Lisbon" has a zone), overruling retrieval
    whose pick rested on the notes server's own document."""
    if len(sub_queries) != 1:
        return None
    best = next((s for s in servers if 0 in s.get("best_for", [])), None)
    return best["server"] if best is not None and best.get("evidence") in DATA_EVIDENCE else None


def make_planner(models: ModelProvider, tools: ToolCaller | None = None):
    """Build the plan node; with ``tools`` it probes the sources before planning (probe-then-plan)."""

    @timed("plan")
    async def plan(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        servers = state.get("servers") or []
        question = state["standalone_query"]
        sub_queries = state.get("sub_queries") or [question]
        if not servers:
            return {"plan": {"tasks": [], "source": "none"}, "errors": ["plan: no servers to plan with"]}
        if state.get("route") == "fast":
            one = Plan(tasks=[Task(id="T1", server=servers[0]["server"], query=question, request=question)],
                       source="fast_path")
            return {"plan": one.model_dump()}
        if state.get("decomposed_by") == "split" and len(sub_queries) > 1:
            # Parts of the question's own conjunctions are independent: each goes to its best server.
            split = fallback_plan(sub_queries[: context.max_tasks], servers)
            for task in split.tasks:  # each part is its own request: "Beijing" is not a ticker of part 2
                task.request = task.query
            return {"plan": {**split.model_dump(), "source": "split"}}
        allowed = [s["server"] for s in servers]
        listing = "\n".join(f"- {s['server']}: tools {', '.join(s['tools']) or '(see server)'}" for s in servers)
        probe: dict[str, Any] = {}
        snapshot = "(no probe)"
        if tools is not None and context.probe_budget_s > 0:
            budget_s = min(context.probe_budget_s, tool_stage_s(state, context.latency_budget_s))
            results, seconds = await probe_servers(tools, allowed, question, budget_s=budget_s)
            probe, snapshot = snapshot_payload(results, seconds), render_snapshot(results)
        ask = HumanMessage(PLAN_USER.format(sub_queries="; ".join(sub_queries), query=question))
        conversation = [SystemMessage(PLAN_SYSTEM.format(servers=listing, snapshot=snapshot)), ask]
        model = models.get("planner", context)
        errors: list[str] = []
        if context.stream_plan and tools is not None:
            streamed = await plan_and_run(state, context, model, [
                SystemMessage(PLAN_STREAMED_SYSTEM.format(servers=listing, snapshot=snapshot)), ask], allowed, probe)
            if "plan" in streamed:
                return streamed
            errors += streamed["errors"]
        schema = planner_schema(allowed, context.max_tasks)
        for _ in range(REPAIR_ROUNDS + 1):
            try:
                output = await ask_structured(model, conversation, PlannerOutput, retries=context.structured_retries,
                                              json_schema=schema)
                probe.update(diagnosis=output.diagnosis, strategy=output.strategy)
                if output.strategy == "halt":
                    return {"plan": {"tasks": [], "source": "halt"}, "probe": probe, "errors": errors}
                candidate, ungrounded = grounded_plan(validate_plan(to_plan(output, question), allowed,
                                                                   context.max_tasks), question)
                errors += ungrounded
                if not candidate.tasks:
                    errors.append("plan: no task of the planner's was made of the question's words; planned one "
                                  "task per sub-query instead")
                    candidate = fallback_plan(sub_queries[: context.max_tasks], servers, question)
                if (held := server_the_data_names(sub_queries, servers)) and held not in {task.server for task in candidate.tasks}:
                    errors.append(f"plan: the planner left out {held}, whose own data the question names; "
                                  "planned on it instead")
                    candidate = fallback_plan(sub_queries, servers, question)
                candidate, dropped = focus_plan(candidate, sub_queries, servers)
                return {"plan": candidate.model_dump(), "probe": probe, "errors": [*errors, *dropped]}
            except PlanError as exc:
                errors.append(f"plan: invalid plan ({exc})")
                conversation = [
                    *conversation,
                    AIMessage(output.model_dump_json()),
                    HumanMessage(PLAN_REPAIR.format(problems=exc)),
                ]
            except (StructuredOutputError, ModelUnavailable) as exc:
                errors.append(f"plan: {exc}")
                break
        fallback = fallback_plan(sub_queries[: context.max_tasks], servers, question)
        return {"plan": fallback.model_dump(), "probe": probe,
                "errors": [*errors, "plan: using the fallback plan (one task per sub-query)"]}

    async def plan_and_run(state: dict[str, Any], context: Context, model, conversation, allowed: list[str],
                           probe: dict[str, Any]) -> dict[str, Any]:
        """Plan while streaming, each task starting once it is written and its dependencies have started
        (nodes/streaming_dispatch.py). The update carries the plan marked ``dispatched`` and the task results,
        which the execute node then passes on; without a valid plan, only the errors."""
        question = state["standalone_query"]
        timeout_s = min(context.task_timeout_s, tool_stage_s(state, context.latency_budget_s))

        async def run(task: Task, deps: dict[str, dict[str, Any]]) -> dict[str, Any]:
            return await run_single_task(task, {d: r["observations"] for d, r in deps.items()}, tools=tools,
                                         models=models, context=context, timeout_s=timeout_s)

        dispatch = StreamingDispatch(run, allowed, context.max_tasks, request=question)
        report, text = await plan_while_streaming(model, conversation, dispatch,
                                                  streamed_planner_schema(allowed, context.max_tasks))
        try:
            wire = StreamedPlannerOutput.model_validate_json(text)
            probe.update(diagnosis=wire.diagnosis, strategy=wire.strategy)
            if wire.strategy == "halt" and wire.diagnosis == "recall_void":
                return {"plan": {"tasks": [], "source": "halt"}, "probe": probe, "errors": []}
        except ValueError:
            pass  # the report says what was wrong
        if report.plan is None:
            cancelled = f"; cancelled {', '.join(report.cancelled)}" if report.cancelled else ""
            return {"errors": [f"plan: the streamed plan is invalid ({'; '.join(report.problems)}){cancelled}; "
                               f"planning again without streaming"]}
        emit("plan_made", tasks=[t.model_dump() for t in report.plan.tasks], source="planner_streamed",
             first_task_s=report.first_dispatch_s)
        return {"plan": {**report.plan.model_dump(), "source": "planner_streamed", "dispatched": True},
                "task_results": Overwrite(report.results), "probe": probe, "errors": []}

    return plan
