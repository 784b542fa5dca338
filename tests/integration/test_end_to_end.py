"""The real graph end to end: the embedded llama.cpp model, real MCP servers over stdio, real
embeddings and chroma. Slow (tens of seconds), so each scenario runs once."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from graphs.context import Context
from graphs.deps import build_dependencies
from graphs.graph import compile_from

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
QUESTION = "What is the weather in Beijing tomorrow?"


async def test_weather_question_is_answered_with_a_cited_tool_output(tmp_path):
    deps = build_dependencies([], tmp_path)
    try:
        out = await compile_from(deps).ainvoke({"query": QUESTION}, context=Context(forced_route="fast"))
    finally:
        await deps.aclose()
    assert out["answer"].strip()
    weather = [c for c in out["citations"] if c["server"] == "weather"]
    assert weather, (out["errors"], out["task_results"])
    assert "Beijing" in weather[0]["output"] and weather[0]["tool_call_id"].startswith("call_")
    assert out["servers"][0]["server"] == "weather"
    assert set(out["timings"]) >= {"router", "retrieve", "plan", "execute", "answer"}


def test_cli_json_run_exits_0_with_a_citation(tmp_path):
    env = {**os.environ, "TURA_DATA_DIR": str(tmp_path), "HF_HUB_OFFLINE": "1"}
    done = subprocess.run(
        [str(Path(sys.executable).with_name("tura")), "ask", "--json", QUESTION],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["answer"].strip()
    assert any(c["output"] and c["tool"] for c in out["citations"]), out["errors"]
    assert set(out) >= {"answer", "citations", "plan", "route", "timings", "errors"}


async def test_a_question_over_a_written_list_gets_one_call_per_item(tmp_path):
    """Real model and servers: the executor decodes one city, code calls the forecast for the others."""
    deps = build_dependencies([], tmp_path)
    try:
        out = await compile_from(deps).ainvoke({"query": "Paris, London, Berlin - what are the highs on Saturday?"},
                                               context=Context())
    finally:
        await deps.aclose()
    cities = {m.group(1) for c in out["citations"] if c["server"] == "weather"
              for m in [re.search(r'"city": "([^"]+)"', c["output"])] if m}
    assert cities == {"Paris", "London", "Berlin"}, (out["errors"], out["task_results"])
    opening = out["answer"].split("<details><summary>Sources</summary>")[0]
    assert all(city in opening for city in ("Paris", "London", "Berlin")), out["answer"]
