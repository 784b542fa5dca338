"""Per-call latency of MCP tool calls through the session pool (held sessions), over stdio and
streamable HTTP, and the cost of opening a session. Prints a table; --json prints one object.

    .venv/bin/python benchmarks/mcp_calls.py [--calls 100] [--opens 10] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langchain_mcp_adapters.sessions import create_session  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from tools.catalog import Catalog, ServerSpec  # noqa: E402
from tools.pool import SessionPool  # noqa: E402
from tools.sandbox.generate import ensure_sandbox  # noqa: E402

SERVER, TOOL, ARGS = "weather", "get_forecast", {"city": "Paris", "dates": "tomorrow"}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def timed_calls(pool: SessionPool, calls: int) -> list[float]:
    first = await pool.call(SERVER, TOOL, ARGS)  # opens the session; not counted
    if not first.ok:
        raise RuntimeError(f"benchmark call failed: {first.error}")
    samples = []
    for _ in range(calls):
        started = time.perf_counter()
        outcome = await pool.call(SERVER, TOOL, ARGS)
        samples.append((time.perf_counter() - started) * 1000)
        assert outcome.ok, outcome.error
    return samples


async def session_opens(spec: ServerSpec, env: dict[str, str], opens: int) -> list[float]:
    samples = []
    for _ in range(opens):
        started = time.perf_counter()
        async with create_session(spec.connection(env)) as session:
            await session.initialize()
            samples.append((time.perf_counter() - started) * 1000)
    return samples


async def wait_for_port(port: int, timeout_s: float = 30.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port}")


async def main(calls: int, opens: int) -> dict[str, float]:
    db = Path(tempfile.mkdtemp(prefix="tura-bench-")) / "sandbox.db"
    ensure_sandbox(db)
    env = {"TURA_SANDBOX_DB": str(db), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    stdio = ServerSpec(name=SERVER, transport="stdio", command=sys.executable, args=["-m", f"tools.servers.{SERVER}"])
    async with SessionPool(Catalog(servers={SERVER: stdio}), extra_env=env) as pool:
        stdio_ms = await timed_calls(pool, calls)
    stdio_open_ms = await session_opens(stdio, env, opens)

    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", f"tools.servers.{SERVER}", "--transport", "streamable-http",
        "--host", "127.0.0.1", "--port", str(port), "--db", str(db),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await wait_for_port(port)
        http = ServerSpec(name=SERVER, transport="streamable_http", url=f"http://127.0.0.1:{port}/mcp")
        async with SessionPool(Catalog(servers={SERVER: http})) as pool:
            http_ms = await timed_calls(pool, calls)
        http_open_ms = await session_opens(http, {}, opens)
    finally:
        process.terminate()
        await process.wait()
    return {
        "calls": calls,
        "stdio_call_ms_median": statistics.median(stdio_ms),
        "stdio_call_ms_p99": percentile(stdio_ms, 0.99),
        "http_call_ms_median": statistics.median(http_ms),
        "http_call_ms_p99": percentile(http_ms, 0.99),
        "session_open_ms_median": statistics.median(stdio_open_ms),
        "session_open_ms_p99": percentile(stdio_open_ms, 0.99),
        "http_session_open_ms_median": statistics.median(http_open_ms),
        "http_session_open_ms_p99": percentile(http_open_ms, 0.99),
    }


def print_table(result: dict[str, float]) -> None:
    table = Table(title=f"MCP call latency ({SERVER}.{TOOL}, {result['calls']} calls, held sessions)")
    for column in ("measure", "median ms", "p99 ms"):
        table.add_column(column, justify="right" if column != "measure" else "left")
    rows = [("stdio call (held session)", "stdio_call_ms"), ("streamable HTTP call (held session)", "http_call_ms"),
            ("open stdio session (spawn + initialize)", "session_open_ms"),
            ("open HTTP session (initialize)", "http_session_open_ms")]
    for label, key in rows:
        table.add_row(label, f"{result[key + '_median']:.2f}", f"{result[key + '_p99']:.2f}")
    Console().print(table)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100)
    parser.add_argument("--opens", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = asyncio.run(main(args.calls, args.opens))
    if args.json:
        print(json.dumps(result))
    else:
        print_table(result)
