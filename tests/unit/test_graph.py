"""The compiled main graph end to end with scripted models, fake tools and a fixed retriever."""

import asyncio
import json
from dataclasses import replace

from langchain_core.messages import AIMessage, HumanMessage

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.arguments.candidates import warm_resolvers
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

# The planner answers in the non-streamed format (tasks, then "T1->T2" edges), with repair rounds.
NOT_STREAMED = Context(stream_plan=False)

FORECAST = {"city": "Beijing", "date": "2026-11-23", "high_c": 6, "low_c": -3, "condition": "sunny"}


def weather_and_hotels():
    return FakeTools({
        "weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}), lambda a: FORECAST)},
        "hotels": {"search_hotels": (make_tool("search_hotels", {"city": {"type": "string"}}),
                                     lambda a: {"hotels": [{"name": "Grand", "price": 120}]})},
    })


def hits(*names):
    return FixedRetriever([ServerHit(server=n, score=0.9 - i / 10, tools=[], best_for=[i]) for i, n in enumerate(names)])


def executor_for(messages):
    system = messages[0].content
    return {"tool": "search_hotels" if "- search_hotels(" in system else "get_forecast", "params": {"city": "Beijing"}}


async def test_fast_route_answers_with_a_citation_and_skips_decompose_and_planner():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for],
                            answerer=["Tomorrow in Beijing: sunny, 6/-3 °C [T1.1]."])
    graph = build_graph(models, hits("weather", "hotels"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "What is the weather in Beijing tomorrow?"}, context=Context())
    assert out["route"] == "fast"
    assert out["plan"]["source"] == "fast_path" and len(out["plan"]["tasks"]) == 1
    assert out["answer"].startswith("Tomorrow in Beijing")
    [citation] = out["citations"]
    assert citation["server"] == "weather" and citation["tool"] == "get_forecast" and citation["cited_in_text"]
    assert json.loads(citation["output"])["condition"] == "sunny"
    assert isinstance(out["messages"][-1], AIMessage) and out["messages"][-1].content == out["answer"]
    assert set(out["timings"]) >= {"router", "retrieve", "plan", "execute", "answer"}
    assert "decompose" not in out["timings"]
    assert models.calls("decomposer") == 0 and models.calls("planner") == 0


async def test_parallel_route_decomposes_plans_and_runs_both_tasks():
    models = ScriptedModels(
        router=[{"route": "parallel"}],
        decomposer=[{"tasks": ["weather in Beijing tomorrow", "hotels in Beijing tomorrow"]}],
        planner=[{"tasks": [{"id": "T1", "server": "weather", "query": "weather in Beijing tomorrow", "deps": []},
                            {"id": "T2", "server": "hotels", "query": "hotels in Beijing tomorrow", "deps": []}]}],
        executor=[executor_for],
        answerer=["Sunny [T1.1]; the Grand costs 120 [T2.1]."],
    )
    retriever = hits("weather", "hotels")
    graph = build_graph(models, retriever, weather_and_hotels()).compile()
    out = await graph.ainvoke({"messages": [HumanMessage("Weather in Beijing tomorrow and a hotel there?")]},
                              context=Context(stream_plan=True))
    assert retriever.seen == [["weather in Beijing tomorrow", "hotels in Beijing tomorrow"]]
    assert [t["server"] for t in out["plan"]["tasks"]] == ["weather", "hotels"]
    assert out["plan"]["source"] == "planner_streamed" and out["plan"]["dispatched"]  # ran while it streamed
    assert {c["marker"] for c in out["citations"] if c["cited_in_text"]} == {"T1.1", "T2.1"}
    assert out["errors"] == []


async def test_a_streamed_plan_with_a_late_cycle_is_cancelled_and_planned_again():
    """T1 starts while the plan streams; T2 and T3 name each other: the plan is invalid at its end, T1 is
    cancelled, and the planner is asked again without streaming (its second reply), which runs."""
    release = asyncio.Event()

    async def slow_forecast(arguments):
        await release.wait()
        return FORECAST

    tools = FakeTools({
        "weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}), slow_forecast)},
        "hotels": {"search_hotels": (make_tool("search_hotels", {"city": {"type": "string"}}),
                                     lambda a: {"hotels": [{"name": "Grand", "price": 120}]})},
    })
    cyclic = {"tasks": [{"id": "T1", "server": "weather", "query": "weather in Beijing", "deps": []},
                        {"id": "T2", "server": "hotels", "query": "hotels there", "deps": ["T3"]},
                        {"id": "T3", "server": "weather", "query": "weather near the hotel", "deps": ["T2"]}]}
    fixed = {"tasks": [{"id": "T1", "server": "hotels", "query": "hotels in Beijing"}], "dependency": []}
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather and hotels Beijing"]}],
                            planner=[cyclic, fixed], executor=[executor_for], answerer=["The Grand [T1.1]."])
    graph = build_graph(models, hits("weather", "hotels"), tools).compile()
    out = await graph.ainvoke({"query": "weather Beijing, a hotel near the warm part"},
                              context=Context(stream_plan=True))
    assert any("cycle" in e and "cancelled T1" in e for e in out["errors"]), out["errors"]
    assert out["plan"]["source"] == "planner" and [t["server"] for t in out["plan"]["tasks"]] == ["hotels"]
    # the forecast call had started (and was cancelled before it returned); the second plan's call ran
    assert tools.calls == [("weather", "get_forecast", {"city": "Beijing"}), ("hotels", "search_hotels", {"city": "Beijing"})]
    assert not release.is_set()
    assert set(out["task_results"]) == {"T1"} and out["task_results"]["T1"]["server"] == "hotels"


async def test_cyclic_plan_is_repaired_by_the_planner():
    cyclic = {"tasks": [{"id": "T1", "server": "weather", "query": "a"}, {"id": "T2", "server": "hotels", "query": "b"}],
              "dependency": ["T1->T2", "T2->T1"]}
    fixed = {**cyclic, "dependency": ["T1->T2"]}
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather Beijing", "hotel Beijing"]}],
                            planner=[cyclic, fixed], executor=[executor_for], answerer=["ok [T1.1]"])
    graph = build_graph(models, hits("weather", "hotels"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "weather in Beijing then a hotel"}, context=NOT_STREAMED)
    assert out["plan"]["source"] == "planner"
    assert out["plan"]["tasks"][1]["deps"] == ["T1"]
    assert "cycle" in models.chats["planner"].prompts[1][-1].content
    assert any("cycle" in e for e in out["errors"])


async def test_always_cyclic_plan_falls_back_to_parallel_tasks():
    cyclic = {"tasks": [{"id": "T1", "server": "weather", "query": "a"}], "dependency": ["T1->T1"]}
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather Beijing", "hotel Beijing"]}],
                            planner=[cyclic], executor=[executor_for], answerer=["ok"])
    graph = build_graph(models, hits("weather", "hotels"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "weather and hotel in Beijing"},
                              context=replace(NOT_STREAMED, structured_retries=1))
    assert out["plan"]["source"] == "fallback"
    assert [(t["server"], t["deps"]) for t in out["plan"]["tasks"]] == [("weather", []), ("hotels", [])]
    assert models.calls("planner") == 2


async def test_unknown_server_in_plan_is_rejected_with_the_reason():
    bad = {"tasks": [{"id": "T1", "server": "teleporter", "query": "a"}], "dependency": []}
    good = {"tasks": [{"id": "T1", "server": "weather", "query": "weather Beijing"}], "dependency": []}
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather Beijing"]}],
                            planner=[bad, good], executor=[executor_for], answerer=["ok"])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "weather Beijing"}, context=NOT_STREAMED)
    assert "unknown server 'teleporter'" in models.chats["planner"].prompts[1][-1].content
    assert out["plan"]["tasks"][0]["server"] == "weather"


async def test_invalid_json_every_time_ends_with_clear_errors_not_a_hang():
    models = ScriptedModels(router=["nonsense"], decomposer=["nonsense"], planner=["nonsense"],
                            executor=["nonsense"], answerer=["I could not find it."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "weather Beijing"}, context=replace(NOT_STREAMED, structured_retries=1))
    joined = " | ".join(out["errors"])
    assert "router model gave no valid RouteChoice" in joined
    assert "executor model gave no valid ToolStep" in joined
    assert out["plan"]["source"] == "fallback"
    assert out["task_results"]["T1"]["status"] == "failed"
    assert out["answer"] == ("I could not find an answer to: weather Beijing. The weather source could not answer: "
                             "the model could not form a valid tool call.")
    assert out["citations"] == []


async def test_empty_question_ends_with_a_reason():
    models = ScriptedModels()
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "   "}, context=Context())
    assert "question is empty" in out["answer"]
    assert out["citations"] == []


async def test_failed_task_is_named_in_the_answer():
    def broken(_):
        raise ValueError("hotel API down")

    tools = weather_and_hotels()
    tools.tools["hotels"]["search_hotels"] = (make_tool("search_hotels", {"city": {"type": "string"}}), broken)
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather Beijing", "hotel Beijing"]}],
                            planner=[{"tasks": [{"id": "T1", "server": "weather", "query": "weather Beijing"},
                                                {"id": "T2", "server": "hotels", "query": "hotel Beijing"}]}],
                            executor=[executor_for], answerer=["Sunny [T1.1]."])
    graph = build_graph(models, hits("weather", "hotels"), tools).compile()
    out = await graph.ainvoke({"query": "weather and hotel in Beijing"}, context=Context(max_executor_steps=1))
    assert out["task_results"]["T1"]["status"] == "ok"
    assert "Not available: The hotels source could not answer (search_hotels: city 'Beijing')" in out["answer"]
    assert "hotel API down" in out["answer"] and "T2" not in out["answer"]  # task ids stay in errors
    assert any(e.startswith("execute: T2 (hotels) failed") for e in out["errors"])


def test_planner_decoding_schema_only_allows_retrieved_servers():
    from nodes.plan import planner_schema

    schema = planner_schema(["weather", "hotels"], 4)
    assert schema["$defs"]["PlannedTask"]["properties"]["server"] == {"enum": ["weather", "hotels"]}
    assert schema["properties"]["tasks"]["maxItems"] == 4


async def test_no_evidence_means_no_model_answer_and_an_honest_reply():
    def broken(_):
        raise ValueError("weather API down")

    tools = weather_and_hotels()
    tools.tools["weather"]["get_forecast"] = (make_tool("get_forecast", {"city": {"type": "string"}}), broken)
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for])
    graph = build_graph(models, hits("weather"), tools).compile()
    out = await graph.ainvoke({"query": "weather in Beijing tomorrow"}, context=Context(max_executor_steps=1))
    assert models.calls("answerer") == 0
    assert out["answer"].startswith("I could not find an answer to: weather in Beijing tomorrow.")
    assert "The weather source could not answer (get_forecast: city 'Beijing'): weather API down" in out["answer"]


async def test_task_events_stream_as_custom_events_with_timings():
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for], answerer=["Sunny [T1.1]."])
    graph = build_graph(models, hits("weather"), weather_and_hotels()).compile()
    events = []
    async for namespace, mode, chunk in graph.astream({"query": "weather in Beijing"}, context=Context(),
                                                      stream_mode=["custom", "updates"], subgraphs=True):
        events.append((mode, chunk))
    progress = [c["event"] for mode, c in events if mode == "custom" and not c["event"].startswith("task_")]
    assert progress == ["route_chosen", "servers_retrieved", "plan_made"]
    custom = [c for mode, c in events if mode == "custom" and c["event"].startswith("task_")]
    assert [c["event"] for c in custom] == ["task_started", "task_finished"]
    assert custom[0]["task_id"] == "T1" and custom[1]["at_s"] >= custom[0]["at_s"]
    updated = [next(iter(c)) for mode, c in events if mode == "updates"]
    assert updated.index("router") < updated.index("execute") < updated.index("answer")


async def test_latency_budget_expiring_mid_run_gives_a_partial_answer_in_time():
    import asyncio
    import time

    async def slow(_):
        await asyncio.sleep(20)

    warm_resolvers()  # as compile_from and the server's start-up do: the tables' first load is no run's time
    tools = weather_and_hotels()
    tools.tools["hotels"]["search_hotels"] = (make_tool("search_hotels", {"city": {"type": "string"}}), slow)
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather Beijing", "hotel Beijing"]}],
                            planner=[{"tasks": [{"id": "T1", "server": "weather", "query": "weather Beijing"},
                                                {"id": "T2", "server": "hotels", "query": "hotel Beijing"}]}],
                            executor=[executor_for], answerer=["Sunny [T1.1]."])
    graph = build_graph(models, hits("weather", "hotels"), tools).compile()
    started = time.perf_counter()
    out = await graph.ainvoke({"query": "weather and hotel in Beijing"},
                              context=replace(NOT_STREAMED, latency_budget_s=0.5, task_timeout_s=30, tool_timeout_s=30))
    assert time.perf_counter() - started < 0.5 + 1
    assert out["task_results"]["T2"]["status"] == "cancelled"
    assert out["answer"].startswith("Sunny [T1.1].")
    assert "The hotels source could not answer: it ran out of time." in out["answer"]


async def test_the_latency_budget_covers_the_whole_run_not_only_the_execute_stage():
    import asyncio
    import time

    class SlowRetriever(type(hits("weather"))):
        async def search(self, sub_queries, *, top_k, top_n):
            await asyncio.sleep(1.2)  # retrieval alone spends most of the budget
            return await super().search(sub_queries, top_k=top_k, top_n=top_n)

    async def slow(_):
        await asyncio.sleep(5)

    tools = weather_and_hotels()
    tools.tools["weather"]["get_forecast"] = (make_tool("get_forecast", {"city": {"type": "string"}}), slow)
    models = ScriptedModels(router=[{"route": "fast"}], executor=[executor_for], answerer=["unused"])
    graph = build_graph(models, SlowRetriever(hits("weather").hits), tools).compile()
    started = time.perf_counter()
    out = await graph.ainvoke({"query": "weather in Beijing"},
                              context=replace(NOT_STREAMED, latency_budget_s=1.5, task_timeout_s=30, tool_timeout_s=30))
    assert time.perf_counter() - started < 1.5 + 1
    assert out["task_results"]["T1"]["status"] == "failed" and "timed out" in out["task_results"]["T1"]["error"]
    assert "could not answer" in out["answer"]


async def test_a_server_picked_by_its_own_data_is_not_overruled_by_the_planner():
    picked = ServerHit(server="hotels", score=0.5, tools=[], best_for=[0], matched_kind="document")
    retriever = FixedRetriever([picked, ServerHit(server="weather", score=0.3, tools=[])])
    planner = {"tasks": [{"id": "T1", "server": "weather", "query": "my Beijing stay"}], "dependency": []}
    models = ScriptedModels(router=[{"route": "parallel"}], decomposer=[{"tasks": ["my Beijing stay"]}],
                            planner=[planner], executor=[executor_for], answerer=["ok"])
    graph = build_graph(models, retriever, weather_and_hotels()).compile()
    out = await graph.ainvoke({"query": "what was the booking ref of my Beijing stay"}, context=NOT_STREAMED)
    assert [task["server"] for task in out["plan"]["tasks"]] == ["hotels"]
    assert any("planner left out hotels" in e for e in out["errors"])
