"""Stage timing: each node reports how long it took under ``timings[<node>]``, where those seconds went under
``stage_costs[<node>]`` (model prompt processing, model generation, tool calls, index; nodes/stage_costs.py),
and when it ran under ``trace[<node>]`` (absolute start/end, epoch seconds), so a run can be drawn on a time
axis (graphs/timeline.py) next to its DAG tasks, which carry their own ``started_at``/``finished_at``."""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from typing import Any

from langgraph.types import Overwrite

from nodes.stage_costs import breakdown, ledger

NodeFn = Callable[..., Awaitable[dict[str, Any]]]


def timed(stage: str) -> Callable[[NodeFn], NodeFn]:
    """Wrap an async node so its update carries its own wall time in seconds and its span."""

    def wrap(node: NodeFn) -> NodeFn:
        @functools.wraps(node)
        async def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
            started_at = time.time()
            started = time.perf_counter()
            with ledger() as costs:
                update = await node(*args, **kwargs)
            seconds = round(time.perf_counter() - started, 4)
            span = {"start": started_at, "end": started_at + seconds}
            # a node that resets the timings (the router at a turn's start) resets the costs with them
            reset = Overwrite({}) if isinstance(update.get("timings"), Overwrite) else None
            return {**update, "timings": _with(update.get("timings"), stage, seconds),
                    "trace": _with(update.get("trace"), stage, span),
                    "stage_costs": _with(update.get("stage_costs", reset), stage, breakdown(costs, seconds))}

        return run

    return wrap


# What the answer node needs after the tools: the execute stage stops this long before the run's deadline
# (a fifth of the budget when that is less).
ANSWER_RESERVE_S = 5.0


def remaining_s(state: dict[str, Any], budget_s: float) -> float:
    """Seconds left of the run's latency budget, counted from the router's start (the run's first node)."""
    started = ((state.get("trace") or {}).get("router") or {}).get("start")
    return budget_s if started is None else budget_s - (time.time() - started)


def tool_stage_s(state: dict[str, Any], budget_s: float) -> float:
    """What the execute or search stage may spend: the rest of the budget less the answer's reserve."""
    return max(0.0, remaining_s(state, budget_s) - min(ANSWER_RESERVE_S, 0.2 * budget_s))


def _with(value: dict | Overwrite | None, key: str, item: Any) -> dict | Overwrite:
    """Add this stage's entry; a node that resets the channel (``Overwrite``, the router at a turn's start)
    keeps resetting it, with the entry inside."""
    if isinstance(value, Overwrite):
        return Overwrite({**(value.value or {}), key: item})
    return {**(value or {}), key: item}
