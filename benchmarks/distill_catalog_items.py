"""The held-out side of ``benchmarks/distill.py --catalog``: requests of the held-out bank synthesised from a
catalogue (held-out phrasing families and values, nodes/distill/catalog_requests.py), each with the call the
search teacher verified, and the executor's first step on each, decoded as in a run (nodes/executor_inputs.py).
A step is right when it is the teacher's call exactly (TURA's protocol); ``same_answer_accuracy`` also counts a
read-only call whose output is the teacher's call's output (another tool that answers alike).

``foreign`` names the third-party servers of benchmarks/foreign.py (installed and given their data here),
``builtin`` the built-in sandbox servers; any other value is the path of an mcp.json.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from datetime import date
from pathlib import Path
from collections.abc import Callable
from typing import Any

from mcp.types import Tool

from graphs.context import Context
from graphs.deps import build_dependencies
from graphs.distill_catalog import CatalogueRun, teach
from nodes.approval import trusted_tools, changes_data
from nodes.arguments.step_rules import ToolRefused
from nodes.execute import decide_step
from nodes.executor_inputs import task_candidates
from nodes.structured import StructuredOutputError
from nodes.distill.search_teacher import teacher_may_run
from nodes.distill.trajectories import OBSERVATION_CHARS, Trajectory


def catalogue_path(catalog: str, work: Path) -> Path | None:
    """The mcp.json for ``catalog``: the foreign servers (installed, with fresh data), None for the built-in
    servers (``builtin``), or a path as given."""
    if catalog == "builtin":
        return None
    if catalog != "foreign":
        return Path(catalog)
    from benchmarks.foreign import prepare, servers_dir

    bench = servers_dir() / "bench"  # where benchmarks/foreign.py keeps them: the same files, the same listings
    bench.mkdir(parents=True, exist_ok=True)
    return prepare(bench)[0]


async def heldout(catalog_path: Path | None, work: Path, per_tool: int, seed: int) -> CatalogueRun:
    return await teach(work, [catalog_path] if catalog_path else [], builtin=catalog_path is None, bank="heldout",
                       per_tool=per_tool, seed=seed)


async def same_output(pool, item: Trajectory, tool: str, params: dict[str, Any], available: list[Tool],
                      trusted: set[str]) -> bool:
    """A call other than the teacher's that returns the very output the teacher's call returned (read-only calls
    only): the same answer, which exact match does not count."""
    chosen = next((t for t in available if t.name == tool), None)
    if chosen is None or not teacher_may_run(chosen, trusted):
        return False
    outcome = await pool.call(item.server, tool, params)
    return outcome.ok and outcome.text[:OBSERVATION_CHARS] == item.steps[-1].observation


async def first_steps(configs: list[tuple[str, Any]], items: list[Trajectory], catalog_path: Path | None,
                      work: Path, matches: Callable[[dict[str, Any], str, dict[str, Any], list[Tool]], bool],
                      ) -> list[dict[str, Any]]:
    """Each config's first step on every item, scored against the teacher's call, with its time."""
    deps = build_dependencies([catalog_path] if catalog_path else [], directory=work / "servers",
                              builtin_servers=catalog_path is None)
    context, today = Context(), date.today()
    rows = []
    try:
        await deps.retriever.server_docs()
        await deps.retriever.entity_directory()
        known = await deps.pool.known_names()
        prepared = []
        trusted_of = {server: trusted_tools(server, deps.pool) for server in deps.catalog.servers}
        for item in items:
            listed = await deps.pool.list_tools(item.server)
            trusted = trusted_tools(item.server, deps.pool)
            available = [t for t in listed if not changes_data(t) or t.name in trusted]
            candidates = await task_candidates(item.server, available, deps.pool, trusted, [item.request], [], today,
                                               context)
            prepared.append((item, available, candidates))
        for name, model in configs:
            correct, same_answer, times, failures = 0, 0, [], []
            by_tool, wrong = Counter(), Counter()
            for item, available, candidates in prepared:
                started = time.perf_counter()
                try:
                    step = await decide_step(item.request, item.server, available, candidates, model=model,
                                             context=context, today=today, known_names=known)
                    tool, params = step.tool, step.params
                except (StructuredOutputError, ToolRefused) as exc:
                    tool, params = "", {"error": str(exc)[:120]}
                times.append((time.perf_counter() - started) * 1000)
                key = f"{item.server}.{item.expected['tool']}"
                by_tool[key] += 1
                if matches(item.expected, tool, params, available):
                    correct += 1
                    same_answer += 1
                elif await same_output(deps.pool, item, tool, params, available, trusted_of[item.server]):
                    same_answer += 1
                    wrong[key] += 1
                    failures.append({"request": item.request, "expected": item.expected,
                                     "got": {"tool": tool, "params": params}, "same_answer": True})
                else:
                    wrong[key] += 1
                    failures.append({"request": item.request, "expected": item.expected,
                                     "got": {"tool": tool, "params": params}})
            ordered = sorted(times)
            rows.append({"config": name, "accuracy": round(correct / len(items), 3), "correct": correct,
                         "same_answer_accuracy": round(same_answer / len(items), 3),
                         "items": len(items),
                         "by_tool": {k: round(1 - wrong[k] / n, 2) for k, n in sorted(by_tool.items())},
                         "p50_ms": round(statistics.median(ordered), 1),
                         "p80_ms": round(ordered[int(0.8 * (len(ordered) - 1))], 1), "failures": failures})
    finally:
        await deps.aclose()
    return rows
