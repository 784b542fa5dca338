"""The server/tool index on chromadb with MaxSim scoring and Tool-to-Agent mapping.

Each server is many rows (indexes/documents.py). A query embeds each sub-query once, fetches the top-N
rows, scores a server by the best of its rows (MaxSim; a tool row counts for its owner server), then
takes the max over sub-queries and keeps the top-K servers with their best tools and the matching row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import chromadb
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection
from chromadb.api.types import EmbeddingFunction

from indexes.documents import IndexRow, ServerDoc, rows_for_server

COLLECTION = "tura_servers"


class EmptyQueryError(ValueError):
    """Retrieval was asked with no text to search for."""


@dataclass
class ServerHit:
    """A retrieved server: its score, best tools, and the row that matched best."""

    server: str
    score: float
    tools: list[str] = field(default_factory=list)
    matched: str = ""
    matched_kind: str = ""
    best_for: list[int] = field(default_factory=list)  # sub-query indexes where this server ranked first


@dataclass
class SyncReport:
    """What ``sync`` changed."""

    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    rows: int = 0


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


class ServerIndex:
    """Index of servers over one chroma collection."""

    def __init__(self, collection: Collection, embedding_function: EmbeddingFunction):
        self.collection = collection
        self.embed = embedding_function

    def indexed_hashes(self) -> dict[str, str]:
        """server -> content hash of what is stored now."""
        got = self.collection.get(where={"kind": "description"}, include=["metadatas"])
        hashes = {m["server"]: m.get("server_hash", "") for m in got["metadatas"] or []}
        if len(hashes) < self.collection.count():  # servers indexed without a description row
            every = self.collection.get(include=["metadatas"])
            for meta in every["metadatas"] or []:
                hashes.setdefault(meta["server"], meta.get("server_hash", ""))
        return hashes

    def sync(
        self,
        servers: Sequence[ServerDoc],
        synthetic: dict[str, list[str]] | None = None,
        kinds: set[str] | None = None,
    ) -> SyncReport:
        """Make the index match ``servers``: add new, re-embed changed, drop departed ones."""
        synthetic = synthetic or {}
        report = SyncReport()
        stored = self.indexed_hashes()
        wanted = {s.name: s for s in servers}
        for name in stored.keys() - wanted.keys():
            self.collection.delete(where={"server": name})
            report.removed.append(name)
        rows: list[IndexRow] = []
        hashes: dict[str, str] = {}
        for server in servers:
            digest = server.content_hash() + f"/{len(synthetic.get(server.name, []))}"
            hashes[server.name] = digest
            if stored.get(server.name) == digest:
                report.unchanged.append(server.name)
                continue
            if server.name in stored:
                self.collection.delete(where={"server": server.name})
                report.updated.append(server.name)
            else:
                report.added.append(server.name)
            rows.extend(rows_for_server(server, synthetic.get(server.name), kinds))
        self._add(rows, hashes)
        report.rows = self.collection.count()
        return report

    def _add(self, rows: list[IndexRow], hashes: dict[str, str], batch: int = 512) -> None:
        for start in range(0, len(rows), batch):
            chunk = rows[start : start + batch]
            self.collection.add(
                ids=[r.id for r in chunk],
                documents=[r.text for r in chunk],
                embeddings=self.embed([r.text for r in chunk]),
                metadatas=[
                    {"server": r.server, "kind": r.kind, "tool": r.tool, "server_hash": hashes[r.server]}
                    for r in chunk
                ],
            )

    def query(self, sub_queries: Sequence[str], *, top_k: int = 3, top_n: int = 40) -> list[ServerHit]:
        """Top-K servers for the sub-queries (MaxSim per server, max across sub-queries)."""
        texts = [q.strip() for q in sub_queries if q and q.strip()]
        if not texts:
            raise EmptyQueryError("retrieval needs at least one non-empty query")
        count = self.collection.count()
        if count == 0:
            return []
        result = self.collection.query(
            query_embeddings=self.embed.embed_query(texts),
            n_results=min(top_n, count),
            include=["metadatas", "distances", "documents"],
        )
        return rank_servers(result, top_k)


def rank_servers(result: dict[str, Any], top_k: int) -> list[ServerHit]:
    """Group query rows by server (MaxSim), merge sub-queries by max, keep the top-K."""
    hits: dict[str, ServerHit] = {}
    tool_scores: dict[str, dict[str, float]] = {}
    for qi, (metas, dists, docs) in enumerate(zip(result["metadatas"], result["distances"], result["documents"])):
        best_server, best_score = None, float("-inf")
        for meta, dist, doc in zip(metas, dists, docs):
            score = 1.0 - float(dist)  # cosine distance -> similarity
            server = meta["server"]
            hit = hits.setdefault(server, ServerHit(server=server, score=float("-inf")))
            if score > hit.score:
                hit.score, hit.matched, hit.matched_kind = score, doc, meta["kind"]
            if meta.get("tool"):
                scores = tool_scores.setdefault(server, {})
                scores[meta["tool"]] = max(scores.get(meta["tool"], float("-inf")), score)
            if score > best_score:
                best_server, best_score = server, score
        if best_server is not None:
            hits[best_server].best_for.append(qi)
    ranked = sorted(hits.values(), key=lambda h: h.score, reverse=True)[:top_k]
    for hit in ranked:
        scores = tool_scores.get(hit.server, {})
        hit.tools = sorted(scores, key=scores.get, reverse=True)
    return ranked
