"""Index logic over an ephemeral chroma client and a fake embedding (no model, no disk)."""

import uuid

import pytest

from indexes.documents import ServerDoc, ToolDoc, rows_for_server
from indexes.chroma_store import ephemeral_client
from indexes.server_index import TEMPLATE_ORIGIN, EmptyQueryError, ServerIndex
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


def test_examples_are_synthetic_query_rows_and_a_change_of_examples_re_embeds_that_server_only(index):
    asked = ServerDoc("hotels", HOTELS.description, HOTELS.tools, examples=("is there a room in Oslo tonight",))
    rows = rows_for_server(asked, ["book a room"])
    assert [(r.kind, r.id) for r in rows[-2:]] == [("synthetic_query", "hotels::query::0"),
                                                   ("synthetic_query", "hotels::example::0")]
    assert rows_for_server(HOTELS) == rows_for_server(ServerDoc("hotels", HOTELS.description, HOTELS.tools))
    index.sync([WEATHER, HOTELS])
    first = index.sync([WEATHER, asked])
    assert first.updated == ["hotels"] and first.unchanged == ["weather"] and first.embedded == 3
    [top] = index.query(["is there a room in Oslo tonight"], top_k=1)
    assert top.server == "hotels" and top.matched_kind == "synthetic_query"
    assert index.sync([WEATHER, asked]).embedded == 0
    changed = ServerDoc("hotels", HOTELS.description, HOTELS.tools, examples=("a double room for two nights",))
    assert index.sync([WEATHER, changed]).updated == ["hotels"]
    assert index.stored_synthetic([WEATHER, changed]) == {}  # examples are not generated queries


def test_template_rows_are_not_kept_as_stored_queries(index):
    index.sync([WEATHER, HOTELS], {"weather": ["will it rain"], "hotels": ["book a room"]},
               origins={"hotels": TEMPLATE_ORIGIN})
    assert index.stored_synthetic([WEATHER, HOTELS]) == {"weather": ["will it rain"]}
    stored = index.collection.get(where={"kind": "synthetic_query"})["metadatas"]
    origins = {m["server"]: m.get("origin") for m in stored}
    assert origins == {"weather": None, "hotels": TEMPLATE_ORIGIN}
