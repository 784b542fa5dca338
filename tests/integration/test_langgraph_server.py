"""`langgraph dev` serves the graph from the repository's langgraph.json offline: the context shows up as
assistant configuration, and a thread holds a two-turn conversation whose runs stream the answer's verified
pieces (never withdrawn), progress and task events and node updates; the follow-up is rewritten using the first
turn.
Real embedded model, real MCP servers, real index. The server is stopped by its process group id."""

import json
import os
import re
import sys
from pathlib import Path

import pytest
from langgraph_sdk import get_client

from tests.integration.processes import ServerProcess, free_port

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def langgraph_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("langgraph-dev")
    port = free_port()
    env = {**os.environ, "TURA_DATA_DIR": str(tmp / "data"), "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT),
           "LANGGRAPH_CLI_NO_ANALYTICS": "1", "LANGGRAPH_NO_VERSION_CHECK": "true"}
    server = ServerProcess([str(Path(sys.executable).with_name("langgraph")), "dev", "--no-browser", "--no-reload",
                            "--host", "127.0.0.1", "--port", str(port)], tmp / "server.log", env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        server.wait_http(f"{url}/ok", timeout_s=240)  # startup builds the index and opens every MCP session
        yield url, server.log_path
    finally:
        server.stop()
    assert "tura: MCP sessions closed" in server.log()


async def stream_turn(client, thread_id: str, question: str) -> dict:
    """One turn streamed with messages, custom and updates; what arrived, by kind."""
    seen = {"answer_tokens": [], "answer_chunks": [], "drafts": [], "tokens": 0, "events": [], "updates": [], "errors": [], "values": []}
    async for part in client.runs.stream(
        thread_id, "tura", input={"messages": [{"role": "user", "content": question}]},
        stream_mode=["messages-tuple", "custom", "updates", "values"], stream_subgraphs=True,
    ):
        kind = part.event.split("|")[0]
        if kind == "messages":
            chunk, metadata = part.data
            seen["tokens"] += 1
            if metadata.get("langgraph_node") == "answer":
                seen["answer_chunks"].append(chunk)
                if chunk.get("type") == "AIMessageChunk":
                    seen["answer_tokens"].append(chunk["content"])
            elif chunk.get("type") == "AIMessageChunk" and chunk.get("content"):
                seen["drafts"].append((metadata.get("langgraph_node"), chunk["content"]))
        elif kind == "values" and "|" not in part.event:  # the main graph's state after each step
            seen["values"].append([(m["type"], bool(m.get("tool_calls")), m.get("content")) for m in
                                   part.data.get("messages") or []])
        elif kind == "custom":
            seen["events"].append(part.data)
        elif kind == "updates":
            seen["updates"].extend(part.data)
        elif kind == "error":
            seen["errors"].append(part.data)
    return seen


async def test_context_schema_is_the_assistants_configuration(langgraph_server):
    client = get_client(url=langgraph_server[0])
    assistant = (await client.assistants.search(graph_id="tura"))[0]
    schemas = await client.assistants.get_schemas(assistant["assistant_id"])
    fields = schemas["context_schema"]["properties"]
    assert {"model_backend", "top_k_servers", "latency_budget_s", "forced_route"} <= set(fields)
    assert fields["forced_route"]["enum"] == ["auto", "fast", "parallel", "planning"]


async def test_a_thread_streams_two_turns_and_the_follow_up_uses_the_first(langgraph_server):
    client = get_client(url=langgraph_server[0])
    thread = (await client.threads.create())["thread_id"]

    first = await stream_turn(client, thread, "Weather in Paris tomorrow?")
    second = await stream_turn(client, thread, "And hotels there for that night?")

    for turn in (first, second):
        assert not turn["errors"], turn["errors"]
        assert turn["tokens"] > 0
        kinds = [e["event"] for e in turn["events"]]
        assert kinds[:3] == ["route_chosen", "servers_retrieved", "plan_made"], kinds
        assert "task_started" in kinds and any(k in kinds for k in ("task_finished", "task_failed")), kinds
        assert {"router", "retrieve", "plan", "execute", "answer"} <= set(turn["updates"])
    assert len(first["answer_tokens"]) > 1  # the answer streamed a piece at a time
    rewritten = next(e for e in second["events"] if e["event"] == "route_chosen")["standalone_query"]
    assert "paris" in rewritten.lower(), rewritten

    for turn in (first, second):  # the tool work shows while the run goes on: before the answer is there
        before_answer = turn["values"][-2]
        assert any(kind == "ai" and calls for kind, calls, _ in before_answer), before_answer
        assert any(kind == "tool" for kind, _, _ in before_answer), before_answer
    state = (await client.threads.get_state(thread))["values"]
    conversation = [m for m in state["messages"] if m["type"] == "human" or (m["type"] == "ai" and not m.get("tool_calls"))]
    assert [m["type"] for m in conversation] == ["human", "ai", "human", "ai"]
    assert conversation[3]["content"] == state["answer"]
    # Nothing a chat client showed is withdrawn: each turn's streamed pieces, in order, are its final answer, sent
    # as one message id and never again as a whole; no model's own tokens reached the stream.
    for turn, final in ((first, conversation[1]), (second, conversation[3])):
        assert "".join(turn["answer_tokens"]) == final["content"]
        assert {c["id"] for c in turn["answer_chunks"]} == {final["id"]}
        assert all(c["type"] == "AIMessageChunk" for c in turn["answer_chunks"])
        assert not turn["drafts"], turn["drafts"]
    calls = [c for m in state["messages"] if m["type"] == "ai" for c in m.get("tool_calls") or []]
    results = [m for m in state["messages"] if m["type"] == "tool"]
    assert calls and {c["id"] for c in calls} == {m["tool_call_id"] for m in results}
    assert any(c["name"] == "weather__get_forecast" for c in calls), calls
    assert set(state["trace"]) >= {"router", "retrieve", "plan", "execute", "answer"}


async def test_a_planning_run_loads_its_roles_weights_without_blocking_the_server(langgraph_server):
    """The planning route's roles are not warmed up at start: their weights load during the run, which must
    happen off the event loop (langgraph dev fails a run that blocks it with BlockingError)."""
    client = get_client(url=langgraph_server[0])
    thread = (await client.threads.create())["thread_id"]
    await client.runs.wait(thread, "tura", input={"messages": [{"role": "user", "content": "Weather in Rome tomorrow?"}]},
                           context={"forced_route": "planning"})
    state = (await client.threads.get_state(thread))["values"]
    assert not any("Blocking" in e for e in state.get("errors") or []), state.get("errors")
    assert "search" in state["trace"] and state["citations"], state.get("errors")
    assert any(c["tool"] == "get_forecast" for c in state["citations"]), state["citations"]


BOOKING = "Book the cheapest 4-star hotel in Paris for tomorrow night"


def hotel_bookings(tmp_data: Path) -> int:
    import sqlite3

    with sqlite3.connect(tmp_data / "sandbox.db") as conn:
        return conn.execute("SELECT COUNT(*) FROM hotel_bookings").fetchone()[0]


async def paused_booking(client, thread: str) -> dict:
    """Ask for the booking; the run must stop with one approval request in agent-chat-ui's shape."""
    await client.runs.wait(thread, "tura", input={"messages": [{"role": "user", "content": BOOKING}]},
                           context={"user_name": "Ada Lovelace"})
    state = await client.threads.get_state(thread)
    interrupts = [i for task in state["tasks"] for i in task.get("interrupts", [])]
    assert len(interrupts) == 1, state["tasks"]
    request = interrupts[0]["value"]
    assert [a["name"] for a in request["action_requests"]] == ["hotels.book_room"]
    assert request["action_requests"][0]["args"]["guest_name"] == "Ada Lovelace"
    # the hotel id is described by the search result it came from: a name, then its price and rating fields
    assert re.search(r"hotel_id \d+ \([^:()]+: [^()]*stars \d[^()]*price", request["action_requests"][0]["description"])
    assert request["review_configs"] == [{"action_name": "hotels.book_room",
                                          "allowed_decisions": ["approve", "edit", "reject"]}]
    return request


async def booking_decided(langgraph_server, decision: str) -> tuple[int, dict, dict]:
    """Ask for the booking, check it waits with nothing booked, then resume it with ``decision``: returns the
    bookings made, the approval request and the run's final output."""
    url, log_path = langgraph_server
    data = log_path.parent / "data"
    client = get_client(url=url)
    thread = (await client.threads.create())["thread_id"]
    before = hotel_bookings(data)
    request = await paused_booking(client, thread)
    assert hotel_bookings(data) == before  # nothing is booked while the run waits
    final = await client.runs.wait(thread, "tura", command={"resume": {"decisions": [{"type": decision}]}},
                                   context={"user_name": "Ada Lovelace"})
    return hotel_bookings(data) - before, request, final


async def test_a_booking_waits_for_approval_and_a_rejection_books_nothing(langgraph_server):
    made, _, final = await booking_decided(langgraph_server, "reject")
    assert made == 0
    assert "Not done: Book hotel rooms on hotels" in final["answer"] and "declined" in final["answer"]
    [card] = booking_cards(final)
    assert card["content"].startswith("declined:") and card["status"] == "error"


async def test_an_approved_booking_is_made_once_and_cited(langgraph_server):
    made, request, final = await booking_decided(langgraph_server, "approve")
    assert made == 1
    booked = next(c for c in final["citations"] if c["tool"] == "book_room")
    assert "HB-" in booked["output"] and f"[{booked['marker']}]" in final["answer"]
    assert final["answer"].startswith("Done: Book hotel rooms on hotels")
    assert request["action_requests"][0]["args"]["hotel_id"] == json.loads(booked["output"])["hotel_id"]
    [card] = booking_cards(final)  # the waiting card, replaced in place by the booking's result
    assert "HB-" in card["content"] and card["status"] == "success"


def booking_cards(final: dict) -> list[dict]:
    """The thread's tool messages for the booking call."""
    return [m for m in final["messages"] if m.get("type") == "tool" and m.get("name") == "hotels__book_room"]
