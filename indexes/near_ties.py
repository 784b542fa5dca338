"""Near ties settled by what the catalogue itself says: a close runner-up goes first when the question writes a
name only it lists, or the word its own name is made of.

Why: the words around a name decide little when several servers share them. "NVDA price rn" put a server of
ticket prices 0.08 ahead of the one that lists NVDA; "sony stock?" and "where's nestle stock at" put a shop
("in stock") 0.01 ahead of the server that lists Sony and Nestlé; "cheapest hotel in washington dc" put a
flights server 0.04 ahead of the server named ``hotels``. Both facts are the user's catalogue, not ours: the
names its listing tools return (indexes/entities.py ``EntityDirectory``) and the names of its servers.

The rule only reorders servers within ``margin`` of the leader, and never passes a web-search server (a company's
name in "when was apple founded" is a question for search, not for its share price): the runner-up takes the
leader's score and the leader the runner-up's, so every threshold read from the scores is unchanged. A listed
name decides only when the runner-up holds as much of the question's other words as the leader ("sony
headphones price" stays with the shop that sells headphones).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence

from indexes.bm25 import STOPWORDS
from indexes.entities import EntityDirectory, fold, is_place_word
from indexes.ranking import ServerHit
from indexes.route_cues import cue_tokens, stem

NEAR_TIE_MARGIN = 0.10
# Words of a server's name that do not say what it serves ("mcp-server-time", "web_search").
GENERIC_SERVER_WORDS = frozenset({"mcp", "server", "servers", "service", "api", "tool", "tools", "search", "web",
                                  "data", "client", "local", "remote", "official"})
_WORD = re.compile(r"[^\W_]+")

Cover = Callable[[str, Sequence[str]], Mapping[str, float]]
"""``cover(text, servers)``: each server's share of the text's content words (RowMirror.coverage)."""


def server_name_words(server: str) -> set[str]:
    """The stemmed words a server's own name is made of ("mcp-server-time" -> {"time"}), without generic ones."""
    return {w for w in cue_tokens(server) if w not in GENERIC_SERVER_WORDS}


def listed_sole_owner(query: str, directory: EntityDirectory) -> tuple[str, list[str]] | None:
    """The one server that lists every listed name word ``query`` writes, with those words; place names are left
    out (many servers serve a city that one lists)."""
    words = [w for w in _WORD.findall(fold(query)) if len(w) >= 3 and w not in STOPWORDS
             and w in directory.servers_of and not is_place_word(w)]
    owners = set().union(*(directory.servers_of[w] for w in words)) if words else set()
    return (next(iter(owners)), words) if len(owners) == 1 else None


def named_servers(query: str, servers: Collection[str]) -> set[str]:
    """The servers whose own name the query writes ("what time is it in Lima" names ``mcp-server-time``)."""
    written = {stem(w) for w in _WORD.findall(fold(query))}
    return {s for s in servers if server_name_words(s) & written}


def with_near_ties_settled(hits: Sequence[ServerHit], sub_queries: Sequence[str], directory: EntityDirectory,
                           cover: Cover, never_pass: Collection[str] = (),
                           *, margin: float = NEAR_TIE_MARGIN) -> list[ServerHit]:
    """``hits`` with, per sub-query, a runner-up within ``margin`` put first when it alone lists the names the
    question writes, or alone among the close ones is named by it (see the module docstring)."""
    hits = list(hits)
    for i, query in enumerate(sub_queries):
        leader = next((h for h in hits if i in h.best_for), None)
        if leader is None or leader.server in never_pass:
            continue
        top = leader.query_scores.get(i, leader.score)
        close = [h for h in hits if h is not leader and i in h.query_scores and top - h.query_scores[i] < margin]
        winner = _listing_runner_up(query, leader, close, directory, cover) or _named_runner_up(query, leader, close)
        if winner is not None:
            _swap(i, leader, *winner)
    return sorted(hits, key=lambda h: -h.score)


def _listing_runner_up(query: str, leader: ServerHit, close: Sequence[ServerHit], directory: EntityDirectory,
                       cover: Cover) -> tuple[ServerHit, str, str] | None:
    owned = listed_sole_owner(query, directory)
    if owned is None:
        return None
    server, words = owned
    runner = next((h for h in close if h.server == server), None)
    if runner is None:
        return None
    rest = " ".join(w for w in _WORD.findall(fold(query)) if w not in words)
    shares = cover(rest, [leader.server, server])
    if shares.get(server, 0.0) < shares.get(leader.server, 0.0):
        return None
    return runner, f"names {' '.join(words)}, which only {server} lists", "entity"


def _named_runner_up(query: str, leader: ServerHit, close: Sequence[ServerHit]) -> tuple[ServerHit, str, str] | None:
    named = named_servers(query, [leader.server, *(h.server for h in close)])
    if leader.server in named or len(named) != 1:
        return None
    server = next(iter(named))
    runner = next(h for h in close if h.server == server)
    return runner, f"the question names {server}", runner.matched_kind


def _swap(i: int, leader: ServerHit, runner: ServerHit, why: str, kind: str) -> None:
    """``runner`` takes ``leader``'s score and first place on sub-query ``i``; ``leader`` takes ``runner``'s."""
    top, second = leader.query_scores.get(i, leader.score), runner.query_scores[i]
    leader.query_scores[i], runner.query_scores[i] = second, top
    for hit in (leader, runner):
        hit.score = max(hit.query_scores.values())
    leader.best_for = [j for j in leader.best_for if j != i]
    runner.best_for = sorted({*runner.best_for, i})
    runner.matched, runner.matched_kind = why, kind
