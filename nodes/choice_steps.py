"""The planning search's two steps for a choice chain (nodes/choice_chain.py): measure every alternative, let
code pick the winner, then ask the follow-up of the winner alone. No model decides a step; each step's server is
the one retrieval ranks first for its query."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from graphs.context import Context
from graphs.plan import Task
from nodes.choice_chain import ChoiceChain, measured_values, pick, shown_figure
from nodes.models import ModelProvider
from nodes.run_task import run_single_task
from nodes.tool_caller import ToolCaller

PickServer = Callable[[str, str, Context], Awaitable[tuple[str, str | None]]]


def _values_text(values: dict[str, float], measure: str) -> str:
    return ", ".join(f"{name} {shown_figure(value, measure)}" for name, value in values.items()) or "no values"


async def run_choice_chain(chain: ChoiceChain, *, fallback_server: str, tools: ToolCaller, models: ModelProvider,
                           pick_server: PickServer, context: Context, deadline: float) -> dict[str, Any]:
    """The search node's update (task results, steps, plan, errors) for ``chain``."""
    errors: list[str] = []
    results: dict[str, dict[str, Any]] = {}
    steps: list[dict[str, Any]] = []
    tasks: list[Task] = []

    async def step(n: int, query: str, request: str, deps: list[str]) -> dict[str, Any]:
        server, problem = await pick_server(query, fallback_server, context)
        errors.extend([problem] if problem else [])
        task = Task(id=f"T{n}", server=server, query=query, deps=deps, request=request)
        tasks.append(task)
        remaining = max(0.1, deadline - time.perf_counter())
        # the follow-up reads no earlier output: the winner is in its request, and a loser in an output could be
        # taken as its argument
        result = await run_single_task(task, {}, tools=tools, models=models, context=context,
                                       timeout_s=min(context.task_timeout_s, remaining))
        results[task.id] = result
        steps.append({"step": n, "task_id": task.id, "server": server, "query": query, "status": result["status"],
                      "poor": result["status"] != "ok"})
        return result

    if chain.start:
        # trips from one start to each alternative ("From London, is Istanbul or Cairo the cheaper flight?"): a route
        # tool takes one destination a call, so each alternative is measured by its own step
        observations: list[dict[str, Any]] = []
        for n, query in enumerate(chain.measuring_queries(), start=1):
            observations += (await step(n, query, query, []))["observations"]
    else:
        measuring = chain.measuring_query()
        observations = (await step(1, measuring, measuring, []))["observations"]
    values = measured_values(chain, observations)
    winner = pick(chain, values)
    steps[0]["summary"] = f"{chain.measure} ({'highest' if chain.larger_wins else 'lowest'} wins): " \
                          f"{_values_text(values, chain.measure)}"
    if winner is None:
        steps[0]["decision"] = "no pick"
        errors.append(f"search: could not tell which of {', '.join(chain.alternatives)} is {chain.comparative} "
                      f"from the results ({_values_text(values, chain.measure)}); the follow-up was not asked")
    else:
        steps[0]["decision"] = f"picked {winner}"
        steps[0]["choice"] = {"winner": winner, "comparative": chain.comparative, "values": values,
                              "figures": _values_text(values, chain.measure),
                              "day": f"{chain.day:%a} {chain.day.isoformat()}" if chain.day else "",
                              "measured_by": [t.id for t in tasks]}
        query, request = chain.asked_of(winner)
        if deadline - time.perf_counter() <= 0:
            errors.append(f"search: latency budget of {context.latency_budget_s:g} s ran out after 1 step(s)")
        else:
            await step(len(steps) + 1, query, request, [t.id for t in tasks])
            steps[-1]["decision"] = "enough"
            steps[-1]["summary"] = f"asked of {winner}"
    errors += [f"search: {r['task_id']} ({r['server']}) failed: {r.get('error', '')}"
               for r in results.values() if r["status"] != "ok"]
    return {"results": results, "steps": steps, "plan": {"tasks": [t.model_dump() for t in tasks],
                                                        "source": "choice"}, "errors": errors}
