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


def test_a_name_with_words_no_listed_name_has_is_cut_to_the_servers_listed_name_it_holds():
    from nodes.arguments.whole_names import listed_part

    named = ["Samsung Electronics Co., Ltd.", "Visa Inc."]
    assert listed_part("samsung equity", named) == "samsung"
    assert listed_part("visa shares over recent", named) == "visa"
    assert listed_part("stock of Visa", named) == "Visa"  # words before the name too
    params = {"ticker": "samsung equity", "query": "samsung equity", "note": "samsung equity"}
    assert widen_to_listed_names(params, ["samsung equity price?"], [], named=named,
                                 name_properties={"ticker"}) == {**params, "ticker": "samsung"}


def test_a_name_is_not_cut_when_the_kept_words_name_no_or_several_listed_names():
    from nodes.arguments.whole_names import listed_part

    assert listed_part("samsung electronics", ["Samsung Electronics Co., Ltd."]) == "samsung electronics"
    assert listed_part("alibaba stock", ["Alibaba Group", "Alibaba Group (ADR)"]) == "alibaba stock"
    assert listed_part("shell beach resort", []) == "shell beach resort"  # the server lists nothing
    assert listed_part("grand shell beach", ["Shell plc"]) == "grand shell beach"  # the name is not at an end
    assert listed_part("samsung", ["Samsung Electronics Co., Ltd."]) == "samsung"
