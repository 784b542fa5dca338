"""Critical-path execution vs. level-by-level waves vs. sequential, on random DAGs of real MCP calls.

Each task calls a real MCP server (stdio, held session) whose tool sleeps a drawn latency (10 ms - 1 s,
log-uniform). The executor model is a zero-latency fake that names the tool, so the numbers measure
scheduling, not a model. Three ways run in one process over the same pool:
- sequential: one task after another in topological order;
- waves: LangGraph ``Send`` fan-out of every ready task, one superstep per level;
- ours: the execute subgraph (graphs/executor.py), each task awaiting only its own dependencies.
All three ways run the same per-task work, the executor agent (nodes/execute.run_task_agent) with the
fake model and the real MCP call. Ratio = wall time / critical path, where the critical path uses each
task's own measured work time in that run (agent + MCP transport + sleep), so the ratio isolates what
the scheduling adds; the ratio against the drawn sleeps alone is printed too.

    .venv/bin/python benchmarks/dag_execution.py [--dags 50] [--quick] [--seed 7] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import operator
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Annotated, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from langgraph.graph import END, START, StateGraph  # noqa: E402
from langgraph.types import Send  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402
from typing_extensions import TypedDict  # noqa: E402

from graphs.context import Context  # noqa: E402
from graphs.executor import build_execute_graph, context_payload  # noqa: E402
from graphs.plan import Plan, Task, critical_path_s  # noqa: E402
from nodes.execute import run_task_agent  # noqa: E402
from tests.fakes import ScriptedModels  # noqa: E402
from tools.catalog import Catalog, ServerSpec  # noqa: E402
from tools.pool import SessionPool  # noqa: E402

SERVER = "sleeper"


def random_dag(rng: random.Random, max_latency: float) -> tuple[Plan, dict[str, float]]:
    """Width 1-8 per level, depth 1-5; each later task needs one task of the previous level (+ maybe one)."""
    depth, levels, tasks, latency = rng.randint(1, 5), [], [], {}
    for level in range(depth):
        ids = []
        for _ in range(rng.randint(1, 8)):
            task_id = f"T{len(tasks) + 1}"
            deps = []
            if level:
                deps.append(rng.choice(levels[-1]))
                earlier = [t for lv in levels for t in lv if t not in deps]
                if earlier and rng.random() < 0.3:
                    deps.append(rng.choice(earlier))
            latency[task_id] = math.exp(rng.uniform(math.log(0.01), math.log(max_latency)))
            tasks.append(Task(id=task_id, server=SERVER, query=f"sleep {latency[task_id]:.4f} for {task_id}", deps=deps))
            ids.append(task_id)
        levels.append(ids)
    return Plan(tasks=tasks), latency


def sleep_step(messages) -> dict:
    """The zero-latency executor: read the seconds from the task text."""
    words = messages[-1].content.split("sleep ", 1)[1].split()
    return {"tool": "sleep", "params": {"seconds": float(words[0]), "label": words[2]}}


class TimedTools:
    """The pool, seen by one task's agent; records the task's work time (first listing to last call)."""

    def __init__(self, pool: SessionPool, spans: dict[str, float], task_id: str):
        self.pool, self.spans, self.task_id, self.started = pool, spans, task_id, 0.0

    async def list_tools(self, server: str):
        self.started = time.perf_counter()
        return await self.pool.list_tools(server)

    async def call(self, server, tool, arguments=None, *, timeout_s=15.0):
        outcome = await self.pool.call(server, tool, arguments, timeout_s=timeout_s)
        assert outcome.ok, outcome.error
        self.spans[self.task_id] = time.perf_counter() - self.started
        return outcome


MODELS = ScriptedModels(executor=[lambda messages: sleep_step(messages)])
CONTEXT = Context(task_timeout_s=30, tool_timeout_s=30, latency_budget_s=120)


async def timed_call(pool: SessionPool, task: Task, spans: dict[str, float]) -> None:
    """The same work every way runs for one task: the executor agent and its real MCP call."""
    await run_task_agent(task, {}, tools=TimedTools(pool, spans, task.id), model=MODELS.get("executor", CONTEXT),
                         context=CONTEXT)


async def run_sequential(pool: SessionPool, plan: Plan) -> tuple[float, dict[str, float]]:
    spans: dict[str, float] = {}
    started = time.perf_counter()
    for task in plan.tasks:  # generated in topological order
        await timed_call(pool, task, spans)
    return time.perf_counter() - started, spans


class WaveState(TypedDict, total=False):
    done: Annotated[list[str], operator.add]
    task: dict


def build_waves(pool: SessionPool, plan: Plan, spans: dict[str, float]):
    """LangGraph Send fan-out: every ready task of the current superstep, then the next wave."""

    def dispatch(state: WaveState) -> list[Send] | str:
        done = set(state.get("done", []))
        ready = [t for t in plan.tasks if t.id not in done and all(d in done for d in t.deps)]
        return [Send("run_task", {"task": t.model_dump()}) for t in ready] or END

    async def run_task(state: WaveState) -> dict:
        task = Task.model_validate(state["task"])
        await timed_call(pool, task, spans)
        return {"done": [task.id]}

    builder = StateGraph(WaveState)
    builder.add_node("gate", lambda state: {})
    builder.add_node("run_task", run_task)
    builder.add_edge(START, "gate")
    builder.add_conditional_edges("gate", dispatch, ["run_task", END])
    builder.add_edge("run_task", "gate")
    return builder.compile()


async def run_waves(pool: SessionPool, plan: Plan) -> tuple[float, dict[str, float]]:
    spans: dict[str, float] = {}
    graph = build_waves(pool, plan, spans)
    started = time.perf_counter()
    await graph.ainvoke({"done": []}, {"recursion_limit": 100})
    return time.perf_counter() - started, spans


async def run_ours(execute, plan: Plan, spans: dict[str, float]) -> tuple[float, dict[str, float]]:
    spans.clear()
    started = time.perf_counter()
    out = await execute.ainvoke({"plan": plan.model_dump(), "context": context_payload(CONTEXT)})
    wall = time.perf_counter() - started
    for result in out["task_results"].values():
        assert result["status"] == "ok", result
    return wall, dict(spans)


class TaskTimedPool:
    """What the execute subgraph sees: the pool, recording each task's work time like TimedTools does.
    A task's agent lists tools and calls within one asyncio task; the call's ``label`` names the task."""

    def __init__(self, pool: SessionPool, spans: dict[str, float]):
        self.pool, self.spans, self.started = pool, spans, {}

    async def list_tools(self, server: str):
        self.started[id(asyncio.current_task())] = time.perf_counter()
        return await self.pool.list_tools(server)

    async def call(self, server, tool, arguments=None, *, timeout_s=15.0):
        outcome = await self.pool.call(server, tool, arguments, timeout_s=timeout_s)
        assert outcome.ok, outcome.error
        self.spans[arguments["label"]] = time.perf_counter() - self.started[id(asyncio.current_task())]
        return outcome


async def main(dags: int, max_latency: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    spec = ServerSpec(name=SERVER, transport="stdio", command=sys.executable,
                      args=[str(ROOT / "benchmarks" / "sleep_server.py")])
    rows: dict[str, list[dict[str, float]]] = {"sequential": [], "waves": [], "ours": []}
    async with SessionPool(Catalog(servers={SERVER: spec})) as pool:
        await pool.call(SERVER, "sleep", {"seconds": 0})
        ours_spans: dict[str, float] = {}
        execute = build_execute_graph(TaskTimedPool(pool, ours_spans), MODELS)
        for _ in range(dags):
            plan, drawn = random_dag(rng, max_latency)
            drawn_path = critical_path_s(plan, drawn)
            for way, runner in (("sequential", run_sequential(pool, plan)), ("waves", run_waves(pool, plan)),
                                ("ours", run_ours(execute, plan, ours_spans))):
                wall, spans = await runner
                rows[way].append({"wall": wall, "path": critical_path_s(plan, spans), "drawn_path": drawn_path,
                                  "tasks": len(plan.tasks)})
    summary: dict[str, Any] = {"dags": dags, "max_latency_s": max_latency}
    for way, samples in rows.items():
        ratios = [s["wall"] / s["path"] for s in samples]
        drawn = [s["wall"] / s["drawn_path"] for s in samples]
        speedups = [seq["wall"] / s["wall"] for seq, s in zip(rows["sequential"], samples)]
        summary[way] = {"ratio_median": statistics.median(ratios), "ratio_max": max(ratios),
                        "drawn_ratio_median": statistics.median(drawn),
                        "speedup_vs_sequential_median": statistics.median(speedups),
                        "wall_s_total": sum(s["wall"] for s in samples)}
    summary.update(
        ours_ratio_median=summary["ours"]["ratio_median"], ours_ratio_max=summary["ours"]["ratio_max"],
        waves_ratio_median=summary["waves"]["ratio_median"],
        speedup_vs_sequential_median=summary["ours"]["speedup_vs_sequential_median"],
    )
    return summary


def print_table(summary: dict[str, Any]) -> None:
    table = Table(title=f"DAG execution, {summary['dags']} random DAGs (width 1-8, depth 1-5, "
                        f"sleeps 10 ms-{summary['max_latency_s'] * 1000:.0f} ms, real MCP over stdio)")
    for column in ("way", "wall/critical path (median)", "(max)", "wall/drawn path (median)",
                   "speed-up vs sequential (median)", "total wall s"):
        table.add_column(column, justify="right" if column != "way" else "left")
    for way in ("sequential", "waves", "ours"):
        s = summary[way]
        table.add_row(way, f"{s['ratio_median']:.3f}", f"{s['ratio_max']:.3f}", f"{s['drawn_ratio_median']:.3f}",
                      f"{s['speedup_vs_sequential_median']:.2f}x", f"{s['wall_s_total']:.1f}")
    Console().print(table)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="critical-path vs waves vs sequential DAG execution")
    parser.add_argument("--dags", type=int, default=50)
    parser.add_argument("--quick", action="store_true", help="15 DAGs, sleeps up to 300 ms (under a minute)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    dags, max_latency = (15, 0.3) if args.quick else (args.dags, 1.0)
    result = asyncio.run(main(dags, max_latency, args.seed))
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
