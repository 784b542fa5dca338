"""Keeps the server index in step with the catalogue: lists every server's tools through the pool once
per process, syncs the chroma index (only changed servers are re-embedded), then answers queries.

Synthetic queries (index augmentation) from a model are written only by ``build_index`` (``tura index
build``). The running graph never calls the augmenter: its sync reuses the queries already indexed for
unchanged servers, else the committed caches under indexes/data/, so it never undoes a build; a server with
neither (one the user just added) gets template queries from its own text and listed names
(indexes/template_queries.py), written again at each sync and re-embedded only when they change. The
catalogue's ``examples`` are rows of their own in both paths. The sync also derives the route classifier's
cue words from the same servers and listings (``CatalogRetriever.cue_words``).

Each catalogue has its own collection (``collection_for``): a sync drops the servers its catalogue lacks, so
two catalogues sharing a data directory (or a Chroma server) in one collection would delete each other's
rows, and a query between a sync and the other's would return servers its catalogue does not hold.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from indexes.augment import QUERIES_PER_SERVER, Generate, SyntheticQueryCache, augment_catalog, bundled_caches
from indexes.documents import ServerDoc, ToolDoc
from indexes.document_lines import LineMeanings
from indexes.document_meaning import DocumentMeanings, with_document_meanings
from indexes.document_terms import DocumentTerms, with_document_matches
from indexes.entities import (EntityDirectory, NamedRecords, listed_names, with_entity_matches, with_named_records,
                              with_typed_fits)
from indexes.route_cues import NO_CUE_WORDS, CueWords, derive_cue_words
from indexes.server_index import COLLECTION, TEMPLATE_ORIGIN, QueryOptions, ServerHit, ServerIndex, SyncReport
from indexes.template_queries import template_queries
from nodes.approval import changes_data, trusted_tools
from nodes.arguments.discovery import DISCOVERY_TIMEOUT_S, discovery_for
from nodes.arguments.server_data import ServerData, server_data
from nodes.arguments.typed_fit import is_decisive, serves_by_type
from tools.catalog import BUILTIN_CATALOG, Catalog
from tools.pool import SessionPool


def is_listing_tool(tool, policy: str | None = None) -> bool:
    """A tool that lists what its server knows: named list... (or taking no argument at all, "read_graph"), no
    required argument, and read-only by its
    annotations or, for a server that annotates nothing (many third-party ones), allowed without asking by
    the catalogue (``policy``: the tool's approval policy, "allow")."""
    return ((tool.name.lower().startswith("list") or not (tool.inputSchema or {}).get("properties"))
            and not (tool.inputSchema or {}).get("required")
            and (not changes_data(tool) or policy == "allow"))


def tool_policy(pool: object, server: str, tool: str) -> str | None:
    """The catalogue's approval policy for one tool of a server, if the pool knows policies."""
    policy = getattr(pool, "approval_policy", None)
    if not callable(policy):
        return None
    try:
        return policy(server, tool)
    except TypeError:  # a pool with one policy per server
        return policy(server)


def collection_for(catalog: Catalog) -> str:
    """The chroma collection of the catalogue's index, named by the mcp.json files its servers come from: the
    built-in catalogue alone keeps ``tura_servers``; any other set of files gets ``tura_servers_<hash>``, the
    same for every process that loads the same files, whatever their servers are today."""
    sources = sorted({str(Path(spec.source).resolve()) for spec in catalog.servers.values()})
    if sources == [str(BUILTIN_CATALOG.resolve())]:
        return COLLECTION
    digest = hashlib.sha256(json.dumps(sources).encode()).hexdigest()[:12]
    return f"{COLLECTION}_{digest}"


def sandbox_servers(catalog: Catalog) -> frozenset[str]:
    """The servers of the built-in catalogue (the demo sandbox) in ``catalog``."""
    builtin = str(BUILTIN_CATALOG.resolve())
    return frozenset(name for name, spec in catalog.servers.items() if spec.source
                     and str(Path(spec.source).resolve()) == builtin)


def tool_doc(tool) -> ToolDoc:
    """The index's view of an MCP tool: its name, description, and each parameter's name, description and
    allowed values (schema ``enum``)."""
    properties = {name: p if isinstance(p, dict) else {} for name, p in
                  ((tool.inputSchema or {}).get("properties") or {}).items()}
    return ToolDoc(
        tool.name,
        tool.description or "",
        tuple(properties),
        tuple(str(p.get("description") or "") for p in properties.values()),
        tuple(tuple(str(v) for v in p.get("enum") or () if isinstance(v, str)) for p in properties.values()),
    )


def server_doc(name: str, catalog: Catalog, tools: list) -> ServerDoc:
    spec = catalog.servers[name]
    return ServerDoc(
        name=name,
        description=spec.description,
        category=spec.category,
        tools=tuple(tool_doc(t) for t in tools),
        examples=tuple(e.strip() for e in getattr(spec, "examples", None) or [] if isinstance(e, str) and e.strip()),
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


def runtime_sources(index: ServerIndex, docs: Sequence[ServerDoc], listed: Mapping[str, Sequence[str]] | None = None,
                    *, n: int = QUERIES_PER_SERVER, fields: Mapping[str, Sequence[str]] | None = None,
                    questions: Mapping[str, Sequence[str]] | None = None) -> tuple[dict[str, list[str]], set[str]]:
    """Synthetic queries for a sync from the running graph, and the servers whose queries are templates: what
    is indexed, else the committed caches, else template queries from the server's own text, the names its
    listing tools returned (``listed``: server -> names) and what its records hold (``fields``: server -> one
    line per kind of record, nodes/arguments/discovery.py ``record_fields``) and answer (``questions``)."""
    synthetic = index.stored_synthetic(docs)
    for cache in bundled_caches():
        for doc in docs:
            if doc.name not in synthetic and (queries := cache.get(doc)) is not None:
                synthetic[doc.name] = queries
    templated = set()
    for doc in docs:
        if doc.name not in synthetic:
            synthetic[doc.name] = template_queries(doc, n, (listed or {}).get(doc.name, ()),
                                                   (fields or {}).get(doc.name, ()),
                                                   (questions or {}).get(doc.name, ()))
            templated.add(doc.name)
    return synthetic, templated


def runtime_synthetic(index: ServerIndex, docs: Sequence[ServerDoc],
                      listed: Mapping[str, Sequence[str]] | None = None) -> dict[str, list[str]]:
    """The synthetic queries of ``runtime_sources``."""
    return runtime_sources(index, docs, listed)[0]


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
        self._records = NamedRecords({})
        self._documents: dict[str, dict[str, str]] = {}  # server -> its listed files' text
        self._document_terms: DocumentTerms | None = None
        self._document_meanings: DocumentMeanings | None = None  # the same documents as lines, in meaning
        self._data_rows: dict[str, set[str]] = {}  # server -> the index rows its own records gave
        self._listing_tools: dict[str, list[str]] = {}
        self._listed: dict[str, list[str]] = {}  # server -> the names its listing tools returned
        self._record_fields: dict[str, list[str]] = {}  # server -> what each kind of its records holds
        self._record_questions: dict[str, list[str]] = {}  # server -> what its records answer, as phrases
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
        self._listed = {server: list(dict.fromkeys(found)) for server, found in names.items()}
        records = {server: list(found) for server, found in names.items()}
        data = await self.server_data()
        for server, found in data.items():
            records.setdefault(server, []).extend(found.names)
        self._documents = {server: found.documents for server, found in data.items() if found.documents}
        self._record_fields = {server: found.record_fields for server, found in data.items() if found.record_fields}
        self._record_questions = {server: found.record_questions for server, found in data.items()
                                  if found.record_questions}
        self._records = await asyncio.to_thread(NamedRecords, records)  # reads the gazetteer from disk
        return EntityDirectory(names)

    async def server_data(self) -> dict[str, ServerData]:
        """The record names and documents of each data server (stored SQL values, listed files and their text),
        asked of its read-only or trusted tools (nodes/arguments/discovery.py); a server that fails is left out
        and noted in ``listing_failures``."""
        found: dict[str, ServerData] = {}
        discovery = discovery_for(self._pool)
        sandbox = sandbox_servers(self._pool.catalog)
        for server in self._pool.catalog.names():
            if server in self.unavailable:
                continue
            try:
                tools = await self._pool.list_tools(server)
                trusted = trusted_tools(server, self._pool)

                async def ask(tool: str, arguments: dict, server: str = server):
                    return await self._pool.call(server, tool, arguments, timeout_s=DISCOVERY_TIMEOUT_S)

                found[server] = await server_data(discovery, server, tools, ask, lambda t: t.name in trusted,
                                                  records_as_documents=server not in sandbox)
            except Exception as exc:  # retrieval goes on without this server's records; the reason is kept
                self.listing_failures[f"{server} (records)"] = f"{type(exc).__name__}: {exc}"
        return found

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
                self._entities = await self.entity_directory()  # first: a new server's template rows use the names
                synthetic, templated = await asyncio.to_thread(
                    lambda: runtime_sources(index, docs, self._listed, fields=self._record_fields,
                                            questions=self._record_questions))
                origins = {name: TEMPLATE_ORIGIN for name in templated}
                await asyncio.to_thread(lambda: index.sync(docs, synthetic, origins=origins))
                self._cue_words = await asyncio.to_thread(derive_cue_words, docs, self._listed)
                self._document_terms = (await asyncio.to_thread(DocumentTerms, self._documents, self._cue_words,
                                                                sandbox_servers(self._pool.catalog))
                                        if self._documents else None)
                # one line cache with the executor's file choice: each note line is embedded once per process
                lines = discovery_for(self._pool).lines or LineMeanings(index.embed)
                self._document_meanings = DocumentMeanings(self._documents, lines) if self._documents else None
                self._data_rows = {server: {*self._record_fields.get(server, ()),
                                            *self._record_questions.get(server, ())}
                                   for server in {*self._record_fields, *self._record_questions}}
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
        hits = with_entity_matches(hits, list(sub_queries), self._entities)
        hits = with_document_matches(hits, list(sub_queries), self._document_terms, self._data_rows)
        naming = [i for i, query in enumerate(sub_queries) if self._records.owners_in(query)]
        hits = await asyncio.to_thread(with_document_meanings, hits, list(sub_queries), self._document_meanings,
                                       self._data_rows, naming)
        descriptions = {name: spec.description for name, spec in self._pool.catalog.servers.items()}
        # a record's name outweighs a note's words
        terms = self._document_terms
        hits = with_named_records(hits, list(sub_queries), self._records, descriptions,
                                  terms.held_by if terms is not None else None)
        return with_typed_fits(hits, list(sub_queries), await self.typed_fits(sub_queries))

    async def typed_fits(self, sub_queries: Sequence[str]) -> dict[int, list[tuple[str, bool]]]:
        """Per sub-query, the servers that can serve it by the typed values it holds (nodes/arguments/typed_fit.py):
        tool lists come from the pool's cache, so this starts no server."""
        servers = [n for n in self._pool.catalog.names() if n not in self.unavailable]
        listings = await asyncio.gather(*(self._pool.list_tools(n) for n in servers), return_exceptions=True)
        tools = {n: t for n, t in zip(servers, listings) if not isinstance(t, BaseException)}
        today = date.today()

        def fitting() -> dict[int, list[tuple[str, bool]]]:  # in a thread: the zone tables load from disk once
            fits: dict[int, list[tuple[str, bool]]] = {}
            for i, query in enumerate(sub_queries):
                kinds = {n: serves_by_type(listed, query, today) for n, listed in tools.items()}
                fits[i] = [(n, is_decisive(k, query)) for n, k in kinds.items() if k]
            return fits

        return await asyncio.to_thread(fitting)
