"""A pool of held MCP sessions: one per server per process, opened lazily, reused by every task.

Why: a tool from ``MultiServerMCPClient.get_tools()`` opens a new session per call (over stdio a new
process, 570-870 ms); a held session costs a few milliseconds (ARCHITECTURE.md decision 4).

With a tool-list cache (tools/tool_list_cache.py, read through tools/cached_listings.py), listing a server's
tools starts nothing: the cached list for the server's current configuration answers, and the server starts on
its first call. The session then lists its tools again; a listing that changed replaces the cached one and
bumps ``listing_version``, so the index re-syncs (graphs/catalog_index.py).

The sessions themselves, each held by its own task, are tools/held_sessions.py's. Calls from any task go
through ``call``: per-call timeout, errors returned as data (``ToolOutcome``), one reconnect when the session
died, and a retry after that only for read-only or idempotent tools.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from mcp import ClientSession
from mcp.shared.exceptions import McpError
from mcp.types import CONNECTION_CLOSED, CallToolResult, Tool

from tools.cached_listings import CachedListings
from tools.catalog import Catalog
from tools.held_sessions import HeldSessions, ServerUnavailable
from tools.secrets import Redactor, catalog_secrets
from tools.tool_list_cache import ToolListCache
from tools.tool_outcome import ToolOutcome, outcome_from_result

_call_ids = itertools.count(1)
_REQUEST_TIMEOUT = 408  # the code mcp's client uses when a read timeout expires
_TRANSPORT_CHECK_S = 0.2  # how often a waiting call checks that its server's connection is still open


def qualified_name(server: str, tool: str) -> str:
    """Tool names prefixed by server, so two servers may both offer ``search``."""
    return f"{server}__{tool}"


def may_retry(tool: Tool | None) -> bool:
    """A call may be repeated after a broken connection only if repeating cannot change state twice."""
    if tool is None or tool.annotations is None:
        return False
    return bool(tool.annotations.readOnlyHint or tool.annotations.idempotentHint)


class SessionPool:
    """Held MCP sessions for every server of a catalogue."""

    def __init__(
        self,
        catalog: Catalog,
        *,
        extra_env: dict[str, str] | None = None,
        connect_timeout_s: float = 30.0,
        max_concurrency_per_server: int = 16,
        prepare: Callable[[], object] | None = None,
        tool_cache: ToolListCache | None = None,
    ):
        """``prepare`` runs once, in a thread, before the first session opens (e.g. create the sandbox).
        ``tool_cache``: tool lists from earlier processes, so listing tools need not start servers."""
        self.catalog = catalog
        self._redact = Redactor(catalog_secrets(catalog, extra_env))  # secrets never leave the pool
        self._extra_env = extra_env or {}
        self._sessions = HeldSessions(catalog, self._redact, extra_env=self._extra_env,
                                      connect_timeout_s=connect_timeout_s, prepare=prepare, on_open=self._opened)
        self._limits: dict[str, asyncio.Semaphore] = {}
        self._max_concurrency = max_concurrency_per_server
        self._tools: dict[str, list[Tool]] = {}
        self._listings = CachedListings(tool_cache, catalog, self._extra_env) if tool_cache is not None else None
        self._unverified: set[str] = set()  # tools listed from the cache, not yet by the server itself
        self.listing_version = 0  # bumped when a server's live tools differ from the cached ones

    # -- sessions --------------------------------------------------------------------------------
    @property
    def sessions_opened(self) -> int:
        """How many sessions this pool has opened, reopened ones included."""
        return self._sessions.opened

    @property
    def prepare_pending(self) -> bool:
        """Whether the pool's ``prepare`` is still to run (no session has been opened yet)."""
        return self._sessions.prepare_pending

    async def session(self, name: str) -> ClientSession:
        """The held session for ``name``, opened on first use."""
        return await self._sessions.session(name)

    async def open_session(self, name: str) -> None:
        """Open the server's session now (if it is not open), ahead of a call that will need it."""
        await self._sessions.session(name)

    async def _opened(self, name: str, session: ClientSession) -> None:
        """A new session lists its server's tools when the list in hand came from the cache."""
        if name in self._unverified:
            await self._list_live(name, session)

    async def close(self) -> None:
        """Close every session; stdio servers' processes end with them."""
        await self._sessions.close()

    async def __aenter__(self) -> SessionPool:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # -- tools -------------------------------------------------------------------------------------
    def approval_policy(self, name: str, tool: str) -> str | None:
        """The approval policy ("ask" / "deny" / "allow") the catalogue sets for this tool of the server: the
        tool's own, else the server's ``"*"``; None when it sets none."""
        spec = self.catalog.servers.get(name)
        return spec.approval_for(tool) if spec is not None else None

    def approval_source(self, name: str) -> str:
        """The mcp.json file that declares the server, where its ``approvals`` are set ("" if unknown)."""
        spec = self.catalog.servers.get(name)
        return spec.source if spec is not None else ""

    async def list_tools(self, name: str) -> list[Tool]:
        """The server's tools: kept after the first listing; from the tool-list cache, if it holds them for
        the server's current configuration, without starting the server."""
        if name not in self._tools:
            cached = await self._listings.tools(name) if self._listings is not None else None
            if cached is not None:
                self._tools[name] = cached
                self._unverified.add(name)
            else:
                await self._list_live(name, await self.session(name))
        return self._tools[name]

    async def cached_names(self, name: str) -> dict[str, list[str]] | None:
        """What the server's listing tools returned in a recent process (tool -> names), if cached."""
        return await self._listings.names(name) if self._listings is not None else None

    async def known_names(self) -> list[str]:
        """Every name the catalogue's listing tools returned lately (tools/cached_listings.py ``all_names``)."""
        return await self._listings.all_names() if self._listings is not None else []

    async def keep_names(self, name: str, names: dict[str, list[str]]) -> None:
        if self._listings is not None:
            await self._listings.keep_names(name, names)

    async def _list_live(self, name: str, session: ClientSession) -> None:
        """List through the open session; replace a cached list that differs, and keep the cache current."""
        result = await session.list_tools()
        live = [self._redact.tool(t) for t in result.tools]
        self._unverified.discard(name)
        if name in self._tools and self._tools[name] != live:
            self.listing_version += 1
        self._tools[name] = live
        if self._listings is not None:
            await self._listings.keep_tools(name, live)

    async def _tool(self, server: str, tool: str) -> Tool | None:
        return next((t for t in await self.list_tools(server) if t.name == tool), None)

    async def call(
        self, server: str, tool: str, arguments: dict[str, Any] | None = None, *, timeout_s: float = 15.0
    ) -> ToolOutcome:
        """Call ``tool`` on ``server``. Never raises for tool or transport failures: see ``ok``/``error``.
        Secret values (tools/secrets.py) are redacted from what comes back."""
        return self._redact.outcome(await self._call(server, tool, arguments, timeout_s=timeout_s))

    async def _call(
        self, server: str, tool: str, arguments: dict[str, Any] | None = None, *, timeout_s: float = 15.0
    ) -> ToolOutcome:
        call_id = f"call_{next(_call_ids)}"
        arguments = dict(arguments or {})
        started = time.perf_counter()

        def failed(message: str) -> ToolOutcome:
            return ToolOutcome(
                call_id=call_id, server=server, tool=tool, arguments=arguments, ok=False, error=message,
                duration_ms=(time.perf_counter() - started) * 1000,
            )

        try:
            spec = await self._tool(server, tool)
        except ServerUnavailable as exc:
            return failed(str(exc))
        except Exception as exc:
            await self._sessions.discard(server)
            return failed(f"server '{server}' failed while listing tools: {type(exc).__name__}: {exc}")
        if spec is None:
            known = ", ".join(t.name for t in self._tools.get(server, []))
            return failed(f"server '{server}' has no tool '{tool}'; it has: {known}")

        attempt = 0
        while True:
            attempt += 1
            try:
                result = await self._call_once(server, tool, arguments, timeout_s)
            except (TimeoutError, McpError) as exc:
                timed_out = not isinstance(exc, McpError) or exc.error.code == _REQUEST_TIMEOUT
                if timed_out and not self._sessions.transport_ended(server):
                    return failed(f"tool {qualified_name(server, tool)} timed out after {timeout_s:g} s")
                if not timed_out and exc.error.code != CONNECTION_CLOSED:  # a protocol error: the session is fine
                    return failed(f"{qualified_name(server, tool)} failed: {exc.error.message}")
                # the connection closed, or the request went out after the server had died and nothing answered
                broken: Exception = exc
            except ServerUnavailable as exc:
                return failed(str(exc))
            except Exception as exc:  # the transport broke: the session is dead
                broken = exc
            else:
                return outcome_from_result(
                    result, call_id=call_id, server=server, tool=tool, arguments=arguments,
                    duration_ms=(time.perf_counter() - started) * 1000,
                )
            await self._sessions.discard(server)
            reason = f"{type(broken).__name__}: {broken}".strip(": ")
            if not may_retry(spec):
                return failed(
                    f"connection to '{server}' broke during {tool} ({reason}); not retried because"
                    " the tool may change state: check before repeating it"
                )
            if attempt > 1:
                return failed(f"connection to '{server}' broke twice during {tool} ({reason})")

    async def _call_once(
        self, server: str, tool: str, arguments: dict[str, Any], timeout_s: float
    ) -> CallToolResult:
        if self._sessions.transport_ended(server):  # the server died since the last call: open a new session first
            await self._sessions.discard(server)
        session = await self._sessions.session(server)
        limit = self._limits.setdefault(server, asyncio.Semaphore(self._max_concurrency))
        async with limit:
            # The MCP read timeout answers first; wait_for is the backstop if the transport hangs.
            call = asyncio.ensure_future(asyncio.wait_for(
                session.call_tool(tool, arguments, read_timeout_seconds=timedelta(seconds=timeout_s)),
                timeout_s + 0.5,
            ))
            try:
                # a request that went out as the server died is never answered: stop waiting once the
                # transport has closed, instead of at the timeout
                while not (await asyncio.wait({call}, timeout=_TRANSPORT_CHECK_S))[0]:
                    if self._sessions.transport_ended(server):
                        raise ConnectionError(f"the connection to '{server}' closed during the call")
                return call.result()
            finally:
                call.cancel()
