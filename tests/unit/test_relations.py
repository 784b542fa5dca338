"""A search over records for someone the request asks about through a named record ("Dana's brother") is made
with the relation word; a request about the named record itself keeps the record's listed name."""

from datetime import date

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.listed_values import names_in_request
from nodes.arguments.relations import relation_words
from nodes.arguments.schema import constrain_property
from nodes.arguments.string_values import LISTED_NAMES

TODAY = date(2026, 3, 2)
PEOPLE = ["Kemal Aydin", "Ines Moreau"]


def _candidates(text: str):
    candidates = gather_candidates([text], [], TODAY)
    candidates.listed[LISTED_NAMES] = names_in_request(PEOPLE, [text])
    return candidates


def test_relation_words_follow_a_possessive():
    assert relation_words(["where does Dana's younger brother work?"]) == ["brother"]
    assert relation_words(["who is Priya's boss"]) == ["boss"]
    assert relation_words(["when is Dana's birthday"]) == []


def test_the_search_looks_for_the_relation_when_one_is_written():
    spec = constrain_property("query", {"type": "string"}, _candidates("where does Kemal's sister live these days"),
                              tool_name="search_nodes")
    assert spec["enum"] == ["sister"]
    own = constrain_property("query", {"type": "string"}, _candidates("when is Kemal's birthday"),
                             tool_name="search_nodes")
    assert own["enum"] == ["Kemal Aydin"]


def test_a_contraction_of_is_is_no_possessive():
    assert relation_words(["When's Grandma Ruth's birthday?"]) == []
    assert relation_words(["where's Tomas's sister living now"]) == ["sister"]


def test_a_listed_name_typed_with_a_slip_is_still_the_name():
    listed = ["Kemal Aydin", "Ines Moreau", "Luc Morel", "Northwind Loom"]
    assert names_in_request(listed, ["what tea does kemla like"]) == ["Kemal Aydin"]  # two letters swapped
    assert names_in_request(listed, ["where is ines morreau based"]) == ["Ines Moreau"]  # a letter doubled
    # "morea" is one edit from Moreau and one from Morel: no guess
    assert names_in_request(listed, ["whats morea's title"]) == []
    assert names_in_request(listed, ["what is the price of tea"]) == []  # no name, no slip
    assert names_in_request(listed, ["what does the north team do"]) == []  # an English word is no slip


def test_the_askers_own_relation_is_searched_by_its_word_over_a_server_listing_records():
    from nodes.arguments.listing_gate import LISTED_WORDS
    from nodes.arguments.relations import own_relation_words

    assert own_relation_words(["when's my little brother's birthday?"]) == ["brother"]
    assert own_relation_words(["what's my flight number"]) == []
    records = _candidates("when was my grandmother born?")
    records.listed[LISTED_WORDS] = ["kemal", "aydin", "ines", "moreau"]
    spec = constrain_property("query", {"type": "string"}, records, tool_name="search_nodes")
    assert spec["enum"] == ["grandmother"]
    # a server that lists no records (a web search) keeps the request's own words
    web = constrain_property("query", {"type": "string"}, _candidates("when was my grandmother born?"),
                             tool_name="search")
    assert "grandmother" not in web["enum"]
