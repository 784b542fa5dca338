"""Streaming plan dispatch vs dispatch after the whole plan, on benchmarks/dag_execution.py's random DAGs.

A planner that streams its JSON plan (tasks with inline deps) at a fixed token rate (4 characters a token);
each task calls a real MCP server (stdio, held session) whose tool sleeps the task's drawn latency. Both ways
run the same plan over the same pool, critical-path scheduled (nodes/streaming_dispatch.py):
- after_plan: the whole stream is read, then every task is dispatched;
- streaming: each task starts as soon as it is complete in the stream and its dependencies have started.
Reported: time to the first task start, as a share of the time the plan takes to stream, and the total.

    .venv/bin/python benchmarks/streaming_dispatch.py [--dags 30] [--tokens-per-s 40] [--min-tasks 3] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.dag_execution import SERVER, random_dag  # noqa: E402
from graphs.plan import Plan, Task  # noqa: E402
from nodes.streaming_dispatch import StreamingDispatch, dispatch_streamed_plan  # noqa: E402
from tools.catalog import Catalog, ServerSpec  # noqa: E402
from tools.pool import SessionPool  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "streaming_dispatch.md"
CHARS_PER_TOKEN = 4


def plan_text(plan: Plan) -> str:
    return json.dumps({"tasks": [{"id": t.id, "server": t.server, "query": t.query, "deps": t.deps}
                                 for t in plan.tasks]})


async def token_stream(text: str, tokens_per_s: float):
    for start in range(0, len(text), CHARS_PER_TOKEN):
        await asyncio.sleep(1 / tokens_per_s)
        yield text[start:start + CHARS_PER_TOKEN]


def sleeper(pool: SessionPool, latency: dict[str, float]):
    async def run_task(task: Task, deps: dict[str, dict[str, Any]]) -> dict[str, Any]:
        outcome = await pool.call(SERVER, "sleep", {"seconds": latency[task.id], "label": task.id})
        return {"task_id": task.id, "server": task.server, "query": task.query, "observations": [],
                "status": "ok" if outcome.ok else "failed"}
    return run_task


async def after_plan(pool, plan, latency, tokens_per_s) -> tuple[float, float]:
    started = time.perf_counter()
    text = "".join([piece async for piece in token_stream(plan_text(plan), tokens_per_s)])
    streamed_s = time.perf_counter() - started
    dispatch = StreamingDispatch(sleeper(pool, latency), [SERVER], max_tasks=len(plan.tasks))

    async def whole():
        yield text
    report = await dispatch_streamed_plan(whole(), dispatch)
    assert report.plan is not None, report.problems
    return streamed_s + (report.first_dispatch_s or 0.0), time.perf_counter() - started


async def streaming(pool, plan, latency, tokens_per_s) -> tuple[float, float]:
    started = time.perf_counter()
    dispatch = StreamingDispatch(sleeper(pool, latency), [SERVER], max_tasks=len(plan.tasks))
    report = await dispatch_streamed_plan(token_stream(plan_text(plan), tokens_per_s), dispatch)
    assert report.plan is not None, report.problems
    return report.first_dispatch_s or 0.0, time.perf_counter() - started


async def main(dags: int, tokens_per_s: float, min_tasks: int, max_latency: float, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    spec = ServerSpec(name=SERVER, transport="stdio", command=sys.executable,
                      args=[str(ROOT / "benchmarks" / "sleep_server.py")])
    rows = []
    async with SessionPool(Catalog(servers={SERVER: spec})) as pool:
        await pool.call(SERVER, "sleep", {"seconds": 0})
        while len(rows) < dags:
            plan, latency = random_dag(rng, max_latency)
            if len(plan.tasks) < min_tasks:
                continue
            stream_s = (len(plan_text(plan)) / CHARS_PER_TOKEN) / tokens_per_s
            after_first, after_total = await after_plan(pool, plan, latency, tokens_per_s)
            first, total = await streaming(pool, plan, latency, tokens_per_s)
            rows.append({"tasks": len(plan.tasks), "stream_s": stream_s, "first_s": first, "total_s": total,
                         "after_first_s": after_first, "after_total_s": after_total})
    return {
        "dags": dags, "tokens_per_s": tokens_per_s, "min_tasks": min_tasks,
        "first_task_over_plan_median": round(statistics.median(r["first_s"] / r["stream_s"] for r in rows), 3),
        "first_task_over_plan_max": round(max(r["first_s"] / r["stream_s"] for r in rows), 3),
        "total_streaming_s_median": round(statistics.median(r["total_s"] for r in rows), 3),
        "total_after_plan_s_median": round(statistics.median(r["after_total_s"] for r in rows), 3),
        "total_streaming_over_after_median": round(statistics.median(r["total_s"] / r["after_total_s"] for r in rows), 3),
        "streaming_faster_share": round(sum(r["total_s"] < r["after_total_s"] for r in rows) / len(rows), 3),
        "tasks_median": statistics.median(r["tasks"] for r in rows),
        "plan_stream_s_median": round(statistics.median(r["stream_s"] for r in rows), 3),
    }


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dags", type=int, default=30)
    parser.add_argument("--tokens-per-s", type=float, default=40.0, help="the planner's streaming rate")
    parser.add_argument("--min-tasks", type=int, default=3)
    parser.add_argument("--max-latency", type=float, default=1.0, help="slowest tool call, seconds")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    summary = asyncio.run(main(args.dags, args.tokens_per_s, args.min_tasks, args.max_latency, args.seed))
    table = ["| measure | value |", "|---|---|", *[f"| {k} | {v} |" for k, v in summary.items()]]
    print(json.dumps(summary) if args.json else "\n".join(table))
    RESULTS.write_text("# Streaming plan dispatch vs dispatch after the plan\n\n"
                       f"{args.dags} random DAGs of at least {args.min_tasks} tasks (benchmarks/dag_execution.py), "
                       f"planner streaming at {args.tokens_per_s:g} tokens/s, real MCP sleeper calls "
                       f"(up to {args.max_latency:g} s).\n\n" + "\n".join(table) + "\n", encoding="utf-8")
