"""Retrieve: find the few servers able to serve the sub-queries (MaxSim over each server's rows fused with BM25,
max across sub-queries; see indexes/server_index.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from langgraph.runtime import Runtime

from graphs.context import Context
from indexes.follow_up_ties import with_last_servers_on_ties
from indexes.search_fallback import with_search_fallback
from indexes.server_index import ServerHit
from nodes.events import emit
from nodes.field_vocabulary import with_phrase_concepts
from nodes.timing import timed


class ServerRetriever(Protocol):
    """What the node needs from the index: ranked servers for some sub-queries."""

    async def search(self, sub_queries: Sequence[str], *, top_k: int, top_n: int) -> list[ServerHit]: ...


def search_servers_of(retriever: object) -> list[str]:
    """The retriever's web-search servers, if it knows its catalogue (test fakes may not)."""
    finder = getattr(retriever, "search_servers", None)
    return list(finder()) if callable(finder) else []


def make_retriever(retriever: ServerRetriever):
    """Build the retrieve node."""

    @timed("retrieve")
    async def retrieve(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        sub_queries = state.get("sub_queries") or [state["standalone_query"]]
        try:
            searched = [with_phrase_concepts(q) for q in sub_queries]  # "the sun set": a forecast's sunset
            hits = await retriever.search(searched, top_k=context.top_k_servers, top_n=context.top_n_rows)
            hits = with_last_servers_on_ties(hits, state.get("last_servers") or [])
            if context.search_fallback:
                hits = with_search_fallback(hits, search_servers_of(retriever), len(sub_queries))
        except Exception as exc:  # the index is an external store: report its failure, keep the run going
            return {"sub_queries": sub_queries, "servers": [], "errors": [f"retrieve: {type(exc).__name__}: {exc}"]}
        searchers = set(search_servers_of(retriever))
        servers = [
            {"server": h.server, "score": round(h.score, 4), "tools": h.tools[:5], "matched": h.matched,
             "evidence": h.matched_kind, "best_for": h.best_for, "search": h.server in searchers}
            for h in hits
        ]
        emit("servers_retrieved", servers=[{"server": s["server"], "score": s["score"]} for s in servers])
        update: dict[str, Any] = {"sub_queries": sub_queries, "servers": servers}
        if not servers:
            update["errors"] = ["retrieve: no server matched the question"]
        return update

    return retrieve
