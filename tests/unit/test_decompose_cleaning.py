"""The model's sub-queries are kept only when they ask something of their own: a copied few-shot example (no word
of the question) and a one-word fragment of it ("Finance", "2026") are dropped."""

from nodes.decompose import clean_sub_queries

QUESTION = ("Accounts asked me for March 2026 figures. Only shipped orders dated in March 2026: what was the total "
            "sales value (qty times unit price)?")


def test_fragments_and_copied_examples_are_dropped():
    kept, dropped = clean_sub_queries(["Accounts", "2026", "weather in Paris tomorrow",
                                       "total sales value of shipped orders in March 2026"], QUESTION, 4)
    assert kept == ["total sales value of shipped orders in March 2026"]
    assert dropped == ["Accounts", "2026", "weather in Paris tomorrow"]


def test_two_intents_of_two_words_each_stay():
    kept, _ = clean_sub_queries(["Tokyo weather", "Osaka hotels"], "Tokyo weather and hotels in Osaka", 4)
    assert kept == ["Tokyo weather", "Osaka hotels"]


def test_sub_queries_made_of_other_words_than_the_question_are_dropped():
    question = "need the confirmation number for my Porto train, the ticket machine wants it"
    kept, dropped = clean_sub_queries(["book trains to Porto for next month", "find cheap hotels in Porto",
                                       "confirmation number of my Porto train"], question, 4)
    assert kept == ["confirmation number of my Porto train"]
    assert dropped == ["book trains to Porto for next month", "find cheap hotels in Porto"]


def test_a_word_written_another_way_still_counts_as_the_questions_own():
    kept, _ = clean_sub_queries(["booked flights to Oslo", "forecast for Oslo"],
                                "what flight did I book to Oslo and the Oslo forecasts", 4)
    assert kept == ["booked flights to Oslo", "forecast for Oslo"]


def test_a_cut_that_loses_a_name_of_the_question_gives_way_to_the_question():
    from nodes.decompose import _loses_names
    assert _loses_names("quotes for AAPL, MSFT and GOOGL", ["quote for AAPL"])
    assert not _loses_names("quotes for AAPL, MSFT and GOOGL", ["quote for aapl", "msft quote", "googl quote"])
    # a sentence's first word and "I'm" are no names
    assert not _loses_names("Heading out. Is it cold in Oslo? I'm packing", ["is it cold in Oslo"])


def test_a_word_the_question_never_writes_is_an_invention():
    from nodes.decompose import _invents
    question = "I want 12 LVMH shares. Price now, and the total in pounds sterling?"
    assert _invents(question, ["buy 12 LVMH shares", "price now, and total in pounds sterling"])
    assert not _invents(question, ["12 LVMH shares price now", "the total in pounds sterling"])


def test_a_cut_part_that_only_says_where_or_when_belongs_to_the_other():
    from nodes.message_scope import only_where_or_when

    assert only_where_or_when("in mexico city") and only_where_or_when("night of sunday 6 dec")
    assert only_where_or_when("shanghai → hong kong on saturday")
    assert not only_where_or_when("lowest-priced room in chengdu") and not only_where_or_when("weather in paris")
