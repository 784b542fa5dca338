"""A follow-up's near tie in retrieval goes to the server that answered the conversation's last turn.

Why: "and if I set off from Delhi instead?" after a flight search was rewritten to "Delhi → Singapore this Friday,
lowest fare going?", which a train server listing Delhi matched a little better than the flight search did; the
answer was "no train from New Delhi to Singapore". A conversation goes on with what answered it, unless retrieval
says clearly otherwise. The router keeps the last turn's servers only for a follow-up that names no new kind of
thing (nodes/router.py), so "any standout restaurant in town?" after a hotel search is no such follow-up.
"""

from __future__ import annotations

from collections.abc import Sequence

from indexes.ranking import ServerHit
from indexes.search_fallback import CONTESTED_MARGIN, MATCH_FLOOR


def with_last_servers_on_ties(hits: Sequence[ServerHit], last: Sequence[str]) -> list[ServerHit]:
    """``hits`` with, for every sub-query whose leader is not one of ``last`` (the servers that answered the
    conversation's last turn), the best of ``last`` leading it instead when it matched within CONTESTED_MARGIN and
    above MATCH_FLOOR: "and if I set off from Delhi instead?" after a flight search is a flight search, though a train
    server listing Delhi matched it about as well."""
    hits = list(hits)
    if not last:
        return hits
    for i in sorted({i for hit in hits for i in hit.best_for}):
        leader = next(h for h in hits if i in h.best_for)
        if leader.server in last:
            continue
        top = leader.query_scores.get(i, leader.score)
        close = [h for h in hits if h.server in last
                 and h.query_scores.get(i, 0.0) >= max(MATCH_FLOOR, top - CONTESTED_MARGIN)]
        if not close:
            continue
        best = max(close, key=lambda h: h.query_scores[i])
        leader.best_for = [j for j in leader.best_for if j != i]
        best.best_for = sorted({*best.best_for, i})
        hits.remove(best)
        hits.insert(hits.index(leader), best)
    return hits
