"""Static questions reach the catalogue's search server when no dynamic server matches them."""

from indexes.ranking import ServerHit
from indexes.search_fallback import MATCH_FLOOR, with_search_fallback


def hit(server, score, best_for=()):
    return ServerHit(server=server, score=score, best_for=list(best_for))


def test_an_unmatched_question_goes_to_the_search_server_first():
    hits = [hit("finance", 0.27, [0]), hit("flights", 0.21), hit("weather", 0.20)]
    ranked = with_search_fallback(hits, ["web_search"], 1)
    assert [h.server for h in ranked] == ["web_search", "finance", "flights", "weather"]
    assert ranked[0].best_for == [0] and ranked[1].best_for == []


def test_a_matched_question_keeps_its_server_and_search_stays_a_candidate():
    hits = [hit("weather", 0.63, [0]), hit("flights", 0.26)]
    ranked = with_search_fallback(hits, ["web_search"], 1)
    assert [h.server for h in ranked] == ["weather", "flights", "web_search"]


def test_only_the_unmatched_sub_query_moves_to_search():
    hits = [hit("weather", 0.7, [0]), hit("web_search", 0.2), hit("finance", MATCH_FLOOR - 0.01, [1])]
    ranked = with_search_fallback(hits, ["web_search"], 2)
    assert ranked[0].server == "web_search" and ranked[0].best_for == [1]
    assert next(h for h in ranked if h.server == "weather").best_for == [0]


def test_a_catalogue_without_a_search_server_is_unchanged():
    hits = [hit("finance", 0.1, [0])]
    assert with_search_fallback(hits, [], 1) == hits
