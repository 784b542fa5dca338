"""tura on the user's catalogue alone: TURA_BUILTIN_SERVERS=off, --no-builtin-servers and the context's
``builtin_servers`` leave the built-in servers out of the catalogue, the index and the run."""

import json

import pytest

from graphs.catalog_choice import CatalogChoices, compile_choosing, wants_builtin_servers
from graphs.catalog_docs import collection_for
from graphs.catalog_index import CatalogRetriever
from graphs.context import Context
from graphs.deps import Dependencies, build_dependencies, builtin_servers_on
from indexes.documents import ServerDoc, ToolDoc
from indexes.chroma_store import COLLECTION, persistent_client
from indexes.server_index import ServerHit, ServerIndex
from tests.fakes import BagOfWordsEmbedding, FakeTools, FixedRetriever, ScriptedModels, make_tool
from tools.catalog import Catalog, CatalogError, load_catalog

BUILTIN = load_catalog()


@pytest.fixture
def user_catalog(tmp_path):
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {"shop": {"command": "python", "args": ["-m", "shop"],
                                                        "description": "orders and invoices of the shop"}}}))
    return path


# -- the setting ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("raw, on", [("", True), ("on", True), ("1", True), ("off", False), ("OFF", False),
                                     ("false", False), ("0", False)])
def test_the_environment_switch(monkeypatch, raw, on):
    monkeypatch.setenv("TURA_BUILTIN_SERVERS", raw)
    assert builtin_servers_on() is on


def test_an_unknown_value_is_named(monkeypatch):
    monkeypatch.setenv("TURA_BUILTIN_SERVERS", "sometimes")
    with pytest.raises(CatalogError, match="TURA_BUILTIN_SERVERS='sometimes': use on or off"):
        builtin_servers_on()


def test_env_off_leaves_only_the_users_servers_and_no_sandbox(monkeypatch, user_catalog, tmp_path):
    monkeypatch.setenv("TURA_BUILTIN_SERVERS", "off")
    monkeypatch.setenv("TURA_CATALOG", str(user_catalog))
    deps = build_dependencies(directory=tmp_path)
    assert deps.catalog.names() == ["shop"] and not deps.builtin_servers
    assert not set(BUILTIN.servers) & set(deps.catalog.servers)
    assert not deps.pool.prepare_pending  # the sandbox database is never generated


def test_the_flag_turns_them_off_whatever_the_environment(monkeypatch, user_catalog, tmp_path):
    monkeypatch.delenv("TURA_BUILTIN_SERVERS", raising=False)
    assert build_dependencies([user_catalog], tmp_path, builtin_servers=False).catalog.names() == ["shop"]
    with_builtins = build_dependencies([user_catalog], tmp_path)
    assert set(with_builtins.catalog.servers) == {*BUILTIN.servers, "shop"} and with_builtins.pool.prepare_pending


@pytest.mark.parametrize("env", [{"TURA_BUILTIN_SERVERS": "off"}, {}])
def test_no_builtins_and_no_catalogue_is_a_clear_error(monkeypatch, tmp_path, env):
    monkeypatch.delenv("TURA_CATALOG", raising=False)
    monkeypatch.delenv("TURA_BUILTIN_SERVERS", raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(CatalogError) as err:
        build_dependencies(directory=tmp_path, builtin_servers=None if env else False)
    assert "TURA_BUILTIN_SERVERS" in str(err.value) and "TURA_CATALOG" in str(err.value)


# -- the index follows the catalogue -------------------------------------------------------------------------------
def test_each_catalogue_has_its_own_collection(user_catalog, tmp_path, monkeypatch):
    alone = load_catalog(user_catalog, include_builtin=False)
    both = load_catalog(user_catalog)
    assert collection_for(BUILTIN) == COLLECTION
    assert len({collection_for(BUILTIN), collection_for(alone), collection_for(both)}) == 3
    monkeypatch.chdir(tmp_path)  # the same file named another way is the same catalogue
    assert collection_for(load_catalog(user_catalog.relative_to(tmp_path), include_builtin=False)) == \
        collection_for(alone)


def doc(name: str, description: str, tool: str) -> ServerDoc:
    return ServerDoc(name, description, (ToolDoc(tool, description),))


BUILTIN_DOCS = [doc(name, spec.description, "lookup") for name, spec in BUILTIN.servers.items()]
SHOP_DOC = doc("shop", "orders and invoices of the shop", "count_orders")
QUERIES = ["weather forecast in Paris tomorrow", "book a hotel room", "stock price of Apple", "news today",
           "how many orders this month"]


class CataloguePool(FakeTools):
    """The pool surface CatalogRetriever uses: the catalogue, its servers' tools, no cached listings."""

    listing_version = 0

    def __init__(self, catalog: Catalog, docs: list[ServerDoc]):
        super().__init__({d.name: {t.name: (make_tool(t.name), lambda a: {}) for t in d.tools} for d in docs})
        self.catalog = catalog

    async def cached_names(self, server):
        return None

    async def keep_names(self, server, names):  # tools that take no argument are listings (graphs/catalog_index.py)
        return None


def index_on(client, catalog: Catalog) -> ServerIndex:
    collection = client.get_or_create_collection(collection_for(catalog), embedding_function=None,
                                                 configuration={"hnsw": {"space": "cosine"}})
    return ServerIndex(collection, BagOfWordsEmbedding())


async def test_retrieval_over_the_users_catalogue_never_returns_a_builtin(user_catalog, tmp_path):
    client = persistent_client(str(tmp_path / "chroma"))  # one data directory for both catalogues
    builtin_index = index_on(client, BUILTIN)
    builtin_index.sync(BUILTIN_DOCS)
    alone = load_catalog(user_catalog, include_builtin=False)
    retriever = CatalogRetriever(CataloguePool(alone, [SHOP_DOC]), lambda: index_on(client, alone))
    hits = await retriever.search(QUERIES, top_k=5, top_n=40)
    assert {h.server for h in hits} == {"shop"}
    assert builtin_index.stats()["servers"] == len(BUILTIN.servers)  # the other catalogue's index is untouched


async def test_a_sync_drops_servers_the_catalogue_no_longer_has(user_catalog, tmp_path):
    client = persistent_client(str(tmp_path / "chroma"))
    alone = load_catalog(user_catalog, include_builtin=False)
    stale = index_on(client, alone)
    stale.sync([*BUILTIN_DOCS, SHOP_DOC])  # e.g. written when the file listed other servers
    retriever = CatalogRetriever(CataloguePool(alone, [SHOP_DOC]), lambda: index_on(client, alone))
    hits = await retriever.search(QUERIES, top_k=5, top_n=40)
    assert {h.server for h in hits} == {"shop"}
    assert stale.indexed_hashes().keys() == {"shop"}


# -- the run's context picks the catalogue (langgraph dev, the server API) -----------------------------------------
def fake_dependencies(server: str, tool: str, builtin: bool) -> Dependencies:
    tools = FakeTools({server: {tool: (make_tool(tool), lambda a: {"answer": server})}})
    return Dependencies(models=None, catalog=Catalog(servers={}), pool=tools,
                        retriever=FixedRetriever([ServerHit(server=server, score=0.9, best_for=[0])]),
                        data_dir=None, builtin_servers=builtin)


def test_a_context_may_leave_builtins_out_never_add_them():
    built = []
    default = fake_dependencies("weather", "get_forecast", builtin=True)
    alone = fake_dependencies("shop", "count_orders", builtin=False)
    choices = CatalogChoices(default, lambda base: built.append(base) or alone)
    assert built == [default]  # with the graph, not inside a run: reading mcp.json there would block the loop
    assert choices.for_context(Context()) is default and choices.for_context(None) is default
    assert choices.for_context(Context(builtin_servers=False)) is alone
    assert choices.for_context({"builtin_servers": False}) is alone and built == [default]
    off = CatalogChoices(alone, lambda base: pytest.fail("a process without builtins builds nothing more"))
    assert off.for_context(Context(builtin_servers=True)) is alone
    assert wants_builtin_servers(None) and not wants_builtin_servers({"builtin_servers": False})


def test_leaving_builtins_out_without_a_catalogue_fails_only_the_runs_that_ask(monkeypatch):
    def no_catalogue(base):
        raise CatalogError("no MCP servers to use: ... TURA_BUILTIN_SERVERS ... TURA_CATALOG")

    default = fake_dependencies("weather", "get_forecast", builtin=True)
    choices = CatalogChoices(default, no_catalogue)
    assert choices.for_context(Context()) is default
    with pytest.raises(CatalogError, match="TURA_CATALOG"):
        choices.for_context(Context(builtin_servers=False))


async def test_one_graph_calls_the_catalogue_each_run_chose():
    def executor(messages):
        prompt = " ".join(str(m.content) for m in messages)
        return {"tool": "count_orders" if "count_orders" in prompt else "get_forecast", "params": {}}

    default = fake_dependencies("weather", "get_forecast", builtin=True)
    default.models = ScriptedModels(executor=[executor], answerer=["Found it [T1.1]."])
    default.classify = lambda q: ("fast", 0.9, True)
    alone = fake_dependencies("shop", "count_orders", builtin=False)
    graph = compile_choosing(CatalogChoices(default, lambda base: alone))

    out = await graph.ainvoke({"query": "how many orders this month"}, context=Context(builtin_servers=False))
    assert alone.pool.calls == [("shop", "count_orders", {})] and default.pool.calls == []
    assert [t["server"] for t in out["plan"]["tasks"]] == ["shop"]
    await graph.ainvoke({"query": "weather in Paris"}, context=Context())
    assert default.pool.calls == [("weather", "get_forecast", {})] and len(alone.pool.calls) == 1
