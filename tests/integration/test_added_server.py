"""A server the user adds, next to the built-in ones, on the real index (all-MiniLM-L6-v2, persistent chroma):
its first sync writes template rows from its own text in a few seconds, a later sync embeds nothing, and a
question phrased from its tool's description finds it."""

import time

import pytest

from graphs.index_build import runtime_sources
from graphs.deps import build_dependencies
from indexes.documents import ServerDoc, ToolDoc
from indexes.server_index import TEMPLATE_ORIGIN

pytestmark = pytest.mark.integration

# The reference time server's tools (mcp-server-time), as its listing describes them.
CLOCK = ServerDoc("clock", "", (
    ToolDoc("get_current_time", "Get current time in a specific timezone", ("timezone",),
            ("IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use 'UTC' as local timezone if no "
             "timezone provided by the user.",)),
    ToolDoc("convert_time", "Convert time between timezones", ("source_timezone", "time", "target_timezone"),
            ("Source IANA timezone name (e.g., 'America/New_York', 'Europe/London').",
             "Time to convert in 24-hour format (HH:MM)",
             "Target IANA timezone name (e.g., 'Asia/Tokyo', 'America/San_Francisco').")),
))


async def test_an_added_server_is_indexed_from_its_own_text_in_seconds(tmp_path):
    deps = build_dependencies([], tmp_path, builtin_servers=True)
    try:
        index = await deps.retriever.index()  # the built-in catalogue, synced once
        docs = await deps.retriever.server_docs()
        started = time.perf_counter()
        synthetic, templated = runtime_sources(index, [*docs, CLOCK])
        report = index.sync([*docs, CLOCK], synthetic, origins={name: TEMPLATE_ORIGIN for name in templated})
        [top, *_] = index.query(["current time in a specific timezone"], top_k=3)
        seconds = time.perf_counter() - started
        assert templated == {"clock"} and report.added == ["clock"] and len(report.unchanged) == len(docs)
        print(f"adding one server: sync + first query {seconds:.2f} s, {report.embedded} rows embedded")
        assert seconds < 5, f"adding one server took {seconds:.1f} s"
        assert top.server == "clock"
        rows = index.collection.get(where={"kind": "synthetic_query"}, include=["metadatas", "documents"])
        clock_rows = [(d, m) for d, m in zip(rows["documents"], rows["metadatas"]) if m["server"] == "clock"]
        assert clock_rows and all(m["origin"] == TEMPLATE_ORIGIN for _, m in clock_rows)
        assert "what is the current time" in {d for d, _ in clock_rows}

        started = time.perf_counter()
        again, _ = runtime_sources(index, [*docs, CLOCK])
        assert index.sync([*docs, CLOCK], again).embedded == 0  # the next query's sync: nothing to embed
        assert time.perf_counter() - started < 2
    finally:
        await deps.aclose()
