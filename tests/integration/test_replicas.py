"""Two tura replicas behind one Postgres and one Chroma server (tests/integration/cluster.py), spoken to with
the stock langgraph-sdk: turn 1 of a thread on replica A and turn 2 on replica B, which rewrites the follow-up
from turn 1; replica A killed during a run, after which the thread's history is intact and the next run on B
succeeds; and 50 concurrent runs spread over both replicas without an error. Real embedded model for the
thread, scripted models for the load (as benchmarks/server_load.py)."""

import asyncio
import statistics

import pytest
from langgraph_sdk import get_client

from benchmarks.replicas import percentile, spread_load
from tests.integration.cluster import cluster

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]


@pytest.fixture(scope="module")
def replicas(tmp_path_factory):
    with cluster(tmp_path_factory.mktemp("replicas"), replicas=2) as running:
        yield running


def messages(state: dict) -> list[str]:
    return [m["content"] for m in state["values"]["messages"] if m["type"] == "human"]


async def test_a_thread_started_on_one_replica_is_continued_on_the_other(replicas):
    a, b = (get_client(url=u) for u in replicas.urls)
    thread = await a.threads.create()
    first = await a.runs.wait(thread["thread_id"], "tura",
                              input={"messages": [{"role": "user", "content": "weather in Paris tomorrow"}]})
    assert "[T1.1]" in first["answer"]
    second = await b.runs.wait(thread["thread_id"], "tura",
                               input={"messages": [{"role": "user", "content": "and the day after?"}]})
    assert "Paris" in second["standalone_query"]  # the follow-up was rewritten from turn 1, read from Postgres
    assert "[T1.1]" in second["answer"]
    state = await b.threads.get_state(thread["thread_id"])
    assert messages(state) == ["weather in Paris tomorrow", "and the day after?"]


async def test_fifty_concurrent_runs_over_both_replicas_all_succeed(replicas):
    results = await spread_load(replicas.urls, 50)
    latencies = [s for s, _ in results]
    print(f"50 runs over 2 replicas: p50 {statistics.median(latencies):.2f} s, "
          f"p95 {percentile(latencies, 0.95):.2f} s")
    assert [e for _, e in results if e] == []


async def test_the_thread_survives_a_replica_killed_during_a_run(replicas):
    a, b = (get_client(url=u) for u in replicas.urls)
    thread = await a.threads.create()
    await a.runs.wait(thread["thread_id"], "tura",
                      input={"messages": [{"role": "user", "content": "weather in Rome tomorrow"}]})
    run = await a.runs.create(thread["thread_id"], "tura",
                              input={"messages": [{"role": "user", "content": "weather in Tokyo tomorrow"}]})
    for _ in range(100):  # until A is working on it
        if (await a.runs.get(thread["thread_id"], run["run_id"]))["status"] == "running":
            break
        await asyncio.sleep(0.1)
    replicas.replicas[0].crash()
    state = await b.threads.get_state(thread["thread_id"])
    assert messages(state)[0] == "weather in Rome tomorrow"  # the finished turn is intact
    after = await b.runs.wait(thread["thread_id"], "tura",
                              input={"messages": [{"role": "user", "content": "and the day after?"}]})
    assert "[T1.1]" in after["answer"]
    assert "Rome" in after["standalone_query"] or "Tokyo" in after["standalone_query"]
