"""Every stored index row in memory: texts, owners, kinds, vectors, and BM25 over the texts."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

import numpy as np

from indexes.bm25 import BM25Index, tokenize
from indexes.fusion import RowHit
from indexes.ownership import OWN_DATA_WORD, asks_about_own_data, describes_own_data, persons
from indexes.ranking import ALL_KINDS
from indexes.spelling import CatalogueSpelling


class RowMirror:
    """Every stored row in memory: texts, owners, vectors and BM25 over the texts.

    Rebuilt from chroma after a sync changed rows. Below ``EXACT_LIMIT`` rows the dense side is an exact scan
    of this matrix (a 70-server catalogue is ~2,000 rows: well under a millisecond, where a chroma query
    costs several); above it, chroma's HNSW index answers instead.
    """

    def __init__(self, documents: list[str], metadatas: list[dict[str, Any]], vectors: np.ndarray | None,
                 known_words: frozenset[str] = frozenset()):
        self.texts = documents
        self.servers = [m["server"] for m in metadatas]
        self.kinds = np.array([m["kind"] for m in metadatas], dtype=object)
        self.tools = [m.get("tool", "") for m in metadatas]
        self.vectors = vectors
        tokenized = [tokenize(t) for t in documents]
        self.bm25 = BM25Index(documents, tokenized=tokenized)
        # Every search word of each server's rows, and in how many servers each word occurs.
        words: dict[str, set[str]] = {}
        for server, tokens in zip(self.servers, tokenized):
            words.setdefault(server, set()).update(tokens)
        # The servers that describe the user's own records ("Our company database"): indexes/ownership.py
        self.own_data_persons = {server: persons(text) for server, kind, text in zip(self.servers, self.kinds, documents)
                                 if kind == "description" and describes_own_data(text)}
        self.own_data_servers = frozenset(self.own_data_persons)
        for server in self.own_data_servers:
            words[server].add(OWN_DATA_WORD)
        self.server_words = {server: frozenset(found) for server, found in words.items()}
        self._server_df = Counter(word for found in self.server_words.values() for word in found)
        self.spelling = CatalogueSpelling(documents, known_words)
        self._masks: dict[frozenset[str], np.ndarray] = {}

    def coverage(self, query: str, servers: Iterable[str]) -> dict[str, float]:
        """Each server's share of the query's content words that its rows hold anywhere (tool names,
        descriptions, parameter text, examples, listed names), each word weighted by how few servers hold it.
        Words no server holds (typos, values) count for none. A question about the asker's own things shares one
        more word with the servers of the user's own records (indexes/ownership.py)."""
        known = {w for w in tokenize(query) if w in self._server_df}
        if OWN_DATA_WORD in self._server_df and asks_about_own_data(query):
            known.add(OWN_DATA_WORD)
        weights = {w: math.log(1.0 + len(self.server_words) / self._server_df[w]) for w in known}
        total = sum(weights.values())
        if total <= 0:
            return {server: 0.0 for server in servers}
        return {server: sum(weight for w, weight in weights.items() if w in self.server_words.get(server, ()))
                / total for server in servers}

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
        """BM25 hits scored as a share of the query's ceiling, at most 1 (see BM25Index.ceiling)."""
        scores = self.bm25.scores(query)
        ceiling = self.bm25.ceiling(query)
        if ceiling > 0:
            scores = np.minimum(scores / ceiling, 1.0)
        return self._hits(scores, n, kinds, positive=True)

    def dense_top(self, query_vectors: np.ndarray, n: int, kinds: frozenset[str]) -> list[list[RowHit]]:
        sims = query_vectors @ self.vectors.T  # unit vectors: cosine similarity
        return [self._hits(row, n, kinds, positive=False) for row in sims]
