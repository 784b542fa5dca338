"""The search teacher of ``tura distill executor`` on MCP servers nobody here wrote (scripts/foreign_servers.sh):
requests synthesised from their listings and schemas, calls verified by running them. Every call it makes is
recorded at the session pool: none is to a tool that may change data (the sqlite server's write_query and
create_table, the memory server's create/delete tools, the filesystem's write/edit/move tools)."""

from __future__ import annotations

import pytest

from benchmarks.foreign_catalog import installed, write_foreign_catalog
from benchmarks.foreign_data import build_foreign_data, default_servers_dir
from graphs.deps import build_dependencies
from graphs.distill_catalog import teach
from nodes.approval import trusted_tools
from nodes.distill.search_teacher import teacher_may_run
from tools.pool import SessionPool

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

NEEDED = {"time", "calculator", "notes", "sqlite", "memory"}
MISSING = NEEDED - set(installed(default_servers_dir()))


@pytest.mark.skipif(bool(MISSING), reason=f"not installed: {', '.join(sorted(MISSING))} (scripts/foreign_servers.sh)")
async def test_the_teacher_runs_only_read_only_calls_and_keeps_verified_ones(tmp_path, monkeypatch):
    build_foreign_data(tmp_path / "data")
    catalog = write_foreign_catalog(tmp_path / "mcp.json", data_dir=tmp_path / "data")
    calls: list[tuple[str, str]] = []
    original = SessionPool.call

    async def recorded(self, server, tool, arguments=None, *, timeout_s=15.0):
        calls.append((server, tool))
        return await original(self, server, tool, arguments, timeout_s=timeout_s)

    monkeypatch.setattr(SessionPool, "call", recorded)
    run = await teach(tmp_path / "work", [catalog], builtin=False, bank="heldout", per_tool=3, seed=5)

    deps = build_dependencies([catalog], tmp_path / "listing", builtin_servers=False)
    try:
        listed = {server: {t.name: t for t in await deps.pool.list_tools(server)} for server in deps.catalog.servers}
        trusted = {server: trusted_tools(server, deps.pool) for server in deps.catalog.servers}
    finally:
        await deps.aclose()
    assert calls and run.report.calls_run > 0
    unsafe = [(s, t) for s, t in calls if not teacher_may_run(listed[s][t], trusted[s])]
    assert unsafe == []
    assert {"write_query", "create_table", "write_file", "delete_entities"}.isdisjoint({t for _, t in calls})
    kept = {t.server for t in run.trajectories}
    assert {"time", "calculator", "sqlite"} <= kept
    for trajectory in run.trajectories:
        step = trajectory.steps[-1]
        assert step.ok and trajectory.expected == {"tool": step.tool, "arguments": step.params}
        assert trajectory.template.startswith("heldout:")
    zone = next(t for t in run.trajectories if t.expected["tool"] == "get_current_time")
    assert "/" in zone.expected["arguments"]["timezone"]  # an IANA name, not the place as written
    # resumable: a second run searches nothing again and finds the same trajectories
    again = await teach(tmp_path / "work", [catalog], builtin=False, bank="heldout", per_tool=3, seed=5)
    assert again.report.requests == 0 and len(again.trajectories) == len(run.trajectories)
