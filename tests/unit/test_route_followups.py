"""A follow-up that changes the last question's route keeps the rest of it (nodes/route_followups.py)."""

from nodes.route_followups import swapped_route_end


def test_one_end_of_the_last_route_is_replaced():
    last = "Paris to Rome on Tuesday, what's the cheapest flight?"
    assert swapped_route_end("from Barcelona instead", last) == "Barcelona to Rome on Tuesday, what's the cheapest flight?"
    assert swapped_route_end("and to Madrid?", last) == "Paris to Madrid on Tuesday, what's the cheapest flight?"
    assert swapped_route_end("from Barcelona instead", "weather in Paris and Rome") is None  # no route
    assert swapped_route_end("from the hotel", last) is None  # not a place
    assert swapped_route_end("what if I leave from Barcelona that day", last) == \
        "Barcelona to Rome on Tuesday, what's the cheapest flight?"
    assert swapped_route_end("fly into Madrid instead", last) == \
        "Paris to Madrid on Tuesday, what's the cheapest flight?"


def test_the_other_way_round_swaps_both_ends_of_the_last_route():
    assert swapped_route_end("the other way round?", "SF → LA on tuesday, what's the cheapest seat") == (
        "LA → SF on tuesday, what's the cheapest seat")
    assert swapped_route_end("and the other way?", "Paris to Rome on Tuesday, cheapest flight?") == (
        "Rome to Paris on Tuesday, cheapest flight?")
    assert swapped_route_end("the other way round?", "weather in Paris and Rome") is None  # no route


def test_a_follow_up_writing_only_another_route_replaces_both_ends():
    assert swapped_route_end("Paris → Zurich same day?", "How much to fly London to Zurich on the 10th? cheapest one") == (
        "How much to fly Paris to Zurich on the 10th? cheapest one")
    assert swapped_route_end("hotels in Rome and Madrid?", "cheapest flight Paris to Berlin on Tuesday") is None
