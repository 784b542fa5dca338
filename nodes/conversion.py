"""Convert: the conversions a run still owes (nodes/conversion_gap.py), made by code after the plan's tasks.

"Cheapest zurich hotel tomorrow - in euros?" found hotels priced in CHF; this node converts the price the answer
opens with into EUR, on whichever read-only tool of the catalogue converts currencies, as a task of its own that
depends on the one it converts. Each call is decided by code: no model is asked, so it costs a tool call. A run
that owes nothing passes through.
"""

from __future__ import annotations

import time
from typing import Any

from langgraph.runtime import Runtime

from graphs.context import Context
from nodes.answer import collect_evidence
from nodes.conversion_gap import Conversion, ConversionTool, conversion_tool, owed_conversions
from nodes.events import emit
from nodes.timing import timed
from nodes.tool_caller import ToolCaller, catalogue_servers


async def find_converter(tools: ToolCaller, servers: list[str]) -> ConversionTool | None:
    """The first tool of ``servers`` that converts currencies, or None."""
    for server in servers:
        for tool in await tools.list_tools(server):
            if (found := conversion_tool(server, tool)) is not None:
                return found
    return None


def _next_task_id(results: dict[str, Any], planned: list[dict[str, Any]]) -> int:
    taken = [int(t[1:]) for t in [*results, *(p.get("id", "") for p in planned)] if t[1:].isdigit()]
    return max(taken, default=0) + 1


def make_converter(tools: ToolCaller):
    """Build the convert node."""

    async def run_conversion(task_id: str, converter: ConversionTool, conversion: Conversion,
                             context: Context) -> dict[str, Any] | None:
        arguments = converter.arguments(conversion)
        if arguments is None:
            return None
        query = f"{conversion.amount:g} {conversion.source} in {conversion.target}"
        emit("task_started", task_id=task_id, server=converter.server, query=query, at_s=0.0)
        started, started_at = time.perf_counter(), time.time()
        outcome = await tools.call(converter.server, converter.tool.name, arguments, timeout_s=context.tool_timeout_s)
        seconds = round(time.perf_counter() - started, 4)
        result = {"task_id": task_id, "server": converter.server, "query": query, "observations": [outcome.model_dump()], "status": "ok" if outcome.ok else "failed",
                  "started_s": 0.0, "started_at": round(started_at, 4), "finished_s": seconds,
                  "finished_at": round(started_at + seconds, 4)}
        if not outcome.ok:
            result["error"] = outcome.error or "the call failed"
        emit("task_finished" if outcome.ok else "task_failed", task_id=task_id, server=converter.server,
             at_s=seconds, error=result.get("error"))
        return result

    @timed("convert")
    async def convert_owed(state: dict[str, Any], runtime: Runtime[Context], owed: list[Conversion]) -> dict[str, Any]:
        context = runtime.context or Context()
        results = state.get("task_results") or {}
        retrieved = [s["server"] for s in state.get("servers") or []]
        converter = await find_converter(tools, catalogue_servers(tools, retrieved))
        if converter is None:
            return {"errors": ["convert: the question asks for " + ", ".join(sorted({c.target for c in owed}))
                               + " and no read-only tool of the catalogue converts currencies"]}
        plan = dict(state.get("plan") or {})
        tasks = list(plan.get("tasks") or [])
        made: dict[str, Any] = {}
        for conversion in owed:
            task_id = f"T{_next_task_id({**results, **made}, tasks)}"
            if (result := await run_conversion(task_id, converter, conversion, context)) is None:
                continue
            made[task_id] = result
            tasks.append({"id": task_id, "server": converter.server, "query": result["query"],
                          "deps": [conversion.task_id] if conversion.task_id else [], "request": state.get("standalone_query") or ""})
        return {"task_results": made, "plan": {**plan, "tasks": tasks}} if made else {}

    async def convert(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        """Passes through, untimed, when the run owes no conversion (nearly every run)."""
        owed = owed_conversions(state.get("standalone_query") or "",
                                collect_evidence(state.get("task_results") or {}))
        return await convert_owed(state, runtime, owed) if owed else {}

    return convert
