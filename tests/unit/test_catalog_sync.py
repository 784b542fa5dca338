"""A server the user adds is indexed from its own text: the running graph's sync gives it template rows (its
tools' names, descriptions, parameters and listed names) and its ``examples``, derives the route cue words
from the catalogue in use, and lists names only through the listing tools of the servers in use (a listing
tool with no annotations counts when the catalogue allows it). Fake pool, ephemeral chroma, fake embedding."""

import time
import uuid

from mcp.types import Tool

from graphs.catalog_docs import is_listing_tool
from graphs.catalog_index import CatalogRetriever
from indexes.route_cues import domains_of
from indexes.chroma_store import ephemeral_client
from indexes.server_index import TEMPLATE_ORIGIN, ServerIndex
from tests.fakes import BagOfWordsEmbedding, FakeTools, make_tool
from tools.catalog import Catalog, ServerSpec


def bare_tool(name: str, description: str, properties: dict | None = None, required: list[str] | None = None) -> Tool:
    """A tool as many third-party servers publish it: no annotations at all."""
    return Tool(name=name, description=description,
                inputSchema={"type": "object", "properties": properties or {}, "required": required or []})


CLOCK_TOOLS = {
    "get_current_time": (bare_tool("get_current_time", "Get current time in a specific timezone.",
                                   {"timezone": {"type": "string", "description": "IANA timezone name"}},
                                   ["timezone"]), lambda a: {"time": "12:00"}),
    "list_timezones": (bare_tool("list_timezones", "The time zones this server knows."),
                       lambda a: [{"name": "Europe/Paris"}, {"name": "Asia/Kathmandu"}]),
}
FLIGHT_TOOLS = {
    "search_flights": (make_tool("search_flights", {"origin": {"type": "string"}}), lambda a: {}),
    "list_airports": (make_tool("list_airports"), lambda a: [{"name": "Paris CDG"}]),
}


def spec(name: str, description: str, **extra) -> ServerSpec:
    return ServerSpec(name=name, transport="stdio", command="true", description=description, **extra)


class CataloguePool(FakeTools):
    """The pool surface CatalogRetriever uses, over a catalogue whose servers and examples may change."""

    def __init__(self, catalog: Catalog, tools: dict, failing: frozenset[str] = frozenset()):
        super().__init__(tools)
        self.catalog, self.failing = catalog, set(failing)
        self.listing_version = 0
        self.kept: dict[str, dict] = {}

    async def list_tools(self, server):
        if server in self.failing:
            raise ConnectionError(f"{server} did not start")
        return await super().list_tools(server)

    async def cached_names(self, server):
        return None

    async def keep_names(self, server, names):
        self.kept[server] = names

    def approval_policy(self, server, tool):
        return self.catalog.servers[server].approval_for(tool)


def catalogue(clock_examples=()) -> Catalog:
    return Catalog(servers={
        "flights": spec("flights", "Non-stop flights between world cities: search and book."),
        "clock": spec("clock", "", examples=list(clock_examples), approvals={"list_timezones": "allow"}),
    })


class CountingEmbedding(BagOfWordsEmbedding):
    """Counts the row texts embedded (queries go through ``embed_query``, not counted)."""

    def __init__(self):
        self.rows = 0

    def __call__(self, input):
        self.rows += len(input)
        return super().__call__(input)

    def embed_query(self, input):
        return super().__call__(input)


def retriever_on(pool: CataloguePool, collection_name: str, client, embed: BagOfWordsEmbedding) -> CatalogRetriever:
    def open_index():
        collection = client.get_or_create_collection(collection_name, embedding_function=None,
                                                     configuration={"hnsw": {"space": "cosine"}})
        return ServerIndex(collection, embed)
    return CatalogRetriever(pool, open_index)


async def test_an_added_server_gets_template_and_example_rows_and_is_found_by_its_own_words():
    client, name, embed = ephemeral_client(), f"t{uuid.uuid4().hex[:8]}", CountingEmbedding()
    before = Catalog(servers={"flights": catalogue().servers["flights"]})
    await retriever_on(CataloguePool(before, {"flights": FLIGHT_TOOLS}), name, client, embed).index()
    flights_rows = embed.rows

    pool = CataloguePool(catalogue(["what time is it in Lima"]), {"flights": FLIGHT_TOOLS, "clock": CLOCK_TOOLS})
    retriever = retriever_on(pool, name, client, embed)
    started = time.perf_counter()
    index = await retriever.index()  # the user added the clock server
    seconds = time.perf_counter() - started
    got = index.collection.get(where={"server": "clock"}, include=["metadatas", "documents"])
    rows = dict(zip(got["ids"], zip(got["documents"], got["metadatas"])))
    assert embed.rows - flights_rows == len(rows)  # only the new server was embedded
    generated = {row_id: row for row_id, row in rows.items() if "::query::" in row_id}
    assert generated and all(meta["kind"] == "synthetic_query" and meta["origin"] == TEMPLATE_ORIGIN
                             for _, meta in generated.values())
    queries = {doc for doc, _ in generated.values()}
    assert {"what is the current time", "what is Asia/Kathmandu"} <= queries  # its tool's name; a listed name
    example, meta = rows["clock::example::0"]
    assert example == "what time is it in Lima" and meta["kind"] == "synthetic_query"
    assert seconds < 5  # with the fake embedding this is the sync's own work; tests/integration times MiniLM
    [top] = await retriever.search(["current time in a specific timezone"], top_k=1, top_n=40)
    assert top.server == "clock"

    embedded = embed.rows
    pool.listing_version += 1  # a later sync of the same catalogue, in this process or the next, embeds nothing
    await retriever.index()
    await retriever_on(pool, name, client, embed).index()
    assert embed.rows == embedded


async def test_a_change_of_examples_re_embeds_that_server_only():
    client, name, embed = ephemeral_client(), f"t{uuid.uuid4().hex[:8]}", CountingEmbedding()
    tools = {"flights": FLIGHT_TOOLS, "clock": CLOCK_TOOLS}
    await retriever_on(CataloguePool(catalogue(["what time is it in Lima"]), tools), name, client, embed).index()
    before = embed.rows
    index = await retriever_on(CataloguePool(catalogue(["time in Kathmandu now"]), tools), name, client, embed).index()
    clock_rows = len(index.collection.get(where={"server": "clock"})["ids"])
    assert embed.rows - before == clock_rows
    assert index.collection.get(ids=["clock::example::0"])["documents"] == ["time in Kathmandu now"]


async def test_listing_tools_follow_the_catalogue_and_its_approvals():
    bare_list = bare_tool("list_timezones", "The time zones this server knows.")
    assert not is_listing_tool(bare_list)  # no annotations: it may change data
    assert is_listing_tool(bare_list, "allow")  # unless the catalogue lets it run without asking
    assert not is_listing_tool(bare_tool("list_rows", "Rows of a table.", {"table": {}}, ["table"]), "allow")

    pool = CataloguePool(catalogue(), {"flights": FLIGHT_TOOLS, "clock": CLOCK_TOOLS})
    retriever = retriever_on(pool, f"t{uuid.uuid4().hex[:8]}", ephemeral_client(), BagOfWordsEmbedding())
    await retriever.index()
    assert retriever._listing_tools == {"flights": ["list_airports"], "clock": ["list_timezones"]}
    words = await retriever.cue_words()
    assert domains_of("what time is it in Kathmandu", words) == {"clock"}
    assert domains_of("find flights to Oslo", words) == {"flights"}

    pool.failing.add("clock")  # the clock server stops answering: its names leave the directory
    pool.listing_version += 1
    await retriever.index()
    assert retriever._listing_tools == {"flights": ["list_airports"]} and "clock" in retriever.unavailable
    assert retriever._held.listed == {"flights": ["Paris CDG"]}
    assert "clock" not in {s for found in (await retriever.cue_words()).servers_of.values() for s in found}
