"""The graph for the server load benchmark's fake-model mode: real MCP servers (stdio, real sandbox),
real embeddings and index, real execute subgraph; only the models are scripted, so the benchmark measures
the server, the session pool and the DAG executor rather than a 135M model on two cores.

Loaded by ``langgraph dev`` through a temporary langgraph.json written by benchmarks/server_load.py
(``benchmarks.fake_graph:graph`` and ``benchmarks.fake_graph:app``); never used by the product.
The scripts expect the benchmark's question: "weather in <city> tomorrow and hotels there tomorrow night".
"""

from __future__ import annotations

import dataclasses
import re
from datetime import date, timedelta
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from langchain_core.messages import BaseMessage
from starlette.applications import Starlette

import sys as _sys
from pathlib import Path as _Path

# Run as `python benchmarks/NAME.py` from the repo root: the repo root (tests/, benchmarks/) joins the path.
_sys.path.insert(0, str(_Path(__file__).resolve().parents[1]))

from graphs.deps import build_dependencies  # noqa: E402
from graphs.graph import compile_from  # noqa: E402
from tests.fakes import ScriptedModels  # noqa: E402

CITIES = ("Paris", "Rome", "Tokyo", "Berlin", "Madrid", "London", "Beijing", "Seoul", "Sydney", "Toronto")
_SERVER_LINE = re.compile(r"^- (\w+): tools", re.MULTILINE)


def city_of(text: str) -> str:
    return next((c for c in CITIES if c.lower() in text.lower()), "Paris")


def last_human(messages: list[BaseMessage]) -> str:
    return next(m.text for m in reversed(messages) if m.type == "human")


def decompose(messages: list[BaseMessage]) -> dict:
    city = city_of(last_human(messages))
    return {"tasks": [f"weather in {city} tomorrow", f"hotels in {city} tomorrow night"]}


def plan(messages: list[BaseMessage]) -> dict:
    """Two parallel tasks on the retrieved servers (weather and hotels when retrieval found them)."""
    allowed = _SERVER_LINE.findall(messages[0].text)
    asked = last_human(messages).split("\n")[0].removeprefix("Sub-tasks: ").split("; ")
    tasks = []
    for n, (server, query) in enumerate(zip(("weather", "hotels"), asked), start=1):
        tasks.append({"id": f"T{n}", "server": server if server in allowed else allowed[0], "query": query})
    return {"tasks": tasks, "dependency": []}


def execute(messages: list[BaseMessage]) -> dict:
    """Call the server's forecast or hotel search for the task's city, tomorrow as the ISO date the executor's
    arguments must be (dates are resolved by code; a free "tomorrow" is refused)."""
    system, city = messages[0].text, city_of(last_human(messages))
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    if "- get_forecast(" in system:
        return {"tool": "get_forecast", "params": {"city": city, "dates": tomorrow}}
    if "- search(" in system and "check_in" in system:
        return {"tool": "search", "params": {"city": city, "check_in": tomorrow}}
    tool = re.search(r"^- (\w+)\(", system, re.MULTILINE)
    return {"tool": tool.group(1) if tool else "unknown", "params": {}}


def answer(messages: list[BaseMessage]) -> str:
    city = city_of(last_human(messages))
    return f"Tomorrow in {city}: see the forecast [T1.1] and the hotels with free rooms [T2.1]."


# Prompts are not recorded: the soak (benchmarks/server_load.py --soak) would measure that log growing.
models = ScriptedModels(record=False, router=[{"route": "parallel"}], decomposer=[decompose], planner=[plan],
                        executor=[execute], answerer=[answer])
dependencies = dataclasses.replace(build_dependencies(), models=models)
graph = compile_from(dependencies)


@asynccontextmanager
async def lifespan(_app: Starlette) -> AsyncIterator[None]:
    """Open the index (and with it every MCP session) and load the embedder before the first run; close
    the sessions at exit."""
    await dependencies.retriever.search(["warm up"], top_k=1, top_n=1)
    try:
        yield
    finally:
        await dependencies.aclose()


app = Starlette(lifespan=lifespan)
