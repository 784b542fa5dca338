"""Route a question about the asker's own things to the document server whose line is nearest it in meaning, when
no document holds its words.

Why: "whats my license plate number" went to a train server ("train number", 0.61); the notes server's car.md
says "Plate: 7KQM 294", which shares one word with it, too little weight for the word rule (document_terms.py).
"how much is left on my transit card from japan" shares none with "Suica card still has about 2,300 yen on it".
In sentence space those lines are the nearest, clearly (0.54 and 0.57, the next document 0.36 and 0.30). The rule
is narrow: a question whose first server matched by words only, and only when one server's document is clearly the
nearest; about the asker's own things ("my", "our", "I"; indexes/ownership.py) at one bar, else at a higher one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from indexes.asked_sentence import asked_sentence
from indexes.bm25 import tokenize
from indexes.document_lines import LineMeanings
from indexes.document_terms import written_names
from indexes.entities import MATCH_FLOOR, ServerHit, is_place_word, put_first
from indexes.ownership import asks_about_own_records
from indexes.ranking import DATA_EVIDENCE, LOOSE_TYPED

# Chosen on my own probe questions over the foreign benchmark's notes (never the test split): the answering line
# scored 0.42-0.59 and led the next server's document by 0.12 or more; questions for other servers, and notes
# nobody wrote, reached 0.38 with another document within 0.05.
ROUTE_FLOOR = 0.42
ROUTE_MARGIN = 0.10
# A question that does not say whose things it is about ("passport expiry date??", "number for my dentist pls")
# and names no place needs a line nearer still, and clearly nearer than any other server's: on the twelfth outside
# dev batch the answering note line scored 0.54-0.58 with the next server's document at 0.30 or less.
PLAIN_ROUTE_FLOOR = 0.50
PLAIN_ROUTE_MARGIN = 0.20


class DocumentMeanings:
    """The document servers' files as lines (``documents``: server -> path -> text), embedded once."""

    def __init__(self, documents: Mapping[str, Mapping[str, str]], lines: LineMeanings):
        self.lines = lines
        self.owner = {path: server for server, found in documents.items() for path in found}
        self.contents = {path: text for found in documents.values() for path, text in found.items()}

    def match(self, question: str, *, floor: float = ROUTE_FLOOR, margin: float = ROUTE_MARGIN
              ) -> tuple[str, str, float] | None:
        """(server, document, score) of the line clearly nearest ``question``, ahead of every other server's
        documents; None when none is near enough (``floor``) or another server's document is close (``margin``)."""
        ranked = self.lines.nearest_files(self.contents, question)
        if not ranked or ranked[0][1] < floor:
            return None
        path, score = ranked[0]
        rival = next((s for p, s in ranked[1:] if self.owner[p] != self.owner[path]), 0.0)
        if score - rival < margin or not names_held(question, self.contents[path]):
            return None
        return self.owner[path], path, score


def names_held(question: str, text: str) -> bool:
    """Every name the question writes ("my aunt Wilhelmina's birthday") is in ``text``: a document that never
    mentions her answers nothing about her, however near its lines are. Of the places it writes, one held is
    enough: "my old Japan transit card, for a friend going to Tokyo" is about a note on Tokyo."""
    names, held = written_names(question), set(tokenize(text))
    places = {name for name in names if is_place_word(name)}
    return names - places <= held and (not places or bool(places & held))


def _nearest_document(query: str, meanings: DocumentMeanings, names_a_record: bool) -> tuple[str, str, float] | None:
    """The document clearly nearest ``query`` by the bar its wording sets, or None."""
    if asks_about_own_records(query):
        return meanings.match(query)
    if names_a_record or any(is_place_word(token) for token in tokenize(query)):
        # a place makes it a question many services answer: "hotels in lisbon for 2 nights" is nearest the
        # Lisbon trip note (0.87), and is for a hotel service; a record's name (``names_a_record``: the question
        # writes one) is for the servers whose data holds it ("the newest hire at Northwind Loom" is nearest a
        # graph record saying "Joined Northwind Loom", and is for the company database)
        return None
    return meanings.match(query, floor=PLAIN_ROUTE_FLOOR, margin=PLAIN_ROUTE_MARGIN)


def with_document_meanings(hits: Sequence[ServerHit], sub_queries: Sequence[str], meanings: DocumentMeanings | None,
                           data_rows: Mapping[str, Collection[str]] | None = None,
                           naming_records: Collection[int] = ()) -> list[ServerHit]:
    """``hits`` with, for every sub-query about the asker's own things whose first server rests on words only,
    the server whose document line is clearly nearest it first (score at least the match floor). A first server
    matched by a row of its own records (``data_rows``: server -> the rows its data gave, "how many employees are
    there") rests on data too."""
    hits = list(hits)
    if meanings is None:
        return hits
    for i, query in enumerate(sub_queries):
        leader = next((h for h in hits if i in h.best_for), None)
        backed = leader is not None and (leader.matched_kind in DATA_EVIDENCE - {LOOSE_TYPED}
                                         or leader.matched in (data_rows or {}).get(leader.server, ()))
        if backed:
            continue
        # the whole message, then its asking sentence alone ("I cracked a filling. What's the number for my
        # dentist?": the context sentence pulls the whole away from the line that answers it)
        found = _nearest_document(query, meanings, i in naming_records)
        if found is None and (asked := asked_sentence(query)) is not None:
            found = _nearest_document(asked, meanings, i in naming_records)
        if found is None:
            continue
        server, document, score = found
        best = max([MATCH_FLOOR, *(h.query_scores.get(i, h.score) for h in hits if i in h.best_for)])
        hits = put_first(hits, i, server, best, f"its document {document} says what the question asks "
                                                f"({score:.2f} in meaning)", "document")
    return hits
