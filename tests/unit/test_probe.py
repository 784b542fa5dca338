"""Probe-then-plan: bounded, read-only probes; the planner sees the snapshot; 'void' halts honestly."""

import asyncio
import time

from mcp.types import Tool, ToolAnnotations

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.probe import probe_argument, probe_servers
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

QUERY = {"query": {"type": "string"}}


def search_tool(read_only=True, destructive=False, properties=QUERY, required=("query",)):
    return Tool(name="search", description="search", inputSchema={"type": "object", "properties": properties,
                                                                   "required": list(required)},
                annotations=ToolAnnotations(readOnlyHint=read_only, destructiveHint=destructive))


async def test_probe_calls_only_read_only_query_tools():
    tools = FakeTools({
        "shop": {"search": (search_tool(), lambda a: {"items": [1, 2, 3]})},
        "orders": {"search": (search_tool(read_only=False, destructive=True), lambda a: {"placed": True})},
        "hotels": {"search": (search_tool(properties={"city": {"type": "string"}}, required=("city",)),
                              lambda a: {"hotels": []})},
    })
    results, _ = await probe_servers(tools, ["shop", "orders", "hotels"], "red running shoes", budget_s=1)
    assert [(r.server, r.results) for r in results] == [("shop", 3)]
    assert tools.calls == [("shop", "search", {"query": "red running shoes"})]


async def test_probe_never_runs_past_its_time_bound():
    async def slow(_):
        await asyncio.sleep(10)

    tools = FakeTools({"slow": {"search": (search_tool(), slow)}, "fast": {"search": (search_tool(), lambda a: [1])}})
    started = time.perf_counter()
    results, seconds = await probe_servers(tools, ["slow", "fast"], "q", budget_s=0.3)
    assert time.perf_counter() - started < 0.3 + 0.2
    assert [r.server for r in results] == ["fast"]


def test_probe_argument_needs_a_lone_free_text_parameter():
    assert probe_argument(search_tool()) == "query"
    assert probe_argument(make_tool("search", {"query": {"type": "string"}, "city": {"type": "string"}},
                                    required=["query", "city"])) is None


async def test_planner_sees_the_snapshot_and_void_halts_with_an_honest_answer():
    tools = FakeTools({"shop": {"search": (search_tool(), lambda a: {"items": []})}})
    models = ScriptedModels(
        decomposer=[{"tasks": ["brand X bottled water"]}],
        planner=[{"diagnosis": "recall_void", "strategy": "halt", "tasks": [], "dependency": []}],
    )
    graph = build_graph(models, FixedRetriever([ServerHit(server="shop", score=0.7, best_for=[0])]), tools).compile()
    out = await graph.ainvoke({"query": "brand X bottled water"}, context=Context(forced_route="parallel", stream_plan=False))
    assert "shop.search: 0 results" in models.chats["planner"].prompts[0][0].content
    assert out["probe"]["diagnosis"] == "recall_void" and out["plan"]["source"] == "halt"
    assert out["answer"].startswith("Nothing matching this exists") and out["citations"] == []
    assert models.calls("executor") == 0 and models.calls("answerer") == 0
    assert out["errors"] == []


async def test_halt_without_void_is_rejected():
    tools = FakeTools({"shop": {"search": (search_tool(), lambda a: {"items": [1]})}})
    models = ScriptedModels(
        decomposer=[{"tasks": ["shoes"]}],
        planner=[{"diagnosis": "effective", "strategy": "halt", "tasks": []},
                 {"diagnosis": "effective", "strategy": "preserve",
                  "tasks": [{"id": "T1", "server": "shop", "query": "shoes"}]}],
        executor=[{"tool": "search", "params": {"query": "shoes"}}], answerer=["Shoes [T1.1]."])
    graph = build_graph(models, FixedRetriever([ServerHit(server="shop", score=0.7, best_for=[0])]), tools).compile()
    out = await graph.ainvoke({"query": "shoes"}, context=Context(forced_route="parallel", stream_plan=False))
    assert "halt is only for diagnosis recall_void" in models.chats["planner"].prompts[1][-1].content
    assert out["plan"]["source"] == "planner" and out["probe"]["strategy"] == "preserve"
