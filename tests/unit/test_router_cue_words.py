"""The router lets a catalogue-reading classifier (indexes/route_classifier.py ``LazyRouteClassifier``) read the
catalogue's cue words before it classifies; when they cannot be read, it still routes."""

from graphs.context import Context
from tests.fakes import ScriptedModels
from tests.unit.test_router import graph_with


class CatalogueClassifier:
    def __init__(self, fail: bool = False):
        self.fail, self.prepared, self.asked = fail, 0, []

    async def prepare(self):
        self.prepared += 1
        if self.fail:
            raise ConnectionError("the index is down")

    def __call__(self, query):
        self.asked.append((query, self.prepared))
        return ("fast", 0.9, True)


def models():
    return ScriptedModels(executor=[{"tool": "search_hotels", "params": {"city": "Rome"}}], answerer=["ok [T1.1]"])


async def test_the_classifier_reads_the_catalogue_before_it_classifies():
    classify = CatalogueClassifier()
    graph, _ = graph_with(models(), classify)
    out = await graph.ainvoke({"query": "hotels in Rome tonight"}, context=Context())
    assert classify.asked == [("hotels in Rome tonight", 1)]
    assert out["route"] == "fast" and out["route_source"] == "classifier"


async def test_without_the_catalogues_words_the_classifier_still_routes():
    classify = CatalogueClassifier(fail=True)
    graph, _ = graph_with(models(), classify)
    out = await graph.ainvoke({"query": "hotels in Rome tonight"}, context=Context())
    assert out["route"] == "fast" and out["route_source"] == "classifier"
    assert any("cue words are unavailable" in e and "index is down" in e for e in out["errors"])
