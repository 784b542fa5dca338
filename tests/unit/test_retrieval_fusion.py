"""Scoring logic: MaxSim, Tool-to-Agent, dense + BM25 fusion, the wording deciding a close lead, max across
sub-queries, evidence, and the CLI's empty-query error. Ephemeral chroma and fake embeddings: no model, no
disk."""

import uuid

import numpy as np

import pytest
from typer.testing import CliRunner

from graphs.index_cli import index_app
from indexes.documents import ServerDoc, ToolDoc
from indexes.fusion import RowHit, fuse, lexical_tiebreak, max_across, max_sim, ranks, rrf, weighted
from indexes.chroma_store import ephemeral_client, get_all
from indexes.server_index import EmptyQueryError, QueryOptions, ServerIndex
from tests.fakes import BagOfWordsEmbedding

WEATHER = ServerDoc("weather", "forecasts temperature rain wind for cities",
                    (ToolDoc("get_forecast", "daily forecast for a city", ("city", "date")),))
TRAINS = ServerDoc("trains", "railway timetables and seats",
                   (ToolDoc("search_12306", "search tickets on 12306 for high speed rail", ("from_city", "to_city")),))
FINANCE = ServerDoc("finance", "stock quotes and currency exchange rates",
                    (ToolDoc("get_quote", "latest stock price for a ticker", ("ticker",)),
                     ToolDoc("convert_currency", "convert an amount between currencies", ("amount",))))


@pytest.fixture
def index():
    collection = ephemeral_client().create_collection(
        f"t{uuid.uuid4().hex[:8]}", embedding_function=None, configuration={"hnsw": {"space": "cosine"}}
    )
    idx = ServerIndex(collection, BagOfWordsEmbedding())
    idx.sync([WEATHER, TRAINS, FINANCE], {"weather": ["will it rain in lyon tomorrow"]})
    return idx


def test_max_sim_keeps_each_servers_best_row():
    rows = [RowHit("a", 0.2, "x", "tool", "t1"), RowHit("a", 0.7, "y", "tool", "t2"),
            RowHit("b", 0.5, "z", "description")]
    best = max_sim(rows)
    assert best["a"].score == 0.7 and best["a"].tool == "t2" and best["b"].score == 0.5


def test_ranks_break_ties_by_name():
    assert ranks({"b": 1.0, "a": 1.0, "c": 2.0}) == {"c": 1, "a": 2, "b": 3}


def test_rrf_sums_weighted_reciprocal_ranks():
    fused = rrf([({"a": 0.9, "b": 0.1}, 1.0), ({"b": 5.0}, 0.5)], k=60)
    assert fused["a"] == pytest.approx(1 / 61)
    assert fused["b"] == pytest.approx(1 / 62 + 0.5 / 61)


def test_weighted_adds_the_bm25_share_of_the_ceiling():
    fused = weighted({"a": 0.5, "b": 0.4}, {"b": 0.8, "c": 0.4}, bm25_weight=0.5)
    assert fused == pytest.approx({"a": 0.5, "b": 0.8, "c": 0.2})
    assert weighted({"a": 0.5}, {}, 0.5) == {"a": 0.5}
    assert weighted({}, {"a": 3.0}, 0.5) == {"a": 0.5}  # capped at the ceiling


def test_a_weak_bm25_match_of_common_words_does_not_override_a_strong_dense_hit():
    from indexes.bm25 import BM25Index
    from indexes.fusion import RowHit
    from indexes.ranking import rank_servers

    rows = ["latest news headlines and breaking stories", "create a new file in a folder", "ai model today",
            "weather today and tomorrow", "stock prices today", "convert currencies today", "maps and routes"]
    servers = ["news", "files", "ai_tools", "weather", "finance", "fx", "maps"]
    bm25 = BM25Index(rows)
    query = "whats the latest ai news today"
    scores, ceiling = bm25.scores(query), bm25.ceiling(query)
    lexical = [RowHit(s, min(float(v) / ceiling, 1.0), t, "description") for s, v, t in zip(servers, scores, rows) if v > 0]
    dense = [RowHit("news", 0.62, rows[0], "description"), RowHit("ai_tools", 0.35, rows[2], "description")]
    top = rank_servers([dense], [lexical], top_k=3)
    assert top[0].server == "news"
    weak = next(h for h in lexical if h.server == "ai_tools")
    assert weak.score < 0.7  # two common words of a five-word query are not the full bonus


def test_news_is_not_stemmed_to_new():
    from indexes.bm25 import tokenize

    assert tokenize("latest news") == ["latest", "news"]
    assert "new" not in tokenize("tech news today") and tokenize("charts queries") == ["chart", "query"]
    assert tokenize("create a new file") == ["create", "new", "file"]


def test_fuse_modes_and_unknown_mode():
    dense, bm25 = {"a": 0.3}, {"b": 2.0, "c": 0.0}
    assert fuse(dense, bm25, "dense", bm25_weight=1) == {"a": 0.3}
    assert fuse(dense, bm25, "bm25", bm25_weight=1) == {"b": 2.0}
    assert set(fuse(dense, bm25, "rrf", bm25_weight=1)) == {"a", "b"}
    with pytest.raises(ValueError, match="unknown fusion"):
        fuse(dense, bm25, "sum", bm25_weight=1)


def test_max_across_sub_queries_keeps_best_score_and_its_sub_query():
    assert max_across([{"a": 0.2, "b": 0.9}, {"a": 0.8}]) == {"a": (0.8, 1), "b": (0.9, 0)}


def test_tool_hit_counts_for_its_owner_with_evidence(index):
    [top] = index.query(["latest stock price ticker"], top_k=1)
    assert top.server == "finance" and top.tools[0] == "get_quote"
    assert top.evidence[0].source == "dense" and top.evidence[0].tool == "get_quote"
    assert {e.source for e in top.evidence} == {"dense", "bm25"}


def test_bm25_alone_finds_exact_identifiers(index):
    [top] = index.query(["12306"], top_k=1, options=QueryOptions(fusion="bm25"))
    assert top.server == "trains" and top.evidence[0].source == "bm25"


@pytest.mark.parametrize("fusion", ["rrf", "weighted", "dense"])
def test_every_fusion_ranks_the_obvious_server_first(index, fusion):
    got = index.query(["forecast rain city", "convert currency amount"], top_k=2, options=QueryOptions(fusion=fusion))
    assert {h.server for h in got} == {"weather", "finance"}
    assert sorted(i for h in got for i in h.best_for) == [0, 1]


def test_synthetic_query_rows_count_and_kinds_filter_limits_rows(index):
    [top] = index.query(["will it rain in lyon tomorrow"], top_k=1)
    assert top.server == "weather" and top.matched_kind == "synthetic_query"
    only_description = QueryOptions(fusion="dense", kinds=frozenset({"description"}))
    hits = index.query(["will it rain in lyon tomorrow"], top_k=3, options=only_description)
    assert all(e.kind == "description" for h in hits for e in h.evidence)


def test_chroma_path_above_the_exact_limit_gives_the_same_ranking(index):
    hnsw = ServerIndex(index.collection, index.embed, exact_limit=0)
    query = ["forecast rain city", "latest stock price ticker"]
    assert [h.server for h in hnsw.query(query, top_k=3)] == [h.server for h in index.query(query, top_k=3)]


def test_rows_are_read_a_page_at_a_time_and_none_is_lost(index):
    """Large catalogues are read in pages (one chroma get of ~85k rows fails with "too many SQL variables")."""
    whole = index.collection.get(include=["metadatas", "documents"])
    paged = get_all(index.collection, page=2, include=["metadatas", "documents"])
    assert len(whole["ids"]) > 4 and sorted(paged["ids"]) == sorted(whole["ids"])
    assert dict(zip(paged["ids"], paged["documents"])) == dict(zip(whole["ids"], whole["documents"]))
    synthetic = get_all(index.collection, page=1, where={"kind": "synthetic_query"}, include=["documents"])
    assert synthetic["documents"] == ["will it rain in lyon tomorrow"]


def test_empty_and_blank_queries_are_a_clear_error(index):
    for bad in ([], [""], ["  ", "\t"]):
        with pytest.raises(EmptyQueryError, match="non-empty"):
            index.query(bad)


def test_cli_empty_query_exits_2_with_one_line():
    result = CliRunner().invoke(index_app, ["query", "  "])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "query is empty" in lines[0]


def test_a_close_leader_yields_to_the_runner_up_holding_more_of_the_question_words():
    scores = {"lead": 0.70, "second": 0.66, "third": 0.64, "far": 0.40}
    shares = {"lead": 0.0, "second": 0.2, "third": 1.0, "far": 1.0}
    cover = lambda names: {n: shares[n] for n in names}  # noqa: E731
    moved = lexical_tiebreak(scores, cover)
    assert sorted(moved, key=moved.get, reverse=True) == ["third", "lead", "second", "far"]
    assert sorted(moved.values()) == sorted(scores.values())  # the same scores, so every threshold reads the same
    assert lexical_tiebreak({**scores, "lead": 0.80}, cover) == {**scores, "lead": 0.80}  # not a hair: kept
    assert lexical_tiebreak(scores, lambda names: {n: 0.5 for n in names}) == scores  # no clearer wording: kept
    assert lexical_tiebreak(scores, cover, margin=0) == scores


class FixedVectors(BagOfWordsEmbedding):
    """Chosen cosine similarities to one query: ``similarity[text]`` for those texts, about 0 for the others."""

    dims = 512

    def __init__(self, query: str, similarity: dict[str, float]):
        self.query, self.similarity = query, similarity

    def __call__(self, input):
        out = []
        for text in input:
            v = np.zeros(self.dims, dtype=np.float32)
            slot = 1 + int(abs(hash(text)) % (self.dims - 1))
            if text == self.query:
                v[0] = 1.0
            else:
                a = self.similarity.get(text, 0.0)
                v[0], v[slot] = a, (1 - a * a) ** 0.5
            out.append(v)
        return out


def index_with_similarities(question: str, similarity: dict[str, float], docs: list[ServerDoc],
                            synthetic: dict[str, list[str]]) -> ServerIndex:
    """An index over ``docs`` whose rows have the chosen cosine similarity to ``question``."""
    collection = ephemeral_client().create_collection(
        f"t{uuid.uuid4().hex[:8]}", embedding_function=None, configuration={"hnsw": {"space": "cosine"}})
    index = ServerIndex(collection, FixedVectors(question, similarity))
    index.sync(docs, synthetic)
    return index


NOTES = ServerDoc("notes", "", (ToolDoc("read_text_file", "Read the complete contents of a note file.", ("path",)),
                                ToolDoc("list_directory", "List the files in a directory.", ("path",))))
FLIGHTS = ServerDoc("flights", "", (ToolDoc("search", "Non-stop flights between cities.", ("origin",)),
                                    ToolDoc("add_note", "Add a note to a booking.", ("reference", "note"))))


def test_a_builtin_like_server_winning_by_a_hair_does_not_shadow_the_server_the_question_names():
    question = "what's in my wifi note"
    flights_row = "add note: Add a note to a booking. Parameters: reference, note."
    notes_row = "read text file: Read the complete contents of a note file. Parameters: path."
    # with a template row of a name the notes server's listing returned
    index = index_with_similarities(question, {flights_row: 0.80, notes_row: 0.66}, [NOTES, FLIGHTS],
                                    {"notes": ["what is wifi.md"]})
    without = index.query([question], top_k=2, options=QueryOptions(shadow_margin=0))
    assert [h.server for h in without] == ["flights", "notes"]  # shaped: flights ahead by a hair after fusion
    assert without[0].score - without[1].score < 0.10
    hits = index.query([question], top_k=2)
    assert [h.server for h in hits] == ["notes", "flights"] and hits[0].best_for == [0]
    assert [round(h.score, 6) for h in hits] == [round(h.score, 6) for h in without]
    assert index.mirror().coverage(question, ["notes", "flights"])["notes"] == 1.0  # "wifi" and "note"
