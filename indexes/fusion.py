"""Server-level scoring: MaxSim over a server's rows, then dense + BM25 fusion, then max across sub-queries.

Kept apart from the chroma code so the arithmetic is testable with plain numbers. Two fusions are offered
because which is better depends on the catalogue: reciprocal-rank fusion only uses each list's order (robust
when the two score scales disagree), a weighted sum keeps the margins (a server far ahead in one list stays
ahead). benchmarks/retrieval.py measures both: on LiveMCPBench (step-wise, augmented index) the
weighted sum with BM25 weight 0.5 gave Recall@5 0.847 / nDCG@5 0.797 against 0.812 / 0.772 for the best RRF,
so the weighted sum is the default (see benchmarks/results/retrieval.md for the sweep).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

Fusion = Literal["rrf", "weighted", "dense", "bm25"]
DEFAULT_FUSION: Fusion = "weighted"
DEFAULT_BM25_WEIGHT = 0.5
RRF_K = 60.0


@dataclass(frozen=True)
class RowHit:
    """One index row that scored for a sub-query (dense: cosine similarity; bm25: raw BM25 score)."""

    server: str
    score: float
    text: str
    kind: str
    tool: str = ""


def max_sim(rows: Iterable[RowHit]) -> dict[str, RowHit]:
    """MaxSim: each server's best row (tool rows count for the server that owns the tool)."""
    best: dict[str, RowHit] = {}
    for row in rows:
        held = best.get(row.server)
        if held is None or row.score > held.score:
            best[row.server] = row
    return best


def ranks(scores: Mapping[str, float]) -> dict[str, int]:
    """1-based rank of each key by descending score (ties broken by name, so results are reproducible)."""
    order = sorted(scores, key=lambda name: (-scores[name], name))
    return {name: i + 1 for i, name in enumerate(order)}


def rrf(lists: Iterable[tuple[Mapping[str, float], float]], k: float = RRF_K) -> dict[str, float]:
    """Reciprocal-rank fusion: sum over (scores, weight) lists of weight / (k + rank)."""
    fused: dict[str, float] = {}
    for scores, weight in lists:
        for name, rank in ranks(scores).items():
            fused[name] = fused.get(name, 0.0) + weight / (k + rank)
    return fused


def weighted(dense: Mapping[str, float], bm25: Mapping[str, float], bm25_weight: float) -> dict[str, float]:
    """Cosine similarity plus ``bm25_weight`` times the BM25 score as a share of the query's ceiling.

    ``bm25`` scores arrive divided by the query's ceiling (indexes/bm25.py), in [0, 1]. They are not divided
    by the best row's score: that gave a row matching two common words of the query ("ai", "today") the
    full bonus and pushed the right dense hit from #1 to #12. A server absent from the dense list (not in
    the top-N rows) counts 0 there.
    """
    fused = {name: float(score) for name, score in dense.items()}
    for name, score in bm25.items():
        fused[name] = fused.get(name, 0.0) + bm25_weight * min(max(score, 0.0), 1.0)
    return fused


def fuse(
    dense: Mapping[str, float],
    bm25: Mapping[str, float],
    method: Fusion,
    *,
    bm25_weight: float,
    rrf_k: float = RRF_K,
) -> dict[str, float]:
    """One sub-query's server scores from its dense and BM25 server scores."""
    if method == "dense":
        return dict(dense)
    if method == "bm25":
        return {name: score for name, score in bm25.items() if score > 0}
    if method == "rrf":
        return rrf([(dense, 1.0), ({n: s for n, s in bm25.items() if s > 0}, bm25_weight)], rrf_k)
    if method == "weighted":
        return weighted(dense, bm25, bm25_weight)
    raise ValueError(f"unknown fusion {method!r}; use rrf, weighted, dense or bm25")


def max_across(per_query: Iterable[Mapping[str, float]]) -> dict[str, tuple[float, int]]:
    """Each server's best score over the sub-queries and the index of the sub-query that gave it."""
    best: dict[str, tuple[float, int]] = {}
    for qi, scores in enumerate(per_query):
        for name, score in scores.items():
            if name not in best or score > best[name][0]:
                best[name] = (score, qi)
    return best
