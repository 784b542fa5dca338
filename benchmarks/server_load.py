"""Server load: start ``langgraph dev`` on a free loopback port, send N concurrent runs through the HTTP
API (langgraph-sdk), report errors and latency percentiles, stop the server it started.

Models: ``--model fake`` (default) serves benchmarks/fake_graph.py, scripted models over the real MCP
servers, index and executor, each run a two-task parallel plan (weather + hotels); ``--model embedded``
serves the product graph (graphs/server_graph.py) with the llama.cpp model, each run on the fast route
(one weather task), since every model call queues on the one llama.cpp context.

    python -m benchmarks.server_load --runs 20 --model fake
    python -m benchmarks.server_load --runs 20 --model embedded
    python -m benchmarks.server_load --runs 50 --concurrency 50 --soak 500   # load, then a soak

``--soak N`` then sends N runs one after another to the same server process and samples the server's
process tree every N/10 runs: resident memory (sum of RSS) and the number of processes (the server and the
MCP servers it started). Each soak run's thread is deleted after it, as a chat app would. The slope of a least-squares line over the second half of the samples (after
warm-up) is reported per 100 runs; flat means the slope is within noise.

Writes benchmarks/results/server_load.md (appends a section per configuration, replacing an earlier
section of the same configuration).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "server_load.md"
CITIES = ("Paris", "Rome", "Tokyo", "Berlin", "Madrid", "London", "Beijing", "Seoul", "Sydney", "Toronto")
MODULES = {"fake": "benchmarks.fake_graph", "embedded": "graphs.server_graph"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def question(mode: str, n: int) -> tuple[str, dict]:
    """The n-th run's question and context."""
    city = CITIES[n % len(CITIES)]
    if mode == "fake":
        return (f"What is the weather in {city} tomorrow and which hotels have rooms there tomorrow night?",
                {"forced_route": "parallel"})
    return f"What is the weather in {city} tomorrow?", {"forced_route": "fast"}


@contextmanager
def langgraph_dev(module: str, *, jobs: int, data_dir: Path, work_dir: Path, startup_s: float = 300,
                  started: list[int] | None = None) -> Iterator[str]:
    """Run ``langgraph dev`` for ``module``'s ``graph`` and ``app`` in its own process group; yield its URL.
    Its config and log go to ``work_dir``. Stops it (SIGTERM to the group, SIGKILL after 20 s) however the
    block ends."""
    port = free_port()
    config, log_path = work_dir / "langgraph.json", work_dir / "server.log"
    config.write_text(json.dumps({"dependencies": ["."], "graphs": {"tura": f"{module}:graph"},
                                  "http": {"app": f"{module}:app"}}))
    env = {**os.environ, "TURA_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1",
           "LANGGRAPH_CLI_NO_ANALYTICS": "1", "LANGGRAPH_NO_VERSION_CHECK": "true"}
    command = [str(Path(sys.executable).with_name("langgraph")), "dev", "--no-browser", "--no-reload",
               "--host", "127.0.0.1", "--port", str(port), "--config", str(config),
               "--n-jobs-per-worker", str(jobs)]
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)
        if started is not None:
            started.append(process.pid)  # its process group, for the soak's samples
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + startup_s
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"langgraph dev exited with {process.returncode}; log: {log_path}")
                try:
                    if httpx.get(f"{url}/ok", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise TimeoutError(f"langgraph dev not ready after {startup_s:.0f} s; log: {log_path}")
                time.sleep(0.5)
            yield url
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


async def one_run(client, mode: str, n: int) -> dict:
    """One run on its own thread; latency as the client sees it."""
    text, context = question(mode, n)
    started = time.perf_counter()
    try:
        thread = await client.threads.create()
        result = await client.runs.wait(thread["thread_id"], "tura", input={"query": text}, context=context,
                                        raise_error=True)
    except Exception as exc:  # a failed run is the measurement: counted and shown, not raised
        return {"n": n, "ok": False, "seconds": time.perf_counter() - started, "error": f"{type(exc).__name__}: {exc}"}
    seconds = time.perf_counter() - started
    if not isinstance(result, dict) or not (result.get("answer") or "").strip():
        return {"n": n, "ok": False, "seconds": seconds, "error": f"no answer: {str(result)[:200]}"}
    return {"n": n, "ok": True, "seconds": seconds, "cited": len(result.get("citations") or []),
            "thread_id": thread["thread_id"],
            "tasks_ok": sum(r["status"] == "ok" for r in (result.get("task_results") or {}).values()),
            "tasks": len(result.get("task_results") or {}), "run_errors": result.get("errors") or []}


async def load(url: str, mode: str, runs: int, concurrency: int) -> tuple[list[dict], float]:
    from langgraph_sdk import get_client

    client = get_client(url=url, timeout=httpx.Timeout(600.0))
    gate = asyncio.Semaphore(concurrency)

    async def gated(n: int) -> dict:
        async with gate:
            return await one_run(client, mode, n)

    started = time.perf_counter()
    results = await asyncio.gather(*(gated(n) for n in range(runs)))
    return list(results), time.perf_counter() - started


def group_usage(root: int) -> tuple[float, int]:
    """(resident MiB, live processes) of a process and all its descendants (the MCP servers it started run
    in sessions of their own, so a process group would miss them)."""
    out = subprocess.run(["ps", "-eo", "pid=,ppid=,rss=,stat="], capture_output=True, text=True).stdout
    rows = [line.split(None, 3) for line in out.splitlines()]
    children: dict[int, list[int]] = {}
    rss = {}
    for pid, ppid, kib, stat in rows:
        if not stat.startswith("Z"):
            children.setdefault(int(ppid), []).append(int(pid))
            rss[int(pid)] = int(kib)
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        if pid in rss:
            tree.append(pid)
            todo += children.get(pid, [])
    return sum(rss[p] for p in tree) / 1024, len(tree)


def slope_per_100(points: list[tuple[int, float]]) -> float:
    """Least-squares slope of (runs, value) points, per 100 runs."""
    if len(points) < 2:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    denominator = sum((x - mx) ** 2 for x in xs)
    return 100 * sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / denominator if denominator else 0.0


async def soak(url: str, mode: str, runs: int, pgid: int) -> dict:
    """``runs`` runs one after another, each thread deleted after its run as a chat app that is done with a
    conversation would (``langgraph dev`` keeps every thread in memory otherwise); the server's memory and
    process count every runs/10 runs."""
    from langgraph_sdk import get_client

    client = get_client(url=url, timeout=httpx.Timeout(600.0))
    every = max(1, runs // 10)
    samples = [(0, *group_usage(pgid))]
    errors = 0
    for n in range(runs):
        result = await one_run(client, mode, n)
        errors += not result["ok"]
        if result.get("thread_id"):
            await client.threads.delete(result["thread_id"])
        if (n + 1) % every == 0:
            samples.append((n + 1, *group_usage(pgid)))
    late = samples[len(samples) // 2:]
    return {"runs": runs, "errors": errors, "samples": samples,
            "rss_slope_mib_per_100": slope_per_100([(n, rss) for n, rss, _ in late]),
            "procs_slope_per_100": slope_per_100([(n, float(p)) for n, _, p in late])}


def soak_markdown(args: argparse.Namespace, result: dict) -> str:
    lines = [f"## soak: {args.model} model, {result['runs']} sequential runs in one server process", "",
             f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; errors {result['errors']}; resident memory slope "
             f"{result['rss_slope_mib_per_100']:+.2f} MiB per 100 runs and process-count slope "
             f"{result['procs_slope_per_100']:+.2f} per 100 runs over the second half of the samples.", "",
             "| after runs | resident MiB (server and its children) | processes |", "| ---: | ---: | ---: |"]
    lines += [f"| {n} | {rss:.0f} | {procs} |" for n, rss, procs in result["samples"]]
    return "\n".join(lines) + "\n"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))]


def summarise(results: list[dict], wall_s: float) -> dict:
    ok = [r for r in results if r["ok"]]
    seconds = [r["seconds"] for r in ok] or [float("nan")]
    return {
        "runs": len(results), "errors": len(results) - len(ok),
        "p50_s": statistics.median(seconds), "p95_s": percentile(seconds, 95), "max_s": max(seconds),
        "wall_s": wall_s, "runs_per_s": len(ok) / wall_s if wall_s else 0.0,
        "tasks_ok": sum(r.get("tasks_ok", 0) for r in ok), "tasks": sum(r.get("tasks", 0) for r in ok),
        "cited_runs": sum(1 for r in ok if r.get("cited")),
    }


def markdown(args: argparse.Namespace, summary: dict, startup_s: float, results: list[dict]) -> str:
    header = f"## {args.model} model, {args.runs} runs, {args.concurrency} concurrent, {args.jobs} jobs per worker"
    lines = [
        header, "",
        f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; {platform.machine()}, {os.cpu_count()} CPU cores "
        f"(shared); server ready {startup_s:.1f} s after start (index built, MCP sessions opened).", "",
        "| runs | errors | p50 (s) | p95 (s) | max (s) | wall (s) | runs/s | tasks ok | runs with citations |",
        "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        f"| {summary['runs']} | {summary['errors']} | {summary['p50_s']:.2f} | {summary['p95_s']:.2f} "
        f"| {summary['max_s']:.2f} | {summary['wall_s']:.2f} | {summary['runs_per_s']:.2f} "
        f"| {summary['tasks_ok']}/{summary['tasks']} | {summary['cited_runs']}/{summary['runs']} |", "",
    ]
    failures = [r for r in results if not r["ok"]]
    lines += [f"- run {r['n']}: {r['error']}" for r in failures[:10]]
    return "\n".join(lines).rstrip() + "\n"


def write_results(section: str) -> None:
    """Replace the section with the same header, keep the others."""
    header = section.splitlines()[0]
    intro = ("# Server load (`python -m benchmarks.server_load`)\n\n`langgraph dev` on loopback; each run is "
             "`runs.wait` on a new thread; latency is what the client sees (queueing included).\n")
    old = RESULTS.read_text() if RESULTS.exists() else intro
    parts = old.split("\n## ")
    kept = [parts[0].rstrip() + "\n"] + ["## " + p.rstrip() + "\n" for p in parts[1:]
                                          if not ("## " + p).startswith(header)]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text("\n".join(kept + [section]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", choices=sorted(MODULES), default="fake")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--concurrency", type=int, default=20, help="runs in flight at once (client side)")
    parser.add_argument("--jobs", type=int, default=20, help="langgraph dev --n-jobs-per-worker (its default is 1)")
    parser.add_argument("--data-dir", type=Path, help="TURA_DATA_DIR for the server (default: a new temp dir)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave the results file alone")
    parser.add_argument("--soak", type=int, default=0, help="then this many sequential runs, sampling memory")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="tura-load-") as tmp:
        data_dir = args.data_dir or Path(tmp) / "data"
        log_path = Path(tmp) / "server.log"
        started = time.perf_counter()
        group: list[int] = []
        soaked = None
        try:
            with langgraph_dev(MODULES[args.model], jobs=args.jobs, data_dir=data_dir, work_dir=Path(tmp),
                               started=group) as url:
                startup_s = time.perf_counter() - started
                results, wall_s = asyncio.run(load(url, args.model, args.runs, args.concurrency))
                if args.soak:
                    soaked = asyncio.run(soak(url, args.model, args.soak, group[0]))
        except (RuntimeError, TimeoutError):
            sys.stderr.write(log_path.read_text()[-4000:])
            raise
    summary = summarise(results, wall_s)
    section = markdown(args, summary, startup_s, results)
    print(section)
    if soaked is not None:
        print(soak_markdown(args, soaked))
    if not args.no_write:
        write_results(section)
        if soaked is not None:
            write_results(soak_markdown(args, soaked))
        print(f"written to {RESULTS.relative_to(ROOT)}")
    return 1 if summary["errors"] or (soaked or {}).get("errors") else 0


if __name__ == "__main__":
    raise SystemExit(main())
