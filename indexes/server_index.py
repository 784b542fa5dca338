"""The server/tool index on chromadb: storage, sync and the query path (scoring is in indexes/ranking.py).

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

import numpy as np
from chromadb.api.models.Collection import Collection
from chromadb.api.types import EmbeddingFunction

from indexes.chroma_store import get_all
from indexes.documents import IndexRow, ServerDoc, rows_for_server
from indexes.fusion import RowHit
from indexes.ownership import own_data_bonus
from indexes.ranking import ALL_KINDS, QueryOptions, ServerHit, rank_servers
from indexes.row_mirror import RowMirror
from indexes.spelling import encoder_words
from indexes.value_typing import type_values

EXACT_LIMIT = 50_000  # rows; above this the dense side asks chroma's HNSW index instead of scanning


class EmptyQueryError(ValueError):
    """Retrieval was asked with no text to search for."""


@dataclass
class SyncReport:
    """What ``sync`` changed."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    rows: int = 0  # rows in the collection after the sync
    embedded: int = 0  # rows embedded by this sync


# Metadata ``origin`` of synthetic rows the running graph wrote from templates (graphs/catalog_index.py): they
# are written again from the current catalogue at each sync instead of being kept like an augmenter's rows.
TEMPLATE_ORIGIN = "template"


def row_set_hash(server: ServerDoc, synthetic: Sequence[str], kinds: frozenset[str]) -> str:
    """Identifies exactly the rows a server would get, so an unchanged server is never re-embedded."""
    payload: list = [server.content_hash(), list(synthetic), sorted(kinds)]
    if server.examples:  # only when there are some: the fingerprints stored before examples existed stay valid
        payload.append(list(server.examples))
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode()).hexdigest()[:16]


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
        self._mirror: RowMirror | None = None
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
        passes these back so it keeps them instead of re-embedding the server without them. Rows synced with
        origin ``template`` are not returned: the running graph writes those again from the current catalogue
        (its listed names may have changed), and an unchanged set is still not re-embedded.
        """
        current = {s.name: s.content_hash() for s in servers}
        got = get_all(self.collection, where={"kind": "synthetic_query"}, include=["metadatas", "documents"])
        found: dict[str, list[tuple[int, str]]] = {}
        for row_id, meta, doc in zip(got["ids"], got["metadatas"] or [], got["documents"] or []):
            # the catalogue's examples are rows of their own, and template rows are written afresh each sync
            if "::query::" not in row_id or meta.get("origin") == TEMPLATE_ORIGIN:
                continue
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
        *,
        origins: dict[str, str] | None = None,
    ) -> SyncReport:
        """Make the index match ``servers``: add new, re-embed changed, drop departed ones.

        ``progress(rows)`` is called after each embedded batch with the number of rows it held. ``origins``
        names who wrote a server's synthetic queries (``TEMPLATE_ORIGIN``), stored on its rows.
        """
        origins = origins or {}
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
            self._add(rows, hashes, progress, origins)
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
        origins: dict[str, str],
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
                        **({"origin": origins[r.server]} if r.kind == "synthetic_query" and r.server in origins
                           else {}),
                    }
                    for r in chunk
                ],
            )
            if progress:
                progress(len(chunk))

    def mirror(self) -> RowMirror:
        """The in-memory side (BM25, and vectors for the exact scan), built on first use after a change."""
        with self._lock:
            if self._mirror is None:
                exact = self.collection.count() <= self.exact_limit
                include = ["documents", "metadatas", "embeddings"] if exact else ["documents", "metadatas"]
                got = get_all(self.collection, include=include)
                vectors = np.asarray(got["embeddings"], dtype=np.float32) if exact else None
                model_path = getattr(self.embed, "model_path", None)
                self._mirror = RowMirror(list(got["documents"] or []), list(got["metadatas"] or []), vectors,
                                         encoder_words(model_path) if model_path else frozenset())
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
        if options.repair_spelling:
            texts = [mirror.spelling.repair(t) for t in texts]
        dense: list[list[RowHit]] = [[] for _ in texts]
        lexical: list[list[RowHit]] = [[] for _ in texts]
        if options.fusion != "bm25":
            vectors = self.query_vectors([type_values(t) for t in texts] if options.type_values else texts)
            if mirror.vectors is not None:
                dense = mirror.dense_top(vectors, top_n, options.kinds)
            else:
                dense = self._chroma_top(vectors, min(top_n, len(mirror.texts)), options.kinds)
        if options.fusion != "dense":
            lexical = [mirror.lexical_top(text, top_n, options.kinds) for text in texts]
        own_data = own_data_bonus(texts, mirror.own_data_persons, options.own_data_bonus)
        return rank_servers(dense, lexical, top_k, options, lambda qi, names: mirror.coverage(texts[qi], names),
                            own_data)

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
