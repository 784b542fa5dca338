"""Stage timing: each node reports how long it took under ``timings[<node>]``."""

from __future__ import annotations

import functools
import time
from collections.abc import Awaitable, Callable
from typing import Any

NodeFn = Callable[..., Awaitable[dict[str, Any]]]


def timed(stage: str) -> Callable[[NodeFn], NodeFn]:
    """Wrap an async node so its update carries its own wall time in seconds."""

    def wrap(node: NodeFn) -> NodeFn:
        @functools.wraps(node)
        async def run(*args: Any, **kwargs: Any) -> dict[str, Any]:
            started = time.perf_counter()
            update = await node(*args, **kwargs)
            timings = dict(update.get("timings") or {})
            timings[stage] = round(time.perf_counter() - started, 4)
            return {**update, "timings": timings}

        return run

    return wrap
