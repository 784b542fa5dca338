"""Keeps the server index in step with the catalogue: lists every server's tools through the pool once
per process, syncs the chroma index (only changed servers are re-embedded), then answers queries.

Synthetic queries (index augmentation) from a model are written only by ``build_index`` (``tura index
build``). The running graph never calls the augmenter: its sync reuses the queries already indexed for
unchanged servers, else the committed caches under indexes/data/, so it never undoes a build; a server with
neither (one the user just added) gets template queries from its own text and listed names
(indexes/template_queries.py), written again at each sync and re-embedded only when they change. The
catalogue's ``examples`` are rows of their own in both paths. The sync also derives the route classifier's
cue words from the same servers and listings (``CatalogRetriever.cue_words``). The catalogue's documents are
read by graphs/catalog_docs.py, and what its servers hold (listed names, records) by graphs/catalog_records.py;
a build and the sources of synthetic queries are graphs/index_build.py.

Each catalogue has its own collection (``collection_for``): a sync drops the servers its catalogue lacks, so
two catalogues sharing a data directory (or a Chroma server) in one collection would delete each other's
rows, and a query between a sync and the other's would return servers its catalogue does not hold.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import date

from mcp.types import Tool

from graphs.catalog_docs import is_listing_tool, sandbox_servers, server_doc, tool_policy
from graphs.catalog_records import CatalogRecords, catalog_records
from graphs.index_build import runtime_sources
from indexes.documents import ServerDoc
from indexes.document_lines import LineMeanings
from indexes.document_meaning import DocumentMeanings, with_document_meanings
from indexes.document_terms import DocumentTerms, with_document_matches
from indexes.entities import (EntityDirectory, with_entity_matches, with_route_fits, with_typed_fits,
                              without_single_place_misfits)
from indexes.named_records import with_named_records
from indexes.near_ties import with_near_ties_settled
from indexes.route_cues import NO_CUE_WORDS, CueWords, derive_cue_words
from indexes.server_index import TEMPLATE_ORIGIN, QueryOptions, ServerHit, ServerIndex
from nodes.arguments.discovery import discovery_for
from nodes.arguments.route_fit import route_takers, single_place_misfits
from nodes.arguments.typed_fit import is_decisive, serves_by_type
from tools.pool import SessionPool


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
        self._held = CatalogRecords()  # what the servers' listings and records held at the last sync
        self._document_terms: DocumentTerms | None = None
        self._document_meanings: DocumentMeanings | None = None  # the same documents as lines, in meaning
        self._data_rows: dict[str, set[str]] = {}  # server -> the index rows its own records gave
        self._listing_tools: dict[str, list[str]] = {}
        self._cue_words = NO_CUE_WORDS
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
        listing_tools: dict[str, list[str]] = {}  # of the servers in use now, not of an earlier sync
        for name, listing in zip(names, listings):
            if isinstance(listing, BaseException):
                self.unavailable[name] = f"{type(listing).__name__}: {listing}"
                continue
            self.unavailable.pop(name, None)
            docs.append(server_doc(name, self._pool.catalog, listing))
            listing_tools[name] = [t.name for t in listing if is_listing_tool(t, tool_policy(self._pool, name, t.name))]
        self._listing_tools = {name: tools for name, tools in listing_tools.items() if tools}
        return docs

    async def entity_directory(self) -> EntityDirectory:
        """The names the catalogue's listing tools return, and its data servers' records and documents
        (graphs/catalog_records.py). A server that fails is noted in ``listing_failures`` and leaves its names
        out; retrieval goes on without them."""
        self._held = await catalog_records(self._pool, self._listing_tools, self.unavailable, self.listing_failures)
        return self._held.entities

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
                await self.entity_directory()  # first: a new server's template rows use the names
                synthetic, templated = await asyncio.to_thread(
                    lambda: runtime_sources(index, docs, self._held.listed, fields=self._held.record_fields,
                                            questions=self._held.record_questions))
                origins = {name: TEMPLATE_ORIGIN for name in templated}
                await asyncio.to_thread(lambda: index.sync(docs, synthetic, origins=origins))
                self._cue_words = await asyncio.to_thread(derive_cue_words, docs, self._held.listed)
                descriptions = {name: spec.description for name, spec in self._pool.catalog.servers.items()}
                documents = self._held.documents
                self._document_terms = (await asyncio.to_thread(DocumentTerms, documents, self._cue_words,
                                                                sandbox_servers(self._pool.catalog), descriptions)
                                        if documents else None)
                # one line cache with the executor's file choice: each note line is embedded once per process
                lines = discovery_for(self._pool).lines or LineMeanings(index.embed)
                self._document_meanings = DocumentMeanings(documents, lines) if documents else None
                self._data_rows = {server: {*self._held.record_fields.get(server, ()),
                                            *self._held.record_questions.get(server, ())}
                                   for server in {*self._held.record_fields, *self._held.record_questions}}
                self._index, self._synced_version = index, version
            return self._index

    async def cue_words(self) -> CueWords:
        """The route classifier's cue words for the catalogue in use (indexes/route_cues.py), derived when the
        index is synced from the servers' own text and their listed names."""
        await self.index()
        return self._cue_words

    def search_servers(self) -> list[str]:
        """The catalogue's web-search servers (category ``search``): where static knowledge goes."""
        catalog = self._pool.catalog
        return [n for n in catalog.names() if catalog.servers[n].category == "search" and n not in self.unavailable]

    async def search(self, sub_queries: Sequence[str], *, top_k: int, top_n: int) -> list[ServerHit]:
        index = await self.index()
        hits = await asyncio.to_thread(
            index.query, list(sub_queries), top_k=top_k, top_n=top_n, options=self.options
        )
        hits = await asyncio.to_thread(with_near_ties_settled, hits, list(sub_queries), self._held.entities,
                                       index.mirror().coverage, self.search_servers())
        hits = with_entity_matches(hits, list(sub_queries), self._held.entities)
        hits = with_document_matches(hits, list(sub_queries), self._document_terms, self._data_rows)
        naming = [i for i, query in enumerate(sub_queries) if self._held.records.owners_in(query)]
        hits = await asyncio.to_thread(with_document_meanings, hits, list(sub_queries), self._document_meanings,
                                       self._data_rows, naming)
        descriptions = {name: spec.description for name, spec in self._pool.catalog.servers.items()}
        # a record's name outweighs a note's words
        terms = self._document_terms
        hits = with_named_records(hits, list(sub_queries), self._held.records, descriptions,
                                  terms.held_by if terms is not None else None)
        tools = await self._listed_tools()
        hits = with_typed_fits(hits, list(sub_queries), await self.typed_fits(sub_queries, tools))
        hits = with_route_fits(hits, list(sub_queries), await asyncio.to_thread(route_takers, sub_queries, tools))
        return without_single_place_misfits(hits, list(sub_queries),
                                            await asyncio.to_thread(single_place_misfits, sub_queries, tools,
                                                                    date.today()))

    async def _listed_tools(self) -> dict[str, list[Tool]]:
        """Each available server's tools, from the pool's cache: this starts no server."""
        servers = [n for n in self._pool.catalog.names() if n not in self.unavailable]
        listings = await asyncio.gather(*(self._pool.list_tools(n) for n in servers), return_exceptions=True)
        return {n: t for n, t in zip(servers, listings) if not isinstance(t, BaseException)}

    async def typed_fits(self, sub_queries: Sequence[str],
                         tools: dict[str, list[Tool]] | None = None) -> dict[int, list[tuple[str, bool]]]:
        """Per sub-query, the servers that can serve it by the typed values it holds (nodes/arguments/typed_fit.py)."""
        tools = tools if tools is not None else await self._listed_tools()
        today = date.today()

        def fitting() -> dict[int, list[tuple[str, bool]]]:  # in a thread: the zone tables load from disk once
            fits: dict[int, list[tuple[str, bool]]] = {}
            for i, query in enumerate(sub_queries):
                kinds = {n: serves_by_type(listed, query, today) for n, listed in tools.items()}
                fits[i] = [(n, is_decisive(k, query)) for n, k in kinds.items() if k]
            return fits

        return await asyncio.to_thread(fitting)
