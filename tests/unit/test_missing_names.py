"""A name of two or more capitalised words that no source mentions is reported as not found."""

from nodes.answering.missing_names import is_document_text, missing_names

OUTPUT = '{"entities": [{"name": "Dana Okafor", "observations": ["Product manager at Northwind Loom"]}]}'


def test_a_name_no_output_holds_is_missing_and_one_it_holds_is_not():
    assert missing_names("how much does Bartholomew Quince make at Northwind Loom", [OUTPUT]) == ["Bartholomew Quince"]
    assert missing_names("what does Dana Okafor do", [OUTPUT]) == []
    assert missing_names("what does Dana do at Northwind", [OUTPUT]) == []  # one capitalised word is no name here


def test_capitalised_phrases_of_common_words_and_zone_spellings_are_not_names():
    assert missing_names("What Time is it in New York", ['{"timezone": "America/New_York"}']) == []
    assert missing_names("The Lisbon trip", ["no results"]) == []  # "The" opens a phrase, not a name
    assert missing_names("flights from Los Angeles to Tokyo", ['{"origin": "LAX", "destination": "HND"}']) == []


def test_a_field_echoing_the_calls_own_argument_mentions_nothing():
    from nodes.answering.missing_names import without_echoes
    echoed = '{"query": "Harbor Spa Group", "results": [], "note": "no product matches"}'
    said = without_echoes(echoed, {"query": "Harbor Spa Group"})
    assert missing_names("did Harbor Spa Group ever buy from us?", [said]) == ["Harbor Spa Group"]
    found = '{"query": "Harbor Spa Group", "results": [{"customer": "Harbor Spa Group", "orders": 3}]}'
    assert missing_names("did Harbor Spa Group ever buy from us?", [without_echoes(found, {"query": "Harbor Spa Group"})]) == []
    assert without_echoes("plain text Harbor Spa Group", {"query": "Harbor Spa Group"}) == "plain text Harbor Spa Group"


def test_a_sentences_first_word_is_no_part_of_a_name():
    assert missing_names("Has Harbor Spa Group ever ordered?", ['{"products": []}']) == ["Harbor Spa Group"]
    assert missing_names("Did Dana Okafor call?", [OUTPUT]) == []


def test_a_stored_name_a_statement_filtered_on_is_mentioned_when_rows_came_back():
    from nodes.answering.missing_names import matched_literals
    arguments = {"query": "SELECT SUM(qty) FROM orders WHERE customer = 'Harbor Spa Group'"}
    rows = "[{'SUM(qty)': 37}]"
    assert missing_names("units Harbor Spa Group ordered?", [rows + " " + matched_literals(rows, arguments)]) == []
    assert matched_literals("[]", arguments) == ""  # no rows: nothing found under that name
    assert matched_literals(rows, {"query": "Harbor Spa Group"}) == ""  # a search's words are no stored name


NOTE = "# Porto weekend\nGuesthouse Rio Azul, 3 nights, EUR 95/night\nTrain: Alfa Pendular, coach 4, seat 61"


def test_a_document_read_for_another_trip_mentions_neither_the_place_nor_the_single_name_asked():
    assert missing_names("which guesthouse did I book in Seville for the spring?", [NOTE], documents=True) == ["Seville"]
    assert missing_names("my Thalys seat to Ghent?", [NOTE], documents=True) == ["Thalys", "Ghent"]
    # the place the document holds, a month or a weekday, and a sentence's first word name nothing missing
    assert missing_names("Which seat on the Porto train on Friday in March?", [NOTE], documents=True) == []
    # records that write places as codes: a place stays out
    assert missing_names("which guesthouse did I book in Seville for the spring?", [NOTE]) == []


def test_a_bare_figure_is_no_document():
    assert not is_document_text("504")
    assert not is_document_text('{"city": "Porto", "nights": 3, "price": 95, "name": "Rio Azul"}')
    assert is_document_text(NOTE)


def test_a_currency_no_output_writes_is_missing_by_code_and_by_name():
    from nodes.answering.missing_names import missing_currencies

    assert missing_currencies("How many Polish zloty would I get for 400 euros?",
                              ["Amsterdam Airport Schiphol is one of Europe's busiest airports"]) == ["Polish zloty", "euros"]
    assert missing_currencies("300 bucks in euros", ['{"from_currency": "USD", "to_currency": "EUR"}']) == []
    # a noun several currencies share holds the qualified one only as written: "dollars" is no New Zealand dollar
    assert missing_currencies("200 New Zealand dollars to yen?", ["the city's budget is 2 billion dollars; JPY"]) == [
        "New Zealand dollars"]
    assert missing_currencies("500 Hong Kong dollars in yen", ['{"amount": 500, "from": "HKD", "to": "JPY"}']) == []


def test_a_date_in_capitals_is_no_name():
    from nodes.answering.missing_names import thing_names

    assert thing_names("We're doing the Giza Pyramids on Sunday December 6th. How hot does it get?") == ["Giza Pyramids"]
