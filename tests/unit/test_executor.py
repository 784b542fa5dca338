"""The execute subgraph: critical-path scheduling, failure isolation, timeouts, the latency budget and the
executor's tool guard, all with fakes."""

import asyncio
import gc
import time

import pytest

from graphs.context import Context
from graphs.executor import build_execute_graph, context_payload
from graphs.plan import Plan, Task
from nodes.arguments.tool_offer import step_schema
from nodes.arguments.step_rules import ToolRefused, ToolStep, make_step_check
from tests.fakes import FakeTools, ScriptedModels, make_tool


def call_tool(name):
    return lambda messages: {"tool": name, "params": {}}


def plan_of(*specs):
    return Plan(tasks=[Task(id=i, server=s, query=f"task {i}", deps=list(d)) for i, s, d in specs]).model_dump()


async def run(tools, plan, models=None, **context):
    models = models or ScriptedModels(executor=[lambda messages: {"tool": "go", "params": {}}])
    graph = build_execute_graph(tools, models)
    return await graph.ainvoke({"plan": plan, "context": context_payload(Context(**context))})


async def test_independent_tasks_run_in_parallel_proven_by_a_barrier():
    barrier = asyncio.Barrier(3)

    async def meet(_):
        await asyncio.wait_for(barrier.wait(), 5)  # one-by-one execution would time out here
        return {"met": True}

    tools = FakeTools({f"s{i}": {"go": (make_tool("go"), meet)} for i in range(3)})
    out = await run(tools, plan_of(("T1", "s0", ()), ("T2", "s1", ()), ("T3", "s2", ())))
    assert {r["status"] for r in out["task_results"].values()} == {"ok"}


async def test_dependent_task_starts_when_its_own_dependency_finishes():
    # T1 (0.05 s) -> T3 (0.3 s); T2 (0.3 s) is independent: critical path 0.35 s, waves would need 0.6 s.
    def sleeper(seconds):
        async def behave(_):
            await asyncio.sleep(seconds)
            return {"slept": seconds}
        return behave

    tools = FakeTools({
        "fast": {"go": (make_tool("go"), sleeper(0.05))},
        "slow": {"go": (make_tool("go"), sleeper(0.3))},
    })
    # the bound is about scheduling: a full collection of the whole suite's objects (0.1-0.3 s) is kept out of it
    gc.collect()
    gc.disable()
    try:
        out = await run(tools, plan_of(("T1", "fast", ()), ("T2", "slow", ()), ("T3", "slow", ("T1",))))
    finally:
        gc.enable()
    results = out["task_results"]
    assert results["T3"]["started_s"] < results["T2"]["finished_s"]
    assert out["elapsed_s"] < 0.55


async def test_failed_task_skips_dependents_but_not_siblings():
    def broken(_):
        raise ValueError("upstream API said 503")

    tools = FakeTools({
        "bad": {"go": (make_tool("go"), broken)},
        "good": {"go": (make_tool("go"), lambda _: {"ok": 1})},
    })
    out = await run(tools, plan_of(("T1", "bad", ()), ("T2", "good", ()), ("T3", "good", ("T1",))),
                    max_executor_steps=1)
    results = out["task_results"]
    assert results["T1"]["status"] == "failed" and "503" in results["T1"]["error"]
    assert results["T2"]["status"] == "ok"
    assert results["T3"]["status"] == "skipped" and "T1" in results["T3"]["error"]


async def test_task_timeout_is_reported_and_run_goes_on():
    async def hang(_):
        await asyncio.sleep(30)

    tools = FakeTools({"slow": {"go": (make_tool("go"), hang)}, "ok": {"go": (make_tool("go"), lambda _: {})}})
    started = time.perf_counter()
    out = await run(tools, plan_of(("T1", "slow", ()), ("T2", "ok", ())), task_timeout_s=0.3, tool_timeout_s=20)
    assert time.perf_counter() - started < 2
    assert out["task_results"]["T1"]["status"] == "failed"
    assert "timed out after 0.3 s" in out["task_results"]["T1"]["error"]
    assert out["task_results"]["T2"]["status"] == "ok"


async def test_latency_budget_cancels_what_still_runs():
    async def slow(_):
        await asyncio.sleep(10)

    tools = FakeTools({"slow": {"go": (make_tool("go"), slow)}, "ok": {"go": (make_tool("go"), lambda _: {})}})
    started = time.perf_counter()
    out = await run(tools, plan_of(("T1", "ok", ()), ("T2", "slow", ()), ("T3", "slow", ("T2",))),
                    latency_budget_s=0.4, task_timeout_s=30, tool_timeout_s=30)
    assert time.perf_counter() - started < 0.4 + 1
    statuses = {k: v["status"] for k, v in out["task_results"].items()}
    assert statuses == {"T1": "ok", "T2": "cancelled", "T3": "cancelled"}


async def test_tool_of_another_server_is_refused_in_code():
    tools = FakeTools({
        "weather": {"get_forecast": (make_tool("get_forecast"), lambda _: {"sunny": True})},
        "hotels": {"book_room": (make_tool("book_room", read_only=False), lambda _: {"booked": True})},
    })
    models = ScriptedModels(executor=[lambda messages: {"tool": "book_room", "params": {}}])
    out = await run(tools, plan_of(("T1", "weather", ())), models=models)
    result = out["task_results"]["T1"]
    assert result["status"] == "failed"
    assert "not a tool of server 'weather'" in result["error"]
    assert tools.calls == []  # the refused tool was never called


def test_step_schema_and_guard_follow_the_tool_schemas():
    forecast = make_tool("get_forecast", {"city": {"type": "string"}, "days": {"type": "integer", "maximum": 14}},
                         required=["city"])
    other = make_tool("list_cities")
    schema = step_schema([forecast, other])
    assert [v["properties"]["tool"]["const"] for v in schema["anyOf"]] == ["get_forecast", "list_cities"]
    check = make_step_check("weather", [forecast, other])
    check(ToolStep(tool="get_forecast", params={"city": "Paris", "days": 3}))
    with pytest.raises(ToolRefused, match="invalid: 'city' is a required property"):
        check(ToolStep(tool="get_forecast", params={"days": 3}))
    with pytest.raises(ToolRefused, match="15 is greater than the maximum of 14"):
        check(ToolStep(tool="get_forecast", params={"city": "Paris", "days": 15}))


def test_a_list_argument_that_repeats_a_value_is_refused():
    import pytest

    from nodes.arguments.step_rules import ToolRefused, ToolStep, make_step_check
    from tests.fakes import make_tool

    compare = make_tool("compare_cities", {"cities": {"type": "array", "items": {"type": "string"}}}, required=["cities"])
    check = make_step_check("weather", [compare])
    check(ToolStep(tool="compare_cities", params={"cities": ["Oslo", "Lima"]}))
    with pytest.raises(ToolRefused, match="repeats a value"):
        check(ToolStep(tool="compare_cities", params={"cities": ["Oslo", "oslo"]}))


def oslo_weather() -> FakeTools:
    """A weather server that knows Oslo only: any other city is an error."""

    def oslo_only(arguments):
        if arguments["city"] != "Oslo":
            raise ValueError(f"unknown city {arguments['city']}")
        return {"city": "Oslo", "high_c": 5}

    forecast = make_tool("get_forecast", {"city": {"type": "string"}}, required=["city"])
    return FakeTools({"weather": {"get_forecast": (forecast, oslo_only)}})


class DistilledThenBase:
    """A ModelProvider whose executor is 'distilled' (scripted) unless the context switches the adapter off."""

    def __init__(self, distilled_script, base_script):
        from tests.fakes import ScriptedChat

        self.distilled, self.base = ScriptedChat(distilled_script), ScriptedChat(base_script)

    def get(self, role, context, server_fingerprint=None):
        from nodes.models import RoleModel

        on = context.executor_adapter
        return RoleModel(role=role, chat=self.distilled if on else self.base, backend="fake",
                         endpoint="fake", distilled=on)


async def test_the_base_executor_tries_once_more_when_the_distilled_one_forms_no_valid_step_or_call():
    from dataclasses import replace

    from nodes.execute import run_executor

    tools = oslo_weather()
    task = Task(id="T1", server="weather", query="weather in Oslo for Bergen folks")
    context = replace(Context(), executor_adapter=True)
    invalid = DistilledThenBase(["not json"], [{"tool": "get_forecast", "params": {"city": "Oslo"}}])
    outcomes = await run_executor(task, {}, tools=tools, models=invalid, context=context)
    assert [o.ok for o in outcomes] == [True] and invalid.base.calls_made == 1
    failing = DistilledThenBase([{"tool": "get_forecast", "params": {"city": "Bergen"}}],
                                [{"tool": "get_forecast", "params": {"city": "Oslo"}}])
    outcomes = await run_executor(task, {}, tools=tools, models=failing, context=context)
    # the distilled executor's failed calls stay on record; the base executor's call answers
    assert outcomes[-1].ok and not any(o.ok for o in outcomes[:-1]) and failing.base.calls_made == 1
    fine = DistilledThenBase([{"tool": "get_forecast", "params": {"city": "Oslo"}}], ["never asked"])
    assert [o.ok for o in await run_executor(task, {}, tools=tools, models=fine, context=context)] == [True]
    assert fine.base.calls_made == 0


async def test_a_task_that_reads_dependency_results_runs_on_the_base_executor():
    """The adapter is trained on a request alone; a prompt with dependency results goes to the base model."""
    from dataclasses import replace

    from nodes.execute import run_executor
    from tools.tool_outcome import ToolOutcome

    forecast = make_tool("get_forecast", {"city": {"type": "string"}}, required=["city"])
    tools = FakeTools({"weather": {"get_forecast": (forecast, lambda arguments: {"city": arguments["city"]})}})
    task = Task(id="T2", server="weather", query="weather in the city of T1", deps=["T1"])
    found = ToolOutcome(call_id="c1", server="places", tool="find", ok=True, text='{"city": "Oslo"}')
    models = DistilledThenBase(["never asked"], [{"tool": "get_forecast", "params": {"city": "Oslo"}}])
    context = replace(Context(), executor_adapter=True)
    outcomes = await run_executor(task, {"T1": [found]}, tools=tools, models=models, context=context)
    assert [o.ok for o in outcomes] == [True]
    assert models.distilled.calls_made == 0 and models.base.calls_made == 1


async def test_after_the_distilled_first_step_a_retry_is_the_base_executors_with_its_own_prompt():
    """The adapter is trained on first steps: a retry after a failed call, or a follow-up call, is asked of the
    base executor, prompted as the base executor is (few-shot examples), with the steps so far after it."""
    from dataclasses import replace

    from nodes.execute import run_executor

    tools = oslo_weather()
    task = Task(id="T1", server="weather", query="weather in Oslo for Bergen folks")
    models = DistilledThenBase([{"tool": "get_forecast", "params": {"city": "Bergen"}}, "never asked twice"],
                               [{"tool": "get_forecast", "params": {"city": "Oslo"}}])
    outcomes = await run_executor(task, {}, tools=tools, models=models,
                                  context=replace(Context(), executor_adapter=True))
    assert [o.ok for o in outcomes] == [False, True]
    assert models.distilled.calls_made == 1 and models.base.calls_made == 1
    [retry] = models.base.prompts
    distilled_prompt = models.distilled.prompts[0]
    assert len(retry) > len(distilled_prompt) + 1  # the base prompt's few-shot examples, then the retry
    assert "unknown city Bergen" in retry[-1].content


async def test_a_call_that_failed_is_not_made_again_with_the_same_arguments():
    """"Weather in Bergen": the server knows no such city; asking it again tells nothing new. The failed call
    stands as the task's account, on either executor: the base executor's retry, and its run from the start
    after the distilled executor's failure, do not repeat it."""
    from dataclasses import replace

    from nodes.execute import run_executor

    task = Task(id="T1", server="weather", query="weather in Bergen")
    bergen = {"tool": "get_forecast", "params": {"city": "Bergen"}}
    tools = oslo_weather()
    outcomes = await run_executor(task, {}, tools=tools, models=ScriptedModels(executor=[bergen, bergen]),
                                  context=Context())
    assert [o.ok for o in outcomes] == [False] and "unknown city Bergen" in outcomes[0].error
    assert len(tools.calls) == 1
    tools = oslo_weather()
    models = DistilledThenBase([bergen, "never asked twice"], [bergen, bergen, "never asked thrice"])
    outcomes = await run_executor(task, {}, tools=tools, models=models,
                                  context=replace(Context(), executor_adapter=True))
    assert [o.ok for o in outcomes] == [False] and len(tools.calls) == 1
    assert models.distilled.calls_made == 1 and models.base.calls_made == 2  # its retry, then its own first step


async def test_after_a_failed_distilled_call_the_base_executor_starts_over_and_calls_something_else():
    """"nestle share price": the distilled executor asks for ticker 'share', the base executor's retry repeats
    it (not made again), and the base executor's own first step asks for 'nestle'."""
    from dataclasses import replace

    from nodes.execute import run_executor

    bergen, oslo = ({"tool": "get_forecast", "params": {"city": c}} for c in ("Bergen", "Oslo"))
    tools = oslo_weather()
    models = DistilledThenBase([bergen], [bergen, oslo])
    outcomes = await run_executor(Task(id="T1", server="weather", query="weather in Oslo for Bergen folks"), {},
                                  tools=tools, models=models, context=replace(Context(), executor_adapter=True))
    assert [o.ok for o in outcomes] == [False, True] and [c[2]["city"] for c in tools.calls] == ["Bergen", "Oslo"]
