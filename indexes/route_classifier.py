"""The router's cheap first opinion: softmax regression over a MiniLM query embedding plus a few
structural cues (indexes/route_cues.py), trained at start-up on the shipped labelled queries
(indexes/data/route_queries.jsonl, train split).

Why this shape: the route is decided on every query, so it must cost milliseconds, not a model call
(EASP keeps its planner at 20 ms p75 because most traffic takes the fast path). A linear model over a
fixed embedding trains in well under a second and predicts in microseconds; the embedding is the cost.
It answers ``(route, confidence, confident)``; below the threshold the router asks its model instead.
Training embeddings are cached in an ``.npz`` keyed by the data and the encoder, so a restart is fast.

The cues count the catalogue's servers a query touches, so the classifier is fitted with the cue words of
the catalogue in use (indexes/route_cues.py ``derive_cue_words``); their digest is part of the fit's cache
key. ``LazyRouteClassifier`` reads them through an async ``cue_words`` source (the retriever's, which derives
them when it syncs the index) and refits, from the cached embeddings, when they change.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from indexes.route_cues import NO_CUE_WORDS, CueWords, cue_vector

ROUTES = ("fast", "parallel", "planning")
DATA_PATH = Path(__file__).resolve().parent / "data" / "route_queries.jsonl"
DEFAULT_THRESHOLD = 0.7
# Chosen by 5-fold cross-validation on the train split only (grid l2 0.003-0.3 x cue weight 1-5, int8 ONNX
# encoder): 0.983 mean fold accuracy against 0.979 for the earlier 0.03 / 3.0. The test split was not used.
DEFAULT_L2 = 0.1
DEFAULT_CUE_WEIGHT = 2.0

Embed = Callable[[list[str]], Sequence[np.ndarray] | np.ndarray]


@dataclass(frozen=True)
class LabelledQuery:
    query: str
    label: str
    split: str
    how: str


def load_queries(path: Path = DATA_PATH, split: str | None = None) -> list[LabelledQuery]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    queries = [LabelledQuery(r["query"], r["label"], r["split"], r.get("how", "")) for r in rows]
    return [q for q in queries if split is None or q.split == split]


def fit_softmax(x: np.ndarray, y: np.ndarray, *, classes: int, l2: float = 0.03, epochs: int = 800,
                rate: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by full-batch gradient descent (x standardised by the caller)."""
    weights = np.zeros((x.shape[1], classes))
    bias = np.zeros(classes)
    target = np.eye(classes)[y]
    for _ in range(epochs):
        probs = softmax(x @ weights + bias)
        grad = (probs - target) / len(x)
        weights -= rate * (x.T @ grad + l2 * weights)
        bias -= rate * grad.sum(axis=0)
    return weights, bias


def softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


class RouteClassifier:
    """Callable ``query -> (route, confidence, confident)``; build with :meth:`train`."""

    def __init__(self, embed: Embed, weights: np.ndarray, bias: np.ndarray, mean: np.ndarray, scale: np.ndarray,
                 *, threshold: float = DEFAULT_THRESHOLD, cue_weight: float = DEFAULT_CUE_WEIGHT,
                 cue_words: CueWords = NO_CUE_WORDS, refit: Callable[[CueWords], RouteClassifier] | None = None):
        self.embed = embed
        self.weights, self.bias, self.mean, self.scale = weights, bias, mean, scale
        self.threshold = threshold
        self.cue_weight = cue_weight
        self.cue_words = cue_words
        self._refit = refit

    @staticmethod
    def raw_features(embeddings: np.ndarray, queries: Sequence[str], cue_words: CueWords = NO_CUE_WORDS
                     ) -> np.ndarray:
        cues = np.stack([cue_vector(q, cue_words) for q in queries])
        return np.hstack([np.asarray(embeddings, dtype=np.float32), cues])

    @classmethod
    def train(cls, embed: Embed, queries: Sequence[LabelledQuery], *, threshold: float = DEFAULT_THRESHOLD,
              cue_weight: float = DEFAULT_CUE_WEIGHT, l2: float = DEFAULT_L2, cache: Path | None = None,
              cache_key: str = "", cue_words: CueWords = NO_CUE_WORDS) -> RouteClassifier:
        """Fit on ``queries`` with the catalogue's ``cue_words``; with ``cache``, their embeddings are read from /
        written to an .npz (and the fit to a second one, keyed by the cue words too)."""
        texts = [q.query for q in queries]
        fit_key = hashlib.sha256(json.dumps([cache_key, texts, [q.label for q in queries], ROUTES, cue_weight,
                                             l2, cue_words.digest]).encode()).hexdigest()
        fitted = _cached_fit(cache, cue_words.digest, fit_key)
        if fitted is None:
            embeddings = _cached_embeddings(embed, texts, cache, cache_key)
            raw = cls.raw_features(embeddings, texts, cue_words)
            mean, scale = raw.mean(axis=0), raw.std(axis=0) + 1e-6
            x = cls._weigh((raw - mean) / scale, cue_weight)
            y = np.array([ROUTES.index(q.label) for q in queries])
            weights, bias = fit_softmax(x, y, classes=len(ROUTES), l2=l2)
            fitted = {"weights": weights, "bias": bias, "mean": mean, "scale": scale}
            if cache is not None:
                np.savez(_fit_path(cache, cue_words.digest), digest=np.array(fit_key), **fitted)

        def refit(words: CueWords) -> RouteClassifier:
            return cls.train(embed, queries, threshold=threshold, cue_weight=cue_weight, l2=l2, cache=cache,
                             cache_key=cache_key, cue_words=words)

        return cls(embed, fitted["weights"], fitted["bias"], fitted["mean"], fitted["scale"], threshold=threshold,
                   cue_weight=cue_weight, cue_words=cue_words, refit=refit)

    def with_cue_words(self, words: CueWords) -> RouteClassifier:
        """This classifier fitted again on the same queries with another catalogue's cue words (the training
        embeddings come from the cache: a refit costs the fit alone, and nothing when it was cached)."""
        if words.digest == self.cue_words.digest or self._refit is None:
            return self
        return self._refit(words)

    @staticmethod
    def _weigh(x: np.ndarray, cue_weight: float) -> np.ndarray:
        x = x.copy()
        x[:, -len(cue_vector("")):] *= cue_weight  # the cues are few against 384 embedding dimensions
        return x

    def probabilities(self, queries: Sequence[str]) -> np.ndarray:
        raw = self.raw_features(np.asarray(self.embed(list(queries))), queries, self.cue_words)
        return softmax(self._weigh((raw - self.mean) / self.scale, self.cue_weight) @ self.weights + self.bias)

    def __call__(self, query: str) -> tuple[str, float, bool]:
        probs = self.probabilities([query])[0]
        best = int(probs.argmax())
        confidence = float(probs[best])
        return ROUTES[best], confidence, confidence >= self.threshold


def _fit_path(cache: Path, cue_digest: str) -> Path:
    """One file per catalogue (cue words), so that switching between two catalogues refits neither."""
    return cache.with_name(f"{cache.stem}_fit_{cue_digest}.npz")


def _cached_fit(cache: Path | None, cue_digest: str, key: str) -> dict[str, np.ndarray] | None:
    """The weights fitted on the same queries, labels, encoder, settings and cue words in an earlier process:
    the fit (800 full-batch steps, half a second) ran in every process's first routing."""
    if cache is None or not _fit_path(cache, cue_digest).exists():
        return None
    stored = np.load(_fit_path(cache, cue_digest))
    if str(stored["digest"]) != key:
        return None
    return {name: stored[name] for name in ("weights", "bias", "mean", "scale")}


def _cached_embeddings(embed: Embed, texts: list[str], cache: Path | None, key: str) -> np.ndarray:
    digest = hashlib.sha256(json.dumps([key, texts]).encode()).hexdigest()
    if cache is not None and cache.exists():
        stored = np.load(cache)
        if str(stored["digest"]) == digest:
            return stored["embeddings"]
    embeddings = np.asarray(embed(texts), dtype=np.float32)
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez(cache, digest=np.array(digest), embeddings=embeddings)
    return embeddings


CueWordSource = Callable[[], Awaitable[CueWords]]
"""The catalogue's current cue words (graphs/catalog_index.py ``CatalogRetriever.cue_words``)."""


class LazyRouteClassifier:
    """Trains on first use (the router calls it in a worker thread, so the event loop never waits on it).
    ``build`` returns the trained classifier; concurrent first calls train once.

    With ``cue_words``, the router awaits ``prepare()`` before each call: it reads the catalogue's cue words,
    and the next call refits when they changed (a server was added or its listing changed)."""

    def __init__(self, build: Callable[[], RouteClassifier], cue_words: CueWordSource | None = None):
        self._build = build
        self._source = cue_words
        self._words: CueWords | None = None
        self._classifier: RouteClassifier | None = None
        self._lock = threading.Lock()

    async def prepare(self) -> None:
        """Reads the catalogue's cue words from the source, if there is one."""
        if self._source is not None:
            self._words = await self._source()

    @property
    def cue_words(self) -> CueWords:
        """The catalogue's cue words ``prepare`` last read (none before)."""
        return self._words or NO_CUE_WORDS

    def get(self) -> RouteClassifier:
        with self._lock:
            if self._classifier is None:
                self._classifier = self._build()
            if self._words is not None:
                self._classifier = self._classifier.with_cue_words(self._words)
            return self._classifier

    def __call__(self, query: str) -> tuple[str, float, bool]:
        return self.get()(query)


def train_default(embed: Embed, cache: Path | None = None, encoder_name: str = "minilm-onnx-int8",
                  threshold: float = DEFAULT_THRESHOLD, cue_words: CueWords = NO_CUE_WORDS) -> RouteClassifier:
    """The product's classifier: the shipped train split with the catalogue's ``cue_words``, the embeddings
    cached under ``cache``."""
    return RouteClassifier.train(embed, load_queries(split="train"), cache=cache, cache_key=encoder_name,
                                 threshold=threshold, cue_words=cue_words)
