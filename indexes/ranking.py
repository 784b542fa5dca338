"""Ranking servers from the rows one query matched: MaxSim per server in the dense and BM25 lists (a tool row
counts for its owner: Tool-to-Agent), fusion of the two, max across sub-queries, then the top-K servers with
their best tools and the rows behind their score (the evidence). Pure Python over row hits, no storage.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from indexes.fusion import (DEFAULT_BM25_WEIGHT, DEFAULT_FUSION, RRF_K, SHADOW_MARGIN, Fusion, RowHit, fuse,
                            lexical_tiebreak, max_across, max_sim)
from indexes.ownership import OWN_DATA_BONUS

ALL_KINDS = frozenset({"description", "tool", "synthetic_query"})


@dataclass(frozen=True)
class QueryOptions:
    """How a query is scored. ``kinds`` limits the rows used (ablations over one built index); ``type_values``
    embeds sub-queries with their URLs and paths replaced by their type (indexes/value_typing.py);
    ``repair_spelling`` repairs typos to the catalogue's words first (indexes/spelling.py); ``shadow_margin``:
    below this fused lead, a runner-up holding clearly more of the query's words goes first (indexes/fusion.py
    ``lexical_tiebreak``; 0 turns it off; applies to the score-keeping fusions, weighted and dense);
    ``own_data_bonus``: added to the servers of the user's own records on a question about the asker's own things
    (indexes/ownership.py; 0 turns it off)."""

    fusion: Fusion = DEFAULT_FUSION
    bm25_weight: float = DEFAULT_BM25_WEIGHT
    rrf_k: float = RRF_K
    kinds: frozenset[str] = ALL_KINDS
    tools_per_server: int = 5
    type_values: bool = True
    repair_spelling: bool = True
    shadow_margin: float = SHADOW_MARGIN
    own_data_bonus: float = OWN_DATA_BONUS


@dataclass
class Evidence:
    """A row that made a server score: which list found it, for which sub-query, with what score."""

    source: str  # "dense" | "bm25"
    sub_query: int
    kind: str
    text: str
    score: float
    tool: str = ""


# Evidence from the catalogue's own data, not from words (``ServerHit.matched_kind``): a record the server lists, a
# document it holds, a typed value only its tool takes (indexes/entities.py, indexes/document_terms.py).
DATA_EVIDENCE = frozenset({"entity", "document", "typed", "typed_loose"})
# A typed value put first only because no server matched the words ("how much is left on the transit card I'll
# give a friend going to Tokyo": Tokyo has a zone, yet no clock is asked): data, but what a document line that
# says what the question asks outweighs (indexes/document_meaning.py).
LOOSE_TYPED = "typed_loose"


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
    query_scores: dict[int, float] = field(default_factory=dict)  # its fused score on each sub-query it matched
    evidence: list[Evidence] = field(default_factory=list)


Cover = Callable[[int, Sequence[str]], Mapping[str, float]]
"""``cover(sub_query, servers)``: each server's share of that sub-query's content words (RowMirror.coverage)."""
Boost = Sequence[Mapping[str, float]]
"""Per sub-query, a score added to some servers after fusion (indexes/ownership.py ``own_data_bonus``)."""


def rank_servers(
    dense: list[list[RowHit]], lexical: list[list[RowHit]], top_k: int, options: QueryOptions = QueryOptions(),
    cover: Cover | None = None, boost: Boost = (),
) -> list[ServerHit]:
    """Per sub-query: MaxSim per server in each list, fuse, add ``boost`` to the servers that matched (a close
    leader may then yield to the runner-up that holds more of the query's words, given ``cover``); then max
    across sub-queries; keep the top-K."""
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
    if boost and options.fusion in ("weighted", "dense"):
        fused = [{name: score + extra.get(name, 0.0) for name, score in scores.items()}
                 for scores, extra in zip(fused, boost)]
    if cover is not None and options.shadow_margin > 0 and options.fusion in ("weighted", "dense"):
        fused = [lexical_tiebreak(scores, lambda names, qi=qi: cover(qi, names), margin=options.shadow_margin)
                 for qi, scores in enumerate(fused)]
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
                query_scores={i: scores[name] for i, scores in enumerate(fused) if name in scores},
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
