"""Latency a chat user feels, on the real embedded model and the real MCP servers.

Questions are the dev split of benchmarks/data/answer_scenarios.jsonl, typed the way people type, by kind:
fast (one tool), parallel (two intents), planning (a second call needs the first's result) and follow-up (the
second turn of a thread is timed). Three modes:

- warm: one long-lived process, as the server runs; one untimed warm-up run first;
- cold: a new process per question, as ``tura ask`` runs (fast and parallel questions);
- server: through ``langgraph dev`` on a loopback port, streamed with the SDK (fast questions).

For each: p50 / p90 of the total, the time to the first answer token (warm, server), and, from the runs'
``stage_costs``, where each stage's seconds went: model prompt processing, model generation, tool calls, index
and the rest. ``--before FILE`` puts an earlier ``--json`` output beside this run's numbers.

    .venv/bin/python benchmarks/latency.py [--modes warm,cold,server] [--per-kind 6] [--json] [--before FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SCENARIOS = ROOT / "benchmarks" / "data" / "answer_scenarios.jsonl"
RESULTS = ROOT / "benchmarks" / "results" / "latency.md"
KINDS = {"fast": "fast", "parallel": "parallel", "planning": "dependent", "followup": "followup"}
STAGES = ("router", "decompose", "retrieve", "plan", "execute", "search", "answer")
COSTS = ("model_prompt", "model_generate", "model", "tool", "index", "other")
HEADLINE = ("fast_warm_p50_s", "fast_cold_p50_s", "ttft_warm_p50_s", "parallel_warm_p50_s", "planning_warm_p50_s",
            "followup_warm_p50_s", "fast_server_p50_s", "ttft_server_p50_s", "fast_warm_p90_s", "fast_cold_p90_s")


@dataclass
class Run:
    kind: str
    mode: str
    question: str
    total_s: float
    ttft_s: float | None = None
    route: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    stage_costs: dict[str, dict[str, float]] = field(default_factory=dict)
    error: str = ""


def questions(kind: str, n: int) -> list[list[str]]:
    """The turns of the first ``n`` dev scenarios of ``kind`` (benchmarks/answers.py's dev split)."""
    rows = [json.loads(line) for line in SCENARIOS.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r["turns"] for r in rows if r["split"] == "dev" and r["kind"] == KINDS[kind]][:n]


async def stream_turns(graph, turns: list[str], context, thread: str, kind: str) -> Run:
    """Run the earlier turns of a thread untimed, then stream the last one: total and first answer token."""
    config = {"configurable": {"thread_id": thread}}
    for turn in turns[:-1]:
        await graph.ainvoke({"messages": [{"role": "user", "content": turn}]}, config, context=context)
    started = time.perf_counter()
    first_token, output = None, {}
    async for mode, data in graph.astream({"messages": [{"role": "user", "content": turns[-1]}]}, config,
                                          context=context, stream_mode=["messages", "values"]):
        if mode == "messages":
            chunk, metadata = data
            if first_token is None and metadata.get("langgraph_node") == "answer" and chunk.content:
                first_token = time.perf_counter() - started
        else:
            output = data
    total = time.perf_counter() - started
    return Run(kind, "warm", turns[-1], round(total, 3), round(first_token, 3) if first_token else None,
               output.get("route", ""), output.get("timings") or {}, output.get("stage_costs") or {})


async def warm_runs(items: dict[str, list[list[str]]]) -> list[Run]:
    from langgraph.checkpoint.memory import InMemorySaver

    from graphs.context import Context
    from graphs.deps import build_dependencies
    from graphs.graph import compile_from

    deps = build_dependencies()
    graph = compile_from(deps, checkpointer=InMemorySaver())
    context = Context()
    runs: list[Run] = []
    try:
        await stream_turns(graph, ["weather in Oslo tomorrow"], context, "warm-up", "warm-up")
        for kind, turn_lists in items.items():
            for n, turns in enumerate(turn_lists):
                try:
                    runs.append(await stream_turns(graph, turns, context, f"{kind}-{n}", kind))
                except Exception as exc:  # recorded in the table: a failed run is a result too
                    runs.append(Run(kind, "warm", turns[-1], 0.0, error=f"{type(exc).__name__}: {exc}"))
    finally:
        await deps.aclose()
    return runs


def cold_runs(items: dict[str, list[list[str]]]) -> list[Run]:
    """One ``tura ask --json`` process per single-turn question; the wall time includes the start-up."""
    # this checkout's CLI, as the ``tura`` script starts it (another checkout can be measured with its own copy)
    tura = [sys.executable, "-c", "import sys; from graphs.cli import app; sys.argv[0] = 'tura'; app()"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # one untimed run first: what a first run after an install builds once (exports, caches) is not a cold start
    subprocess.run([*tura, "ask", "--json", "weather in Oslo tomorrow"], capture_output=True, timeout=600, cwd=ROOT,
                   env=env)
    runs = []
    for kind in ("fast", "parallel"):
        for turns in items.get(kind, []):
            started = time.perf_counter()
            done = subprocess.run([*tura, "ask", "--json", turns[-1]], capture_output=True, text=True, timeout=300,
                                  cwd=ROOT, env=env)
            total = time.perf_counter() - started
            try:
                output = json.loads(done.stdout)
            except ValueError:
                runs.append(Run(kind, "cold", turns[-1], round(total, 3), error=done.stderr[-300:]))
                continue
            runs.append(Run(kind, "cold", turns[-1], round(total, 3), None, output.get("route", ""),
                            output.get("timings") or {}, output.get("stage_costs") or {}))
    return runs


async def server_runs(items: dict[str, list[list[str]]]) -> list[Run]:
    """Fast questions through ``langgraph dev``, each on a new thread, streamed as a chat UI streams them."""
    from langgraph_sdk import get_client

    from tests.integration.processes import ServerProcess, free_port

    port, log = free_port(), Path(os.environ.get("TMPDIR", "/tmp")) / f"tura-latency-server-{os.getpid()}.log"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LANGGRAPH_CLI_NO_ANALYTICS": "1",
           "LANGGRAPH_NO_VERSION_CHECK": "true"}
    server = ServerProcess([str(Path(sys.executable).with_name("langgraph")), "dev", "--no-browser", "--no-reload",
                            "--host", "127.0.0.1", "--port", str(port)], log, env=env, cwd=ROOT)
    runs = []
    try:
        server.wait_http(f"http://127.0.0.1:{port}/ok", timeout_s=300)
        client = get_client(url=f"http://127.0.0.1:{port}")
        for n, turns in enumerate([["weather in Oslo tomorrow"], *items.get("fast", [])]):
            thread = (await client.threads.create())["thread_id"]
            started, first_token, route = time.perf_counter(), None, ""
            async for part in client.runs.stream(thread, "tura", input={"messages": [
                    {"role": "user", "content": turns[-1]}]}, stream_mode=["messages-tuple", "values"]):
                if part.event.startswith("messages"):
                    chunk, metadata = part.data
                    if (first_token is None and metadata.get("langgraph_node") == "answer"
                            and chunk.get("content")):
                        first_token = time.perf_counter() - started
                elif part.event == "values":
                    route = part.data.get("route", route)
            if n:  # the first question warms the server's lazy parts up
                runs.append(Run("fast", "server", turns[-1], round(time.perf_counter() - started, 3),
                                round(first_token, 3) if first_token else None, route))
    finally:
        server.stop()
    return runs


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))], 3)


def summarise(runs: list[Run]) -> dict[str, Any]:
    summary: dict[str, Any] = {}
    groups: dict[tuple[str, str], list[Run]] = defaultdict(list)
    for run in runs:
        if not run.error:
            groups[(run.kind, run.mode)].append(run)
    for (kind, mode), group in groups.items():
        totals = [r.total_s for r in group]
        summary[f"{kind}_{mode}_p50_s"] = percentile(totals, 0.5)
        summary[f"{kind}_{mode}_p90_s"] = percentile(totals, 0.9)
        ttfts = [r.ttft_s for r in group if r.ttft_s is not None]
        if ttfts and kind == "fast":
            summary[f"ttft_{mode}_p50_s"] = percentile(ttfts, 0.5)
    stages: dict[str, dict[str, dict[str, float]]] = {}
    for (kind, mode), group in groups.items():
        if mode != "warm":
            continue
        table: dict[str, dict[str, float]] = {}
        for stage in STAGES:
            present = [r for r in group if stage in r.timings]
            if not present:
                continue
            row = {"wall": statistics.mean(r.timings[stage] for r in present)}
            for cost in COSTS:
                row[cost] = statistics.mean((r.stage_costs.get(stage) or {}).get(cost, 0.0) for r in present)
            table[stage] = {k: round(v, 3) for k, v in row.items()}
        stages[kind] = table
    summary["stages"] = stages
    summary["routes"] = {f"{r.kind}/{r.mode}": r.route for r in runs}
    summary["errors"] = [f"{r.kind}/{r.mode} {r.question!r}: {r.error}" for r in runs if r.error]
    summary["runs"] = len(runs)
    return summary


def render(summary: dict[str, Any], before: dict[str, Any] | None, label: str) -> list[str]:
    lines = [f"| measure | {'before | ' if before else ''}{label} |", "|---|---|" + ("---|" if before else "")]
    for key in HEADLINE:
        if summary.get(key) is None and not (before and before.get(key) is not None):
            continue
        cells = ([str(before.get(key, "-"))] if before else []) + [str(summary.get(key, "-"))]
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    lines += ["", "Where the warm runs' seconds went (mean per run, s):", ""]
    lines += ["| kind | stage | wall | " + " | ".join(c.replace("_", " ") for c in COSTS) + " |",
              "|---|---|---|" + "---|" * len(COSTS)]
    for kind, table in summary["stages"].items():
        for stage, row in table.items():
            lines.append(f"| {kind} | {stage} | {row['wall']} | " + " | ".join(str(row[c]) for c in COSTS) + " |")
    return lines


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modes", default="warm,cold", help="comma-separated: warm, cold, server")
    parser.add_argument("--per-kind", type=int, default=6, help="questions per kind")
    parser.add_argument("--cold-per-kind", type=int, default=4, help="questions per kind in cold mode")
    parser.add_argument("--before", type=Path, default=None, help="an earlier --json output to compare with")
    parser.add_argument("--label", default="this run")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", default=str(RESULTS), help="markdown results file ('' to skip)")
    args = parser.parse_args()
    modes = {m.strip() for m in args.modes.split(",") if m.strip()}
    items = {kind: questions(kind, args.per_kind) for kind in KINDS}
    runs: list[Run] = []
    if "cold" in modes:
        runs += cold_runs({k: v[:args.cold_per_kind] for k, v in items.items()})
    if "warm" in modes:
        runs += await warm_runs(items)
    if "server" in modes:
        runs += await server_runs({"fast": items["fast"][:args.cold_per_kind]})
    summary = summarise(runs)
    before = json.loads(args.before.read_text()) if args.before else None
    table = render(summary, before, args.label)
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(table))
    if args.out:
        header = [f"# Latency: {args.label}", "",
                  f"Machine: {platform.machine()}, {os.cpu_count()} cores, embedded model, "
                  f"{time.strftime('%Y-%m-%d')}. Modes: {', '.join(sorted(modes))}; {args.per_kind} dev questions "
                  f"per kind (warm), {args.cold_per_kind} (cold, server).", ""]
        errors = [f"- {e}" for e in summary["errors"]]
        Path(args.out).write_text("\n".join(header + table + ([""] + ["Errors:"] + errors if errors else [])) + "\n",
                                  encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
