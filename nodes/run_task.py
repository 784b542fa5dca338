"""Running one task outside the DAG scheduler: the planning search's steps, and one-task plans (the fast
path).

Why: the functional-API execute subgraph (graphs/executor.py) exists to start each task the moment its
own dependencies finish. A single task has nothing to schedule, yet the subgraph cost ~2.7 ms of the fast
path's ~12 ms of orchestration (benchmarks/router.py, zero-latency fakes); here the task runs directly,
with the same result shape, events, timeout and one retry when the model endpoint did not answer.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from langgraph.runtime import Runtime
from langgraph.types import Overwrite

from graphs.context import Context
from graphs.plan import Task
from nodes.answering.lead_candidates import terms
from nodes.answering.missing_names import missing_names, thing_names, without_echoes
from nodes.approval import task_status
from nodes.events import emit
from nodes.execute import run_executor
from nodes.fact_questions import asks_a_fact
from nodes.tool_caller import ToolCaller
from nodes.model_call import ModelUnavailable
from nodes.probe import count_results
from nodes.server_choice import retry_server, search_retry_server
from nodes.models import ModelProvider
from nodes.timing import timed, tool_stage_s
from tools.tool_outcome import ToolOutcome

TRANSIENT_RETRY_DELAY_S = 0.2  # as graphs/executor.py's retry policy: one more try after a model outage


async def run_single_task(task: Task, dep_outputs: dict[str, list[dict]], *, tools: ToolCaller,
                          models: ModelProvider, context: Context, timeout_s: float) -> dict[str, Any]:
    """Run ``task`` through the executor agent; returns a TaskResult (failures are its status)."""
    started, started_at = time.perf_counter(), time.time()
    emit("task_started", task_id=task.id, server=task.server, query=task.query, at_s=0.0)
    deps = {k: [ToolOutcome.model_validate(o) for o in v] for k, v in dep_outputs.items() if v}
    result: dict[str, Any] = {"task_id": task.id, "server": task.server, "query": task.query, "observations": [],
                              "started_s": 0.0, "started_at": round(started_at, 4)}

    async def attempt() -> list[ToolOutcome]:
        try:
            return await run_executor(task, deps, tools=tools, models=models, context=context)
        except ModelUnavailable:
            await asyncio.sleep(TRANSIENT_RETRY_DELAY_S)
            return await run_executor(task, deps, tools=tools, models=models, context=context)

    try:
        outcomes = await asyncio.wait_for(attempt(), timeout_s)
        result["observations"] = [o.model_dump() for o in outcomes]
        status, error = task_status(result["observations"])
        result["status"] = status
        if error:
            result["error"] = error
    except TimeoutError:
        result.update(status="failed", error=f"timed out after {timeout_s:.1f} s (the latency budget)"
                      if timeout_s < context.task_timeout_s else f"timed out after {timeout_s:g} s")
    except Exception as exc:  # the task's failure is recorded as data, as the DAG executor does
        result.update(status="failed", error=f"{type(exc).__name__}: {exc}")
    result["finished_s"] = round(time.perf_counter() - started, 4)
    result["finished_at"] = round(started_at + result["finished_s"], 4)
    emit("task_finished" if result["status"] == "ok" else
         "task_held" if result["status"] in ("awaiting_approval", "rejected") else "task_failed",
         task_id=task.id, server=task.server, at_s=result["finished_s"], error=result.get("error"))
    return result


def _empty(result: dict[str, Any]) -> bool:
    """The task's last output holds an empty list of results ("products": [])."""
    observations = result.get("observations") or []
    return bool(observations) and count_results(observations[-1].get("text", "")) == 0


def _names_what_it_missed(task: Task, result: dict[str, Any], located: dict[str, str]) -> bool:
    """The request names something no output of the task mentions ("How high is Victoria Peak" answered by a
    forecast for Hong Kong): the server answered another question, and the next one is asked
    (nodes/answering/missing_names.py). A thing only named to say where (``located``: nodes/locate.py) is no
    such miss."""
    good = [o for o in result.get("observations") or [] if o.get("ok")]
    outputs = [without_echoes(o.get("text", ""), o.get("arguments") or {}) for o in good]
    missed = set(missing_names(task.request or task.query, outputs)) - set(located)
    return bool(good) and bool(missed)


MIN_SHARED_TERMS = 2  # content words of the question a found passage must hold to answer it


def _shares_the_questions_words(question: str, result: dict[str, Any]) -> bool:
    """Whether the task's outputs hold at least MIN_SHARED_TERMS content words of ``question`` ("star ferry ...
    victoria harbour": a passage about the Star Ferry does, one about a Delhi climate does not)."""
    found = terms(" ".join(str(o.get("text") or "") for o in result.get("observations") or [] if o.get("ok")))
    return len(terms(question) & found) >= MIN_SHARED_TERMS


def search_servers(state: dict[str, Any]) -> set[str]:
    return {s["server"] for s in state.get("servers") or [] if s.get("search")}


NodeFn = Callable[[dict[str, Any], Runtime[Context]], Awaitable[dict[str, Any]]]


def make_execute_dispatch(dag_execute: NodeFn, tools: ToolCaller, models: ModelProvider) -> NodeFn:
    """The execute node: a one-task plan runs directly, anything else through the DAG subgraph."""

    @timed("execute")
    async def execute_one(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        plan = state["plan"]
        emit("plan_made", tasks=plan["tasks"], source=plan.get("source"))
        task = Task.model_validate(plan["tasks"][0])
        timeout_s = min(context.task_timeout_s, tool_stage_s(state, context.latency_budget_s))
        result = await run_single_task(task, {}, tools=tools, models=models, context=context, timeout_s=timeout_s)
        results = {task.id: result}
        errors = [] if result["status"] == "ok" else [f"execute: {task.id} ({task.server}) failed: {result['error']}"]
        found_nothing = result["status"] != "ok" or _empty(result)
        located = state.get("located") or {}
        request = task.request or task.query
        # A question of history goes to search, not to another data server, whether the data server failed ("since
        # what year has the star ferry been crossing victoria harbour?": an unknown city) or answered: no record holds
        # history, even one that names the thing ("Why was the Gateway of India built?" got a route from the Gateway
        # to itself). Search's answer is kept only when it answers (nodes/fact_questions.py).
        history = asks_a_fact(request) and task.server not in search_servers(state)
        searcher = retry_server(state.get("servers") or [], task.server) if found_nothing and not history else None
        if not found_nothing and _names_what_it_missed(task, result, located):
            searcher = search_retry_server(state.get("servers") or [], task.server, loose_only=False)
        # "Oriental Pearl Tower: height in metres?": a data server that knows no such thing failed; search may know
        # it, and its answer is kept only when it names the thing (and holds the question's words)
        about_a_thing = searcher is None and (history or (result["status"] != "ok" and bool(thing_names(request))))
        if about_a_thing:
            searcher = search_retry_server(state.get("servers") or [], task.server, loose_only=False)
        if not searcher or not context.search_fallback:
            return {"task_results": Overwrite(results), "errors": errors}
        tasks, asked = list(plan["tasks"]), [task.server]
        while searcher:
            retry = Task(id=f"T{len(tasks) + 1}", server=searcher, query=task.query, request=task.request)
            second = await run_single_task(retry, {}, tools=tools, models=models, context=context,
                                           timeout_s=min(context.task_timeout_s,
                                                         tool_stage_s(state, context.latency_budget_s)))
            if about_a_thing and (second["status"] != "ok" or _names_what_it_missed(retry, second, located)
                                  or not _shares_the_questions_words(request, second)):
                break  # search knows no such thing either
            results[retry.id] = second
            tasks.append(retry.model_dump())
            asked.append(searcher)
            if second["status"] != "ok":
                errors.append(f"execute: {retry.id} ({retry.server}) failed: {second['error']}")
            # a runner-up that failed as well leaves the question to search, when the first match was loose
            searcher = (search_retry_server(state.get("servers") or [], task.server, asked)
                        if searcher not in search_servers(state) and (second["status"] != "ok" or _empty(second))
                        else None)
        if len(tasks) == len(plan["tasks"]):
            return {"task_results": Overwrite(results), "errors": errors}
        source = "fast_path+search" if tasks[-1]["server"] in search_servers(state) else "fast_path+runner_up"
        return {"task_results": Overwrite(results), "errors": errors,
                "plan": {**plan, "tasks": tasks, "source": source}}

    @timed("execute")
    async def already_run(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        """The plan's tasks ran while it streamed (nodes/plan_stream.py): pass their results on."""
        results = state.get("task_results") or {}
        errors = [f"execute: {r['task_id']} ({r['server']}) {r['status']}: {r.get('error', '')}"
                  for r in results.values() if r.get("status") != "ok"]
        return {"task_results": Overwrite(results), "errors": errors}

    async def execute(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        if (state.get("plan") or {}).get("dispatched"):
            return await already_run(state, runtime)
        tasks = (state.get("plan") or {}).get("tasks") or []
        if len(tasks) == 1 and not tasks[0].get("deps"):
            return await execute_one(state, runtime)
        return await dag_execute(state, runtime)

    return execute
