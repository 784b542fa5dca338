"""A decoded value that is only part of a listed name the request writes whole is widened to that name."""

from nodes.arguments.whole_names import whole_name, widen_to_listed_names

LISTED = ["Mexico City", "New York", "Johnson & Johnson", "Zurich"]


def test_a_part_of_a_listed_name_becomes_the_name_as_the_request_writes_it():
    assert whole_name("Mexico", ["i need room in mexico city this sunday"], LISTED) == "mexico city"
    assert whole_name("johnson", ["johnson & johnson stock"], LISTED) == "johnson & johnson"
    params = {"cities": ["istanbul", "mexico"], "date": "2026-12-01"}
    assert widen_to_listed_names(params, ["which is hotter, istanbul or mexico city"], LISTED) == {
        "cities": ["istanbul", "mexico city"], "date": "2026-12-01"}


def test_a_value_the_request_also_writes_alone_or_outside_any_listed_name_stays():
    assert whole_name("Mexico", ["flights to Mexico, not Mexico City"], LISTED) == "Mexico"
    assert whole_name("new", ["new yorkers love pizza"], LISTED) == "new"  # "new yorkers" is not "New York"
    assert whole_name("Mexico City", ["hotels in Mexico City"], LISTED) == "Mexico City"
    assert whole_name("Zurich", ["weather in Zurich"], LISTED) == "Zurich"
    assert whole_name("Mexico", ["hotels in Mexico City"], []) == "Mexico"  # nothing listed: as decoded
    assert widen_to_listed_names({"n": 3, "flag": True}, ["x"], LISTED) == {"n": 3, "flag": True}
