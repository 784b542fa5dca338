"""Index augmentation: cleaning, the cache (regenerate only changed servers, prune departed ones), the
template generator, the augmenter model call, and a build that keeps unchanged servers untouched."""

import json
import uuid

import pytest

from graphs.index_build import build_index, runtime_sources, runtime_synthetic
from indexes.augment import CacheFormatError, SyntheticQueryCache, augment_catalog, clean_queries
from indexes.documents import ServerDoc, ToolDoc
from indexes.chroma_store import ephemeral_client
from indexes.server_index import TEMPLATE_ORIGIN, ServerIndex
from indexes.template_queries import as_question, first_sentence, template_queries
from nodes.augment_queries import ModelQueryGenerator
from nodes.models import RoleModel
from tests.fakes import BagOfWordsEmbedding, ScriptedChat

WEATHER = ServerDoc("weather", "Forecasts for cities.",
                    (ToolDoc("get_forecast", "Daily forecast for a city. Use it.", ("city",)),))
NEWS = ServerDoc("trends", "全网热点趋势", (ToolDoc("get-bbc-news", "获取 BBC 新闻", ("category",)),))
MAPS = ServerDoc("maps", "", (ToolDoc("geocode", ""),))


class CountingGenerator:
    """Records which servers it was asked about."""

    def __init__(self):
        self.asked: list[str] = []

    async def __call__(self, server, n):
        self.asked.append(server.name)
        return [f"example request {i} for {server.name} ({server.description})" for i in range(n)]


def test_clean_queries_drops_junk_duplicates_and_verbatim_tool_names():
    raw = ["1. Will it rain?", "will it rain", "", 42, "x" * 300, "get_forecast", "https://a.b/c",
           "get forecast for Paris", "- Is it windy in Oslo?"]
    assert clean_queries(raw, 10, exclude=["get_forecast"]) == [
        "Will it rain?", "get forecast for Paris", "Is it windy in Oslo?"]
    assert len(clean_queries(raw, 1)) == 1


async def test_cache_regenerates_only_changed_servers_and_prunes_departed(tmp_path):
    path = tmp_path / "cache.json"
    generate = CountingGenerator()
    cache = SyntheticQueryCache.load(path)
    first = await augment_catalog([WEATHER, NEWS, MAPS], generate, cache, n=3, generator="counting")
    assert sorted(first.generated) == ["maps", "trends", "weather"] and first.cached == []
    changed = ServerDoc("weather", "Forecasts and air quality.", WEATHER.tools)
    generate.asked.clear()
    second = await augment_catalog([changed, NEWS], generate, SyntheticQueryCache.load(path), n=3)
    assert generate.asked == ["weather"] and second.cached == ["trends"] and second.dropped == ["maps"]
    stored = json.loads(path.read_text())
    assert set(stored) == {"weather", "trends"} and "air quality" in stored["weather"]["queries"][0]
    assert stored["trends"]["generator"] == "counting"


def test_malformed_cache_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"weather": {"hash": 1}}')
    with pytest.raises(CacheFormatError, match="weather"):
        SyntheticQueryCache.load(bad)
    bad.write_text("not json")
    with pytest.raises(CacheFormatError, match="not JSON"):
        SyntheticQueryCache.load(bad)


def test_seed_copies_only_current_entries():
    source = SyntheticQueryCache()
    source.put(WEATHER, ["will it rain"])
    source.put(ServerDoc("trends", "old description", NEWS.tools), ["stale"])
    target = SyntheticQueryCache()
    assert target.seed([WEATHER, NEWS], [source]) == ["weather"]
    assert target.get(NEWS) is None


def test_template_queries_use_the_tools_own_text_round_robin():
    queries = template_queries(WEATHER, 20)
    assert queries[0] == "Daily forecast for a city."  # the first sentence, not the usage note after it
    assert "get forecast" in queries and "Forecasts for cities." in queries
    assert template_queries(NEWS, 20)[0] == "get bbc news"  # English handle first for a Chinese description
    assert template_queries(MAPS, 20) == ["geocode"]
    assert first_sentence("Find places (e.g. cafes) nearby. Then more.") == "Find places (e.g. cafes) nearby."


CLOCK = ServerDoc("clock", "", (
    ToolDoc("get_current_time", "Get current time in a specific timezone", ("timezone",),
            ("IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use 'UTC' if none is given.",)),
    ToolDoc("list_zones", "Time zones this server knows."),
))


def test_template_queries_ask_by_the_tools_name_parameters_and_listed_names():
    queries = template_queries(CLOCK, 32, listed=["Europe/Paris", "Asia/Tokyo", "Europe/Paris"])
    assert "what is the current time" in queries and "what is the current time for timezone" in queries
    assert "show me the zones" in queries  # list_zones: a request for what a listing shows
    assert "get current time: IANA timezone name (e.g., 'America/New_York', 'Europe/London')." in queries
    assert "get current time america new york" in queries  # the values its description quotes, as words
    assert queries[-2:] == ["what is Europe/Paris", "what is Asia/Tokyo"]
    assert len(template_queries(CLOCK, 6, listed=[f"zone {i}" for i in range(20)])) == 6
    assert sum(q.startswith("what is zone") for q in template_queries(CLOCK, 32, [f"zone {i}" for i in range(20)])) == 8
    fields = ["employees: name, city, hire date", "orders: customer, order date"]
    with_fields = template_queries(CLOCK, 32, fields=fields)
    assert with_fields[:2] == fields and with_fields[2:] == template_queries(CLOCK, 32)  # first, and on top
    assert len(template_queries(CLOCK, 8, fields=[f"table {i}: a, b" for i in range(9)])) <= 8 + 2
    questions = [f"the employee with the highest measure {i}" for i in range(40)]
    with_questions = template_queries(CLOCK, 32, fields=fields, questions=questions)
    assert with_questions[:2] == fields and with_questions[2:18] == questions[:16]  # half of n, after the fields
    assert with_questions[18:] == template_queries(CLOCK, 32)
    assert as_question(["read", "text", "file"]) == "what is in the text file"
    assert as_question(["geocode"]) == as_question(["frobnicate", "widgets"]) == ""


def test_a_server_without_stored_or_committed_queries_gets_templates_at_runtime(index):
    synthetic, templated = runtime_sources(index, [CLOCK, NEWS], {"clock": ["Asia/Tokyo"]})
    assert templated == {"clock", "trends"} and "what is Asia/Tokyo" in synthetic["clock"]
    index.sync([CLOCK, NEWS], synthetic, origins={name: TEMPLATE_ORIGIN for name in templated})
    assert index.stored_synthetic([CLOCK, NEWS]) == {}  # templates are written afresh, not kept
    again, _ = runtime_sources(index, [CLOCK, NEWS], {"clock": ["Asia/Tokyo"]})
    assert index.sync([CLOCK, NEWS], again).embedded == 0  # the same templates: nothing to embed
    listed_more, _ = runtime_sources(index, [CLOCK, NEWS], {"clock": ["Asia/Tokyo", "Europe/Oslo"]})
    report = index.sync([CLOCK, NEWS], listed_more)
    assert report.updated == ["clock"] and report.unchanged == ["trends"]


async def test_model_generator_asks_per_document_and_counts_bad_replies():
    replies = ["not json", "still not json", {"queries": ["Will it rain in Lyon?", "Forecast for Oslo"]},
               {"queries": ["Weather in Rome on Friday", "Is it sunny in Nice?"]}]
    chat = ScriptedChat(replies)
    generator = ModelQueryGenerator(RoleModel("augmenter", chat, "fake", "fake:augmenter"), per_call=2, max_calls=5)
    raw = await generator(WEATHER, 3)
    assert raw == ["Will it rain in Lyon?", "Forecast for Oslo", "Weather in Rome on Friday", "Is it sunny in Nice?"]
    assert generator.calls == 3 and len(generator.failures) == 1
    first_prompt = chat.prompts[0][-1].content
    assert first_prompt.startswith("Server: weather") and "Write 2 different queries." in first_prompt
    assert chat.prompts[2][-1].content.startswith("Tool: get_forecast")  # [1] was the re-ask


@pytest.fixture
def index():
    collection = ephemeral_client().create_collection(
        f"t{uuid.uuid4().hex[:8]}", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    return ServerIndex(collection, BagOfWordsEmbedding())


async def test_build_re_embeds_and_regenerates_only_the_changed_server(index, tmp_path):
    generate = CountingGenerator()
    cache = SyntheticQueryCache.load(tmp_path / "c.json")
    first = await build_index(index, [WEATHER, NEWS], cache=cache, generate=generate, n=2)
    assert sorted(first.generated) == ["trends", "weather"] and first.synthetic_queries == 4
    assert first.rows == 2 + 2 + 4
    changed = ServerDoc("weather", "Forecasts and air quality.", WEATHER.tools)
    second = await build_index(index, [changed, NEWS], cache=SyntheticQueryCache.load(tmp_path / "c.json"),
                               generate=generate, n=2)
    assert second.generated == ["weather"] and second.cached == ["trends"]
    assert second.sync.updated == ["weather"] and second.sync.unchanged == ["trends"]
    assert second.embedded == 1 + 1 + 2
    # The running graph's sync keeps what the build indexed for unchanged servers.
    assert runtime_synthetic(index, [changed, NEWS])["weather"][0].startswith("example request 0")
    assert index.sync([changed, NEWS], runtime_synthetic(index, [changed, NEWS])).embedded == 0


async def test_no_augment_and_bad_catalogue_still_index(index):
    odd = [MAPS, NEWS, ServerDoc("dupe", "also has geocode", (ToolDoc("geocode", "geocode again"),)),
           ServerDoc("空", "", ())]
    summary = await build_index(index, odd, cache=None, generate=None)
    assert summary.synthetic_queries == 0 and sorted(summary.sync.added) == sorted(s.name for s in odd)
    hits = index.query(["geocode", "新闻"], top_k=4)
    assert {"maps", "dupe"} <= {h.server for h in hits}
