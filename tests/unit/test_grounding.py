"""Figures in the answer must come from a source: invented numbers are left out and reported."""

from graphs.context import Context
from graphs.graph import build_graph
from nodes.grounding import drop_unsupported_sentences, supported_numbers
from tests.fakes import ScriptedModels
from tests.unit.test_graph import executor_for, hits, weather_and_hotels

EVIDENCE = '{"city": "Beijing", "high_c": 11.2, "low_c": -3, "humidity": 52, "sunset": "17:00"}'


def test_sentences_with_unsupported_figures_are_dropped_and_the_rest_kept():
    supported = supported_numbers(EVIDENCE, "weather in Beijing tomorrow", "2026-11-23")
    answer = "Tomorrow it is sunny, 11.2 °C at most [T1.1]. Humidity 52%.\nApple stock rose 85.9% in 2016. Enjoy!"
    result = drop_unsupported_sentences(answer, supported)
    assert result.text == "Tomorrow it is sunny, 11.2 °C at most [T1.1]. Humidity 52%.\nEnjoy!"
    assert result.dropped == ["Apple stock rose 85.9% in 2016."]


def test_rounded_and_negative_evidence_numbers_count_as_supported():
    supported = supported_numbers(EVIDENCE)
    assert drop_unsupported_sentences("Between -3 and 11 degrees.", supported).dropped == []
    assert drop_unsupported_sentences("Low of 3 below zero, high 12.", supported).dropped == ["Low of 3 below zero, high 12."]


def test_markers_are_not_figures():
    assert drop_unsupported_sentences("Sunny [T1.1].", supported_numbers("")).dropped == []


async def test_graph_leaves_out_invented_figures_and_says_so():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["Sunny in Beijing tomorrow [T1.1]. It will be 99 degrees by noon."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert "99" not in out["answer"] and out["answer"].startswith("Sunny in Beijing tomorrow [T1.1].")
    assert "Left out 1 statement" in out["answer"]
    assert any("figures appear in no source" in e for e in out["errors"])


async def test_answer_with_only_invented_figures_falls_back_to_the_evidence():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["It will be 99 degrees."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert out["answer"].startswith("The answering model gave no answer the sources support")
    assert "[T1.1] weather.get_forecast" in out["answer"]
