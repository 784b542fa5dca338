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
    assert "From the sources:\nweather (get_forecast):" in out["answer"]
    assert "high: 6°C; low: -3°C; condition: sunny [T1.1]" in out["answer"]
    [citation] = out["citations"]
    assert citation["cited_by"] == "model" and citation["cited_in_text"]


async def test_answer_with_markers_adds_no_sources_list():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["Sunny tomorrow [T1.1]."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert "From the sources:" not in out["answer"]
    assert out["citations"][0]["cited_by"] == "model"
