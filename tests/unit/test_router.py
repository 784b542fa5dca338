"""Router: standalone rewrite of follow-ups, classifier first, model only when unsure, forced routes."""

from langchain_core.messages import AIMessage, HumanMessage

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.rewrite import fallback_rewrite
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

TWO_TURNS = [HumanMessage("Weather in Paris tomorrow?"), AIMessage("Sunny, 14 °C [T1.1]."),
             HumanMessage("And hotels there for that night?")]


def graph_with(models, classify=None):
    from graphs.executor import build_execute_graph, make_execute_node  # noqa: F401  (wiring check)

    tools = FakeTools({"hotels": {"search_hotels": (make_tool("search_hotels", {"city": {"type": "string"}}),
                                                    lambda a: {"hotels": [{"name": "Lutetia", "city": a["city"]}]})}})
    retriever = FixedRetriever([ServerHit(server="hotels", score=0.8, best_for=[0])])
    return build_graph(models, retriever, tools, classify=classify).compile(), retriever


async def test_follow_up_is_rewritten_and_routed_by_the_classifier():
    seen = []

    def classify(query):
        seen.append(query)
        return ("fast", 0.93, True)

    models = ScriptedModels(router=[{"query": "hotels in Paris for tomorrow night"}],
                            executor=[{"tool": "search_hotels", "params": {"city": "Paris"}}],
                            answerer=["The Lutetia [T1.1]."])
    graph, retriever = graph_with(models, classify)
    out = await graph.ainvoke({"messages": TWO_TURNS}, context=Context())
    assert seen == ["hotels in Paris for tomorrow night"]
    assert out["route"] == "fast" and out["route_source"] == "classifier" and out["route_confidence"] == 0.93
    assert retriever.seen == [["hotels in Paris for tomorrow night"]]
    rewrite_prompt = models.chats["router"].prompts[0][-1].content
    assert "user: Weather in Paris tomorrow?" in rewrite_prompt and "And hotels there" in rewrite_prompt
    assert models.calls("router") == 1  # the rewrite only: a confident classifier needs no model


async def test_single_turn_skips_the_rewrite_and_unsure_classifier_asks_the_model():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[{"tool": "search_hotels", "params": {"city": "Rome"}}],
                            answerer=["ok [T1.1]"])
    graph, _ = graph_with(models, lambda q: ("planning", 0.41, False))
    out = await graph.ainvoke({"query": "hotels in Rome tonight"}, context=Context())
    assert out["route"] == "fast" and out["route_source"] == "model" and out["route_confidence"] == 0.41
    assert models.calls("router") == 1
    assert "Q: hotels in Rome tonight" in models.chats["router"].prompts[0][-1].content


async def test_failed_rewrite_keeps_the_earlier_question_in_view():
    models = ScriptedModels(router=["no json"], executor=[{"tool": "search_hotels", "params": {"city": "Paris"}}],
                            answerer=["ok"])
    graph, retriever = graph_with(models, lambda q: ("fast", 0.9, True))
    out = await graph.ainvoke({"messages": TWO_TURNS}, context=Context(structured_retries=0))
    # the earlier question in front of the follow-up: two intents, "there" and "that night" bound to its words
    assert out["route"] == "parallel"
    assert retriever.seen == [["Weather in Paris tomorrow", "hotels in Paris for tomorrow"]]
    assert any("standalone rewrite failed" in e for e in out["errors"])


async def test_forced_route_skips_classifier_and_model():
    models = ScriptedModels(executor=[{"tool": "search_hotels", "params": {"city": "Rome"}}], answerer=["ok"])
    graph, _ = graph_with(models, lambda q: (_ for _ in ()).throw(AssertionError("classifier called")))
    out = await graph.ainvoke({"query": "hotels in Rome"}, context=Context(forced_route="fast"))
    assert out["route"] == "fast" and out["route_source"] == "forced"


async def test_one_calculation_is_one_intent_before_the_classifier_is_asked():
    models = ScriptedModels(executor=[{"tool": "search_hotels", "params": {"city": "Rome"}}], answerer=["ok"])
    graph, _ = graph_with(models, lambda q: ("parallel", 0.95, True))
    out = await graph.ainvoke({"query": "lamp was 84.50, 25% off, then 7% tax on the reduced price - final?"},
                              context=Context())
    assert out["route"] == "fast" and out["route_source"] == "calculation"
    # numbers no expression takes leave the decision to the classifier
    models = ScriptedModels(executor=[{"tool": "search_hotels", "params": {"city": "Rome"}}], answerer=["ok"])
    graph, _ = graph_with(models, lambda q: ("fast", 0.95, True))
    other = await graph.ainvoke({"query": "2 rooms for 3 nights near the Colosseum"}, context=Context())
    assert other["route"] == "fast" and other["route_source"] == "classifier"


def test_fallback_rewrite_joins_recent_user_turns():
    assert fallback_rewrite(TWO_TURNS[:2], "And hotels there?") == "Weather in Paris tomorrow? And hotels there?"


def test_control_and_invisible_characters_are_taken_out_of_the_question():
    import pytest

    from nodes.question import InvalidQuery, latest_question

    noise = "".join(chr(c) for c in range(1, 32))
    assert latest_question({"query": f"{noise}weather\u202e in\u200b paris{noise}"}) == "weather in paris"
    with pytest.raises(InvalidQuery):
        latest_question({"query": noise * 3})
