"""Static knowledge reaches web search: when no dynamic server matches a sub-query, the catalogue's search
server does.

Why: "When did the Berlin Wall come down?" matched finance, flights and weather weakly (fused score
0.27) and ranked the web-search server below the top 3, so the fast path asked finance. A question
no dynamic server fits is a question for search. The rule needs only to know which servers search
(catalogue category ``search``), so it holds for any catalogue that has one. Every ranking still keeps
a search server as a candidate, after the matched servers, for the planner and the search loop.
"""

from __future__ import annotations

from collections.abc import Sequence

from indexes.ranking import ServerHit

# Below this fused score (cosine + BM25 share) no dynamic server really matches the sub-query. Chosen on
# the dev split of benchmarks/answers.py (62 questions): dynamic questions scored 0.31-0.87 on their own
# server, static ones 0.22-0.44 on the best dynamic server; 0.40 misroutes 4 of them, the fewest.
MATCH_FLOOR = 0.40
# Between the floor and this, a dynamic server matches only loosely (dev: static questions reached 0.44 on
# finance): it is asked first, and when it fails the question goes to search next (nodes/run_task.py).
UNCERTAIN_BELOW = 0.50
# Two dynamic servers this close match the question about equally ("tesla stock?": shopping 0.94 for its
# check_stock tool, finance 0.89): when the first finds nothing, the second is asked before search.
CONTESTED_MARGIN = 0.10


def with_search_fallback(hits: Sequence[ServerHit], search_servers: Sequence[str], sub_queries: int,
                         *, floor: float = MATCH_FLOOR) -> list[ServerHit]:
    """``hits`` with a search server first for every sub-query no server matched above ``floor``, and a
    search server appended as a candidate when none was retrieved."""
    if not search_servers:
        return list(hits)
    hits = list(hits)
    searcher = next((h for h in hits if h.server in search_servers), None)
    unmatched = [
        i for i in range(sub_queries)
        if max((h.score for h in hits if i in h.best_for and h.server not in search_servers), default=0.0) < floor
    ]
    if searcher is None:
        searcher = ServerHit(server=search_servers[0], score=0.0, matched="(search: no dynamic server matched)",
                             matched_kind="fallback")
    else:
        hits.remove(searcher)
    if unmatched:
        for hit in hits:
            hit.best_for = [i for i in hit.best_for if i not in unmatched]
        searcher.best_for = sorted(set(searcher.best_for) | set(unmatched))
        return [searcher, *hits]
    return [*hits, searcher]
