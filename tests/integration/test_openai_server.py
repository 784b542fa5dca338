"""The ``openai`` backend against a live OpenAI-compatible server: llama-cpp-python's own ``llama_cpp.server``
serving the same SmolLM2 GGUF on loopback ports (two processes, so per-role endpoints are real).

What is checked: ``tura ask --backend openai`` gives a cited answer, with the executor role on the second
server (``TURA_EXECUTOR_BASE_URL``); a structured-output call is refused in vLLM's ``json_schema`` shape by
this server and then made, and parsed, in llama.cpp's ``json_object`` + ``schema`` shape; and the answer's
tokens stream from this backend through the graph, in process and through `langgraph dev`. The servers are stopped by their process group ids."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from langgraph_sdk import get_client
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel

from graphs.context import Context
from graphs.deps import find_smollm_gguf
from nodes.models import ModelFactory
from nodes.structured import _ENDPOINT_SHAPE, ask_structured, decoding_constraint
from tests.integration.processes import ServerProcess, free_port, free_ports

# One event loop for the module: langchain-openai shares one httpx client per (base URL, timeout) in a process,
# and its pooled connections belong to the loop that opened them.
pytestmark = pytest.mark.integration
shared_loop = pytest.mark.asyncio(loop_scope="module")
ROOT = Path(__file__).resolve().parents[2]
MODEL = "smollm2-135m"
QUESTION = "What is the weather in Beijing tomorrow?"


class ModelServer(ServerProcess):
    """One ``python -m llama_cpp.server`` process on a free loopback port."""

    def __init__(self, log_path: Path, port: int):
        self.port = port
        self.url = f"http://127.0.0.1:{self.port}/v1"
        super().__init__(
            [sys.executable, "-m", "llama_cpp.server", "--model", str(find_smollm_gguf()), "--model_alias", MODEL,
             "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", "4096", "--n_threads", "1",
             "--verbose", "False"], log_path)

    def completions_served(self) -> int:
        return self.log().count("POST /v1/chat/completions")


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Two live servers: the main endpoint and the executor's own."""
    tmp = tmp_path_factory.mktemp("openai-servers")
    main_port, executor_port = free_ports(2)
    started = [ModelServer(tmp / "main.log", main_port), ModelServer(tmp / "executor.log", executor_port)]
    try:
        for server in started:
            server.wait_http(f"{server.url}/models", timeout_s=90)
        yield started
    finally:
        for server in started:
            server.stop()


def test_tura_ask_gives_a_cited_answer_through_two_live_endpoints(servers, tmp_path):
    main, executor = servers
    before = (main.completions_served(), executor.completions_served())
    env = {**os.environ, "TURA_DATA_DIR": str(tmp_path / "data"), "HF_HUB_OFFLINE": "1",
           "TURA_EXECUTOR_BASE_URL": executor.url, "TURA_EXECUTOR_MODEL": MODEL}
    done = subprocess.run(
        [str(Path(sys.executable).with_name("tura")), "ask", QUESTION, "--json", "--backend", "openai",
         "--base-url", main.url, "--model", MODEL, "--request-timeout", "60"],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=420)
    assert done.returncode == 0, done.stderr[-3000:]
    run = json.loads(done.stdout)
    assert "[T1.1]" in run["answer"], run["answer"]
    calls = [o for r in run["task_results"].values() for o in r["observations"]]
    assert any(o["tool"] == "get_forecast" and o["ok"] and "Beijing" in json.dumps(o["arguments"]) for o in calls)
    # the executor asked its own server; no model ran embedded (an embedded model reports its prompt time apart).
    # The answer's opening is picked by code from the forecast, so the main server's answer model is not asked.
    assert executor.completions_served() > before[1]
    assert not any(stage.get("model_prompt") for stage in run["stage_costs"].values()), run["stage_costs"]


@pytest.mark.parametrize("route, question", [
    ("parallel", "Weather in Paris tomorrow and the EUR to USD rate"),
    ("planning", "how much is microsoft stock in EUR"),
])
def test_the_decomposer_planner_and_search_loop_roles_run_on_the_live_endpoint(servers, tmp_path, route, question):
    main, executor = servers
    before = main.completions_served()
    env = {**os.environ, "TURA_DATA_DIR": str(tmp_path / "data"), "HF_HUB_OFFLINE": "1",
           "TURA_EXECUTOR_BASE_URL": executor.url, "TURA_EXECUTOR_MODEL": MODEL}
    done = subprocess.run(
        [str(Path(sys.executable).with_name("tura")), "ask", question, "--json", "--route", route, "--backend",
         "openai", "--base-url", main.url, "--model", MODEL, "--request-timeout", "60"],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=420)
    assert done.returncode == 0, done.stderr[-3000:]
    run = json.loads(done.stdout)
    assert run["route"] == route and "[T1.1]" in run["answer"], run["answer"]
    if route == "parallel":
        assert len(run["task_results"]) >= 2  # two intents, each answered by a call (the rate: one euro converted)
        assert {o["tool"] for r in run["task_results"].values() for o in r["observations"] if o["ok"]} \
            >= {"get_forecast", "convert_currency"}, run["task_results"]
    else:  # a search step and the next one, or one step whose calls covered the question (the quote, converted)
        steps = run["search_steps"]
        assert len(steps) >= 2 or steps[0]["decision"] in ("covered", "enough"), steps
        assert any(o["tool"] == "convert_currency" and o["ok"] for r in run["task_results"].values()
                   for o in r["observations"]), run["task_results"]
    assert not any(stage.get("model_prompt") for stage in run["stage_costs"].values()), run["stage_costs"]
    if route == "planning":  # the search loop's compress and decide ran on the live endpoint
        assert main.completions_served() > before


class City(BaseModel):
    city: str
    country: str


@shared_loop
async def test_structured_output_falls_back_to_the_shape_this_server_accepts(servers):
    main, _ = servers
    context = Context(model_backend="openai", openai_base_url=main.url, openai_model=MODEL, request_timeout_s=60)
    model = ModelFactory(load_runtime=lambda: None).get("router", context)
    _ENDPOINT_SHAPE.pop(model.endpoint, None)
    assert decoding_constraint("openai", City, endpoint=model.endpoint)["response_format"]["type"] == "json_schema"
    refused_before = main.log().count("json_schema")
    parsed = await ask_structured(model, [SystemMessage("Reply with JSON."),
                                          HumanMessage("Name a city and its country.")], City, retries=2)
    assert isinstance(parsed, City) and parsed.city and parsed.country
    # vLLM's shape was refused (the server logs the refusal), so this endpoint now gets llama.cpp's shape
    assert _ENDPOINT_SHAPE[model.endpoint] == "json_object"
    assert main.log().count("json_schema") > refused_before
    shape = decoding_constraint("openai", City, endpoint=model.endpoint)["response_format"]
    assert shape["type"] == "json_object" and shape["schema"]["required"] == ["city", "country"]


@shared_loop
async def test_answer_tokens_stream_from_the_openai_backend(servers, tmp_path, monkeypatch):
    from graphs.deps import build_dependencies
    from graphs.graph import compile_from

    main, executor = servers
    monkeypatch.setenv("TURA_EXECUTOR_BASE_URL", executor.url)
    monkeypatch.setenv("TURA_EXECUTOR_MODEL", MODEL)
    deps = build_dependencies([], directory=tmp_path / "data")
    try:
        graph = compile_from(deps)
        context = Context(model_backend="openai", openai_base_url=main.url, openai_model=MODEL,
                          request_timeout_s=60)
        chunks = []
        async for chunk, metadata in graph.astream({"messages": [HumanMessage(QUESTION)]}, context=context,
                                                   stream_mode="messages"):
            if metadata.get("langgraph_node") == "answer" and chunk.content:
                chunks.append(chunk.content)
    finally:
        await deps.aclose()
    assert len(chunks) >= 3, chunks  # tokens, not one final message


@shared_loop
async def test_answer_tokens_stream_through_langgraph_dev_from_the_openai_backend(servers, tmp_path):
    main, executor = servers
    port = free_port()
    env = {**os.environ, "TURA_DATA_DIR": str(tmp_path / "data"), "HF_HUB_OFFLINE": "1", "PYTHONPATH": str(ROOT),
           "LANGGRAPH_CLI_NO_ANALYTICS": "1", "LANGGRAPH_NO_VERSION_CHECK": "true",
           "TURA_EXECUTOR_BASE_URL": executor.url, "TURA_EXECUTOR_MODEL": MODEL}
    server = ServerProcess([str(Path(sys.executable).with_name("langgraph")), "dev", "--no-browser", "--no-reload",
                            "--host", "127.0.0.1", "--port", str(port)], tmp_path / "langgraph.log", env=env, cwd=ROOT)
    try:
        url = f"http://127.0.0.1:{port}"
        server.wait_http(f"{url}/ok", timeout_s=240)
        client = get_client(url=url)
        thread = await client.threads.create()
        context = {"model_backend": "openai", "openai_base_url": main.url, "openai_model": MODEL,
                   "request_timeout_s": 60}
        tokens, served_before = [], executor.completions_served()
        async for part in client.runs.stream(thread["thread_id"], "tura", context=context,
                                             input={"messages": [{"role": "user", "content": QUESTION}]},
                                             stream_mode="messages-tuple"):
            if part.event.startswith("messages"):
                chunk, metadata = part.data
                if metadata.get("langgraph_node") == "answer" and chunk.get("type") == "AIMessageChunk":
                    tokens.append(chunk["content"])
        state = await client.threads.get_state(thread["thread_id"])
    finally:
        server.stop()
    assert len([t for t in tokens if t]) >= 3, tokens  # verified pieces, not one final message
    assert "".join(tokens) == state["values"]["answer"]  # nothing streamed was withdrawn
    assert executor.completions_served() > served_before  # the call was decided on the live server
    assert "[T1.1]" in state["values"]["answer"]
