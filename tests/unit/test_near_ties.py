"""Near ties settled by the catalogue's listed names and server names (indexes/near_ties.py)."""

from __future__ import annotations

from indexes.entities import EntityDirectory
from indexes.near_ties import listed_sole_owner, named_servers, server_name_words, with_near_ties_settled
from indexes.ranking import ServerHit

DIRECTORY = EntityDirectory({"quotes": ["NVIDIA Corporation", "NVDA", "Sony Group Corporation", "6758.T"],
                             "forecasts": ["Beijing", "Lisbon"]})


def _hits(*scored: tuple[str, float]) -> list[ServerHit]:
    hits = [ServerHit(server=name, score=score, query_scores={0: score}) for name, score in scored]
    hits[0].best_for = [0]
    return hits


def _even_cover(text, servers):
    return {s: 1.0 for s in servers}


def test_a_close_runner_up_that_alone_lists_the_name_goes_first():
    hits = with_near_ties_settled(_hits(("tickets", 0.708), ("quotes", 0.626)), ["NVDA price rn"], DIRECTORY,
                                  _even_cover)
    assert [h.server for h in hits] == ["quotes", "tickets"]
    assert hits[0].best_for == [0] and hits[1].best_for == []
    assert (hits[0].score, hits[1].score) == (0.708, 0.626)  # the scores swap: thresholds read the same set
    assert "nvda" in hits[0].matched and hits[0].matched_kind == "entity"


def test_a_runner_up_beyond_the_margin_stays_behind():
    hits = with_near_ties_settled(_hits(("tickets", 0.80), ("quotes", 0.60)), ["NVDA price rn"], DIRECTORY,
                                  _even_cover)
    assert hits[0].server == "tickets" and hits[0].best_for == [0]


def test_a_runner_up_holding_less_of_the_other_words_stays_behind():
    def shop_holds_more(text, servers):
        return {s: (1.0 if s == "shop" else 0.5) for s in servers}

    hits = with_near_ties_settled(_hits(("shop", 0.72), ("quotes", 0.70)), ["sony headphones price"], DIRECTORY,
                                  shop_holds_more)
    assert hits[0].server == "shop"


def test_a_web_search_leader_is_never_passed():
    hits = with_near_ties_settled(_hits(("web_search", 0.30), ("quotes", 0.25)), ["when was sony founded"],
                                  DIRECTORY, _even_cover, never_pass={"web_search"})
    assert hits[0].server == "web_search"


def test_a_place_listed_by_one_server_decides_nothing():
    assert listed_sole_owner("cheapest hotel in beijing", DIRECTORY) is None
    assert listed_sole_owner("sony stock?", DIRECTORY) == ("quotes", ["sony"])


def test_names_of_two_servers_decide_nothing():
    directory = EntityDirectory({"quotes": ["Sony Group"], "shop": ["Sony"]})
    assert listed_sole_owner("sony stock?", directory) is None


def test_the_server_the_question_names_goes_first():
    hits = with_near_ties_settled(_hits(("flights", 0.606), ("hotels", 0.564)),
                                  ["cheapest hotel in washington dc for next friday"], DIRECTORY, _even_cover)
    assert hits[0].server == "hotels" and hits[0].matched == "the question names hotels"


def test_a_named_leader_keeps_its_place():
    hits = with_near_ties_settled(_hits(("hotels", 0.60), ("flights", 0.58)), ["flights and hotels in rome"],
                                  DIRECTORY, _even_cover)
    assert hits[0].server == "hotels"


def test_generic_words_of_a_server_name_name_nothing():
    assert server_name_words("mcp-server-time") == {"time"}
    assert server_name_words("web_search") == set()
    assert named_servers("search the web for rome hotels", ["web_search", "hotels"]) == {"hotels"}
