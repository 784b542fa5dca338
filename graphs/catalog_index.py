"""Keeps the server index in step with the catalogue: lists every server's tools through the pool once
per process, syncs the chroma index (only changed servers are re-embedded), then answers queries."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from indexes.documents import ServerDoc, ToolDoc
from indexes.server_index import ServerHit, ServerIndex
from tools.catalog import Catalog
from tools.pool import SessionPool


def server_doc(name: str, catalog: Catalog, tools: list) -> ServerDoc:
    spec = catalog.servers[name]
    return ServerDoc(
        name=name,
        description=spec.description,
        category=spec.category,
        tools=tuple(
            ToolDoc(t.name, t.description or "", tuple((t.inputSchema or {}).get("properties", {}).keys()))
            for t in tools
        ),
    )


class CatalogRetriever:
    """The retrieve node's view of the index, synced with the catalogue on first use."""

    def __init__(self, pool: SessionPool, open_index: Callable[[], ServerIndex]):
        self._pool = pool
        self._open_index = open_index
        self._index: ServerIndex | None = None
        self._sync_lock = asyncio.Lock()
        self.unavailable: dict[str, str] = {}

    async def server_docs(self) -> list[ServerDoc]:
        """Descriptions and tools of every server that answers; the others are noted in ``unavailable``."""
        names = self._pool.catalog.names()
        listings = await asyncio.gather(*(self._pool.list_tools(n) for n in names), return_exceptions=True)
        docs = []
        for name, listing in zip(names, listings):
            if isinstance(listing, BaseException):
                self.unavailable[name] = f"{type(listing).__name__}: {listing}"
                continue
            docs.append(server_doc(name, self._pool.catalog, listing))
        return docs

    async def index(self) -> ServerIndex:
        async with self._sync_lock:
            if self._index is None:
                docs = await self.server_docs()
                index = await asyncio.to_thread(self._open_index)
                await asyncio.to_thread(index.sync, docs)
                self._index = index
            return self._index

    async def search(self, sub_queries: Sequence[str], *, top_k: int, top_n: int) -> list[ServerHit]:
        index = await self.index()
        return await asyncio.to_thread(index.query, list(sub_queries), top_k=top_k, top_n=top_n)
