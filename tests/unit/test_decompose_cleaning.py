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
