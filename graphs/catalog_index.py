"""Keeps the server index in step with the catalogue: lists every server's tools through the pool once
per process, syncs the chroma index (only changed servers are re-embedded), then answers queries.

Synthetic queries (index augmentation) are written only by ``build_index`` (``tura index build``). The
running graph never calls the augmenter: its sync reuses the queries already indexed for unchanged servers,
else the committed caches under indexes/data/, so it never undoes a build.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from indexes.augment import QUERIES_PER_SERVER, Generate, SyntheticQueryCache, augment_catalog, bundled_caches
from indexes.documents import ServerDoc, ToolDoc
from indexes.entities import EntityDirectory, listed_names, with_entity_matches
from indexes.server_index import QueryOptions, ServerHit, ServerIndex, SyncReport
from nodes.approval import changes_data
from tools.catalog import Catalog
from tools.pool import SessionPool


def is_listing_tool(tool) -> bool:
    """A tool that lists what its server knows: read-only, named list..., no required argument."""
    return (tool.name.lower().startswith("list") and not changes_data(tool)
            and not (tool.inputSchema or {}).get("required"))


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


@dataclass
class BuildSummary:
    """What a build did, for the CLI's summary line and the tests."""

    servers: int = 0
    tools: int = 0
    rows: int = 0
    embedded: int = 0
    generated: list[str] = field(default_factory=list)  # servers the augmenter was called for
    cached: list[str] = field(default_factory=list)  # servers whose queries came from a cache
    dropped: list[str] = field(default_factory=list)  # servers pruned from the cache
    synthetic_queries: int = 0
    seconds: float = 0.0
    sync: SyncReport = field(default_factory=SyncReport)
    augment_failures: list[str] = field(default_factory=list)
    round_trip: tuple[int, int] | None = None  # (kept, checked) model queries, for the paraphrase augmenter


async def build_index(
    index: ServerIndex,
    docs: Sequence[ServerDoc],
    *,
    cache: SyntheticQueryCache | None,
    generate: Generate | None,
    n: int = QUERIES_PER_SERVER,
    generator_name: str = "",
    on_server: Callable[[str, bool], None] | None = None,
    on_rows: Callable[[int], None] | None = None,
) -> BuildSummary:
    """Augment (cache first, the committed caches next, the augmenter last) and sync the index.

    ``cache=None`` builds without augmentation. ``generate=None`` with a cache uses cached queries only.
    """
    started = time.perf_counter()
    summary = BuildSummary(servers=len(docs), tools=sum(len(d.tools) for d in docs))
    synthetic: dict[str, list[str]] = {}
    if cache is not None:
        bundled = await asyncio.to_thread(bundled_caches)
        cache.seed(docs, bundled)
        if generate is None:
            synthetic = {d.name: q for d in docs if (q := cache.get(d)) is not None}
            summary.cached = list(synthetic)
        else:
            report = await augment_catalog(
                docs, generate, cache, n=n, progress=on_server, generator=generator_name
            )
            synthetic = report.queries
            summary.generated, summary.cached, summary.dropped = report.generated, report.cached, report.dropped
        summary.synthetic_queries = sum(len(q) for q in synthetic.values())
    summary.sync = await asyncio.to_thread(index.sync, docs, synthetic, None, on_rows)
    summary.rows, summary.embedded = summary.sync.rows, summary.sync.embedded
    await asyncio.to_thread(index.mirror)  # BM25 and vectors in memory now, not on the first query
    summary.seconds = time.perf_counter() - started
    return summary


def runtime_synthetic(index: ServerIndex, docs: Sequence[ServerDoc]) -> dict[str, list[str]]:
    """Synthetic queries for a sync from the running graph: what is indexed, else the committed caches."""
    synthetic = index.stored_synthetic(docs)
    for cache in bundled_caches():
        for doc in docs:
            if doc.name not in synthetic and (queries := cache.get(doc)) is not None:
                synthetic[doc.name] = queries
    return synthetic


class CatalogRetriever:
    """The retrieve node's view of the index, synced with the catalogue on first use."""

    def __init__(
        self,
        pool: SessionPool,
        open_index: Callable[[], ServerIndex],
        options: QueryOptions = QueryOptions(),
    ):
        self._pool = pool
        self._open_index = open_index
        self._index: ServerIndex | None = None
        self._entities = EntityDirectory({})
        self._listing_tools: dict[str, list[str]] = {}
        self._sync_lock = asyncio.Lock()
        self._synced_version = 0
        self.options = options
        self.unavailable: dict[str, str] = {}  # servers that did not list their tools
        self.listing_failures: dict[str, str] = {}  # "server.tool" listings the entity directory lacks

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
            self._listing_tools[name] = [t.name for t in listing if is_listing_tool(t)]
        return docs

    async def entity_directory(self) -> EntityDirectory:
        """The names the catalogue's listing tools return (indexes/entities.py): from the pool's cache when a
        recent process asked them, else asked once. A listing tool that fails is noted in
        ``listing_failures`` and leaves its names out; retrieval goes on without them."""
        names: dict[str, list[str]] = {}
        calls = []
        for server, tools in self._listing_tools.items():
            cached = await self._pool.cached_names(server)
            if cached is not None and set(cached) == set(tools):
                names[server] = [name for tool in tools for name in cached[tool]]
            else:
                calls += [(server, tool) for tool in tools]
        outcomes = await asyncio.gather(*(self._pool.call(server, tool, {}) for server, tool in calls),
                                        return_exceptions=True)
        listed: dict[str, dict[str, list[str]]] = {}
        for (server, tool), outcome in zip(calls, outcomes):
            if isinstance(outcome, BaseException) or not outcome.ok:
                reason = outcome if isinstance(outcome, BaseException) else outcome.error
                self.listing_failures[f"{server}.{tool}"] = str(reason)
                continue
            # the structured output is whole; the text is cut at MAX_TEXT_CHARS
            listed.setdefault(server, {})[tool] = listed_names(outcome.structured or outcome.text)
            names.setdefault(server, []).extend(listed[server][tool])
        for server, by_tool in listed.items():
            if set(by_tool) == set(self._listing_tools[server]):
                await self._pool.keep_names(server, by_tool)
        return EntityDirectory(names)

    async def open(self) -> ServerIndex:
        """The index as stored, without syncing (``tura index query``, ``tura index build``)."""
        return await asyncio.to_thread(self._open_index)

    async def index(self) -> ServerIndex:
        """The synced index: synced on first use, and again when a server's live tools turned out to differ
        from the cached list the last sync used (the pool's ``listing_version``)."""
        async with self._sync_lock:
            version = self._pool.listing_version
            if self._index is None or version != self._synced_version:
                docs = await self.server_docs()
                index = self._index or await self.open()
                synthetic = await asyncio.to_thread(runtime_synthetic, index, docs)
                await asyncio.to_thread(index.sync, docs, synthetic)
                self._entities = await self.entity_directory()
                self._index, self._synced_version = index, version
            return self._index

    def search_servers(self) -> list[str]:
        """The catalogue's web-search servers (category ``search``): where static knowledge goes."""
        catalog = self._pool.catalog
        return [n for n in catalog.names() if catalog.servers[n].category == "search" and n not in self.unavailable]

    async def search(self, sub_queries: Sequence[str], *, top_k: int, top_n: int) -> list[ServerHit]:
        index = await self.index()
        hits = await asyncio.to_thread(
            index.query, list(sub_queries), top_k=top_k, top_n=top_n, options=self.options
        )
        return with_entity_matches(hits, list(sub_queries), self._entities)
