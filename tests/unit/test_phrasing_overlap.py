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


def test_the_answers_test_split_shares_no_template_with_the_tuning_data():
    """Every question of four trigrams or more holds less than 0.6 of them in any one tuning text (short
    follow-ups such as "what about Istanbul?" cannot avoid common words)."""
    from benchmarks.answers import load_items
    from benchmarks.phrasing_overlap import tuning_texts

    max_share = 0.6
    grams = [g for g in (trigrams(t) for t in tuning_texts()) if g]
    turns = [turn for item in load_items("test", False) for turn in item["turns"] if len(trigrams(turn)) >= 4]
    assert len(turns) >= 100
    shared = [(turn, share) for turn in turns if (share := overlap(turn, grams)) >= max_share]
    assert shared == []
