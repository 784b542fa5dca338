"""A follow-up's near tie goes to the last turn's server, unless it names a new kind of thing
(indexes/follow_up_ties.py, nodes/followup_words.py)."""

from indexes.follow_up_ties import with_last_servers_on_ties
from indexes.ranking import ServerHit
from indexes.route_cues import stem
from nodes.followup_words import names_a_new_kind


def test_a_near_tie_in_a_follow_up_goes_to_the_server_that_answered_the_last_turn():
    def ranked():
        return [ServerHit(server="trains", score=0.74, best_for=[0], query_scores={0: 0.74}),
                ServerHit(server="flights", score=0.69, query_scores={0: 0.69}),
                ServerHit(server="hotels", score=0.45, query_scores={0: 0.45})]

    first = with_last_servers_on_ties(ranked(), ["flights"])[0]
    assert first.server == "flights" and first.best_for == [0]
    # no last turn, or a last server far behind: the ranking stands
    assert with_last_servers_on_ties(ranked(), [])[0].server == "trains"
    assert with_last_servers_on_ties(ranked(), ["hotels"])[0].server == "trains"


def test_a_follow_up_naming_a_new_kind_of_thing_does_not_go_on_with_the_last_servers():
    kinds = frozenset(stem(w) for w in ("restaurant", "hotel", "flight"))
    assert names_a_new_kind("any standout restaurant in town?", "cheapest hotel in DC for thursday night", kinds)
    assert not names_a_new_kind("and if I set off from Delhi instead?", "Mumbai → Singapore on Friday, lowest fare?",
                                kinds)
