

def test_a_two_letter_alias_in_lower_case_counts_only_where_a_place_fits():
    from nodes.arguments.places import places_named

    assert [m.place.name for m in places_named(["hk or singapore friday, whichever is drier"])] == [
        "Hong Kong", "Singapore"]
    assert [m.place.name for m in places_named(["flights to la tomorrow"])] == ["Los Angeles"]
    assert places_named(["la la land"]) == []


def test_a_lower_case_alias_between_places_of_a_list_is_a_place():
    from nodes.arguments.places import places_named
    assert [m.span for m in places_named(["sunset on friday: london vs nyc vs tokyo?"])] == ["london", "nyc", "tokyo"]
    assert places_named(["the mkt and cnn and bbc"]) == []


def test_a_lower_case_alias_at_the_end_of_an_arrow_route_is_a_place():
    from nodes.arguments.places import places_named
    assert [m.span for m in places_named(["toronto → nyc on the 10th, cheapest ticket?"])] == ["toronto", "nyc"]
    assert places_named(["the sum -> add it"]) == []
