"""Probe-then-plan (EASP §2.2): before planning, a bounded, read-only probe sends the raw query to the
top retrieved servers' search tools, so the planner sees what the sources actually return.

Only tools that declare ``readOnlyHint`` and not ``destructiveHint``, and that take one free-text query
argument, are probed; every call shares one time bound, and what has not answered by then is dropped.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import asdict, dataclass
from typing import Any

from mcp.types import Tool

from nodes.tool_caller import ToolCaller
from nodes.answering.quoted_data import quoted

QUERY_PARAMS = ("query", "q", "keywords", "search", "text", "question")
SNAPSHOT_CHARS = 300


@dataclass
class ProbeResult:
    """What one probe call showed."""

    server: str
    tool: str
    ok: bool
    results: int | None  # how many items came back, when the output is a list or has one
    preview: str


def is_safe_to_probe(tool: Tool) -> bool:
    """Read-only, never destructive: a probe must not change anything."""
    hints = tool.annotations
    return bool(hints and hints.readOnlyHint and not hints.destructiveHint)


def probe_argument(tool: Tool) -> str | None:
    """The tool's free-text query parameter, if it needs nothing else."""
    schema = tool.inputSchema or {}
    properties = schema.get("properties", {})
    required = set(schema.get("required", []))
    for name in QUERY_PARAMS:
        spec = properties.get(name)
        if spec and spec.get("type") == "string" and required <= {name}:
            return name
    return None


def count_results(text: str) -> int | None:
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return None
    if isinstance(data, list):
        return len(data)
    if isinstance(data, dict):
        for value in data.values():
            if isinstance(value, list):
                return len(value)
    return None


async def probe_servers(
    tools: ToolCaller, servers: list[str], query: str, *, budget_s: float = 3.0, max_probes: int = 3
) -> tuple[list[ProbeResult], float]:
    """Probe up to ``max_probes`` servers within ``budget_s`` seconds; returns (results, seconds spent)."""
    started = time.perf_counter()
    targets: list[tuple[str, Tool, str]] = []
    for server in servers:
        if len(targets) >= max_probes:
            break
        try:
            listed = await asyncio.wait_for(tools.list_tools(server), budget_s)
        except Exception:  # an unlisted server is simply not probed; the executor will report it if used
            continue
        for tool in listed:
            argument = probe_argument(tool)
            if argument and is_safe_to_probe(tool):
                targets.append((server, tool, argument))
                break
    if not targets:
        return [], time.perf_counter() - started
    remaining = max(0.05, budget_s - (time.perf_counter() - started))
    calls = {
        asyncio.ensure_future(tools.call(server, tool.name, {argument: query}, timeout_s=remaining)): (server, tool)
        for server, tool, argument in targets
    }
    done, pending = await asyncio.wait(calls, timeout=remaining)
    for call in pending:
        call.cancel()
    results = []
    for call in done:
        server, tool = calls[call]
        outcome = call.result()
        text = outcome.text if outcome.ok else f"ERROR: {outcome.error}"
        results.append(ProbeResult(server, tool.name, outcome.ok, count_results(outcome.text) if outcome.ok else None,
                                   " ".join(text.split())[:SNAPSHOT_CHARS]))
    return sorted(results, key=lambda r: servers.index(r.server)), time.perf_counter() - started


def render_snapshot(results: list[ProbeResult]) -> str:
    if not results:
        return "(no source could be probed)"
    lines = []
    for r in results:
        count = f"{r.results} results" if r.results is not None else ("ok" if r.ok else "failed")
        lines.append(f"- {r.server}.{r.tool}: {count}: {quoted(r.preview)}")
    return "\n".join(lines)


def snapshot_payload(results: list[ProbeResult], seconds: float) -> dict[str, Any]:
    return {"results": [asdict(r) for r in results], "seconds": round(seconds, 4)}
