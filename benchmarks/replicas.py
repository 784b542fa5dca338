"""Replica load: Postgres, a Chroma server and N tura replicas served by Aegra (tests/integration/cluster.py) on
loopback; R concurrent runs spread round-robin over the replicas with the stock langgraph-sdk, each on a new
thread; errors and the latency each client saw (p50 / p95). Scripted models over the real MCP servers, index
and executor (benchmarks/fake_graph.py, as benchmarks/server_load.py's fake mode), so the numbers measure the
serving stack, not a 135M model on two cores. Everything it starts is stopped by PID.

    python -m benchmarks.replicas [--runs 50] [--replicas 2]

Writes benchmarks/results/replicas.md.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from langgraph_sdk import get_client  # noqa: E402

from benchmarks.server_load import question  # noqa: E402
from tests.integration.cluster import cluster  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "replicas.md"


async def spread_load(urls: list[str], runs: int) -> list[tuple[float, str | None]]:
    """``runs`` concurrent runs of the fake graph, round-robin over ``urls``: (seconds, error or None) each."""
    clients = [get_client(url=u) for u in urls]

    async def one(n: int) -> tuple[float, str | None]:
        client = clients[n % len(clients)]
        text, context = question("fake", n)
        started = time.perf_counter()
        try:
            thread = await client.threads.create()
            out = await client.runs.wait(thread["thread_id"], "tura_fake", context=context,
                                         input={"messages": [{"role": "user", "content": text}]})
            error = None if "[T1.1]" in (out or {}).get("answer", "") else f"no cited answer: {str(out)[:200]}"
        except Exception as exc:  # a failed run is a result here: counted and reported
            error = f"{type(exc).__name__}: {exc}"
        return time.perf_counter() - started, error

    return list(await asyncio.gather(*(one(n) for n in range(runs))))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--replicas", type=int, default=2)
    args = parser.parse_args()
    with cluster(Path(tempfile.mkdtemp(prefix="tura-replicas-")), replicas=args.replicas) as running:
        # Aegra does not run the graph module's start-up hook: each replica opens its MCP sessions and index
        # on its first run. One run per replica first, so the table measures serving, not start-up.
        warm_started = time.perf_counter()
        warm = await spread_load(running.urls, len(running.urls))
        warm_s = time.perf_counter() - warm_started
        started = time.perf_counter()
        results = await spread_load(running.urls, args.runs)
        wall = time.perf_counter() - started
    seconds = [s for s, _ in results]
    errors = [e for _, e in [*warm, *results] if e]
    row = (f"| {args.replicas} | {args.runs} | {len(errors)} | {statistics.median(seconds):.2f} | "
           f"{percentile(seconds, 0.95):.2f} | {max(seconds):.2f} | {wall:.2f} | {args.runs / wall:.2f} |")
    table = ["| replicas | concurrent runs | errors | p50 (s) | p95 (s) | max (s) | wall (s) | runs/s |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |", row]
    print("\n".join(table))
    for error in errors[:5]:
        print("error:", error)
    RESULTS.write_text("\n".join([
        "# Replica load (`python -m benchmarks.replicas`)", "",
        "Aegra replicas on one Postgres and one Chroma server, loopback; runs spread round-robin, each on a new "
        "thread (`runs.wait`); scripted models over the real MCP servers, index and executor.", "",
        f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; {platform.machine()}, {os.cpu_count()} CPU cores "
        f"(shared by every replica, Postgres and Chroma). First run on each replica (opens its MCP sessions and "
        f"index; not in the table): {warm_s:.1f} s.", "", *table, ""]), encoding="utf-8")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
