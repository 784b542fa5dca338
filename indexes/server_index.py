"""The server/tool index on chromadb: MaxSim over each server's rows, Tool-to-Agent, fused with BM25.

Each server is many rows (indexes/documents.py). A query embeds all its sub-queries in one batch and, per
sub-query, fetches the top-N rows from chroma and the top-N rows by BM25 over the same texts; a server's
score in each list is its best row (MaxSim; a tool row counts for its owner, which is Tool-to-Agent), the two
lists are fused (indexes/fusion.py), and a server's final score is its best over the sub-queries. The top-K
servers come back with their best tools and the rows that matched (the evidence).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import chromadb
import numpy as np
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import EmbeddingFunction

from indexes.bm25 import BM25Index
from indexes.documents import IndexRow, ServerDoc, rows_for_server
from indexes.fusion import DEFAULT_BM25_WEIGHT, DEFAULT_FUSION, RRF_K, Fusion, RowHit, fuse, max_across, max_sim

COLLECTION = "tura_servers"
ALL_KINDS = frozenset({"description", "tool", "synthetic_query"})
EXACT_LIMIT = 50_000  # rows; above this the dense side asks chroma's HNSW index instead of scanning
GET_PAGE = 5_000  # rows per chroma get: one unpaged get of ~85k rows fails ("too many SQL variables")


class EmptyQueryError(ValueError):
    """Retrieval was asked with no text to search for."""


@dataclass(frozen=True)
class QueryOptions:
    """How a query is scored. ``kinds`` limits the rows used (ablations over one built index)."""

    fusion: Fusion = DEFAULT_FUSION
    bm25_weight: float = DEFAULT_BM25_WEIGHT
    rrf_k: float = RRF_K
    kinds: frozenset[str] = ALL_KINDS
    tools_per_server: int = 5


@dataclass
class Evidence:
    """A row that made a server score: which list found it, for which sub-query, with what score."""

    source: str  # "dense" | "bm25"
    sub_query: int
    kind: str
    text: str
    score: float
    tool: str = ""


@dataclass
class ServerHit:
    """A retrieved server: its score, best tools, and the rows that matched (best first)."""

    server: str
    score: float
    tools: list[str] = field(default_factory=list)
    matched: str = ""
    matched_kind: str = ""
    sub_query: int = 0  # the sub-query that gave the score
    best_for: list[int] = field(default_factory=list)  # sub-query indexes where this server ranked first
    evidence: list[Evidence] = field(default_factory=list)


@dataclass
class SyncReport:
    """What ``sync`` changed."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    rows: int = 0  # rows in the collection after the sync
    embedded: int = 0  # rows embedded by this sync


def open_collection(
    client: ClientAPI, embedding_function: EmbeddingFunction, name: str = COLLECTION
) -> Collection:
    """Create or reopen the collection with our embedding function and cosine space."""
    return client.get_or_create_collection(
        name=name, embedding_function=embedding_function, configuration={"hnsw": {"space": "cosine"}}
    )


def persistent_client(path: str) -> ClientAPI:
    return chromadb.PersistentClient(path=path, settings=chromadb.Settings(anonymized_telemetry=False))


def ephemeral_client() -> ClientAPI:
    return chromadb.EphemeralClient(settings=chromadb.Settings(anonymized_telemetry=False))


def get_all(collection: Collection, *, page: int = GET_PAGE, **kwargs: Any) -> dict[str, list]:
    """``collection.get`` over every matching row, a page at a time (ids, and each ``include``d field)."""
    include = list(kwargs.pop("include", ["metadatas"]))
    merged: dict[str, list] = {"ids": [], **{field: [] for field in include}}
    offset = 0
    while True:
        got = collection.get(include=include, limit=page, offset=offset, **kwargs)
        merged["ids"].extend(got["ids"])
        for field in include:
            values = got[field]
            merged[field].extend(list(values) if values is not None else [])
        if len(got["ids"]) < page:
            return merged
        offset += page


def row_set_hash(server: ServerDoc, synthetic: Sequence[str], kinds: frozenset[str]) -> str:
    """Identifies exactly the rows a server would get, so an unchanged server is never re-embedded."""
    payload = [server.content_hash(), list(synthetic), sorted(kinds)]
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode()).hexdigest()[:16]


class _Mirror:
    """Every stored row in memory: texts, owners, vectors and BM25 over the texts.

    Rebuilt from chroma after a sync changed rows. Below ``EXACT_LIMIT`` rows the dense side is an exact scan
    of this matrix (a 70-server catalogue is ~2,000 rows: well under a millisecond, where a chroma query
    costs several); above it, chroma's HNSW index answers instead.
    """

    def __init__(self, documents: list[str], metadatas: list[dict[str, Any]], vectors: np.ndarray | None):
        self.texts = documents
        self.servers = [m["server"] for m in metadatas]
        self.kinds = np.array([m["kind"] for m in metadatas], dtype=object)
        self.tools = [m.get("tool", "") for m in metadatas]
        self.vectors = vectors
        self.bm25 = BM25Index(documents)
        self._masks: dict[frozenset[str], np.ndarray] = {}

    def mask(self, kinds: frozenset[str]) -> np.ndarray:
        if kinds not in self._masks:
            self._masks[kinds] = np.isin(self.kinds, list(kinds))
        return self._masks[kinds]

    def _hits(self, scores: np.ndarray, n: int, kinds: frozenset[str], positive: bool) -> list[RowHit]:
        if not scores.size:
            return []
        if kinds != ALL_KINDS:
            scores = np.where(self.mask(kinds), scores, -np.inf)
        n = min(n, scores.size)
        best = np.argpartition(-scores, n - 1)[:n]
        floor = 0.0 if positive else -np.inf
        return [
            RowHit(self.servers[i], float(scores[i]), self.texts[i], str(self.kinds[i]), self.tools[i])
            for i in best
            if scores[i] > floor
        ]

    def lexical_top(self, query: str, n: int, kinds: frozenset[str]) -> list[RowHit]:
        return self._hits(self.bm25.scores(query), n, kinds, positive=True)

    def dense_top(self, query_vectors: np.ndarray, n: int, kinds: frozenset[str]) -> list[list[RowHit]]:
        sims = query_vectors @ self.vectors.T  # unit vectors: cosine similarity
        return [self._hits(row, n, kinds, positive=False) for row in sims]


class ServerIndex:
    """Index of servers over one chroma collection (thread-safe: sync and query may run in threads)."""

    def __init__(
        self,
        collection: Collection,
        embedding_function: EmbeddingFunction,
        *,
        exact_limit: int = EXACT_LIMIT,
        query_cache_size: int = 1024,
    ):
        self.collection = collection
        self.embed = embedding_function
        self.exact_limit = exact_limit
        self._mirror: _Mirror | None = None
        self._lock = threading.Lock()
        # The probe and the retrieve node ask the same sub-queries: embed each text once.
        self._query_vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._query_cache_size = query_cache_size

    def indexed_hashes(self) -> dict[str, str]:
        """server -> row-set hash of what is stored now."""
        got = get_all(self.collection, include=["metadatas"])
        return {m["server"]: m.get("server_hash", "") for m in got["metadatas"] or []}

    def stored_synthetic(self, servers: Sequence[ServerDoc]) -> dict[str, list[str]]:
        """Synthetic queries already indexed for servers whose description and tools are unchanged.

        A build (``tura index build``) may have used a real augmenter; a later sync from the running graph
        passes these back so it keeps them instead of re-embedding the server without them.
        """
        current = {s.name: s.content_hash() for s in servers}
        got = get_all(self.collection, where={"kind": "synthetic_query"}, include=["metadatas", "documents"])
        found: dict[str, list[tuple[int, str]]] = {}
        for row_id, meta, doc in zip(got["ids"], got["metadatas"] or [], got["documents"] or []):
            if current.get(meta["server"]) == meta.get("content_hash"):
                found.setdefault(meta["server"], []).append((int(row_id.rsplit("::", 1)[1]), doc or ""))
        return {name: [text for _, text in sorted(rows)] for name, rows in found.items()}

    def stats(self) -> dict[str, int]:
        """Rows per kind, servers and tools currently stored."""
        got = get_all(self.collection, include=["metadatas"])
        metas = got["metadatas"] or []
        counts = {kind: 0 for kind in sorted(ALL_KINDS)}
        for meta in metas:
            counts[meta["kind"]] = counts.get(meta["kind"], 0) + 1
        counts["servers"] = len({m["server"] for m in metas})
        counts["rows"] = len(metas)
        return counts

    def sync(
        self,
        servers: Sequence[ServerDoc],
        synthetic: dict[str, list[str]] | None = None,
        kinds: set[str] | frozenset[str] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> SyncReport:
        """Make the index match ``servers``: add new, re-embed changed, drop departed ones.

        ``progress(rows)`` is called after each embedded batch with the number of rows it held.
        """
        synthetic = synthetic or {}
        kinds = frozenset(kinds or ALL_KINDS)
        report = SyncReport()
        with self._lock:
            stored = self.indexed_hashes()
            wanted = {s.name: s for s in servers}
            for name in sorted(stored.keys() - wanted.keys()):
                self.collection.delete(where={"server": name})
                report.removed.append(name)
            rows: list[IndexRow] = []
            hashes: dict[str, tuple[str, str]] = {}
            for server in wanted.values():
                digest = row_set_hash(server, synthetic.get(server.name, []), kinds)
                hashes[server.name] = (digest, server.content_hash())
                if stored.get(server.name) == digest:
                    report.unchanged.append(server.name)
                    continue
                if server.name in stored:
                    self.collection.delete(where={"server": server.name})
                    report.updated.append(server.name)
                else:
                    report.added.append(server.name)
                rows.extend(rows_for_server(server, synthetic.get(server.name), set(kinds)))
            self._add(rows, hashes, progress)
            report.embedded = len(rows)
            report.rows = self.collection.count()
            if report.removed or rows:
                self._mirror = None
        return report

    def _add(
        self,
        rows: list[IndexRow],
        hashes: dict[str, tuple[str, str]],
        progress: Callable[[int], None] | None,
        batch: int = 256,
    ) -> None:
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            self.collection.add(
                ids=[r.id for r in chunk],
                documents=[r.text for r in chunk],
                embeddings=self.embed([r.text for r in chunk]),
                metadatas=[
                    {
                        "server": r.server,
                        "kind": r.kind,
                        "tool": r.tool,
                        "server_hash": hashes[r.server][0],
                        "content_hash": hashes[r.server][1],
                    }
                    for r in chunk
                ],
            )
            if progress:
                progress(len(chunk))

    def mirror(self) -> _Mirror:
        """The in-memory side (BM25, and vectors for the exact scan), built on first use after a change."""
        with self._lock:
            if self._mirror is None:
                exact = self.collection.count() <= self.exact_limit
                include = ["documents", "metadatas", "embeddings"] if exact else ["documents", "metadatas"]
                got = get_all(self.collection, include=include)
                vectors = np.asarray(got["embeddings"], dtype=np.float32) if exact else None
                self._mirror = _Mirror(list(got["documents"] or []), list(got["metadatas"] or []), vectors)
            return self._mirror

    def query(
        self,
        sub_queries: Sequence[str],
        *,
        top_k: int = 3,
        top_n: int = 40,
        options: QueryOptions = QueryOptions(),
    ) -> list[ServerHit]:
        """Top-K servers for the sub-queries (MaxSim per server, fused with BM25, max across sub-queries)."""
        texts = [q.strip() for q in sub_queries if isinstance(q, str) and q.strip()]
        if not texts:
            raise EmptyQueryError("retrieval needs at least one non-empty query")
        if top_k < 1 or top_n < 1:
            raise ValueError("top_k and top_n must be at least 1")
        mirror = self.mirror()
        if not mirror.texts:
            return []
        dense: list[list[RowHit]] = [[] for _ in texts]
        lexical: list[list[RowHit]] = [[] for _ in texts]
        if options.fusion != "bm25":
            vectors = self.query_vectors(texts)
            if mirror.vectors is not None:
                dense = mirror.dense_top(vectors, top_n, options.kinds)
            else:
                dense = self._chroma_top(vectors, min(top_n, len(mirror.texts)), options.kinds)
        if options.fusion != "dense":
            lexical = [mirror.lexical_top(text, top_n, options.kinds) for text in texts]
        return rank_servers(dense, lexical, top_k, options)

    def query_vectors(self, texts: list[str]) -> np.ndarray:
        """Embeddings of the sub-queries, one batch for those not embedded recently."""
        with self._lock:
            known = {t: self._query_vectors[t] for t in texts if t in self._query_vectors}
        missing = [t for t in dict.fromkeys(texts) if t not in known]
        if missing:
            known.update((t, np.asarray(v, np.float32)) for t, v in zip(missing, self.embed.embed_query(missing)))
        if self._query_cache_size:
            with self._lock:
                for text in dict.fromkeys(texts):
                    self._query_vectors[text] = known[text]
                    self._query_vectors.move_to_end(text)
                while len(self._query_vectors) > self._query_cache_size:
                    self._query_vectors.popitem(last=False)
        return np.stack([known[t] for t in texts])

    def _chroma_top(self, vectors: np.ndarray, n: int, kinds: frozenset[str]) -> list[list[RowHit]]:
        where = None if kinds >= ALL_KINDS else {"kind": {"$in": sorted(kinds)}}
        result = self.collection.query(
            query_embeddings=list(vectors), n_results=n, where=where, include=["metadatas", "distances", "documents"]
        )
        return [
            [
                RowHit(m["server"], 1.0 - float(d), doc or "", m["kind"], m.get("tool", ""))  # cosine distance
                for m, d, doc in zip(metas, dists, docs)
            ]
            for metas, dists, docs in zip(result["metadatas"], result["distances"], result["documents"])
        ]


def rank_servers(
    dense: list[list[RowHit]], lexical: list[list[RowHit]], top_k: int, options: QueryOptions = QueryOptions()
) -> list[ServerHit]:
    """Per sub-query: MaxSim per server in each list, fuse; then max across sub-queries; keep the top-K."""
    dense_best = [max_sim(rows) for rows in dense]
    lexical_best = [max_sim(rows) for rows in lexical]
    fused = [
        fuse(
            {s: r.score for s, r in d.items()},
            {s: r.score for s, r in b.items()},
            options.fusion,
            bm25_weight=options.bm25_weight,
            rrf_k=options.rrf_k,
        )
        for d, b in zip(dense_best, lexical_best)
    ]
    best = max_across(fused)
    order = sorted(best, key=lambda name: (-best[name][0], name))[:top_k]
    leaders = [max(scores, key=lambda n: (scores[n], n)) if scores else None for scores in fused]
    hits = []
    for name in order:
        score, qi = best[name]
        evidence = _evidence(name, qi, dense_best, lexical_best)
        first = evidence[0] if evidence else None
        hits.append(
            ServerHit(
                server=name,
                score=score,
                tools=_best_tools(name, dense, lexical, options.tools_per_server),
                matched=first.text if first else "",
                matched_kind=first.kind if first else "",
                sub_query=qi,
                best_for=[i for i, leader in enumerate(leaders) if leader == name],
                evidence=evidence,
            )
        )
    return hits


def _evidence(
    server: str, qi: int, dense_best: list[dict[str, RowHit]], lexical_best: list[dict[str, RowHit]]
) -> list[Evidence]:
    """The rows behind a server's score at its best sub-query: the dense row first, then the BM25 row."""
    out = []
    for source, table in (("dense", dense_best[qi]), ("bm25", lexical_best[qi])):
        row = table.get(server)
        if row is not None:
            out.append(Evidence(source, qi, row.kind, row.text, round(row.score, 4), row.tool))
    return out


def _best_tools(server: str, dense: list[list[RowHit]], lexical: list[list[RowHit]], limit: int) -> list[str]:
    """The server's tools whose rows matched, by best dense similarity, then those only BM25 found."""
    by_dense: dict[str, float] = {}
    by_bm25: dict[str, float] = {}
    for rows, table in ((dense, by_dense), (lexical, by_bm25)):
        for query_rows in rows:
            for row in query_rows:
                if row.server == server and row.tool:
                    table[row.tool] = max(table.get(row.tool, float("-inf")), row.score)
    ordered = sorted(by_dense, key=lambda t: (-by_dense[t], t))
    ordered += sorted((t for t in by_bm25 if t not in by_dense), key=lambda t: (-by_bm25[t], t))
    return ordered[:limit]
