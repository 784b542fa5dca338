"""Retrieval metrics over a ranked list of server names and a set of relevant ones (binary relevance).

Definitions follow the usual IR ones so our numbers sit beside the Tool-to-Agent paper's: Recall@k is the
share of relevant servers in the top k; nDCG@k uses log2 discounts with the ideal ranking of min(|rel|, k)
hits; AP@k averages Precision@i over the relevant ranks i <= k, divided by min(|rel|, k).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence


def recall_at(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    if not relevant:
        raise ValueError("recall is undefined without relevant items")
    return len(set(ranked[:k]) & set(relevant)) / len(relevant)


def precision_at(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    return sum(1 for name in ranked[:k] if name in relevant) / k


def ndcg_at(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    if not relevant:
        raise ValueError("nDCG is undefined without relevant items")
    dcg = sum(1.0 / math.log2(i + 2) for i, name in enumerate(ranked[:k]) if name in relevant)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(relevant), k)))
    return dcg / ideal


def average_precision_at(ranked: Sequence[str], relevant: Collection[str], k: int) -> float:
    if not relevant:
        raise ValueError("AP is undefined without relevant items")
    hits, total = 0, 0.0
    for i, name in enumerate(ranked[:k]):
        if name in relevant:
            hits += 1
            total += hits / (i + 1)
    return total / min(len(relevant), k)


def summarize(rankings: Sequence[tuple[Sequence[str], Collection[str]]]) -> dict[str, float]:
    """Mean Recall@{1,3,5,10}, Precision@5, nDCG@{1,3,5} and mAP@{1,3,5} over (ranked, relevant) pairs."""
    if not rankings:
        raise ValueError("no rankings to summarise")
    out: dict[str, float] = {}
    for k in (1, 3, 5, 10):
        out[f"recall@{k}"] = sum(recall_at(r, rel, k) for r, rel in rankings) / len(rankings)
    out["precision@5"] = sum(precision_at(r, rel, 5) for r, rel in rankings) / len(rankings)
    for k in (1, 3, 5):
        out[f"ndcg@{k}"] = sum(ndcg_at(r, rel, k) for r, rel in rankings) / len(rankings)
    for k in (1, 3, 5):
        out[f"map@{k}"] = sum(average_precision_at(r, rel, k) for r, rel in rankings) / len(rankings)
    return {name: round(value, 4) for name, value in out.items()}
