"""Where a stage's seconds go: tool calls, index searches and model calls are charged to the stage that makes
them, in every task and thread it starts."""

import asyncio
import time

from langchain_core.messages import AIMessage

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.model_call import charge_model_time
from nodes.stage_costs import breakdown, charge, charged, ledger
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool


async def test_a_ledger_collects_from_tasks_and_threads_and_passes_its_sums_up():
    with ledger() as outer:
        with ledger() as inner:
            async def slow_tool():
                with charged("tool"):
                    await asyncio.sleep(0.05)

            await asyncio.gather(slow_tool(), slow_tool())  # side by side: each charges its own time
            await asyncio.to_thread(charge, "index", 0.5)
        assert inner["tool"] >= 0.1 and inner["index"] == 0.5
    assert outer == inner
    charge("tool", 1.0)  # outside any stage: nothing to charge, no error
    assert breakdown({"tool": 0.3, "index": 0.1}, 1.0) == {"tool": 0.3, "index": 0.1, "other": 0.6}
    assert breakdown({"tool": 2.0}, 1.0)["other"] == 0.0  # parallel calls may sum above the wall time


def test_a_model_that_reports_its_prompt_time_is_split_and_another_is_charged_whole():
    with ledger() as costs:
        charge_model_time(AIMessage("x", response_metadata={"prompt_seconds": 0.2}), 0.5)
        charge_model_time(AIMessage("y"), 0.7)
    assert round(costs["model_prompt"], 3) == 0.2 and round(costs["model_generate"], 3) == 0.3
    assert costs["model"] == 0.7


async def test_a_run_reports_the_tool_and_index_seconds_of_each_stage():
    async def slow_forecast(arguments):
        await asyncio.sleep(0.2)
        return {"city": arguments["city"], "high_c": 6}

    class SlowRetriever(FixedRetriever):
        async def search(self, sub_queries, *, top_k, top_n):
            await asyncio.sleep(0.1)
            return await super().search(sub_queries, top_k=top_k, top_n=top_n)

    tools = FakeTools({"weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}),
                                                    slow_forecast)}})
    models = ScriptedModels(router=[{"route": "fast"}],
                            executor=[{"tool": "get_forecast", "params": {"city": "Beijing"}}],
                            answerer=["Beijing: 6 °C [T1.1]."])
    retriever = SlowRetriever([ServerHit(server="weather", score=0.9, tools=[], best_for=[0])])
    started = time.perf_counter()
    out = await build_graph(models, retriever, tools).compile().ainvoke(
        {"query": "weather in Beijing tomorrow"}, context=Context())
    wall = time.perf_counter() - started
    costs = out["stage_costs"]
    assert 0.2 <= costs["execute"]["tool"] <= out["timings"]["execute"] + 1e-3
    assert 0.1 <= costs["retrieve"]["index"] <= out["timings"]["retrieve"] + 1e-3
    assert costs["execute"]["model"] > 0 and "model_prompt" not in costs["execute"]  # the fake reports no split
    assert "model" not in costs["answer"]  # code found the forecast's fields: no answer model was asked
    assert sum(sum(c.values()) for c in costs.values()) <= wall
