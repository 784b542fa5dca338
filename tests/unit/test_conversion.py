"""A figure an output gives in one currency, asked for in another, is converted by code on whichever read-only
tool of the catalogue converts currencies (nodes/conversion_gap.py, nodes/conversion.py)."""

import json

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.arguments.money_amounts import written_amounts
from nodes.conversion_gap import Conversion, conversion_tool, owed_conversions
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

CODES = {"type": "string", "enum": ["USD", "EUR", "JPY", "CHF"]}
CONVERT = make_tool("convert_currency", {"amount": {"type": "number", "minimum": 0}, "from_currency": CODES,
                                         "to_currency": CODES, "date": {"type": "string"}},
                    required=["amount", "from_currency", "to_currency"])
HOTELS = {"city": "Tokyo", "nights": 1, "hotels": [
    {"name": "Central Budget Hotel", "total_price": 12040, "currency": "JPY"},
    {"name": "Tokyo Lodge", "total_price": 22030, "currency": "JPY"}]}


def evidence(output: dict, arguments: dict | None = None) -> list[dict]:
    text = json.dumps(output)
    return [{"marker": "T1.1", "task_id": "T1", "server": "stays", "tool": "search", "tool_call_id": "c1",
             "arguments": arguments or {"city": "Tokyo"}, "output": text, "full_output": text}]


def test_a_price_asked_in_another_currency_is_owed_from_the_figure_the_answer_opens_with():
    question = "Cheapest hotel in Tokyo for tomorrow night, and can you give me the price in dollars too"
    assert owed_conversions(question, evidence(HOTELS)) == [Conversion(12040.0, "JPY", "USD", "T1.1", "T1")]


def test_nothing_is_owed_when_a_call_took_the_currency_or_the_output_is_in_it_or_only_a_place_names_it():
    assert owed_conversions("price of 100 JPY in dollars", evidence(
        {"amount": 100, "converted": 0.67, "currency": "USD"}, {"from_currency": "JPY", "to_currency": "USD"})) == []
    assert owed_conversions("cheapest hotel in tokyo, in yen", evidence(HOTELS)) == []
    assert owed_conversions("cheapest hotel in Zurich tomorrow", evidence(HOTELS)) == []  # CHF is Zurich's only


def test_a_converting_tool_is_read_only_and_needs_only_an_amount_and_a_pair_of_codes():
    found = conversion_tool("money", CONVERT)
    assert (found.amount, found.source, found.target) == ("amount", "from_currency", "to_currency")
    assert found.arguments(Conversion(12040.0, "JPY", "USD", "T1.1", "T1")) == {
        "amount": 12040, "from_currency": "JPY", "to_currency": "USD"}
    assert found.arguments(Conversion(5.0, "THB", "USD", "T1.1", "T1")) is None  # THB is outside its enum
    writes = make_tool("transfer", CONVERT.inputSchema["properties"], read_only=False)
    needs_more = make_tool("convert", {**CONVERT.inputSchema["properties"], "account": {"type": "string"}},
                           required=["amount", "from_currency", "to_currency", "account"])
    assert conversion_tool("bank", writes) is None and conversion_tool("bank", needs_more) is None


class CatalogNames:
    def __init__(self, names: list[str]):
        self.servers = {}  # no mcp.json entries: no per-server settings
        self._names = names

    def names(self) -> list[str]:
        return self._names


async def test_the_run_converts_on_a_server_retrieval_did_not_rank_and_the_answer_states_both_figures():
    converted = {"amount": 12040, "from_currency": "JPY", "to_currency": "USD", "rate": 0.0067, "converted": 80.67}
    tools = FakeTools({
        "stays": {"search": (make_tool("search", {"city": {"type": "string"}}), lambda arguments: HOTELS)},
        "money": {"convert_currency": (CONVERT, lambda arguments: {**converted, **arguments})}})
    tools.catalog = CatalogNames(["stays", "money"])  # what catalogue_servers reads of tools/catalog.py's Catalog
    models = ScriptedModels(router=[{"route": "fast"}], executor=[{"tool": "search", "params": {"city": "Tokyo"}}])
    retriever = FixedRetriever([ServerHit(server="stays", score=0.9, tools=[], best_for=[0])])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "Cheapest hotel in Tokyo tomorrow, price in dollars?"}, context=Context())
    assert not out["errors"], out["errors"]
    assert tools.calls[-1] == ("money", "convert_currency", {"amount": 12040, "from_currency": "JPY",
                                                             "to_currency": "USD"})
    assert [(t["id"], t["server"], t["deps"]) for t in out["plan"]["tasks"]] == [("T1", "stays", []),
                                                                                 ("T2", "money", ["T1"])]
    opening = out["answer"].split("<details><summary>Sources</summary>")[0]
    assert "12040 JPY" in opening and "80.67" in opening and "[T2.1]" in opening
    assert any(m.type == "tool" and m.name == "money__convert_currency" for m in out["messages"])


def test_an_amount_the_question_writes_is_converted_rather_than_an_output_figure():
    question = "Cheapest flight LA to Mexico City on Wednesday, and how many pesos 300 dollars gets me?"
    flight = {"currency": "USD", "days": [{"date": "2026-12-02", "price": 243.11}]}
    assert owed_conversions(question, evidence(flight)) == [Conversion(300.0, "USD", "MXN", "", "")]
    assert written_amounts("I have 12k yen and $84, in euros?") == [(12000.0, "JPY"), (84.0, "USD")]
    assert written_amounts("hotels in Paris under 200 euros") == []  # a limit, not an amount to convert


def test_everyday_currency_words_are_read():
    from nodes.arguments.codes import currencies_written

    assert currencies_written(["200 quid in euros?"]) == [("quid", "GBP"), ("euros", "EUR")]
    assert currencies_written(["One hundred Brazilian reais in Mexican pesos"]) == [
        ("Brazilian reais", "BRL"), ("Mexican pesos", "MXN")]
    assert currencies_written(["what's that in RMB", "the quid pro quo"]) == [("RMB", "CNY")]


def test_each_output_of_a_list_owes_its_own_conversion():
    outputs = [("AMD", {"symbol": "AMD", "last": 299.65, "currency": "USD"}),
               ("intel", {"symbol": "INTC", "last": 31.96, "currency": "USD"})]
    quotes = [{"marker": f"T1.{n}", "task_id": "T1", "server": "markets", "tool": "get_quote", "tool_call_id": f"c{n}",
               "arguments": {"ticker_or_name": name}, "output": json.dumps(out), "full_output": json.dumps(out)}
              for n, (name, out) in enumerate(outputs, start=1)]
    owed = owed_conversions("AMD and intel prices in euros", quotes)
    assert [(c.amount, c.source, c.target, c.marker) for c in owed] == [(299.65, "USD", "EUR", "T1.1"),
                                                                        (31.96, "USD", "EUR", "T1.2")]


def test_a_currency_symbol_goes_with_the_figure_after_it():
    from nodes.message_scope import sums_to_convert
    question = "expense report time 🧾 need these in USD: £140, ¥9,800 (yen), €55"
    assert written_amounts(question) == [(140.0, "GBP"), (9800.0, "JPY"), (55.0, "EUR")]
    assert sums_to_convert(question) == ["£140 in USD", "¥9,800 in USD", "€55 in USD"]


def test_a_place_that_only_says_which_dollars_is_no_city():
    from nodes.arguments.codes import currency_qualifiers
    assert currency_qualifiers(["a bed in Shanghai that night, and the price in Hong Kong dollars"]) == {"Hong Kong"}
    assert currency_qualifiers(["Hong Kong hotels tonight, in Hong Kong dollars"]) == set()  # also a place of its own
    assert currency_qualifiers(["hotels in Paris euros only"]) == set()  # "euros" needs no place to say which
