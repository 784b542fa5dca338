"""How much of a question a document's text holds: BM25 ranks the documents, and a document counts only when
it holds a large enough share of the question's word weight (idf).

Why: a question about one's own notes ("what's my dentist's phone number") names no file; the file that holds
its rarer words answers it. BM25 alone always ranks something first, so the share is the gate: one common word
in common ("price") is no match. Used both to choose a listed file to read (nodes/arguments/document_match.py)
and to route a question to the server whose documents hold it (indexes/document_terms.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from bm25s.stopwords import STOPWORDS_EN_PLUS

from indexes.bm25 import BM25Index, tokenize

MAX_DOCUMENT_CHARS = 20_000
UNKNOWN_WORD_WEIGHT = 1.0  # 0.5 sent "what time is it in Wakanda" to the one note that says "time"
QUESTION_WORDS = frozenset(STOPWORDS_EN_PLUS) | {"much", "many", "per", "actually", "again", "still", "exactly",
                                                  "something", "anything", "everything", "someone", "somebody",
                                                  "anyone", "thing", "things", "stuff"}


_MONTHS = {"jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
           "aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
           "dec": "december"}
# "Oct 11", "11 Oct": a month abbreviated beside a day is the month's name
_ABBREVIATED_MONTH = re.compile(rf"\b({'|'.join(_MONTHS)})\.?(?=\s+\d)|(?<=\d\s)({'|'.join(_MONTHS)})\b", re.I)
# "finished", "ordered": a past form of seven letters or more is its verb ("booked" and "need" stay)
_PAST_FORM = re.compile(r"\b([a-z]{5,})ed\b", re.I)


def written_plainly(text: str) -> str:
    """``text`` with abbreviated months written out and past forms as their verb, so that "which book did I
    finish in october" meets a reading log's "Finished ... Oct 11". For documents and the questions about them
    only: retrieval over tool text keeps its lighter stemming (indexes/bm25.py)."""
    text = _ABBREVIATED_MONTH.sub(lambda m: _MONTHS[(m[1] or m[2]).lower()], text)
    return _PAST_FORM.sub(r"\1", text)


@dataclass(frozen=True)
class Coverage:
    position: int  # of the document in the texts given
    score: float  # BM25
    share: float  # of the question's word weight the document holds
    held: frozenset[str]  # the question's tokens it holds


class DocumentCoverage:
    """BM25 over a fixed list of document texts, with the share of a question each holds."""

    def __init__(self, texts: Sequence[str]):
        self.texts = [written_plainly(t[:MAX_DOCUMENT_CHARS]) for t in texts]
        self._index = BM25Index(self.texts)
        self._tokens = [set(tokenize(t)) for t in self.texts]

    def is_common(self, token: str) -> bool:
        """A word half the documents or more hold (a folder's name in every path) tells no document apart."""
        return 2 * sum(token in tokens for tokens in self._tokens) >= len(self._tokens)

    def ranked(self, question: str) -> list[Coverage]:
        """Documents sharing a word with the question, best BM25 first. A word no document holds weighs like a
        typical one (the median idf), so a question mostly about something else covers little; English
        function words ("did", "which") weigh nothing."""
        question = written_plainly(question)
        asked = set(tokenize(question)) - QUESTION_WORDS
        idf = self._index.idf
        if not asked or not idf:
            return []
        unknown = UNKNOWN_WORD_WEIGHT * float(np.median(list(idf.values())))
        total = sum(idf.get(t, unknown) for t in asked)
        found = []
        for position, score in self._index.top(question, len(self.texts)):
            held = frozenset(self._tokens[position] & asked)
            found.append(Coverage(position, score, sum(idf[t] for t in held) / total, held))
        return found


def title_words(path: str) -> set[str]:
    """The search words of a document's own name: "travel/lisbon-trip.md" -> {"lisbon", "trip"}."""
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return set(tokenize(re.sub(r"[-_.]+", " ", stem)))
