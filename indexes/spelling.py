"""Typo repair of query words against the catalogue's own vocabulary, before a query is embedded and scored.

Why: people type "best rated restauarnt in Shanghai". MiniLM splits the typo into word pieces that look
like nothing in particular, BM25 has no such token, and the query went to the shopping server. A word is
repaired only when it is unknown twice over: not a word of any index row, and not a whole word of the
encoder's vocabulary (so names such as "tesla" or "paris" stay as typed); and only to a catalogue word one
edit away (two for words of eight letters or more), the most frequent such word, when one is clearly that.
Everyday shorthand ("dept", "avg") becomes the word it stands for when the catalogue uses that word
(indexes/abbreviations.py). So it works for any catalogue, from the catalogue's own words.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from rapidfuzz import process
from rapidfuzz.distance import DamerauLevenshtein

from indexes.abbreviations import COUNT_SIGN, expansion
from indexes.bm25 import split_identifier

MIN_WORD = 5
LONG_WORD = 8
_WORD = re.compile(r"[A-Za-z]+")


@lru_cache(maxsize=4)
def encoder_words(model_path: str) -> frozenset[str]:
    """The whole words of a WordPiece encoder's vocabulary (``vocab.txt`` beside its weights); empty when
    the model has none."""
    vocab = Path(model_path) / "vocab.txt"
    if not vocab.exists():
        return frozenset()
    words = (line.strip() for line in vocab.read_text(encoding="utf-8").splitlines())
    return frozenset(w for w in words if w.isalpha() and w.islower())


def english_words() -> frozenset[str]:
    """The whole words of the default encoder's vocabulary: what a word must not be to be read as a slip of a
    name ("pairs" is no slip of Paris)."""
    from indexes.embeddings import minilm_model_path  # the model package, located only when asked

    return encoder_words(minilm_model_path())


def slip_edits(word: str) -> int:
    """How many edits a typed word may be from the word it slips on: one, two from eight letters (a swap of two
    letters counts as one edit)."""
    return 1 if len(word) < LONG_WORD else 2


def nearest_words(word: str, vocabulary: Sequence[str]) -> list[str]:
    """The words of ``vocabulary`` nearest to ``word`` within its slip edits (never ``word`` itself); [] when
    none is that close. Callers break a tie their own way (by frequency, population, or not at all)."""
    close = process.extract(word, vocabulary, scorer=DamerauLevenshtein.distance, score_cutoff=slip_edits(word),
                            limit=None)
    close = [(found, distance) for found, distance, _ in close if distance > 0]
    if not close:
        return []
    nearest = min(distance for _, distance in close)
    return [found for found, distance in close if distance == nearest]


class CatalogueSpelling:
    """Repairs query words to the words of ``texts`` (the index rows)."""

    def __init__(self, texts: Sequence[str], known_words: Iterable[str] = ()):
        self.frequency = Counter(w for text in texts for w in set(split_identifier(text))
                                 if w.isalpha() and len(w) >= MIN_WORD - 1)
        self.vocabulary = list(self.frequency)
        self.known = frozenset(known_words)

    def repair_word(self, word: str) -> str:
        """``word``, or the catalogue word it is a typo of."""
        lower = word.lower()
        if lower not in self.frequency and (full := expansion(lower, self.frequency)) is not None:
            return full  # "dept" where the catalogue has departments
        if len(lower) < MIN_WORD or lower in self.frequency or lower in self.known or not self.vocabulary:
            return word
        matches = nearest_words(lower, self.vocabulary)
        if not matches:
            return word
        ranked = sorted(((self.frequency[m], m) for m in matches), reverse=True)
        if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
            return word  # two catalogue words fit equally: no guess
        return ranked[0][1]

    def repair(self, text: str) -> str:
        """``text`` with each typo replaced by its catalogue word; everything else as typed."""
        text = COUNT_SIGN.sub("number of ", text)  # "# orders bluewater": the number of orders
        return _WORD.sub(lambda m: self.repair_word(m.group()), text)
