"""Route a question to the server whose own documents hold it: "what's my dentist's phone number" is a question
for the notes server whose contacts file lists the dentist, whatever a travel server's words match.

Why: a document server's tools say "read a file"; what it knows is in its files, not in its descriptions, so
the index and the cue words never see "dentist", "locker" or "Suica". The documents are read once per sync
(nodes/arguments/discovery.py, read-only tools only). A question goes to a document server when one of its
documents holds a large share of the question's word weight (indexes/document_coverage.py), at least two of
its words, and among them a word that is its own: one no other server's description, tools or listings use,
and no place name (places are served by many servers; "things to do in Lisbon" is not a question about the
Lisbon trip note). A question about the asker's own records ("the reference number on *my* Lisbon trip?")
needs no word of its own. Words a user's server shares only with the built-in sandbox servers count as its
own in a question: the sandbox is there for demos, and the server the user added is there for their questions ("which products
are out of stock" over the user's own database, beside the sandbox shop).

A word the question capitalises mid-sentence ("the Operations team") names a thing: when some document holds
it, only documents holding it are candidates. A question naming such a thing that no other server's text uses
(a word of the server's own, so no place) goes to the server whose documents hold it, whatever share of the
question it is.

Long, casual questions ("quick one - when does my passport expire? I wrote it down somewhere") hold little of
their weight in any one note; two or more words of the server's own in one document are still a topic, so they
need a lower share. A short question about the asker's own records ("who is our most recent hire?") may hold a
single word of its own, when that word is most of the question's weight.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from indexes.abbreviations import expansion
from indexes.asked_sentence import asked_sentence
from indexes.bm25 import tokenize
from indexes.document_coverage import QUESTION_WORDS, Coverage, DocumentCoverage, title_words
from indexes.entities import MATCH_FLOOR, ServerHit, is_place_word, put_first
from indexes.ownership import QUESTION, asks_about_own_records
from indexes.route_cues import GENERIC_WORDS, MIN_WORD, CueWords, stem

# Share of the question's word weight one document must hold (the file choice uses a lower bar: there the
# server is already chosen).
MIN_ROUTE_SHARE = 0.5
MIN_HELD_WORDS = 2  # one word in common ("day" in a garden note) is a coincidence, not a topic
# Several words of the server's own in one document route with this lower share of the question's weight.
MIN_OWN_WORDS_SHARE = 0.3
_SHORTHAND_WORD = re.compile(r"\b[A-Za-z]{2,6}\b")


@dataclass(frozen=True)
class DocumentMatch:
    server: str
    document: str
    own_words: tuple[str, ...]  # the matched words no other server uses (all matched words for the leader)


class DocumentTerms:
    """The documents of the catalogue's document servers, and the words each server alone uses."""

    def __init__(self, documents: Mapping[str, Mapping[str, str]], cue_words: CueWords,
                 sandbox: frozenset[str] = frozenset(), descriptions: Mapping[str, str] | None = None):
        """``sandbox``: the built-in demo servers, whose words do not take a word from a user's server;
        ``descriptions``: each server's description as the user wrote it in mcp.json, whose names (left out of
        the cue words) are the server's too: a knowledge graph's "Northwind Loom" node is no word of the graph's
        own when the company database is described as "at Northwind Loom"."""
        self._sandbox = sandbox
        self._described: dict[str, frozenset[str]] = {}
        for server, description in (descriptions or {}).items():
            for token in set(tokenize(description or "")):
                self._described[token] = self._described.get(token, frozenset()) | {server}
        self._rows = [(server, name) for server, found in documents.items() for name in found]
        # the documents' words, for the shorthand a question types ("hotel conf code" of a note's "Confirmation code")
        self._vocabulary = frozenset(t for server, name in self._rows for t in tokenize(documents[server][name]))
        self._coverage = DocumentCoverage([f"{name}\n{documents[s][name]}" for s, name in self._rows])
        self._titles = [title_words(name) for _, name in self._rows]  # each document's own name, as search words
        self._cue_words = cue_words
        is_place_word("")  # the gazetteer loads from disk here, in the sync's thread, not in a run's event loop

    def _is_own(self, token: str, server: str, beside_sandbox: bool = False,
                rivals: Mapping[str, frozenset[str]] | None = None) -> bool:
        """No other server uses the word in its text, nor holds it in a document that covers the question as
        well (``rivals``: word -> servers; "budget" of a budget note is no word of the notes' own when the
        database's table of budgets covers "the total budget across all departments" too; ``beside_sandbox``:
        no other server but the built-in sandbox's; a question, not a command such as "hotels in Lisbon for 2
        nights", which the sandbox's service serves)."""
        rivals = rivals or {}
        if len(token) < MIN_WORD or token in GENERIC_WORDS or token.isdigit():
            return False
        word = stem(token)
        others = (self._cue_words.servers_of.get(word, frozenset()) | self._cue_words.listed_by.get(word, frozenset())
                  | self._cue_words.common.get(word, frozenset()) | self._described.get(token, frozenset())
                  | rivals.get(token, frozenset())) - {server}
        if beside_sandbox and server not in self._sandbox:
            others -= self._sandbox
        return not others and not is_place_word(token)

    def held_by(self, server: str, question: str, ranked: list[Coverage] | None = None) -> frozenset[str]:
        """The question's words some document of ``server`` holds (``ranked``: the question's coverage, when the
        caller has it already)."""
        ranked = self._coverage.ranked(question) if ranked is None else ranked
        return frozenset(token for coverage in ranked
                         if self._rows[coverage.position][0] == server for token in coverage.held)

    def match(self, question: str, leader: str | None = None) -> DocumentMatch | None:
        """The server whose best document covers the question with a word of its own; None when no document
        covers enough, or when documents of two servers do. The index's own first pick (``leader``) needs no
        word of its own: its documents confirm what its tools already matched ("the newest hire in
        Operations", where "hire" is also a car-rental word)."""
        question = _SHORTHAND_WORD.sub(lambda m: expansion(m.group(), self._vocabulary) or m.group(), question)
        own_records = asks_about_own_records(question)
        asked = bool(QUESTION.search(question))
        ranked = self._coverage.ranked(question)
        names = written_names(question) & {t for c in ranked for t in c.held}
        rivals: dict[str, frozenset[str]] = {}  # the words of each document covering the question as well
        for coverage in ranked:
            if coverage.share >= MIN_OWN_WORDS_SHARE:
                for token in coverage.held:
                    rivals[token] = rivals.get(token, frozenset()) | {self._rows[coverage.position][0]}
        found = []
        for coverage in ranked:
            if names and not names & coverage.held:
                continue  # the question names something ("the Operations team") this document never mentions
            server = self._rows[coverage.position][0]
            own = tuple(sorted(t for t in coverage.held if self._is_own(t, server, beside_sandbox=asked, rivals=rivals)))
            # a question naming a thing only this server's documents hold ("how many ppl work in Engineering?"),
            # or naming the document itself by a word no other server uses, the sandbox's included ("how long do I
            # bake the shakshuka?" of recipes/shakshuka.md; "the best garden in Lisbon" is not the garden note)
            titled = self._titles[coverage.position]
            anchored = asked and (any(t in own for t in names) or bool(titled) and titled <= coverage.held
                                  and any(self._is_own(t, server) for t in titled))
            if anchored or self._covers(coverage.share, len(coverage.held), len(own), server == leader or own_records):
                found.append((coverage, own))
        if len({self._rows[c.position][0] for c, _ in found}) != 1:
            return None
        best, own = found[0]
        server, name = self._rows[best.position]
        if leader is not None and leader != server and any(
                self._is_own(token, leader, beside_sandbox=asked)
                for token in self.held_by(leader, question, ranked) - best.held):
            # the index's first pick holds a word of its own the document lacks: "who's the newest hire at Northwind
            # Loom - the person who joined last" is the database's hire date, not a graph record saying "joined"
            return None
        return DocumentMatch(server, name, own or tuple(sorted(best.held)))

    @staticmethod
    def _covers(share: float, held: int, own: int, vouched: bool) -> bool:
        """Whether a document holding ``held`` of the question's words (``own`` of them the server's own) and
        ``share`` of its weight is the question's topic; ``vouched``: the index leads with the server, the
        question asks about the asker's own records."""
        if own >= MIN_HELD_WORDS and share >= MIN_OWN_WORDS_SHARE:
            return True
        if share < MIN_ROUTE_SHARE:
            return False
        if held >= MIN_HELD_WORDS:
            return own > 0 or vouched
        return own == 1 and vouched


# "..., Hi, I got"; and the calendar's names: "the December review" is held by a note writing "2026-12-07"
_NO_NAMES = frozenset({"I", "Hi", "Hey", "Hello", "Thanks", "Please", "Ok", "Okay", "Sorry",
                       *calendar.month_name[1:], *calendar.day_name})


def written_names(question: str) -> set[str]:
    """The tokens of the words the question capitalises mid-sentence ("drop this off with the Operations
    team"): names of things, which a document about them holds."""
    words = re.findall(r"(?<=[\w,;:)\-—] )([A-Z][a-z]+)\b", question)
    return {token for word in words if word not in _NO_NAMES for token in tokenize(word)}


# A row of a server's own records matched this well holds the question against a document's words; a loose one
# ("the total salary of all employees", 0.45, for "how much is left on my Suica card") does not. Set between the
# two dev cases that showed it: "how many orders did we get in October" matched its row at 1.10 (fused, with the
# own-data bonus), the Suica question its loose row at 0.45.
RECORD_ROW_HOLDS = 0.60


def _shares_a_content_word(row: str, query: str) -> bool:
    """Whether a record row and the question share a word that is no question word: "how many products are there"
    shares only "how many" with "how many garlic cloves did I put in the bed", and holds nothing against the garden
    note that names garlic."""
    return bool((set(tokenize(row)) & set(tokenize(query))) - QUESTION_WORDS - GENERIC_WORDS)


def with_document_matches(hits: Sequence[ServerHit], sub_queries: Sequence[str], terms: DocumentTerms | None,
                          data_rows: Mapping[str, Collection[str]] | None = None) -> list[ServerHit]:
    """``hits`` with, for every sub-query one server's documents hold, that server first (score at least the
    match floor). A first server matched by a row of its own records (``data_rows``: server -> the rows its data
    gave), clearly and by a word of the question's own, keeps its place: "how many orders did we get in October" is the count its orders table answers, though
    a garden note says "order seeds by October"."""
    hits = list(hits)
    if terms is None:
        return hits
    for i, query in enumerate(sub_queries):
        first = next((h for h in hits if i in h.best_for), None)
        leader = first.server if first is not None else None
        match = terms.match(query, leader)
        if match is None and (asked := asked_sentence(query)) is not None:
            # the asking sentence alone: "I'm flying into Denver for a couple days - which engineer do we have in
            # the Denver office?" holds most of its weight in the travel it tells, not in the rows it asks about
            match = terms.match(asked, leader)
        if match is None or (first is not None and match.server != leader
                             and first.matched in (data_rows or {}).get(leader, ())
                             and first.query_scores.get(i, first.score) >= RECORD_ROW_HOLDS
                             and _shares_a_content_word(first.matched, query)):
            continue
        best = max([MATCH_FLOOR, *(h.query_scores.get(i, h.score) for h in hits if i in h.best_for)])
        hits = put_first(hits, i, match.server, best,
                         f"its document {match.document} holds {', '.join(match.own_words)}", "document")
    return hits
