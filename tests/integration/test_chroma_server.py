"""A shared index on a Chroma server (``chroma run``): two tura processes' worth of dependencies, each with its
own data directory, point at one server through TURA_CHROMA_URL. The first sync writes the index, the second
writes nothing, and both answer retrieval from it. The server is stopped by its process group id."""

import os
import sys
from pathlib import Path

import pytest

from graphs.index_build import runtime_synthetic
from graphs.deps import build_dependencies
from tests.integration.processes import ServerProcess, free_port

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]


@pytest.fixture(scope="module")
def chroma_url(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("chroma-server")
    port = free_port()
    server = ServerProcess([str(Path(sys.executable).with_name("chroma")), "run", "--path", str(tmp / "db"),
                            "--host", "127.0.0.1", "--port", str(port)], tmp / "chroma.log",
                           env={**os.environ, "ANONYMIZED_TELEMETRY": "False"})
    try:
        url = f"http://127.0.0.1:{port}"
        server.wait_http(f"{url}/api/v2/heartbeat", timeout_s=60)
        yield url
    finally:
        server.stop()


async def test_two_replicas_share_one_index_and_only_the_first_writes_it(chroma_url, tmp_path, monkeypatch):
    monkeypatch.setenv("TURA_CHROMA_URL", chroma_url)
    first = build_dependencies([], directory=tmp_path / "replica-a")
    second = build_dependencies([], directory=tmp_path / "replica-b")
    try:
        index_a = await first.retriever.index()
        rows = index_a.collection.count()
        assert rows > 100
        assert not (tmp_path / "replica-a" / "chroma").exists()  # nothing embedded on the replica's disk
        docs = await second.retriever.server_docs()
        index_b = await second.retriever.open()
        report = index_b.sync(docs, runtime_synthetic(index_b, docs))  # what replica B's own first sync does
        assert report.embedded == 0 and not report.added and len(report.unchanged) == len(docs)
        assert index_b.collection.count() == rows
        [top] = await second.retriever.search(["weather in Paris tomorrow"], top_k=1, top_n=40)
        assert top.server == "weather"
    finally:
        await first.aclose()
        await second.aclose()
