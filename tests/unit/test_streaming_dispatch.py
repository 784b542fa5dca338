"""Streaming plan dispatch: tasks start while the planner's JSON still streams, each after the tasks it depends
on; a plan that turns out invalid at the end cancels what already runs."""

import asyncio
import json
import time

from nodes.streaming_dispatch import PlanStreamParser, StreamingDispatch, dispatch_streamed_plan

PLAN = {"tasks": [{"id": "T1", "server": "weather", "query": "weather in Rome tomorrow", "deps": []},
                  {"id": "T2", "server": "hotels", "query": "hotels in Rome", "deps": []},
                  {"id": "T3", "server": "flights", "query": "flight to the warmer city", "deps": ["T1"]}]}


async def stream(text: str, chars_per_s: float = 2000.0):
    """The planner's text, a few characters at a time, at a fixed rate."""
    for start in range(0, len(text), 4):
        await asyncio.sleep(4 / chars_per_s)
        yield text[start:start + 4]


def test_the_parser_yields_each_task_once_as_soon_as_it_is_complete():
    text, parser, seen = json.dumps(PLAN), PlanStreamParser(), []
    for n, char in enumerate(text):
        for task in parser.feed(char):
            seen.append((task["id"], n))
    seen += [(task["id"], len(text)) for task in parser.close()]
    assert [task_id for task_id, _ in seen] == ["T1", "T2", "T3"]
    assert seen[0][1] < text.index('"T2"') + 5  # T1 is out once T2 has begun, long before the end
    assert seen[2][1] <= len(text)  # the last one once its list closes


def recorder(log: list, seconds: float = 0.05):
    async def run_task(task, deps):
        log.append(("start", task.id, time.perf_counter(), sorted(deps)))
        try:
            await asyncio.sleep(seconds)
        except asyncio.CancelledError:
            log.append(("cancelled", task.id, time.perf_counter(), []))
            raise
        log.append(("end", task.id, time.perf_counter(), []))
        return {"task_id": task.id, "server": task.server, "query": task.query, "status": "ok", "observations": []}
    return run_task


async def test_tasks_start_while_the_plan_streams_and_a_dependent_waits_for_its_result():
    log: list = []
    dispatch = StreamingDispatch(recorder(log), ["weather", "hotels", "flights"], max_tasks=6)
    started = time.perf_counter()
    report = await dispatch_streamed_plan(stream(json.dumps(PLAN), chars_per_s=600), dispatch)
    streamed_s = len(json.dumps(PLAN)) / 600
    assert report.plan is not None and set(report.results) == {"T1", "T2", "T3"}
    assert all(r["status"] == "ok" for r in report.results.values())
    first = min(t for kind, _, t, _ in log if kind == "start") - started
    assert first < 0.5 * streamed_s and report.first_dispatch_s < 0.5 * streamed_s
    t1_end = next(t for kind, task, t, _ in log if kind == "end" and task == "T1")
    t3 = next(e for e in log if e[0] == "start" and e[1] == "T3")
    assert t3[2] >= t1_end and t3[3] == ["T1"]  # T3 got T1's result


async def test_a_late_cycle_cancels_the_early_tasks_and_reports_the_plan_invalid():
    cyclic = {"tasks": [{"id": "T1", "server": "weather", "query": "weather in Rome", "deps": []},
                        {"id": "T2", "server": "hotels", "query": "hotels near it", "deps": ["T3"]},
                        {"id": "T3", "server": "flights", "query": "flights there", "deps": ["T2"]}]}
    log: list = []
    dispatch = StreamingDispatch(recorder(log, seconds=5.0), ["weather", "hotels", "flights"], max_tasks=6)
    report = await dispatch_streamed_plan(stream(json.dumps(cyclic)), dispatch)
    assert report.plan is None and any("cycle" in p for p in report.problems), report.problems
    assert report.cancelled == ["T1"]
    assert [(kind, task) for kind, task, _, _ in log] == [("start", "T1"), ("cancelled", "T1")]  # T2, T3 never ran


async def test_an_unknown_server_mid_stream_stops_the_plan_at_once():
    bad = {"tasks": [{"id": "T1", "server": "weather", "query": "weather in Rome", "deps": []},
                     {"id": "T2", "server": "casino", "query": "odds", "deps": []},
                     {"id": "T3", "server": "hotels", "query": "hotels in Rome", "deps": []}]}
    log: list = []
    report = await dispatch_streamed_plan(stream(json.dumps(bad)),
                                          StreamingDispatch(recorder(log, 5.0), ["weather", "hotels"], max_tasks=6))
    assert report.plan is None and "unknown server 'casino'" in report.problems[0]
    assert {task for kind, task, _, _ in log if kind == "start"} == {"T1"}  # T3 never started
