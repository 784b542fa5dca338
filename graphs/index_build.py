"""Writing the index: a build with synthetic queries (cache first, the committed caches next, the augmenter last;
``tura index build``), and the synthetic queries a sync from the running graph uses (what is indexed, the
committed caches, else template queries from the server's own text).

Why apart from graphs/catalog_index.py: the build is a command of its own (graphs/index_cli.py), and the sources
of synthetic queries are one decision, shared by the build and the running sync.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from indexes.augment import QUERIES_PER_SERVER, Generate, SyntheticQueryCache, augment_catalog, bundled_caches
from indexes.documents import ServerDoc
from indexes.server_index import ServerIndex, SyncReport
from indexes.template_queries import template_queries


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
