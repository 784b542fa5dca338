"""The answer keeps every claim traceable: model text that cites nothing is followed by the cited facts."""

from graphs.context import Context
from graphs.graph import build_graph
from tests.unit.test_graph import executor_for, hits, weather_and_hotels
from tests.fakes import ScriptedModels


async def test_answer_without_markers_is_followed_by_the_cited_facts():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["Tomorrow in Beijing it will be sunny."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert out["answer"].startswith("Tomorrow in Beijing it will be sunny.")
    assert "<details><summary>Sources</summary>\n\nweather (get_forecast):" in out["answer"]
    assert "high: 6°C; low: -3°C; condition: sunny [T1.1]" in out["answer"]
    [citation] = out["citations"]
    assert citation["cited_by"] == "model" and citation["cited_in_text"]


async def test_a_cited_answer_with_supported_figures_stands_alone():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["Sunny tomorrow, 6 °C at most and -3 °C at night [T1.1]."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert out["answer"] == "Sunny tomorrow, 6 °C at most and -3 °C at night [T1.1]."
    assert out["citations"][0]["cited_by"] == "model"


async def test_a_cited_answer_without_figures_is_followed_by_the_facts():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for], answerer=["Sunny in Beijing [T1.1]."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert out["answer"].startswith("Sunny in Beijing [T1.1].\n\n<details><summary>Sources</summary>\n\nweather (get_forecast):")


async def test_an_empty_result_is_told_as_no_results_with_the_tools_note():
    from tests.fakes import FakeTools, make_tool

    tools = FakeTools({"weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}),
                                                    lambda a: {"days": [], "note": "no forecast that far ahead"})}})
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for], answerer=["Nothing."])
    graph = build_graph(models, hits("weather"), tools).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert "- no results (no forecast that far ahead) [T1.1]" in out["answer"]
