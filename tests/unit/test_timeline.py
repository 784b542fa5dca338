"""The run timeline: stages and DAG tasks on one time axis, parallel tasks side by side."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from graphs.timeline import NoTraceError, critical_path, render_timeline

ROOT = Path(__file__).resolve().parents[2]
T0 = 1_700_000_000.0


def run_output() -> dict:
    """router 0-0.1, decompose, retrieve, plan, execute 0.6-2.1 with T1 and T2 in parallel, T3 after T1."""
    spans = {"router": (0.0, 0.1), "decompose": (0.1, 0.3), "retrieve": (0.3, 0.4), "plan": (0.4, 0.6),
             "execute": (0.6, 2.1), "answer": (2.1, 2.5)}
    tasks = {"T1": ("weather", 0.6, 1.1, []), "T2": ("hotels", 0.6, 1.6, []), "T3": ("flights", 1.1, 2.1, ["T1"])}
    return {
        "route": "planning",
        "trace": {stage: {"start": T0 + a, "end": T0 + b} for stage, (a, b) in spans.items()},
        "plan": {"tasks": [{"id": t, "server": s, "query": "q", "deps": d} for t, (s, _, _, d) in tasks.items()]},
        "task_results": {t: {"task_id": t, "server": s, "query": "q", "status": "ok", "observations": [],
                             "started_at": T0 + a, "finished_at": T0 + b} for t, (s, a, b, _) in tasks.items()},
    }


def test_png_shows_parallel_tasks_overlapping_and_the_critical_path(tmp_path):
    path = tmp_path / "run.png"
    bars = render_timeline(run_output(), path)
    assert path.stat().st_size > 5_000 and path.read_bytes()[:4] == b"\x89PNG"
    by_label = {b.label: b for b in bars}
    t1, t2, t3 = by_label["T1 weather"], by_label["T2 hotels"], by_label["T3 flights"]
    assert t1.start < t2.end and t2.start < t1.end  # side by side in time
    assert t3.start >= t1.end  # waited for its dependency only
    assert [b.label for b in bars if b.critical] == ["T1 weather", "T3 flights"]
    assert [b.label for b in bars[:6]] == ["router", "decompose", "retrieve", "plan", "execute", "answer"]
    assert by_label["router"].start == 0 and by_label["answer"].end == pytest.approx(2.5)


def test_stage_bars_show_model_and_tool_time_apart(tmp_path):
    output = run_output()
    output["stage_costs"] = {"execute": {"model_prompt": 0.3, "model_generate": 0.4, "tool": 0.5, "other": 0.3},
                             "answer": {"model_prompt": 0.2, "model_generate": 0.4, "other": 0.0}}  # 0.6 > 0.4 s
    bars = {b.label: b for b in render_timeline(output, tmp_path / "run.png")}
    assert dict(bars["execute"].parts) == {"model_prompt": 0.3, "model_generate": 0.4, "tool": 0.5, "other": 0.3}
    answer = dict(bars["answer"].parts)
    assert set(answer) == {"model_prompt", "model_generate"}
    assert sum(answer.values()) == pytest.approx(0.4)  # scaled to the stage's wall time
    assert answer["model_generate"] == pytest.approx(2 * answer["model_prompt"])
    assert bars["router"].parts == ()  # no costs recorded: a plain bar


def test_a_threads_earlier_turn_is_left_out():
    output = run_output()
    output["trace"]["decompose"] = {"start": T0 - 50, "end": T0 - 49}  # left from the last turn
    output["task_results"]["T9"] = {"task_id": "T9", "server": "old", "status": "ok",
                                    "started_at": T0 - 49, "finished_at": T0 - 48}
    from graphs.timeline import timeline_bars

    labels = [b.label for b in timeline_bars(output)]
    assert "decompose" not in labels and "T9 old" not in labels


def test_critical_path_follows_the_dependency_that_finished_last():
    tasks = {"A": (0, 1, []), "B": (0, 3, []), "C": (3, 4, ["A", "B"]), "D": (0, 2, [])}
    assert critical_path(tasks) == ["B", "C"]
    assert critical_path({}) == []


def test_output_without_trace_is_refused(tmp_path):
    with pytest.raises(NoTraceError):
        render_timeline({"answer": "x"}, tmp_path / "x.png")


def test_command_line_draws_a_saved_run(tmp_path):
    (tmp_path / "run.json").write_text(json.dumps(run_output()))
    done = subprocess.run([sys.executable, "-m", "graphs.timeline", str(tmp_path / "run.json"),
                           str(tmp_path / "out.png")], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.png").exists() and "9 bars" in done.stdout


def parallel_graph(checkpointer=None):
    """The main graph with scripted models and two fake servers whose tools take 0.2 s each."""
    import asyncio

    from graphs.graph import build_graph
    from indexes.server_index import ServerHit
    from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

    async def slow(answer):
        await asyncio.sleep(0.2)
        return answer

    tools = FakeTools({
        "weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}),
                                     lambda a: slow({"city": a["city"], "condition": "sunny"}))},
        "hotels": {"search_hotels": (make_tool("search_hotels", {"city": {"type": "string"}}),
                                     lambda a: slow({"hotels": [{"name": "Grand"}]}))},
    })
    models = ScriptedModels(
        router=[{"route": "parallel"}], decomposer=[{"tasks": ["weather Paris", "hotel Paris"]}],
        planner=[{"tasks": [{"id": "T1", "server": "weather", "query": "weather Paris"},
                            {"id": "T2", "server": "hotels", "query": "hotel Paris"}]}],
        executor=[lambda m: {"tool": "search_hotels" if "- search_hotels(" in m[0].content else "get_forecast",
                             "params": {"city": "Paris"}}],
        answerer=["Sunny; the Grand has rooms [T1.1] [T2.1]."],
    )
    retriever = FixedRetriever([ServerHit(server=n, score=0.9, tools=[], best_for=[i])
                                for i, n in enumerate(["weather", "hotels"])])
    return build_graph(models, retriever, tools).compile(checkpointer=checkpointer)


async def test_a_real_runs_trace_draws_its_parallel_tasks_side_by_side(tmp_path):
    from graphs.context import Context

    out = await parallel_graph().ainvoke({"query": "weather and a hotel in Paris"},
                                         context=Context(stream_plan=False))
    assert set(out["trace"]) == {"router", "decompose", "retrieve", "plan", "execute", "answer"}
    assert all(span["start"] <= span["end"] for span in out["trace"].values())
    bars = {b.label: b for b in render_timeline(out, tmp_path / "run.png")}
    t1, t2 = bars["T1 weather"], bars["T2 hotels"]
    assert t1.start < t2.end and t2.start < t1.end
    assert bars["execute"].start <= min(t1.start, t2.start) and max(t1.end, t2.end) <= bars["execute"].end + 1e-3


async def test_a_thread_keeps_the_conversation_and_only_this_turns_tasks():
    from langchain_core.messages import HumanMessage
    from langgraph.checkpoint.memory import InMemorySaver

    from graphs.context import Context

    graph = parallel_graph(InMemorySaver())
    config = {"configurable": {"thread_id": "t"}}
    await graph.ainvoke({"query": "weather and a hotel in Paris"}, config=config, context=Context())
    out = await graph.ainvoke({"messages": [HumanMessage("and in Rome?")]}, config=config,
                              context=Context(forced_route="fast"))
    conversation = [m.type for m in out["messages"] if m.type == "human" or (m.type == "ai" and not m.tool_calls)]
    assert conversation == ["human", "ai", "human", "ai"]
    assert any(m.type == "tool" for m in out["messages"])  # the turns' tool calls and results sit between
    assert out["messages"][0].content == "weather and a hotel in Paris"
    # The first turn's tasks are not carried into this one (a T2 here is this turn's retry on the runner-up).
    assert {r["query"] for r in out["task_results"].values()} == {out["standalone_query"]}
    assert "hotel Paris" not in {r["query"] for r in out["task_results"].values()}
