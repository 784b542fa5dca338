"""Where a stage's seconds go: model prompt processing, model generation, tool calls, index lookups.

Each timed stage (nodes/timing.py) opens a ledger in a context variable. The model, tool and index calls made
inside the stage, in any asyncio task or thread it starts (both copy the context, and so share the ledger),
add their seconds to it. A ledger opened inside another (the execute subgraph's nodes inside ``execute``)
passes its sums up when it closes. Calls that run side by side (parallel tasks) each add their own seconds,
so a stage's sums may exceed its wall time; ``other`` is what the wall time leaves, never below zero.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

# model: a remote endpoint's time, which cannot be split into prompt and generation from outside
KINDS = ("model_prompt", "model_generate", "model", "tool", "index")

_ledger: ContextVar[dict[str, float] | None] = ContextVar("tura_stage_ledger", default=None)


@contextmanager
def ledger() -> Iterator[dict[str, float]]:
    """A fresh ledger for the code inside; on exit its sums are added to the enclosing ledger, if any."""
    outer = _ledger.get()
    costs: dict[str, float] = {}
    token = _ledger.set(costs)
    try:
        yield costs
    finally:
        _ledger.reset(token)
        if outer is not None:
            for kind, seconds in costs.items():
                outer[kind] = outer.get(kind, 0.0) + seconds


def charge(kind: str, seconds: float) -> None:
    """Add ``seconds`` of ``kind`` to the current ledger (nothing happens outside a timed stage)."""
    costs = _ledger.get()
    if costs is not None and seconds > 0:
        costs[kind] = costs.get(kind, 0.0) + seconds


@contextmanager
def charged(kind: str) -> Iterator[None]:
    """Time the block and charge it to ``kind``."""
    started = time.perf_counter()
    try:
        yield
    finally:
        charge(kind, time.perf_counter() - started)


def breakdown(costs: dict[str, float], wall_s: float) -> dict[str, float]:
    """The ledger rounded, with ``other``: the stage's wall time the charged kinds do not cover."""
    out = {kind: round(costs[kind], 4) for kind in KINDS if costs.get(kind)}
    out["other"] = round(max(0.0, wall_s - sum(costs.values())), 4)
    return out


class MeteredTools:
    """A tool caller whose calls are charged to ``tool`` (listing tools too: it may start a server)."""

    def __init__(self, tools: Any):
        self._tools = tools

    @property
    def wrapped(self) -> Any:
        """The caller underneath: what lives as long as the process (nodes/arguments/discovery.py keys on it)."""
        return self._tools

    async def list_tools(self, server: str):
        with charged("tool"):
            return await self._tools.list_tools(server)

    async def call(self, server: str, tool: str, arguments: dict[str, Any] | None = None, *, timeout_s: float = 15.0):
        with charged("tool"):
            return await self._tools.call(server, tool, arguments, timeout_s=timeout_s)

    def __getattr__(self, name: str) -> Any:  # the rest of the pool's surface (catalog, tool lookups) as is
        return getattr(self._tools, name)


class MeteredRetriever:
    """A server retriever whose searches are charged to ``index`` (the first one syncs the index)."""

    def __init__(self, retriever: Any):
        self._retriever = retriever

    async def search(self, sub_queries: Sequence[str], *, top_k: int, top_n: int):
        with charged("index"):
            return await self._retriever.search(sub_queries, top_k=top_k, top_n=top_n)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._retriever, name)
