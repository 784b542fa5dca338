"""A real index over the built-in servers: tools listed over MCP, all-MiniLM-L6-v2, persistent chroma."""

import dataclasses
import json

import pytest
from typer.testing import CliRunner

from graphs.catalog_index import build_index
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
