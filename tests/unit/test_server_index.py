"""Index logic over an ephemeral chroma client and a fake embedding (no model, no disk)."""

import uuid

import pytest

from indexes.documents import ServerDoc, ToolDoc, rows_for_server
from indexes.server_index import EmptyQueryError, ServerIndex, ephemeral_client
from tests.fakes import BagOfWordsEmbedding

WEATHER = ServerDoc("weather", "forecasts temperature rain wind for cities",
                    (ToolDoc("get_forecast", "daily forecast for a city", ("city", "date")),))
FINANCE = ServerDoc("finance", "stock quotes and currency exchange rates",
                    (ToolDoc("get_quote", "latest stock price for a ticker", ("ticker",)),
                     ToolDoc("convert_currency", "convert an amount between currencies", ("amount",))))
HOTELS = ServerDoc("hotels", "hotel rooms availability and booking", (ToolDoc("book_room", "book a hotel room"),))


@pytest.fixture
def index():
    embed = BagOfWordsEmbedding()
    collection = ephemeral_client().create_collection(
        f"t{uuid.uuid4().hex[:8]}", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    return ServerIndex(collection, embed)


def test_rows_cover_description_tools_and_synthetic_queries():
    rows = rows_for_server(FINANCE, ["how much is apple stock"])
    assert [r.kind for r in rows] == ["description", "tool", "tool", "synthetic_query"]
    assert rows[1].tool == "get_quote" and "ticker" in rows[1].text


def test_tool_hits_map_to_their_owner_server(index):
    index.sync([WEATHER, FINANCE, HOTELS])
    [top] = index.query(["latest stock price ticker"], top_k=1)
    assert top.server == "finance" and top.tools[0] == "get_quote"


def test_sub_queries_are_merged_by_max(index):
    index.sync([WEATHER, FINANCE, HOTELS])
    got = index.query(["forecast rain city", "book a hotel room"], top_k=2)
    assert {h.server for h in got} == {"weather", "hotels"}
    assert got[0].best_for != got[1].best_for


def test_resync_touches_only_changed_servers(index):
    first = index.sync([WEATHER, FINANCE])
    assert sorted(first.added) == ["finance", "weather"]
    changed = ServerDoc("weather", "new description: air quality too", WEATHER.tools)
    second = index.sync([changed, FINANCE, HOTELS])
    assert second.updated == ["weather"] and second.added == ["hotels"] and second.unchanged == ["finance"]
    third = index.sync([FINANCE])
    assert sorted(third.removed) == ["hotels", "weather"]
    assert {m["server"] for m in index.collection.get()["metadatas"]} == {"finance"}


def test_bad_catalogue_entries_still_index(index):
    odd = [ServerDoc("empty", "", ()), ServerDoc("中文服务", "查询天气预报", (ToolDoc("search", "搜索"),)),
           ServerDoc("dupe", "also has search", (ToolDoc("search", "search things"),))]
    report = index.sync(odd)
    assert len(report.added) == 3
    assert index.query(["search things"], top_k=3)


def test_empty_query_is_a_clear_error(index):
    index.sync([WEATHER])
    with pytest.raises(EmptyQueryError, match="non-empty"):
        index.query(["  ", ""])
