"""Follow-ups keep the conversation's entities and add none; a loosely matched fast path falls back to search."""


from langchain_core.messages import AIMessage, HumanMessage

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.rewrite import rewrite_standalone
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

TODAY = "2026-11-23"


async def test_a_date_only_follow_up_is_the_last_question_on_the_new_date_without_a_model_call():
    models = ScriptedModels(router=["should not be called"])
    turns = [HumanMessage("weather in Madrid tmrw?"), AIMessage("Sunny, 20 °C.")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "and the day after?",
                                              Context(today=TODAY))
    assert (query, problem) == ("weather in Madrid on 2026-11-25", None)
    assert models.calls("router") == 0


async def test_a_date_follow_up_of_a_date_follow_up_counts_from_the_last_date():
    models = ScriptedModels(router=["should not be called"])
    model = models.get("router", Context())
    turns = [HumanMessage("weather nyc tmrw"), AIMessage("New York, Tue 2026-11-24: sunny.")]
    second, _ = await rewrite_standalone(model, turns, "how about the day after", Context(today=TODAY))
    turns += [HumanMessage("how about the day after"), AIMessage("New York, Wed 2026-11-25: rain.")]
    third, problem = await rewrite_standalone(model, turns, "and the one after that?", Context(today=TODAY),
                                              last_standalone=second)
    assert (second, third, problem) == ("weather nyc on 2026-11-25", "weather nyc on 2026-11-26", None)
    assert models.calls("router") == 0


async def test_words_the_rewrite_invents_are_taken_out():
    models = ScriptedModels(router=[{"query": "weather in Zuraflax, Sydney tomorrow"}])
    turns = [HumanMessage("hotels in Sydney tmrw"), AIMessage("Garden Hostel, 107 AUD.")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "whats the weather there tmrw",
                                              Context(today=TODAY))
    assert "Zuraflax" not in query and "Sydney" in query
    assert "Zuraflax" in problem


async def test_a_rewrite_of_only_invented_words_falls_back_to_the_turns():
    models = ScriptedModels(router=[{"query": "Zuraflax Quux"}])
    turns = [HumanMessage("apple stock price"), AIMessage("265.78 USD")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "what about netflix?",
                                              Context(today=TODAY))
    assert query == "apple stock price what about netflix?" and "not used" in problem


def search_tools():
    return FakeTools({
        "finance": {"get_quote": (make_tool("get_quote", {"ticker_or_name": {"type": "string"}},
                                            required=["ticker_or_name"]),
                                  lambda a: (_ for _ in ()).throw(ValueError(f"unknown ticker '{a['ticker_or_name']}'")))},
        "web_search": {"search_web": (make_tool("search_web", {"query": {"type": "string"}}, required=["query"]),
                                      lambda a: {"results": [{"title": "London: history",
                                                              "text": "The Great Fire of 1666 destroyed the city."}]})},
    })


class SearchAwareRetriever(FixedRetriever):
    def search_servers(self):
        return ["web_search"]


def executor(messages):
    system, task = messages[0].content, messages[-1].content
    question = task.split("Task: ", 1)[1].split("\n")[0]
    if "- search_web(" in system:
        return {"tool": "search_web", "params": {"query": question}}
    return {"tool": "get_quote", "params": {"ticker_or_name": "london"}}


async def test_a_loosely_matched_fast_path_that_fails_asks_the_search_server():
    retriever = SearchAwareRetriever([ServerHit(server="finance", score=0.43, best_for=[0]),
                                      ServerHit(server="web_search", score=0.2)])
    models = ScriptedModels(executor=[executor], answerer=["It burned in 1666 [T2.1]."])
    graph = build_graph(models, retriever, search_tools(), classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "when did the great fire of london happen"}, context=Context(today=TODAY))
    assert out["plan"]["source"] == "fast_path+search"
    assert [(r["server"], r["status"]) for r in out["task_results"].values()] == [("finance", "failed"),
                                                                                  ("web_search", "ok")]
    assert out["answer"].startswith("London: history — The Great Fire of 1666 destroyed the city. [T2.1]")


async def test_a_confidently_matched_fast_path_that_fails_is_not_sent_to_search():
    retriever = SearchAwareRetriever([ServerHit(server="finance", score=0.8, best_for=[0]),
                                      ServerHit(server="web_search", score=0.2)])
    models = ScriptedModels(executor=[executor])
    graph = build_graph(models, retriever, search_tools(), classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "stock price of london"}, context=Context(today=TODAY))
    assert list(out["task_results"]) == ["T1"] and out["task_results"]["T1"]["status"] == "failed"
    assert out["answer"].startswith("I could not find an answer to: stock price of london.")


async def test_a_loosely_matched_server_that_finds_nothing_also_hands_over_to_search():
    out = await ask_fast("when did the great fire of london happen", 0.45, lambda a: {"results": []})
    assert [(r["server"], r["status"]) for r in out["task_results"].values()] == [("finance", "ok"),
                                                                                  ("web_search", "ok")]


def shop_and_finance_tools():
    return FakeTools({
        "shopping": {"search_products": (make_tool("search_products", {"query": {"type": "string"}},
                                                   required=["query"]), lambda a: {"products": []})},
        "finance": {"get_quote": (make_tool("get_quote", {"ticker_or_name": {"type": "string"}},
                                            required=["ticker_or_name"]),
                                  lambda a: {"symbol": "TSLA", "last": 412.5})},
        "web_search": search_tools().tools["web_search"],
    })


def shop_or_quote(messages):
    system = messages[0].content
    if "- search_products(" in system:
        return {"tool": "search_products", "params": {"query": "tesla stock"}}
    return {"tool": "get_quote", "params": {"ticker_or_name": "tesla"}}


async def ask_tesla_stock(finance_score: float, answer: str) -> dict:
    """"tesla stock?" with the shop first (it finds nothing) and finance at ``finance_score``."""
    retriever = SearchAwareRetriever([ServerHit(server="shopping", score=0.94, best_for=[0]),
                                      ServerHit(server="finance", score=finance_score),
                                      ServerHit(server="web_search", score=0.2)])
    models = ScriptedModels(executor=[shop_or_quote], answerer=[answer])
    graph = build_graph(models, retriever, shop_and_finance_tools(),
                        classify=lambda q: ("fast", 0.9, True)).compile()
    return await graph.ainvoke({"query": "tesla stock?"}, context=Context(today=TODAY))


async def test_a_close_runner_up_is_asked_when_the_first_server_finds_nothing():
    out = await ask_tesla_stock(0.89, "Tesla is at 412.5 [T2.1].")
    assert out["plan"]["source"] == "fast_path+runner_up"
    assert [(r["server"], r["status"]) for r in out["task_results"].values()] == [("shopping", "ok"),
                                                                                  ("finance", "ok")]
    assert "412.5" in out["answer"]


async def test_a_loosely_matched_question_whose_runner_up_fails_too_goes_to_search_third():
    tools = shop_and_finance_tools()
    tools.tools["finance"]["get_quote"] = search_tools().tools["finance"]["get_quote"]  # unknown ticker
    retriever = SearchAwareRetriever([ServerHit(server="shopping", score=0.45, best_for=[0]),
                                      ServerHit(server="finance", score=0.42),
                                      ServerHit(server="web_search", score=0.2)])
    def any_server(messages):
        return (shop_or_quote if "- search_products(" in messages[0].content else executor)(messages)

    models = ScriptedModels(executor=[any_server], answerer=["It burned in 1666 [T3.1]."])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "tell me about the great fire of london"}, context=Context(today=TODAY))
    assert [(r["server"], r["status"]) for r in out["task_results"].values()] == [
        ("shopping", "failed"), ("finance", "failed"), ("web_search", "ok")]
    assert out["plan"]["source"] == "fast_path+search" and "1666" in out["answer"]
    # a question of history skips the runner-up: another data server holds no history
    out = await graph.ainvoke({"query": "when did the great fire of london happen"}, context=Context(today=TODAY))
    assert [r["server"] for r in out["task_results"].values()] == ["shopping", "web_search"]


async def test_a_distant_runner_up_is_not_asked():
    out = await ask_tesla_stock(0.70, "No shop sells it.")
    assert [r["server"] for r in out["task_results"].values()] == ["shopping"]


async def test_what_about_another_name_swaps_the_last_calls_value_without_a_model_call():
    models = ScriptedModels(router=["should not be called"])
    turns = [HumanMessage("apple stock price"), AIMessage("265.78 USD")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "what about netflix?",
                                              Context(today=TODAY), last_arguments=["apple"])
    assert (query, problem) == ("netflix stock price", None)
    assert models.calls("router") == 0


async def test_now_and_another_name_after_a_remark_swaps_the_value_too():
    models = ScriptedModels(router=["should not be called"])
    turns = [HumanMessage("quote for Johnson & Johnson"), AIMessage("158.2 USD")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "k thx. now exxon mobil",
                                              Context(today=TODAY), last_arguments=["Johnson & Johnson"])
    assert (query, problem) == ("quote for exxon mobil", None)


async def test_a_follow_up_naming_the_same_kind_of_question_swaps_only_the_new_word():
    models = ScriptedModels(router=["should not be called"])
    turns = [HumanMessage("Weather in Paris tomorrow?"), AIMessage("Sunny.")]
    query, _ = await rewrite_standalone(models.get("router", Context()), turns, "What about the weather in Rome?",
                                        Context(today=TODAY), last_arguments=["Paris"])
    assert query == "Weather in Rome tomorrow?"


async def test_a_follow_up_that_points_back_is_not_a_swap_and_keeps_the_place():
    models = ScriptedModels(router=[{"query": "hotels in Paris for that night"}])
    turns = [HumanMessage("Weather in Paris tomorrow?"), AIMessage("Sunny.")]
    query, _ = await rewrite_standalone(models.get("router", Context()), turns, "And hotels there for that night?",
                                        Context(today=TODAY), last_arguments=["Paris"])
    assert query == "hotels in Paris on 2026-11-24"  # "that night": the day asked before, in its place
    assert models.calls("router") == 0  # "there" is the one place the last call took: no model needed


async def test_there_is_the_place_the_last_call_took_from_the_last_question():
    models = ScriptedModels(router=["should not be called"])
    turns = [HumanMessage("hotels in Sydney tmrw"), AIMessage("Garden Hostel, 107 AUD.")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "whats the weather there tmrw",
                                              Context(today=TODAY), last_arguments=["Sydney", "2026-11-24"])
    assert (query, problem) == ("whats the weather in Sydney tmrw", None)
    assert models.calls("router") == 0


async def test_figures_of_the_last_answer_in_a_rewrite_count_as_invented():
    models = ScriptedModels(router=[{"query": "weather in New York 108"}])
    turns = [HumanMessage("hotels in New York tmrw"), AIMessage("Harbour Inn, 108 USD.")]
    query, problem = await rewrite_standalone(models.get("router", Context()), turns, "and the weather?",
                                              Context(today=TODAY))
    assert "108" not in query and "108" in problem


async def test_an_answer_that_mentions_nothing_the_question_names_hands_over_to_search():
    tools = search_tools()
    tools.tools["finance"]["get_quote"] = (tools.tools["finance"]["get_quote"][0],
                                           lambda a: {"symbol": "LON", "last": 12.5})
    retriever = SearchAwareRetriever([ServerHit(server="finance", score=0.8, best_for=[0]),
                                      ServerHit(server="web_search", score=0.2)])
    def quote_of_london(messages):
        if "- search_web(" in messages[0].content:
            return executor(messages)
        return {"tool": "get_quote", "params": {"ticker_or_name": "London"}}

    models = ScriptedModels(executor=[quote_of_london], answerer=["It burned in 1666 [T2.1]."])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "when did the Great Fire of London happen"}, context=Context(today=TODAY))
    assert out["plan"]["source"] == "fast_path+search"  # a confident match, but its quote names no Great Fire
    assert [r["server"] for r in out["task_results"].values()] == ["finance", "web_search"]


async def ask_fast(question: str, finance_score: float, quote=None) -> dict:
    """One fast-path run over the finance server (failing, unless ``quote`` answers) and the search server, finance
    matched at ``finance_score``."""
    tools = search_tools()
    if quote is not None:
        tools.tools["finance"]["get_quote"] = (tools.tools["finance"]["get_quote"][0], quote)
    retriever = SearchAwareRetriever([ServerHit(server="finance", score=finance_score, best_for=[0]),
                                      ServerHit(server="web_search", score=0.2)])
    models = ScriptedModels(executor=[executor], answerer=["It burned in 1666 [T2.1]."])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    return await graph.ainvoke({"query": question}, context=Context(today=TODAY))


async def test_a_thing_a_confident_data_server_fails_on_is_searched_and_kept_only_when_search_names_it():
    out = await ask_fast("when did the Great Fire of London happen", 0.8)
    assert out["plan"]["source"] == "fast_path+search" and out["task_results"]["T2"]["status"] == "ok"
    # search holds no passage about the thing: its unrelated results are not kept, the failure is told
    out = await ask_fast("share price of Zuraflax Quux Holdings", 0.8)
    assert set(out["task_results"]) == {"T1"} and "could not answer" in out["answer"]


async def test_a_question_of_history_asks_search_even_after_a_data_server_answered():
    def quote(_):
        return {"symbol": "LON", "name": "London Fire Co", "last": 12.5}

    out = await ask_fast("when did the great fire of london happen", 0.8, quote)
    assert [(r["server"], r["status"]) for r in out["task_results"].values()] == [("finance", "ok"),
                                                                                  ("web_search", "ok")]
    # a question of the present is answered by the data server alone
    out = await ask_fast("stock price of london fire co", 0.8, quote)
    assert [r["server"] for r in out["task_results"].values()] == ["finance"]


async def test_when_every_source_found_nothing_the_answer_says_so_first():
    tools = search_tools()
    tools.tools["web_search"]["search_web"] = (tools.tools["web_search"]["search_web"][0],
                                               lambda a: {"query": a["query"], "results": []})
    retriever = SearchAwareRetriever([ServerHit(server="web_search", score=0.6, best_for=[0])])
    models = ScriptedModels(executor=[executor], answerer=["100 dollars in colombian pesos."])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    out = await graph.ainvoke({"query": "100 bucks in colombian pesos?"}, context=Context(today=TODAY))
    assert out["answer"].startswith("I could not find an answer to: 100 bucks in colombian pesos?")
