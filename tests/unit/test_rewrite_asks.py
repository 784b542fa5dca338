"""A follow-up's rewrite keeps what the follow-up asks: its superlative and its stated bounds
(nodes/rewrite_asks.py)."""

from nodes.rewrite_asks import with_kept_asks


def test_a_lost_superlative_opens_the_rewrite():
    assert with_kept_asks("hotels in new Delhi friday evening", "cheapest hotel for that night?") == \
        "cheapest hotels in new Delhi friday evening"


def test_a_kept_superlative_is_left_alone():
    assert with_kept_asks("top rated restaurant in Lima", "top rated one there?") == "top rated restaurant in Lima"


def test_lost_bounds_close_the_rewrite():
    assert with_kept_asks("hotels in Rome on Friday", "any 4-star ones under $200 there?") == \
        "hotels in Rome on Friday, 4-star, under $200?"


def test_a_follow_up_that_asks_nothing_of_its_own_changes_nothing():
    assert with_kept_asks("weather in Rome on Friday", "and there?") == "weather in Rome on Friday"
