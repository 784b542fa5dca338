"""The session pool against a real MCP server over stdio (and HTTP): held sessions, reconnects,
timeouts, errors as data, and no orphaned processes."""

import asyncio
import json
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from tools.catalog import Catalog, ServerSpec
from tools.pool import SessionPool

pytestmark = pytest.mark.integration
PROBE = str(Path(__file__).with_name("probe_server.py"))


def children_running(needle: str) -> list[int]:
    """PIDs of this process's children whose command line contains ``needle``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        state = stat.rsplit(")", 1)[1].split()[0]
        if ppid == os.getpid() and needle in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


@pytest.fixture
def catalog():
    return Catalog(servers={"probe": ServerSpec(name="probe", transport="stdio", command=sys.executable,
                                                 args=[PROBE])})


async def test_fifty_calls_use_one_server_process(catalog):
    async with SessionPool(catalog) as pool:
        outcomes = await asyncio.gather(*(pool.call("probe", "whoami") for _ in range(50)))
        assert all(o.ok for o in outcomes)
        assert len({json.loads(o.text)["pid"] for o in outcomes}) == 1
        assert len(children_running("probe_server.py")) == 1
        assert pool.sessions_opened == 1


async def test_killed_server_reconnects_for_a_read_only_call(catalog):
    async with SessionPool(catalog) as pool:
        first = json.loads((await pool.call("probe", "whoami")).text)["pid"]
        os.kill(first, signal.SIGKILL)
        again = await pool.call("probe", "whoami")
        assert again.ok, again.error
        assert json.loads(again.text)["pid"] != first


async def test_read_only_call_broken_mid_flight_is_retried_once(catalog, tmp_path):
    async with SessionPool(catalog) as pool:
        outcome = await pool.call("probe", "crash_once", {"marker": str(tmp_path / "m")})
        assert outcome.ok and outcome.text == "recovered"
        assert pool.sessions_opened == 2


async def test_destructive_call_broken_mid_flight_is_not_retried(catalog, tmp_path):
    ledger = tmp_path / "ledger.txt"
    async with SessionPool(catalog) as pool:
        outcome = await pool.call("probe", "append_then_crash", {"path": str(ledger), "line": "booked"})
        assert not outcome.ok
        assert "not retried because the tool may change state" in outcome.error
        assert ledger.read_text().splitlines() == ["booked"]  # applied exactly once
        follow_up = await pool.call("probe", "append", {"path": str(ledger), "line": "second"})
        assert follow_up.ok  # the pool recovered for the next call


async def test_timeout_returns_an_error_within_the_bound_and_the_pool_goes_on(catalog):
    async with SessionPool(catalog) as pool:
        await pool.call("probe", "whoami")
        started = time.perf_counter()
        slow = await pool.call("probe", "sleep", {"seconds": 10}, timeout_s=0.5)
        assert time.perf_counter() - started < 0.5 + 1
        assert not slow.ok and "timed out after 0.5 s" in slow.error
        assert (await pool.call("probe", "echo", {"text": "still here"})).text == "still here"


async def test_tool_errors_and_unknown_tools_come_back_as_data(catalog):
    async with SessionPool(catalog) as pool:
        bad_args = await pool.call("probe", "echo", {"wrong": 1})
        assert not bad_args.ok and "text" in bad_args.error
        unknown = await pool.call("probe", "teleport")
        assert not unknown.ok and "has no tool 'teleport'" in unknown.error and "whoami" in unknown.error
        missing = await pool.call("nowhere", "x")
        assert not missing.ok and "unknown server 'nowhere'" in missing.error


async def test_server_that_cannot_start_is_reported():
    broken = Catalog(servers={"broken": ServerSpec(name="broken", transport="stdio", command=sys.executable,
                                                    args=["-c", "import sys; sys.exit(4)"])})
    async with SessionPool(broken, connect_timeout_s=10) as pool:
        outcome = await pool.call("broken", "x")
    assert not outcome.ok and "broken" in outcome.error


async def test_shutdown_leaves_no_child_process(catalog):
    pool = SessionPool(catalog)
    await pool.call("probe", "whoami")
    assert children_running("probe_server.py")
    await pool.close()
    deadline = time.monotonic() + 5
    while children_running("probe_server.py") and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    assert children_running("probe_server.py") == []


async def test_streamable_http_server_through_the_pool(free_port):
    process = await asyncio.create_subprocess_exec(
        sys.executable, PROBE, "--transport", "streamable-http", "--port", str(free_port),
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
    )
    try:
        await wait_for_port(free_port)
        http = Catalog(servers={"probe": ServerSpec(name="probe", transport="streamable_http",
                                                     url=f"http://127.0.0.1:{free_port}/mcp")})
        async with SessionPool(http) as pool:
            outcomes = await asyncio.gather(*(pool.call("probe", "echo", {"text": str(i)}) for i in range(20)))
            assert [o.text for o in outcomes] == [str(i) for i in range(20)]
    finally:
        process.terminate()
        await process.wait()


async def wait_for_port(port: int, timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return
        except OSError:
            await asyncio.sleep(0.1)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port}")
