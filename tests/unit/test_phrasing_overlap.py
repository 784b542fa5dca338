"""The mechanical overlap check between a test split's phrasing and the tuning data (benchmarks/phrasing_overlap.py)."""

from benchmarks.phrasing_overlap import SHARED, overlap, report, trigrams


def test_a_question_made_from_a_template_overlaps_it_whole():
    template = trigrams("what's the weather in {city} tomorrow")
    assert overlap("what's the weather in Oslo tomorrow", [template]) == 1.0


def test_a_question_in_its_own_words_overlaps_little():
    template = trigrams("what's the weather in {city} tomorrow")
    assert overlap("do I need an umbrella in Oslo on friday", [template]) < SHARED


def test_the_report_counts_questions_that_share_a_template():
    result = report(["weather in Oslo tomorrow please", "umbrella needed in Oslo friday?"],
                    ["weather in {city} tomorrow please"])
    assert result["shared"] == 1 and result["max_overlap"] == 1.0 and result["questions"] == 2
