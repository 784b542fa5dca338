"""Round-trip consistency filtering of model-written synthetic queries (as in Promptagator's query generation).

A small augmenter writes some requests that have nothing to do with the tool it was shown ("What's the latest
news?"); indexed, such a row makes its server match everything. A generated request is kept only if the index
*without* synthetic rows (descriptions and tools) already ranks the server that it was written for among the
top ``k`` for it: the request must lead back to its own server. ``k`` is 3 rather than 1 because catalogues
hold near-twins (two arXiv servers, Filesystem and Desktop Commander both with ``write_file``): a faithful
request for one twin may rank the other first. On LiveMCPBench the check kept 1,330 of the 1,567
SmolLM2-135M paraphrases (85%). Those queries still do not beat the template texts there (full Recall@5 0.814
against 0.847, benchmarks/results/retrieval.md, @compare rows), which is why the committed caches stay
template-made. (The ``model`` augmenter's output is not filtered: with no capable model here, whether the
check helps or prunes good diverse queries there is unmeasured.)

Requests are filtered per server as it is generated; what fails the filter can be replaced by the
deterministic template texts (``fill``), so every server still gets up to N synthetic rows.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from chromadb.api.types import EmbeddingFunction

from indexes.augment import Generate, clean_queries
from indexes.documents import ServerDoc
from indexes.ranking import QueryOptions
from indexes.chroma_store import ephemeral_client, open_collection

from indexes.server_index import ServerIndex

ROUND_TRIP_TOP_K = 3
BASE_KINDS = frozenset({"description", "tool"})


def base_index(servers: Sequence[ServerDoc], embed: EmbeddingFunction) -> ServerIndex:
    """An in-memory index of the catalogue's description and tool rows only (the filter's judge)."""
    collection = open_collection(ephemeral_client(), embed, f"roundtrip_{uuid.uuid4().hex[:8]}")
    index = ServerIndex(collection, embed)
    index.sync(list(servers), None, BASE_KINDS)
    index.mirror()
    return index


@dataclass
class RoundTripFilter:
    """Keeps the requests for which the judge index ranks their own server in the top ``k``.

    ``judge`` builds that index; it is called on first use only, so a build served from caches embeds nothing.
    """

    judge: Callable[[], ServerIndex]
    k: int = ROUND_TRIP_TOP_K
    checked: int = 0
    kept: int = 0
    _index: ServerIndex | None = field(default=None, repr=False)

    def keep(self, server: str, queries: Sequence[str]) -> list[str]:
        if self._index is None:
            self._index = self.judge()
        out = []
        for query in queries:
            hits = self._index.query([query], top_k=self.k, top_n=100, options=QueryOptions())
            self.checked += 1
            if server in (hit.server for hit in hits):
                out.append(query)
        self.kept += len(out)
        return out


@dataclass
class ConsistentGenerate:
    """``Generate`` that filters ``generate``'s requests by round trip, then appends ``fill``'s texts."""

    generate: Generate
    filter: RoundTripFilter
    fill: Generate | None = None
    rejected: dict[str, list[str]] = field(default_factory=dict)

    async def __call__(self, server: ServerDoc, n: int) -> list[str]:
        raw = await self.generate(server, n)
        candidates = clean_queries(list(raw), len(raw), exclude=[t.name for t in server.tools])
        kept = await asyncio.to_thread(self.filter.keep, server.name, candidates)
        self.rejected[server.name] = [q for q in candidates if q not in kept]
        fill = await self.fill(server, n) if self.fill is not None else []
        return kept + fill
