"""The route classifier with a fake embedding: training, thresholds, the embedding cache, lazy build, the
cue words derived from the catalogue in use, and the shipped labelled data's shape."""

import asyncio
import re
import threading
from collections import Counter
from pathlib import Path

import numpy as np

from indexes.documents import ServerDoc, ToolDoc
from indexes.route_classifier import (DATA_PATH, ROUTES, LabelledQuery, LazyRouteClassifier, RouteClassifier,
                                      load_queries)
from indexes.route_cues import NO_CUE_WORDS, cue_vector, derive_cue_words, domains_of
from tests.fakes import BagOfWordsEmbedding

SMALL = [LabelledQuery(q, label, "train", "test") for label, qs in {
    "fast": ["weather in Paris tomorrow", "hotels in Rome tonight", "AAPL stock price", "trains Tokyo to Osaka",
             "museums in Berlin"],
    "parallel": ["weather in Paris and hotels in Rome", "AAPL price and the weather in Oslo",
                 "flights to Seoul and restaurants in Seoul", "museums in Berlin and the EUR to USD rate"],
    "planning": ["find the cheapest hotel in Rome then plan a route to it",
                 "which is warmer, Paris or Rome? then book a hotel in the warmer one",
                 "if it rains in Oslo find museums otherwise parks", "the best restaurant in Lyon, then check its tables"],
}.items() for q in qs]


class CountingEmbedding(BagOfWordsEmbedding):
    def __init__(self):
        self.texts = 0

    def __call__(self, input):
        self.texts += len(input)
        return super().__call__(input)


def test_trained_classifier_separates_the_routes_and_reports_confidence():
    clf = RouteClassifier.train(BagOfWordsEmbedding(), SMALL, threshold=0.5)
    for query in SMALL:
        route, confidence, confident = clf(query.query)
        assert route == query.label and 0.0 <= confidence <= 1.0 and confident == (confidence >= 0.5)
    route, _, _ = clf("find the cheapest flight to Lisbon then a hotel near it")
    assert route == "planning"


def test_threshold_above_one_is_never_confident():
    clf = RouteClassifier.train(BagOfWordsEmbedding(), SMALL, threshold=1.01)
    assert all(not clf(q.query)[2] for q in SMALL)


def test_training_embeddings_are_cached_and_refreshed_when_the_data_changes(tmp_path):
    cache = tmp_path / "route.npz"
    first = CountingEmbedding()
    RouteClassifier.train(first, SMALL, cache=cache, cache_key="bow")
    assert first.texts == len(SMALL) and cache.exists()
    again = CountingEmbedding()
    RouteClassifier.train(again, SMALL, cache=cache, cache_key="bow")
    assert again.texts == 0
    changed = CountingEmbedding()
    RouteClassifier.train(changed, SMALL[:-1], cache=cache, cache_key="bow")
    assert changed.texts == len(SMALL) - 1


def test_the_fitted_weights_are_cached_and_refit_when_the_labels_or_settings_change(tmp_path, monkeypatch):
    import indexes.route_classifier as module

    cache, fits = tmp_path / "route.npz", []
    real_fit = module.fit_softmax
    monkeypatch.setattr(module, "fit_softmax", lambda *a, **k: fits.append(1) or real_fit(*a, **k))
    first = RouteClassifier.train(BagOfWordsEmbedding(), SMALL, cache=cache, cache_key="bow")
    again = RouteClassifier.train(BagOfWordsEmbedding(), SMALL, cache=cache, cache_key="bow")
    assert fits == [1] and all(first(q.query) == again(q.query) for q in SMALL)  # a later process: no fit
    relabelled = [LabelledQuery(q.query, "parallel", q.split, q.how) for q in SMALL]
    RouteClassifier.train(BagOfWordsEmbedding(), relabelled, cache=cache, cache_key="bow")
    RouteClassifier.train(BagOfWordsEmbedding(), SMALL, cache=cache, cache_key="bow", l2=0.5)
    assert fits == [1, 1, 1]


def test_lazy_classifier_trains_once_under_concurrent_first_calls():
    builds = []

    def build():
        builds.append(1)
        return RouteClassifier.train(BagOfWordsEmbedding(), SMALL)

    lazy = LazyRouteClassifier(build)
    threads = [threading.Thread(target=lazy, args=("weather in Paris",)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert builds == [1]
    assert lazy("weather in Paris tomorrow")[0] in ROUTES


# A catalogue as the index sees it; its servers' names are not the words a question uses.
CATALOGUE = [
    ServerDoc("sky", "Daily weather forecasts for cities: temperature, rain and wind.",
              (ToolDoc("get_forecast", "Daily forecast for one city.", ("city", "date")),)),
    ServerDoc("stays", "Hotel rooms: availability and nightly prices; book a room.",
              (ToolDoc("search_hotels", "Hotels in a city with rooms free for a stay.", ("city", "check_in")),)),
    ServerDoc("markets", "Share prices of listed companies and currency conversion.",
              (ToolDoc("get_quote", "Latest price of a stock.", ("symbol",)),
               ToolDoc("convert_currency", "Convert an amount between currencies.", ("amount", "to_currency"),
                       ("Amount", "ISO 4217 code"), ((), ("USD", "EUR", "CHF"))),
               ToolDoc("list_symbols", "The symbols this server quotes."))),
]
LISTED = {"markets": ["AAPL", "Apple Inc."], "sky": ["Paris", "Rome"]}
WORDS = derive_cue_words(CATALOGUE, LISTED)


def test_the_kinds_of_thing_a_catalogue_serves_are_its_names_words_stemmed():
    assert {"hotel", "forecast", "quote", "currency", "sky", "stay", "market"} <= WORDS.kinds
    assert not {"paris", "apple", "usd", "city"} & WORDS.kinds  # no listed value, code or parameter


def test_cue_words_come_from_the_catalogue_in_use():
    assert domains_of("weather in Paris and hotels there", WORDS) == {"sky", "stays"}
    assert domains_of("will it rain in Rome", WORDS) == {"sky"}  # a listed city is what the need is about
    assert domains_of("what about AAPL", WORDS) == {"markets"}  # a symbol in capitals that a listing lists
    assert domains_of("what about AAPL", derive_cue_words(CATALOGUE)) == set()  # all capitals alone decide nothing
    assert domains_of("USD to CHF", WORDS) == {"markets"}  # codes a parameter allows
    notes = derive_cue_words([ServerDoc("notes", "My notes folder: markdown files.",
                                        (ToolDoc("read_text_file", "Read a file.", ("path",)),))])
    assert domains_of("weather in Paris and hotels there", notes) == set()
    assert domains_of("what's in my wifi note", notes) == {"notes"}
    assert domains_of("weather in Paris and hotels there") == set()  # no catalogue, no servers


def test_a_word_most_servers_share_names_none_of_them():
    shared = [ServerDoc(f"s{i}", f"city guide number {i}", (ToolDoc(f"tool_{i}", f"thing{i} in a city"),))
              for i in range(4)]
    words = derive_cue_words(shared)
    assert "city" not in words.servers_of and domains_of("thing2 in a city", words) == {"s2"}


def test_dependency_cues_are_english_and_the_catalogues_codes():
    one, dependent = cue_vector("weather in Paris", WORDS), cue_vector("find the cheapest hotel, then a route to it")
    assert one[0] == 1 and one[4] == 0
    assert dependent[4] == 1 and dependent[6] == 1
    assert cue_vector("the Apple share price in CHF", WORDS)[4] == 1  # CHF: a code convert_currency takes
    assert cue_vector("the Apple share price in CHF")[4] == 0
    assert cue_vector("what is the interest on it", WORDS)[3] == 1 / 3  # "interest" is no superlative


def test_route_cues_name_no_servers_domain():
    source = (Path(__file__).resolve().parents[2] / "indexes" / "route_cues.py").read_text(encoding="utf-8")
    assert not re.search(r"weather|flight|hotel|ticker", source, re.IGNORECASE)


def test_the_fit_is_keyed_by_the_cue_words_and_a_lazy_classifier_refits_when_they_change(tmp_path, monkeypatch):
    import indexes.route_classifier as module

    cache, fits = tmp_path / "route.npz", []
    real_fit = module.fit_softmax
    monkeypatch.setattr(module, "fit_softmax", lambda *a, **k: fits.append(1) or real_fit(*a, **k))
    plain = RouteClassifier.train(BagOfWordsEmbedding(), SMALL, cache=cache, cache_key="bow")
    derived = plain.with_cue_words(WORDS)
    assert derived.cue_words is WORDS and len(fits) == 2
    assert plain.with_cue_words(NO_CUE_WORDS) is plain
    again = RouteClassifier.train(BagOfWordsEmbedding(), SMALL, cache=cache, cache_key="bow", cue_words=WORDS)
    assert len(fits) == 2 and all(derived(q.query) == again(q.query) for q in SMALL)  # both fits were kept

    current = [NO_CUE_WORDS]

    async def source():
        return current[0]

    lazy = LazyRouteClassifier(lambda: RouteClassifier.train(BagOfWordsEmbedding(), SMALL), cue_words=source)
    asyncio.run(lazy.prepare())
    assert lazy.get().cue_words is NO_CUE_WORDS
    current[0] = WORDS  # a server was added: the next sync derives other words
    asyncio.run(lazy.prepare())
    assert lazy.get().cue_words is WORDS and lazy("weather in Paris")[0] in ROUTES


def test_shipped_data_is_large_labelled_and_split_by_template():
    rows = load_queries(DATA_PATH)
    assert len(rows) >= 360
    assert {r.label for r in rows} == set(ROUTES) and {r.split for r in rows} == {"train", "test"}
    by_label = Counter(r.label for r in rows)
    test_share = {label: sum(r.split == "test" for r in rows if r.label == label) / n for label, n in by_label.items()}
    assert all(0.2 <= share <= 0.3 for share in test_share.values()), test_share
    assert all(r.how for r in rows)
    templates = {split: {r.how for r in rows if r.split == split and r.how.startswith("template:")}
                 for split in ("train", "test")}
    assert templates["train"] and templates["test"] and not templates["train"] & templates["test"]
    assert len({r.query.lower() for r in rows}) == len(rows)


def test_classifier_on_the_shipped_train_split_with_a_fake_embedding_beats_chance():
    clf = RouteClassifier.train(BagOfWordsEmbedding(), load_queries(split="train"))
    test = load_queries(split="test")
    accuracy = np.mean([clf(q.query)[0] == q.label for q in test])
    assert accuracy > 0.6  # the real MiniLM encoder's accuracy is in benchmarks/results/router.md
