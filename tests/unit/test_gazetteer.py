

def test_a_two_letter_alias_in_lower_case_counts_only_where_a_place_fits():
    from nodes.arguments.places import places_named

    assert [m.place.name for m in places_named(["hk or singapore friday, whichever is drier"])] == [
        "Hong Kong", "Singapore"]
    assert [m.place.name for m in places_named(["flights to la tomorrow"])] == ["Los Angeles"]
    assert places_named(["la la land"]) == []
