"""Stage timing: each node reports how long it took under ``timings[<node>]`` and when it ran under
``trace[<node>]`` (absolute start/end, epoch seconds), so a run can be drawn on a time axis
(graphs/timeline.py) next to its DAG tasks, which carry their own ``started_at``/``finished_at``."""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from typing import Any

NodeFn = Callable[..., Awaitable[dict[str, Any]]]


def timed(stage: str) -> Callable[[NodeFn], NodeFn]:
    """Wrap an async node so its update carries its own wall time in seconds and its span."""

    def wrap(node: NodeFn) -> NodeFn:
        @functools.wraps(node)
        async def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
            started_at = time.time()
            started = time.perf_counter()
            update = await node(*args, **kwargs)
            seconds = round(time.perf_counter() - started, 4)
            timings = {**(update.get("timings") or {}), stage: seconds}
            trace = {**(update.get("trace") or {}), stage: {"start": started_at, "end": started_at + seconds}}
            return {**update, "timings": timings, "trace": trace}

        return run

    return wrap
