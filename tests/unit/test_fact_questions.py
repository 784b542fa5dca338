"""Questions of history go to search when a data server fails them (nodes/fact_questions.py), and a word of a
record's name asks for no measure in the opening line (nodes/answering/answer_lead.py)."""

import json

import pytest

from nodes.answering.answer_lead import output_lead
from nodes.fact_questions import asks_a_fact


@pytest.mark.parametrize(("question", "fact"), [
    ("since what year has the star ferry been crossing victoria harbour?", True),
    ("Why was the Gateway of India built in the first place?", True),
    ("which years did Paris host the Summer Olympics", True),
    ("who rebuilt the summer palace in beijing?", True),
    ("when does the museum open on sunday", False),
    ("cheapest hotel in Osaka tonight", False),
    ("weather in atlantis tomorrow", False),
])
def test_a_question_of_history_is_told_by_its_form(question, fact):
    assert asks_a_fact(question) is fact


def test_a_word_of_a_records_name_asks_for_no_measure():
    output = json.dumps({"query": "star ferry", "results": [
        {"title": "Star Ferry", "url": "https://example.org/star_ferry", "score": 13.6,
         "text": "The Star Ferry has carried passengers across Victoria Harbour since 1888."}]})
    item = {"marker": "T1.1", "full_output": output, "tool": "search_web", "arguments": {"query": "star ferry"}}
    lead = output_lead("since what year has the star ferry been crossing victoria harbour?", item)
    assert lead == ["The Star Ferry has carried passengers across Victoria Harbour since 1888. [T1.1]"]


def test_on_a_tie_the_line_holding_what_the_question_asks_about_leads():
    output = json.dumps({"query": "summer palace", "results": [
        {"title": "Summer Palace", "url": "https://example.org/summer_palace", "score": 5.0,
         "text": "The Summer Palace is a vast ensemble of lakes and palaces in north-western Beijing. It was rebuilt "
                 "by Empress Dowager Cixi in the late nineteenth century."}]})
    item = {"marker": "T1.1", "full_output": output, "tool": "search_web", "arguments": {"query": "summer palace"}}
    lead = output_lead("who rebuilt the sumer palace in beijing", item)
    assert len(lead) == 1 and "rebuilt by Empress Dowager Cixi" in lead[0]


def test_a_sentence_whose_figures_are_the_questions_own_only_echoes_it():
    from nodes.answering.claims import echoes_the_question

    evidence = {"T1.1": '{"results": [{"title": "Mexico City", "text": "pesos are used"}]}'}
    assert echoes_the_question("100 dollars in colombian pesos.", evidence, "100 bucks in colombian pesos?")
    assert not echoes_the_question("100 dollars is 400000 pesos.", evidence, "100 bucks in colombian pesos?")
