"""Claim-level grounding: a figure is supported only by the cited output, under a field that fits."""

import json

from graphs.context import Context
from graphs.graph import build_graph
from nodes.answering.claims import check_claims, figure_claims
from tests.fakes import ScriptedModels
from tests.unit.test_graph import executor_for, hits, weather_and_hotels

WEATHER = json.dumps({"city": "Paris", "days": [{"date": "2026-11-24", "high_c": 12.4, "low_c": 5.1,
                                                 "sunrise": "07:29", "sunset": "17:00", "precip_chance": 40}]})
LANDMARK = json.dumps({"name": "Tokyo Skytree", "lat": 35.71, "lon": 139.81, "ticket_price": 2100, "currency": "JPY"})
EVIDENCE = {"T1.1": WEATHER, "T2.1": LANDMARK}
QUESTION = "weather in paris tomorrow 2026-11-23"


def problem(sentence: str) -> str | None:
    dropped = check_claims(sentence, EVIDENCE, QUESTION).dropped
    return dropped[0][1] if dropped else None


def test_a_sunrise_figure_stated_as_sunset_is_rejected():
    assert problem("The sun will set at 7:29am [T1.1].") == "7:29am is the sunrise in the source, not the sunset"
    assert problem("Sunset is at 17:00 [T1.1].") is None
    assert problem("The sun sets at 5:00 pm [T1.1].") is None  # 12-hour clock, same time


def test_a_latitude_stated_as_height_is_rejected():
    assert problem("The Tokyo Skytree is 35.71 m tall [T2.1].") == "35.71 is the lat in the source, not the height"
    assert problem("Tokyo Skytree lies at latitude 35.71 [T2.1].") is None


def test_figures_need_the_cited_output_not_any_output():
    assert problem("Tickets cost 2100 JPY [T2.1].") is None
    assert problem("Tickets cost 2100 JPY [T1.1].") == "2100 appears in no cited output"
    assert problem("The high is 15 °C.") == "15 appears in no cited output"
    assert problem("Rain is likely [T9.1].") == "cites T9.1, which no tool produced"


def test_rounded_values_and_the_users_own_figures_pass():
    assert problem("The high is 12 °C and the low 5 °C [T1.1].") is None
    assert "2026-11-23" not in (problem("The weather in Paris on 2026-11-23 [T1.1].") or "")


def test_sentences_whose_words_are_not_in_the_sources_are_dropped():
    assert problem("As a text-based AI assistant, avoid public Wi-Fi.") == "its words are not in the sources"
    assert problem("Paris stays dry under clear skies [T1.1].") == "its words are not in the sources"


def test_a_sentence_copying_the_prompts_evidence_framing_is_dropped_though_its_figures_match():
    echo = '[T2.1] tickets.get_details({"name": "Tokyo Skytree"}): <<<{"ticket_price": 2100}'
    assert problem(echo).startswith("it repeats the prompt's evidence framing")
    assert problem("Tickets cost 2100 JPY >>> [T2.1].").startswith("it repeats the prompt's evidence framing")
    assert problem("Tickets cost 2100 JPY [T2.1].") is None


def test_a_yes_or_no_claim_needs_a_figure_from_the_sources():
    assert problem("No, it will not rain in Paris tomorrow [T1.1].") == (
        "a yes/no or negated claim without a figure from the sources")
    assert problem("No: the chance of rain is 40% [T1.1].") is None


def test_a_sentence_that_only_restates_the_question_is_left_out_but_not_counted_as_unsupported():
    checked = check_claims("Weather in Paris tomorrow. The low is 5.1 °C [T1.1].", EVIDENCE, QUESTION,
                           question="weather in paris tomorrow")
    assert checked.echoes == ["Weather in Paris tomorrow."] and checked.dropped == []
    assert checked.kept == ["The low is 5.1 °C [T1.1]."]
    assert check_claims("Tokyo Skytree tickets are in JPY [T2.1].", EVIDENCE, QUESTION,
                        question="tokyo skytree tickets").kept  # "jpy" came from the source


def test_figure_claims_are_checked_clause_by_clause():
    rendered = "- 2026-11-24: high: 12.4°C; low: 5.1°C; sunrise: 07:29; sunset: 17:00 [T1.1]"
    assert [why for _, why in figure_claims(rendered, EVIDENCE, QUESTION)] == [None, None, None, None]
    swapped = "- sunrise: 17:00; sunset: 07:29 [T1.1]"
    assert all(why for _, why in figure_claims(swapped, EVIDENCE, QUESTION))


async def test_graph_leaves_out_invented_figures_and_says_so():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["Sunny in Beijing tomorrow [T1.1]. It will be 99 degrees by noon."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert "99" not in out["answer"] and out["answer"].startswith("Sunny in Beijing tomorrow [T1.1].")
    assert "<details><summary>Sources</summary>\n\nweather (get_forecast):" in out["answer"]
    assert "(Left out statements the sources do not support.)" in out["answer"]
    assert any("99 appears in no cited output" in e for e in out["errors"])


async def test_answer_with_only_invented_figures_is_the_rendered_evidence_not_a_json_dump():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for], answerer=["It will be 99 degrees."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert out["answer"].startswith("<details><summary>Sources</summary>\n\nweather (get_forecast):\n- city: Beijing; date: 2026-11-23;")
    assert "{" not in out["answer"] and "99" not in out["answer"]


def test_a_sentence_whose_only_figure_is_todays_date_still_needs_words_from_the_sources():
    from nodes.answering.claims import check_claims

    outputs = {"T1.1": '{"city": "Paris", "days": [{"date": "2026-11-26", "high_c": 13.3, "condition": "rain"}]}'}
    checked = check_claims("Tira de Cearacupe: [S2.1] weather in Paris tomorrow, 2026-11-25", outputs,
                           "weather in Paris tomorrow 2026-11-25", "weather in Paris tomorrow")
    assert not checked.kept and checked.dropped
    kept = check_claims("Paris will see rain, up to 13.3 °C [T1.1].", outputs, "weather in Paris tomorrow 2026-11-25",
                        "weather in Paris tomorrow")
    assert kept.kept


def test_a_weekday_or_zone_the_sources_do_not_hold_is_dropped():
    from nodes.answering.claims import check_claims

    forecast = '{"city": "Beijing", "date": "2026-11-27", "sunset": "16:58"}'
    checked = check_claims("The sun will set at 16:58 UTC on Monday [T1.1].", {"T1.1": forecast},
                           "sunset in beijing tomorrow 2026-11-26")
    assert [why for _, why in checked.dropped] == ["it says monday, which no cited date falls on"]
    zoned = check_claims("The sun will set at 16:58 UTC [T1.1].", {"T1.1": forecast}, "sunset in beijing 2026-11-26")
    assert [why for _, why in zoned.dropped] == ["it writes UTC, which no source or question writes"]
    # the weekday of a cited date, and a code the question writes, are the sources' and the user's own
    kept = check_claims("On Friday the sun sets at 16:58 in Beijing, CN [T1.1].", {"T1.1": forecast},
                        "sunset in beijing CN 2026-11-26")
    assert kept.dropped == [] and len(kept.kept) == 1
