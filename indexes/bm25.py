"""BM25 (bm25s) over the index rows' texts, with a tokeniser for tool identifiers and CJK text.

Dense MiniLM vectors miss exact names ("12306", "arxiv", "kospi") and rare words; BM25 over the very same row
texts catches them, and the two are fused per server (indexes/fusion.py). Tool names arrive as
``get_weather_by_city``, ``getStoryWithComments`` or ``lol-champion-analysis``, so identifiers are split into
words; Chinese and Japanese have no spaces, so runs of Han/Kana become character unigrams and bigrams (a
cheap, dictionary-free stand-in for word segmentation that still matches multi-character words).
"""

from __future__ import annotations

import logging
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

import bm25s
import numpy as np

# bm25s sets its own logger to DEBUG: with any root handler (onnxruntime's quantiser installs one on import) a
# user's terminal showed "DEBUG:bm25s:Building index from tokens" on every index build
logging.getLogger("bm25s").setLevel(logging.WARNING)

# Letters/digits runs; "_" is a separator here, not a word character.
_RUN = re.compile(r"[^\W_]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
# Han, Hiragana, Katakana (and their compatibility/extension blocks): scripts written without spaces.
_CJK = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f]+)")
STOPWORDS = frozenset(
    """a an and are as at be by can do does for from get has have how i in into is it its me my of on or
    our please show that the their then this to use using was what when where which who will with you your
    up mcp server model context protocol""".split()
)  # "up" is a particle ("when does the sun come up", "look up a booking"): it matched hotels to a sunrise


def split_identifier(text: str) -> list[str]:
    """``getStoryWithComments`` / ``get_weather-by city`` -> lower-case words, CJK runs kept whole."""
    words: list[str] = []
    for run in _RUN.findall(unicodedata.normalize("NFKC", text)):
        for part in _CJK.split(run):
            if not part:
                continue
            if _CJK.fullmatch(part):
                words.append(part)
            else:
                words.extend(w.lower() for w in _CAMEL.split(part) if w)
    return words


# Words that end in "s" without being plurals: "news" must not become "new" ("create a new file").
NOT_PLURALS = frozenset("""news series species always perhaps whereas physics economics mathematics politics
    ethics lens gas chaos canvas atlas alias yes was has does plus towards afterwards sometimes various
    previous famous serious nervous numerous dangerous gorgeous delicious tennis billiards""".split())


def plural_stem(word: str) -> str:
    """A lower-case word without its plural ending."""
    # Plurals only: "charts" ~ "chart", "queries" ~ "query". Heavier stemming merged unrelated tool words.
    if word in NOT_PLURALS:
        return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# A number of one or two digits in a question is a value ("17.5% of 2340", "table for 4"), and in a row a detail
# ("rating out of 5"): matching them sent arithmetic to a restaurant server. Longer ones stay: "12306" names a
# service. A single letter is no word either ("3847 x 29" matched the placeholder of "what to see in X").
MIN_NUMBER_DIGITS = 3


def tokenize(text: str) -> list[str]:
    """Search tokens: split identifiers, drop stopwords, single letters and short numbers, light plural
    stemming, CJK unigrams + bigrams."""
    tokens: list[str] = []
    for word in split_identifier(text):
        if _CJK.fullmatch(word):
            tokens.extend(word)
            tokens.extend(word[i : i + 2] for i in range(len(word) - 1))
        elif word not in STOPWORDS and len(word) > 1 and not (word.isdigit() and len(word) < MIN_NUMBER_DIGITS):
            tokens.append(plural_stem(word))
    return tokens


class BM25Index:
    """BM25 over a fixed list of texts (one per index row); rebuilt whenever the rows change."""

    def __init__(self, texts: Sequence[str], *, k1: float = 1.2, b: float = 0.75,
                 tokenized: Sequence[list[str]] | None = None):
        """``tokenized``: ``tokenize`` of each text, when the caller has it already."""
        self.size = len(texts)
        self._bm25 = bm25s.BM25(k1=k1, b=b)
        self._idf: dict[str, float] = {}
        if self.size:
            tokenized = list(tokenized) if tokenized is not None else [tokenize(t) for t in texts]
            # Empty docs (no usable token) get bm25s' empty token so every row keeps its position.
            self._bm25.index(tokenized, show_progress=False)
            frequency = Counter(token for tokens in tokenized for token in set(tokens))
            # bm25s' default (Lucene) idf, so the ceiling is on the same scale as its scores.
            self._idf = {t: math.log(1 + (self.size - df + 0.5) / (df + 0.5)) for t, df in frequency.items()}

    @property
    def idf(self) -> dict[str, float]:
        """Each known token's idf (Lucene's, as bm25s scores with)."""
        return self._idf

    def ceiling(self, query: str) -> float:
        """The score of a row holding each of the query's known words once, at average length: the sum of
        their idf (BM25's tf part is 1 there). Scores divided by it say how much of the query a row matches,
        instead of how it compares with the best row, which may match only two common words."""
        return sum(self._idf.get(token, 0.0) for token in set(tokenize(query)))

    def scores(self, query: str) -> np.ndarray:
        """Score of every row for ``query`` (zeros when no query token is in the vocabulary)."""
        if not self.size:
            return np.zeros(0, dtype=np.float32)
        ids = self._bm25.get_tokens_ids(tokenize(query))
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        return self._bm25.get_scores(ids)

    def top(self, query: str, n: int) -> list[tuple[int, float]]:
        """The ``n`` best rows with a positive score, best first, as (row position, score)."""
        scores = self.scores(query)
        if not scores.size or n <= 0:
            return []
        n = min(n, scores.size)
        best = np.argpartition(-scores, n - 1)[:n]
        best = best[np.argsort(-scores[best], kind="stable")]
        return [(int(i), float(scores[i])) for i in best if scores[i] > 0]
