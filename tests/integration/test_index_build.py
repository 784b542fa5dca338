"""A real index over the built-in servers: tools listed over MCP, all-MiniLM-L6-v2, persistent chroma."""

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from graphs.index_build import build_index
from graphs.deps import build_dependencies
from graphs.index_cli import index_app
from indexes.augment import SyntheticQueryCache
from indexes.template_queries import template_generate

pytestmark = pytest.mark.integration


class RecordingTemplates:
    """The template generator, recording which servers it was asked about."""

    def __init__(self):
        self.asked: list[str] = []

    async def __call__(self, server, n):
        self.asked.append(server.name)
        return await template_generate(server, n)


async def test_build_ranks_weather_first_and_rebuild_regenerates_only_the_changed_server(tmp_path):
    deps = build_dependencies([], tmp_path)
    try:
        docs = await deps.retriever.server_docs()
        assert not deps.retriever.unavailable and {"weather", "flights"} <= {d.name for d in docs}
        index = await deps.retriever.open()
        generate = RecordingTemplates()
        cache_path = tmp_path / "synthetic.json"
        first = await build_index(index, docs, cache=SyntheticQueryCache.load(cache_path), generate=generate, n=20)
        # The committed cache already covers the built-in servers: nothing to generate.
        assert generate.asked == [] and len(first.cached) == len(docs) and first.synthetic_queries > 0
        [top, *_] = index.query(["weather in Beijing tomorrow"], top_k=3)
        assert top.server == "weather" and top.evidence

        changed = [dataclasses.replace(d, description=d.description + " Also air quality.") if d.name == "weather"
                   else d for d in docs]
        second = await build_index(index, changed, cache=SyntheticQueryCache.load(cache_path), generate=generate, n=20)
        assert generate.asked == ["weather"] and second.generated == ["weather"]
        assert second.sync.updated == ["weather"] and len(second.sync.unchanged) == len(docs) - 1
        # The running graph's first sync keeps the build's rows (nothing re-embedded for the same catalogue).
        again = await build_index(index, changed, cache=SyntheticQueryCache.load(cache_path), generate=None)
        assert again.embedded == 0
    finally:
        await deps.aclose()


def test_cli_build_then_query_json(tmp_path, monkeypatch):
    monkeypatch.setenv("TURA_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    built = runner.invoke(index_app, ["build", "--augmenter", "template"])
    assert built.exit_code == 0, built.output
    assert "servers 10" in built.stdout and "generated for 0 server(s)" in built.stdout
    asked = runner.invoke(index_app, ["query", "weather in Beijing tomorrow", "--json", "--top-k", "2"])
    assert asked.exit_code == 0, asked.output
    servers = json.loads(asked.stdout)["servers"]
    assert servers[0]["server"] == "weather" and servers[0]["evidence"][0]["text"]


def test_cli_paraphrase_build_with_the_embedded_model(tmp_path, monkeypatch):
    """`--augmenter paraphrase` on a small catalogue file: the embedded 135M model writes a request per tool,
    the round-trip check keeps only those that lead back to their own server, templates fill up to N."""
    monkeypatch.setenv("TURA_DATA_DIR", str(tmp_path))
    catalog = tmp_path / "tools.json"
    catalog.write_text(json.dumps([
        {"name": "Weather Desk", "description": "Weather forecasts for cities.",
         "tools": {"w": {"tools": [{"name": "get_forecast", "description": "Get the weather forecast for a city.",
                                    "inputSchema": {"properties": {"city": {}}}}]}}},
        {"name": "Stock Desk", "description": "Stock market quotes.",
         "tools": {"s": {"tools": [{"name": "get_quote", "description": "Get the latest price of a stock ticker.",
                                    "inputSchema": {"properties": {"ticker": {}}}}]}}},
        {"name": "Hotel Desk", "description": "Hotel rooms.",
         "tools": {"h": {"tools": [{"name": "book_room", "description": "Book a hotel room in a city.",
                                    "inputSchema": {"properties": {"city": {}, "nights": {}}}}]}}},
    ]), encoding="utf-8")
    built = CliRunner().invoke(index_app, ["build", "--catalog", str(catalog), "--augmenter", "paraphrase", "--n", "6"])
    assert built.exit_code == 0, built.output
    assert "generated for 3 server(s)" in built.stdout
    kept, checked = map(int, built.stdout.split("round-trip check: ")[1].split()[0:3:2])
    assert checked == 9 and 0 < kept <= checked  # 3 tools x 3 samples, at least one request survives
    cache = json.loads((tmp_path / "tools_synthetic.json").read_text(encoding="utf-8"))
    assert set(cache) == {"Weather Desk", "Stock Desk", "Hotel Desk"}
    for entry in cache.values():
        assert entry["generator"].startswith("paraphrase (embedded") and 1 <= len(entry["queries"]) <= 6
