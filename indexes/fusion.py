"""Server-level scoring: MaxSim over a server's rows, then dense + BM25 fusion, then max across sub-queries.

Kept apart from the chroma code so the arithmetic is testable with plain numbers. Two fusions are offered
because which is better depends on the catalogue: reciprocal-rank fusion only uses each list's order (robust
when the two score scales disagree), a weighted sum keeps the margins (a server far ahead in one list stays
ahead). benchmarks/retrieval.py measures both: on LiveMCPBench (step-wise, augmented index) the
weighted sum with BM25 weight 0.5 gave Recall@5 0.847 / nDCG@5 0.797 against 0.812 / 0.772 for the best RRF,
so the weighted sum is the default (see benchmarks/results/retrieval.md for the sweep).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
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


# A fused lead below this is a hair, not a match: the wording may decide (see ``lexical_tiebreak``).
SHADOW_MARGIN = 0.10
# How much more of the query's words (idf-weighted share) the runner-up must hold to go first.
SHADOW_LEAD = 0.25
SHADOW_POOL = 3  # the leader and the two after it


def lexical_tiebreak(
    scores: Mapping[str, float],
    cover: Callable[[Sequence[str]], Mapping[str, float]],
    *,
    margin: float = SHADOW_MARGIN,
    lead: float = SHADOW_LEAD,
    pool: int = SHADOW_POOL,
) -> dict[str, float]:
    """One sub-query's fused scores, with the leader and a close runner-up swapped when the runner-up holds
    clearly more of the query's words.

    Why: a server that wins by a small dense margin shadowed a server the question names in its own words
    ("what's in my wifi note": a flights server 0.02 ahead of the notes server on cosine, while only the notes
    server's rows say "note"). ``cover(servers)`` gives each server's share of the query's content words found
    anywhere in its rows (tool names, descriptions, parameter text, examples, listed names; indexes/
    row_mirror.py). Among the top ``pool`` servers within ``margin`` of the leader, the one with the highest
    share goes first when it beats the leader's share by ``lead``: it takes the leader's score and those it
    passed move down one place, so the set of scores, and every threshold read from them, is unchanged.
    """
    if len(scores) < 2 or margin <= 0:
        return dict(scores)
    ordered = sorted(scores, key=lambda name: (-scores[name], name))[:pool]
    leader = ordered[0]
    close = [name for name in ordered[1:] if scores[leader] - scores[name] < margin]
    if not close:
        return dict(scores)
    shares = cover([leader, *close])
    challenger = max(close, key=lambda name: (shares.get(name, 0.0), scores[name]))
    if shares.get(challenger, 0.0) - shares.get(leader, 0.0) < lead:
        return dict(scores)
    # The challenger takes the leader's score and those between move down one place, keeping their order.
    moved = ordered[: ordered.index(challenger) + 1]
    reordered = dict(scores)
    for name, slot in zip([challenger, *moved[:-1]], moved):
        reordered[name] = scores[slot]
    return reordered
