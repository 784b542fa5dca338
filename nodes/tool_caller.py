"""What the executor asks of the session pool (tools/pool.py): its tools, a call, the values its listing tools
return for a request, the names they listed, and a session opened early.

Why apart from nodes/execute.py: the planner, the probe, the search loop, approval and distillation all take the
same tool caller; the executor's step loop is one user of it. Test fakes implement only ``list_tools`` and
``call``, so every optional part is read with ``getattr``.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from mcp.types import Tool

from graphs.context import Context
from nodes.arguments.discovery import DISCOVERY_TIMEOUT_S, discovery_for
from tools.tool_outcome import ToolOutcome


class ToolCaller(Protocol):
    """What the executor needs from the session pool."""

    async def list_tools(self, server: str) -> list[Tool]: ...

    async def call(self, server: str, tool: str, arguments: dict[str, Any] | None = None, *,
                   timeout_s: float = 15.0) -> ToolOutcome: ...


async def listed_values(server: str, available: list[Tool], tools: ToolCaller, trusted: set[str],
                        request_texts: list[str], context: Context) -> dict[str, list[str]]:
    """Values the server's own listing tools return for the kinds its tools take (nodes/arguments/discovery.py),
    asked only of tools that are read-only or trusted by name in mcp.json."""
    async def call(tool: str, arguments: dict[str, Any]) -> ToolOutcome:
        return await tools.call(server, tool, arguments, timeout_s=min(context.tool_timeout_s, DISCOVERY_TIMEOUT_S))

    return await discovery_for(tools).values(server, available, call, lambda t: t.name in trusted, request_texts)


async def own_listings(tools: ToolCaller, server: str) -> dict[str, list[str]]:
    """The names each of this server's listing tools returned (tools/pool.py ``cached_names``): a search over
    its records looks for one of them. None from a tool caller without listings (test fakes)."""
    lister = getattr(tools, "cached_names", None)
    return dict((await lister(server)) or {}) if lister is not None else {}


async def known_names_of(tools: ToolCaller) -> list[str]:
    """The names the catalogue's listing tools returned (tools/pool.py ``known_names``); none from a tool
    caller without them (test fakes)."""
    lister = getattr(tools, "known_names", None)
    return list(await lister()) if lister is not None else []


def open_server_early(tools: ToolCaller, server: str) -> None:
    """Start the server's session while the model decides the call: its tools may have been listed from the
    cache (tools/tool_list_cache.py) without starting it, and a stdio server takes most of a second to start.
    A failure to start is reported by the call itself, so the early attempt's error is only collected here.
    Tool callers without sessions (test fakes) have no ``open_session``."""
    opener = getattr(tools, "open_session", None)
    if opener is not None:
        opening = asyncio.ensure_future(opener(server))
        opening.add_done_callback(lambda done: done.cancelled() or done.exception())


def catalogue_servers(tools: ToolCaller, retrieved: list[str]) -> list[str]:
    """Every server a run may call: the retrieved ones first, then the rest of the catalogue (tools/pool.py's
    ``catalog``; a tool caller without one, a test fake, has the retrieved ones only)."""
    catalog = getattr(tools, "catalog", None)
    names = list(catalog.names()) if catalog is not None and hasattr(catalog, "names") else []
    return list(dict.fromkeys([*retrieved, *names]))
