"""Each server's one MCP session, opened on first use and held open until discarded (tools/pool.py calls
through them).

Each session lives inside its own asyncio task, because the adapters' session is an anyio context that must be
entered and exited by the same task. Opening is serialised per server, so concurrent first calls share one
session; a session whose transport died is discarded and the next use opens a new one.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from langchain_mcp_adapters.sessions import create_session
from mcp import ClientSession

from tools.catalog import Catalog
from tools.secrets import Redactor


class ServerUnavailable(RuntimeError):
    """A server could not be started or reached."""


@dataclass
class _HeldSession:
    """A session kept open by its owner task until ``closing`` is set."""

    session: ClientSession | None = None
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    closing: asyncio.Event = field(default_factory=asyncio.Event)
    owner: asyncio.Task | None = None
    error: BaseException | None = None


class HeldSessions:
    """The catalogue's servers' sessions, at most one open per server."""

    def __init__(self, catalog: Catalog, redact: Redactor, *, extra_env: dict[str, str], connect_timeout_s: float,
                 prepare: Callable[[], object] | None = None,
                 on_open: Callable[[str, ClientSession], Awaitable[None]] | None = None):
        """``prepare`` runs once, in a thread, before the first session opens (e.g. create the sandbox);
        ``on_open`` runs for each session once it is open, before it is handed out."""
        self._catalog = catalog
        self._redact = redact
        self._extra_env = extra_env
        self._connect_timeout_s = connect_timeout_s
        self._prepare = prepare
        self._prepare_lock: asyncio.Lock | None = None
        self._on_open = on_open
        self._held: dict[str, _HeldSession] = {}
        self._open_locks: dict[str, asyncio.Lock] = {}
        self.opened = 0

    @property
    def prepare_pending(self) -> bool:
        """Whether ``prepare`` is still to run (no session has been opened yet)."""
        return self._prepare is not None

    async def _own_session(self, name: str, held: _HeldSession) -> None:
        connection = self._catalog.servers[name].connection(self._extra_env)
        try:
            async with create_session(connection) as session:
                await session.initialize()
                held.session = session
                held.ready.set()
                await held.closing.wait()
        except BaseException as exc:  # recorded for the waiting caller, then re-raised to end this task
            held.error = exc
            held.ready.set()
            if isinstance(exc, asyncio.CancelledError):
                raise
        finally:
            held.session = None

    async def session(self, name: str) -> ClientSession:
        """The held session for ``name``, opened on first use."""
        if name not in self._catalog.servers:
            raise ServerUnavailable(f"unknown server '{name}'")
        await self._run_prepare()
        lock = self._open_locks.setdefault(name, asyncio.Lock())
        async with lock:
            held = self._held.get(name)
            if held and held.session is not None and not held.closing.is_set() and held.error is None:
                return held.session
            held = _HeldSession()
            self._held[name] = held
            held.owner = asyncio.create_task(self._own_session(name, held), name=f"mcp-session-{name}")
            try:
                await asyncio.wait_for(held.ready.wait(), self._connect_timeout_s)
            except TimeoutError as exc:
                held.closing.set()
                waited = f"{self._connect_timeout_s:.0f} s"
                raise ServerUnavailable(f"server '{name}' did not start within {waited}") from exc
            if held.error is not None or held.session is None:
                raise ServerUnavailable(self._redact.text(f"server '{name}' could not be started: {held.error!r}"))
            self.opened += 1
            if self._on_open is not None:
                await self._on_open(name, held.session)
            return held.session

    async def _run_prepare(self) -> None:
        if self._prepare is None:
            return
        if self._prepare_lock is None:
            self._prepare_lock = asyncio.Lock()
        async with self._prepare_lock:
            if self._prepare is not None:
                await asyncio.to_thread(self._prepare)
                self._prepare = None

    async def discard(self, name: str) -> None:
        """Close the server's session, if one is held; the next use opens a new one."""
        held = self._held.pop(name, None)
        if held and held.owner:
            held.closing.set()
            try:
                await asyncio.wait_for(asyncio.shield(held.owner), 5.0)
            except (TimeoutError, Exception):  # a dead transport may fail while closing; it is gone either way
                held.owner.cancel()

    async def close(self) -> None:
        """Close every session; stdio servers' processes end with them."""
        for name in list(self._held):
            await self.discard(name)

    def transport_ended(self, name: str) -> bool:
        """Whether the held session's transport has closed its read side (the server's process died). A request
        sent in the moment before the session noticed gets no answer, not a closed-connection error; the
        check is by the session's read stream, which mcp's ClientSession keeps as ``_read_stream``."""
        held = self._held.get(name)
        stream = getattr(held.session, "_read_stream", None) if held and held.session else None
        if stream is None:
            return held is not None and held.session is None  # the owner task has already ended it
        return stream.statistics().open_send_streams == 0
