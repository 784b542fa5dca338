"""A thread's second turn starts clean: the checkpointer hands it the first turn's state, and only the
conversation (``messages``) may carry over, not errors, timings, trace spans, task results or a plan."""

from langgraph.checkpoint.memory import InMemorySaver

from graphs.context import Context
from graphs.graph import build_graph
from tests.fakes import ScriptedModels
from tests.unit.test_routes import KeywordRetriever, classify_as, executor, travel_tools


def failing_then_fine_hotels():
    calls = {"n": 0}

    def search(arguments):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("hotel backend down")
        return {"hotels": [{"name": "Hotel Sol", "city": arguments.get("city"), "price": 95}]}

    return search


async def test_second_turn_of_a_thread_does_not_inherit_the_first_turns_errors_or_timings():
    models = ScriptedModels(executor=[executor], answerer=["Hotel Sol, 95 [T1.1]."])
    graph = build_graph(
        models, KeywordRetriever(), travel_tools(hotels=failing_then_fine_hotels()), classify=classify_as("fast")
    ).compile(checkpointer=InMemorySaver())
    thread = {"configurable": {"thread_id": "t-1"}}

    first = await graph.ainvoke({"query": "hotels in Madrid"}, thread, context=Context())
    assert first["errors"], "the first turn should record the failed hotel call"
    first_spans = dict(first["trace"])

    second = await graph.ainvoke({"query": "hotels in Madrid please"}, thread, context=Context())
    assert second["task_results"]["T1"]["status"] == "ok"
    assert not any("hotel backend down" in e for e in second["errors"]), second["errors"]
    assert set(second["timings"]) <= {"router", "retrieve", "plan", "execute", "answer"}
    assert all(second["trace"][stage]["start"] > first_spans[stage]["end"] for stage in second["trace"]
               if stage in first_spans)
    conversation = [m for m in second["messages"] if m.type == "human" or (m.type == "ai" and not m.tool_calls)]
    assert len(conversation) == 4  # two questions and two answers: the conversation does carry over
    # the second turn: the question, the call and its result, then the answer (the first turn's call raised
    # before it returned anything: no result to show)
    assert [m.type for m in second["messages"]] == ["human", "ai", "human", "ai", "tool", "ai"]
    assert second["messages"][3].tool_calls[0]["name"] == "hotels__search"
    assert second["messages"][4].tool_call_id == second["messages"][3].tool_calls[0]["id"]
