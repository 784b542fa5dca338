"""The servers' access to the sandbox database: parameterised queries and short write transactions.

SQLite calls block, so they run in a worker thread; each call opens its own connection (cheap for a local
file) so concurrent requests never share one. Writes run under ``BEGIN IMMEDIATE``: the check of
availability and the decrement happen while no other writer can interleave.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Annotated, Any, TypeVar

from mcp.types import CallToolResult, TextContent

from tools.sandbox.generate import read_meta
from tools.sandbox.geo import haversine_km

T = TypeVar("T")
Params = Sequence[Any] | Mapping[str, Any]  # positional ``?`` or named ``:name`` parameters
# What tools return: one line of JSON as text (compact for a small model's prompt) plus the same object as
# structured content; FastMCP validates the latter against ``dict[str, Any]``.
Answer = Annotated[CallToolResult, dict[str, Any]]


_WORD = re.compile(r"[a-z0-9]+")


def word_hits(text: str | None, query: str | None) -> int:
    """How many distinct words of ``query`` occur in ``text`` (case-insensitive; 'noise-cancelling' has
    the words 'noise' and 'cancelling'). Registered as the SQL function ``word_hits``."""
    if not text or not query:
        return 0
    words = set(_WORD.findall(text.lower()))
    return sum(1 for word in set(_WORD.findall(query.lower())) if word in words)


def missing_words(text: str | None, query: str, ignored: frozenset[str] = frozenset()) -> list[str]:
    """The words of ``query`` (in order, less ``ignored``) that ``text`` does not hold: what a search result
    lacks of what was asked ("3000" of "iphone 3000 ultra")."""
    words = set(_WORD.findall((text or "").lower()))
    asked = dict.fromkeys(w for w in _WORD.findall(query.lower()) if w not in ignored)
    return [w for w in asked if w not in words]


class SandboxDB:
    """One sandbox file and what it was generated for (its ``today`` and its source label)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        meta = read_meta(self.path)
        if meta.get("sandbox") != "true":
            raise ValueError(f"{self.path} is not a tura sandbox database (meta.sandbox is not 'true')")
        self.today = date.fromisoformat(meta["today"])
        self.source = meta["source"]

    def connect(self) -> sqlite3.Connection:
        """A new connection in autocommit mode; SQL may use ``distance_km(lat1, lon1, lat2, lon2)`` and
        ``word_hits(text, query)``."""
        conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.create_function("distance_km", 4, haversine_km, deterministic=True)
        conn.create_function("word_hits", 2, word_hits, deterministic=True)
        return conn

    def answer(self, **fields: Any) -> CallToolResult:
        """A tool response: the fields, labelled with where they come from."""
        payload = {**fields, "source": self.source}
        text = json.dumps(payload, ensure_ascii=False)
        return CallToolResult(content=[TextContent(type="text", text=text)], structuredContent=payload)

    def _rows(self, sql: str, params: Params) -> list[dict[str, Any]]:
        conn = self.connect()
        try:
            return [dict(row) for row in conn.execute(sql, params).fetchall()]
        finally:
            conn.close()

    async def rows(self, sql: str, params: Params = ()) -> list[dict[str, Any]]:
        """All rows of a query, as dicts."""
        return await asyncio.to_thread(self._rows, sql, params)

    async def row(self, sql: str, params: Params = ()) -> dict[str, Any] | None:
        """The first row of a query, or None."""
        found = await self.rows(sql, params)
        return found[0] if found else None

    def _transact(self, work: Callable[[sqlite3.Connection], T]) -> T:
        conn = self.connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            try:
                result = work(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
            return result
        finally:
            conn.close()

    async def transact(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work(conn)`` in one write transaction; any exception rolls everything back and propagates."""
        return await asyncio.to_thread(self._transact, work)
