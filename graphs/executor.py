"""The execute subgraph: the plan's DAG run on LangGraph's functional API, critical-path scheduled.

Every plan task becomes an asyncio task that awaits only its own dependencies, then runs the executor
agent as a LangGraph ``@task`` (retry policy, checkpointed result, visible in Studio). So a task starts
the moment its dependencies finish, not when a whole superstep does (ARCHITECTURE.md decision 1).
A failed task marks its dependents skipped; the latency budget cancels what is still running.
Lifecycle events (started / finished / failed / skipped / cancelled) go out as ``custom`` stream events.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import asdict
from typing import Any

from langgraph.func import entrypoint, task
from langgraph.types import Overwrite, RetryPolicy

from graphs.context import Context
from graphs.plan import Plan, Task
from nodes.approval import task_status
from nodes.events import emit
from nodes.execute import run_executor
from nodes.tool_caller import ToolCaller
from nodes.model_call import ModelUnavailable
from nodes.models import ModelProvider
from tools.tool_outcome import ToolOutcome

# Only a model endpoint that did not answer is worth retrying; tool failures are data already.
TRANSIENT_RETRY = RetryPolicy(max_attempts=2, initial_interval=0.2, retry_on=ModelUnavailable)


def build_execute_graph(tools: ToolCaller, models: ModelProvider):
    """Build the execute entrypoint for a tool caller (the MCP session pool) and a model provider."""

    @task(retry_policy=TRANSIENT_RETRY)
    async def run_plan_task(task_json: dict, dep_outputs: dict, context_json: dict) -> list[dict]:
        context = Context(**context_json)
        plan_task = Task.model_validate(task_json)
        deps = {k: [ToolOutcome.model_validate(o) for o in v] for k, v in dep_outputs.items()}
        outcomes = await run_executor(plan_task, deps, tools=tools, models=models, context=context)
        return [o.model_dump() for o in outcomes]

    @entrypoint()
    async def execute_plan(inputs: dict) -> dict:
        plan = Plan.model_validate(inputs["plan"])
        context = Context(**inputs.get("context", {}))
        started_at = time.perf_counter()
        epoch = time.time()  # absolute times (started_at / finished_at) place tasks on the run's timeline
        results: dict[str, dict] = {}

        def clock() -> float:
            return round(time.perf_counter() - started_at, 4)

        def finish(plan_task: Task, status: str, observations: list[dict], error: str | None = None,
                   started: float | None = None) -> dict:
            result = {"task_id": plan_task.id, "server": plan_task.server, "query": plan_task.query,
                      "status": status, "observations": observations, "finished_s": clock()}
            result["finished_at"] = round(epoch + result["finished_s"], 4)
            if started is not None:
                result.update(started_s=started, started_at=round(epoch + started, 4))
            if error:
                result["error"] = error
            results[plan_task.id] = result
            kind = {"ok": "finished", "awaiting_approval": "held", "rejected": "held"}.get(status, status)
            emit(f"task_{kind}", task_id=plan_task.id,
                 server=plan_task.server, at_s=result["finished_s"], error=error)
            return result

        async def run(plan_task: Task) -> dict:
            deps = [await runners[d] for d in plan_task.deps]
            blocked = [d["task_id"] for d in deps if d["status"] != "ok"]
            if blocked:
                return finish(plan_task, "skipped", [], f"dependency {', '.join(blocked)} did not succeed")
            started = clock()
            emit("task_started", task_id=plan_task.id, server=plan_task.server, query=plan_task.query, at_s=started)
            dep_outputs = {d["task_id"]: d["observations"] for d in deps}
            try:
                observations = await asyncio.wait_for(
                    run_plan_task(plan_task.model_dump(), dep_outputs, inputs.get("context", {})),
                    context.task_timeout_s,
                )
            except TimeoutError:
                return finish(plan_task, "failed", [], f"timed out after {context.task_timeout_s:g} s", started)
            except Exception as exc:  # the task's failure is recorded; siblings go on
                return finish(plan_task, "failed", [], f"{type(exc).__name__}: {exc}", started)
            status, reason = task_status(observations)
            return finish(plan_task, status, observations, reason, started)

        runners: dict[str, asyncio.Task] = {}
        for plan_task in plan.tasks:  # a valid plan is acyclic, so every dependency exists
            runners[plan_task.id] = asyncio.ensure_future(_after_registration(run, plan_task))
        budget_s = inputs.get("budget_s", context.latency_budget_s)
        _, pending = await asyncio.wait(runners.values(), timeout=budget_s)
        for runner in pending:
            runner.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        for plan_task in plan.tasks:
            if plan_task.id not in results:
                finish(plan_task, "cancelled", [], f"latency budget of {context.latency_budget_s:g} s ran out")
        return {"task_results": results, "elapsed_s": clock()}

    return execute_plan


async def _after_registration(run, plan_task: Task) -> dict:
    """Yield once so every runner is registered before any looks up its dependencies."""
    await asyncio.sleep(0)
    return await run(plan_task)


def context_payload(context: Context) -> dict[str, Any]:
    """The context as plain data for the subgraph's input (checkpointable)."""
    return asdict(context)


def make_execute_node(execute_plan):
    """The main graph's execute node: runs the subgraph on the state's plan and reports failures."""
    from nodes.timing import timed, tool_stage_s
    from langgraph.runtime import Runtime

    @timed("execute")
    async def execute(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        plan = state.get("plan") or {}
        emit("plan_made", tasks=plan.get("tasks", []), source=plan.get("source"))
        # Overwrite: in a thread, this turn's results replace the last turn's instead of merging with them.
        if not plan.get("tasks"):
            halted = plan.get("source") == "halt"  # the planner found nothing to search for: not an error
            return {"task_results": Overwrite({}), "errors": [] if halted else ["execute: the plan has no tasks"]}
        output = await execute_plan.ainvoke({"plan": plan, "context": context_payload(context),
                                             "budget_s": tool_stage_s(state, context.latency_budget_s)})
        results = output["task_results"]
        errors = [
            f"execute: {r['task_id']} ({r['server']}) {r['status']}: {r.get('error', '')}"
            for r in results.values() if r["status"] != "ok"
        ]
        return {"task_results": Overwrite(results), "errors": errors}

    return execute
