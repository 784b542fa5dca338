"""A name of two or more capitalised words that no source mentions is reported as not found."""

from nodes.answering.missing_names import missing_names

OUTPUT = '{"entities": [{"name": "Dana Okafor", "observations": ["Product manager at Northwind Loom"]}]}'


def test_a_name_no_output_holds_is_missing_and_one_it_holds_is_not():
    assert missing_names("how much does Bartholomew Quince make at Northwind Loom", [OUTPUT]) == ["Bartholomew Quince"]
    assert missing_names("what does Dana Okafor do", [OUTPUT]) == []
    assert missing_names("what does Dana do at Northwind", [OUTPUT]) == []  # one capitalised word is no name here


def test_capitalised_phrases_of_common_words_and_zone_spellings_are_not_names():
    assert missing_names("What Time is it in New York", ['{"timezone": "America/New_York"}']) == []
    assert missing_names("The Lisbon trip", ["no results"]) == []  # "The" opens a phrase, not a name
    assert missing_names("flights from Los Angeles to Tokyo", ['{"origin": "LAX", "destination": "HND"}']) == []
