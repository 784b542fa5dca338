"""Which retrieved server to ask next, from retrieval's own scores and evidence: after a server failed or found
nothing, and when a plan repeats one question on several servers.

Why one module: the fast path's retry, the planning search's "retry elsewhere" and the plan's focus all ask the
same question ("did that server match about as well?"), and answered it three ways before. The planning search
asked whichever retrieved server came next: "what's 18% of 2,450" went on from the calculator to a weather server
with the country "18% of 2,450" and to an attractions server whose call failed.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from indexes.ranking import DATA_EVIDENCE
from indexes.search_fallback import CONTESTED_MARGIN, MATCH_FLOOR, UNCERTAIN_BELOW


def entry(servers: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((s for s in servers if s["server"] == name), None)


def best_server_for(servers: list[dict[str, Any]], part: int = 0) -> dict[str, Any] | None:
    """The server retrieval ranked first for sub-query ``part``, else the top server."""
    return next((s for s in servers if part in s.get("best_for", [])), servers[0] if servers else None)


def matches_about_as_well(candidate: dict[str, Any], first: dict[str, Any], *, floor: float = 0.0) -> bool:
    """``candidate`` scored within CONTESTED_MARGIN of ``first`` (and at least ``floor``), and ``first``'s match
    does not rest on its own data where the candidate's rests on words only."""
    close = candidate.get("score", 0.0) >= max(floor, first.get("score", 0.0) - CONTESTED_MARGIN)
    outranked_by_data = first.get("evidence") in DATA_EVIDENCE and candidate.get("evidence") not in DATA_EVIDENCE
    return close and not outranked_by_data


def runner_up_server(servers: list[dict[str, Any]], failed: str, asked: Collection[str] = ()) -> str | None:
    """The dynamic server to ask after ``failed`` failed or found nothing, when it matched the question about as
    well (within CONTESTED_MARGIN, above the match floor): "tesla stock?" half-matches a shop's stock check.
    Servers in ``asked`` were tried already."""
    first = entry(servers, failed)
    if first is None or first.get("search"):
        return None
    close = [s for s in servers if s["server"] != failed and s["server"] not in asked and not s.get("search")
             and matches_about_as_well(s, first, floor=MATCH_FLOOR)]
    return max(close, key=lambda s: s.get("score", 0.0))["server"] if close else None


def search_retry_server(servers: list[dict[str, Any]], failed: str, asked: Collection[str] = (), *,
                        loose_only: bool = True) -> str | None:
    """The search server to ask after ``failed`` failed or found nothing, when it only loosely matched the question
    (score below UNCERTAIN_BELOW): a static question that a dynamic server half-matched goes to search. Without
    ``loose_only``, whatever its score: its answer was about something else (it mentions nothing the question
    names)."""
    first = entry(servers, failed)
    if first is None or first.get("search") or (loose_only and first.get("score", 0.0) >= UNCERTAIN_BELOW):
        return None
    return next((s["server"] for s in servers if s.get("search") and s["server"] != failed
                 and s["server"] not in asked), None)


def retry_server(servers: list[dict[str, Any]], failed: str, asked: Collection[str] = ()) -> str | None:
    """Where to ask next when ``failed`` failed or found nothing: a close runner-up, else search, else nobody."""
    return runner_up_server(servers, failed, asked) or search_retry_server(servers, failed, asked)
