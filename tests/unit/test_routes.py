"""Each route end to end with fakes (classifier, scripted models, in-memory tools, keyword retriever),
the planning route's serial search, and the two-turn follow-up."""

import json

from langchain_core.messages import AIMessage, HumanMessage

from graphs.context import Context
from graphs.graph import build_graph
from nodes.answer import collect_evidence, render_evidence
from indexes.route_classifier import RouteClassifier, load_queries
from indexes.server_index import ServerHit
from tests.fakes import BagOfWordsEmbedding, FakeTools, ScriptedModels, make_tool

CITY = {"city": {"type": "string"}}


def travel_tools(hotels=None):
    compare = {"cities": [{"city": "Berlin", "high_c": 9}, {"city": "Madrid", "high_c": 18}]}
    return FakeTools({
        "weather": {"compare_cities": (make_tool("compare_cities", {"cities": {"type": "string"}}), lambda a: compare)},
        "hotels": {"search": (make_tool("search", CITY),
                              hotels or (lambda a: {"hotels": [{"name": "Hotel Sol", "city": a.get("city"), "price": 95}]}))},
        "finance": {"get_quote": (make_tool("get_quote", {"ticker_or_name": {"type": "string"}}),
                                  lambda a: {"ticker": "AAPL", "price": 201.5})},
    })


class KeywordRetriever:
    """Ranks servers by keywords in the queries; records what it was asked."""

    KEYWORDS = {"weather": ("warm", "weather", "forecast"), "hotels": ("hotel",), "finance": ("stock", "aapl")}

    def __init__(self):
        self.seen: list[list[str]] = []

    async def search(self, sub_queries, *, top_k, top_n):
        self.seen.append(list(sub_queries))
        text = " ".join(sub_queries).lower()
        names = [s for s, words in self.KEYWORDS.items() if any(w in text for w in words)] or ["weather"]
        return [ServerHit(server=s, score=0.9 - i / 10, best_for=[i]) for i, s in enumerate(names)][:top_k]


def executor(messages):
    system, task = messages[0].content, messages[-1].content
    if "- compare_cities(" in system:  # arguments are spans of the request, as the executor's grammar demands
        return {"tool": "compare_cities", "params": {"cities": "Berlin or Madrid" if " or " in task
                                                      else "Berlin and Madrid"}}
    if "- get_quote(" in system:
        return {"tool": "get_quote", "params": {"ticker_or_name": "AAPL"}}
    return {"tool": "search", "params": {"city": "Madrid" if "Madrid" in task else "Nice"}}


def classify_as(route):
    return lambda query: (route, 0.95, True)


async def test_fast_route_takes_one_task_without_decomposer_or_planner():
    models = ScriptedModels(executor=[executor], answerer=["AAPL is at 201.5 [T1.1]."])
    graph = build_graph(models, KeywordRetriever(), travel_tools(), classify=classify_as("fast")).compile()
    out = await graph.ainvoke({"query": "AAPL stock price"}, context=Context())
    assert (out["route"], out["route_source"], out["route_confidence"]) == ("fast", "classifier", 0.95)
    assert out["plan"]["source"] == "fast_path" and list(out["task_results"]) == ["T1"]
    assert models.calls("decomposer") == 0 and models.calls("planner") == 0 and models.calls("router") == 0
    assert out["citations"][0]["cited_in_text"]


async def test_parallel_route_decomposes_and_runs_independent_tasks():
    models = ScriptedModels(
        decomposer=[{"tasks": ["weather in Berlin and Madrid tomorrow", "AAPL stock price"]}],
        planner=[{"tasks": [{"id": "T1", "server": "weather", "query": "weather in Berlin and Madrid tomorrow"},
                            {"id": "T2", "server": "finance", "query": "AAPL stock price"}], "dependency": []}],
        executor=[executor], answerer=["Madrid 18 [T1.1]; AAPL 201.5 [T2.1]."])
    retriever = KeywordRetriever()
    graph = build_graph(models, retriever, travel_tools(), classify=classify_as("parallel")).compile()
    # "then" refers back, so code keeps the question whole and the decomposer cuts it
    out = await graph.ainvoke({"query": "Weather in Berlin and Madrid tomorrow and the AAPL stock price then"},
                              context=Context(probe_budget_s=0))
    assert out["route"] == "parallel" and out["plan"]["source"] == "planner"
    assert retriever.seen == [["weather in Berlin and Madrid tomorrow", "AAPL stock price"]]
    assert {r["status"] for r in out["task_results"].values()} == {"ok"} and len(out["task_results"]) == 2
    assert "search" not in out["timings"] and not out.get("search_steps")


def planning_planner(messages):
    """Compress and decide, told apart by their prompts."""
    user = messages[-1].content
    if user.startswith("QUESTION") and "RESULT:" in user:
        result = user.split("RESULT:", 1)[1]
        if "Madrid" in result and "high_c" in result:
            return {"summary": "Madrid (18 C) is warmer than Berlin (9 C).", "useful": True}
        return {"summary": "Hotel Sol in Madrid, 95 a night.", "useful": True}
    notes = user.split("NOTES:", 1)[1]
    if "Hotel Sol" in notes:
        return {"done": True, "next_query": ""}
    return {"done": False, "next_query": "hotels in Madrid for tomorrow night"}


# no comparative before the follow-up: not a choice chain (tests/unit/test_choice_chain.py), so the model searches
QUESTION = "Berlin or Madrid, what's the weather tomorrow? Then find a hotel in the warmer city."


async def test_planning_route_searches_serially_and_the_answer_sees_full_first_step_and_summaries():
    models = ScriptedModels(planner=[planning_planner], executor=[executor],
                            answerer=["Madrid is warmer [T1.1]; Hotel Sol costs 95 [T2.1]."])
    retriever = KeywordRetriever()
    graph = build_graph(models, retriever, travel_tools(), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": QUESTION}, context=Context())
    assert out["route"] == "planning" and models.calls("decomposer") == 0
    assert out["plan"]["source"] == "search"
    assert [(t["id"], t["server"], t["deps"]) for t in out["plan"]["tasks"]] == [("T1", "weather", []),
                                                                                 ("T2", "hotels", ["T1"])]
    assert retriever.seen[-1] == ["hotels in Madrid for tomorrow night"]  # the next step's server is retrieved
    steps = out["search_steps"]
    assert [(s["step"], s["status"], s["decision"]) for s in steps] == [(1, "ok", "next"), (2, "ok", "enough")]
    assert steps[0]["next_query"] == "hotels in Madrid for tomorrow night"
    # The executor of step 2 saw step 1's result as its dependency.
    assert "Results of earlier tasks" in models.chats["executor"].prompts[1][-1].content
    # What an answer model is shown (none is asked here: code found the asked fields in the outputs)
    assert models.calls("answerer") == 0
    evidence = render_evidence(collect_evidence(out["task_results"]))
    assert '"high_c": 18' in evidence and "In short: Madrid (18 C) is warmer" in evidence  # step 1: full + summary
    assert "[T2.1] hotels.search" in evidence and "Hotel Sol in Madrid, 95 a night." in evidence
    assert '"price": 95' not in evidence  # step 2 only as its summary
    assert {c["marker"] for c in out["citations"] if c["cited_in_text"]} == {"T1.1", "T2.1"}
    assert out["errors"] == [] and set(out["timings"]) >= {"router", "retrieve", "search", "answer"}
    assert "plan" not in out["timings"] and "execute" not in out["timings"]


async def test_poor_results_make_decide_rewrite_the_query():
    def hotels(args):
        return {"hotels": []} if args.get("city") == "Nice" else {"hotels": [{"name": "Hotel Sol", "price": 95}]}

    def planner(messages):
        user = messages[-1].content
        if "RESULT:" in user:
            return {"summary": "Hotel Sol, 95." if "Sol" in user else "No hotels found.", "useful": "Sol" in user}
        if "Hotel Sol" in user:
            return {"done": True, "next_query": ""}
        return {"done": False, "next_query": "hotels in Madrid tonight"}

    models = ScriptedModels(planner=[planner], executor=[executor], answerer=["Hotel Sol [T2.1]."])
    graph = build_graph(models, KeywordRetriever(), travel_tools(hotels), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": "a hotel in Nice"}, context=Context())
    first, second = out["search_steps"]
    assert first["poor"] and first["decision"] == "rewrite" and not second["poor"]
    decide_prompt = models.chats["planner"].prompts[1][-1].content
    assert "found nothing useful: rewrite it" in decide_prompt


async def test_search_stops_at_max_steps_and_on_a_repeated_query():
    always_more = [lambda m: ({"summary": "something", "useful": True} if "RESULT:" in m[-1].content
                              else {"done": False, "next_query": f"hotels step {m[-1].content.count(chr(10))}"})]
    models = ScriptedModels(planner=always_more, executor=[executor], answerer=["ok"])
    graph = build_graph(models, KeywordRetriever(), travel_tools(), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": "hotels please"}, context=Context(max_search_steps=2))
    assert len(out["search_steps"]) == 2 and out["search_steps"][-1]["decision"] == "step limit"

    repeat = [lambda m: ({"summary": "x", "useful": True} if "RESULT:" in m[-1].content
                         else {"done": False, "next_query": "hotels please"})]
    models = ScriptedModels(planner=repeat, executor=[executor], answerer=["ok"])
    graph = build_graph(models, KeywordRetriever(), travel_tools(), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": "hotels please"}, context=Context(max_search_steps=4))
    assert len(out["search_steps"]) == 1 and out["search_steps"][0]["decision"] == "repeated query"
    assert any("repeats an earlier one" in e for e in out["errors"])


async def test_failed_decide_answers_from_what_was_found():
    models = ScriptedModels(planner=[lambda m: {"summary": "Madrid warmer", "useful": True}
                                     if "RESULT:" in m[-1].content else "not json"],
                            executor=[executor], answerer=["Madrid, at 18 °C [T1.1]."])
    graph = build_graph(models, KeywordRetriever(), travel_tools(), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": QUESTION}, context=Context(structured_retries=0))
    assert len(out["search_steps"]) == 1 and out["search_steps"][0]["decision"] == "decide failed"
    assert out["answer"].startswith("Madrid, at 18 °C [T1.1].")
    assert any("decide failed" in e for e in out["errors"])


async def test_two_turn_follow_up_is_rewritten_routed_fast_and_resolves_there_and_that_night():
    """Unit: the rewrite model is scripted (the embedded model's behaviour is in the integration test);
    the classifier is the real one, trained on the shipped train split with a fake embedding."""
    classifier = RouteClassifier.train(BagOfWordsEmbedding(), load_queries(split="train"))
    standalone = "hotels in Paris for the night of 2026-11-24"
    models = ScriptedModels(router=[{"query": standalone}], executor=[executor], answerer=["Hotel Sol [T1.1]."])
    retriever = KeywordRetriever()
    graph = build_graph(models, retriever, travel_tools(), classify=classifier).compile()
    turns = [HumanMessage("Weather in Paris tomorrow?"), AIMessage("Sunny, 14 °C [T1.1]."),
             HumanMessage("And hotels there for that night?")]
    out = await graph.ainvoke({"messages": turns}, context=Context(today="2026-11-23"))
    rewrite_prompt = models.chats["router"].prompts[0]
    assert "Today is 2026-11-23" in rewrite_prompt[0].content
    assert "user: Weather in Paris tomorrow?" in rewrite_prompt[-1].content
    assert out["route"] == "fast" and out["route_source"] == "classifier"
    assert retriever.seen == [[standalone]]
    assert json.loads(json.dumps(out["plan"]))["tasks"][0]["query"] == standalone
    assert models.calls("router") == 1  # the rewrite only


async def test_a_failed_step_is_never_enough_the_question_moves_to_an_untried_server():
    def hotels(args):
        raise ValueError("hotel API down")

    def planner(messages):
        user = messages[-1].content
        if "RESULT:" in user:
            return {"summary": "Hotel Sol, 95.", "useful": True}
        return {"done": True, "next_query": ""}  # a careless decider: "enough" whatever happened

    models = ScriptedModels(planner=[planner], executor=[executor], answerer=["ok"])
    graph = build_graph(models, KeywordRetriever(), travel_tools(hotels), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": "a hotel in Nice or AAPL stock"}, context=Context())
    first, second = out["search_steps"][:2]
    assert (first["server"], first["status"], first["decision"]) == ("hotels", "failed", "retry elsewhere")
    assert second["server"] == "finance" and second["query"] == "a hotel in Nice or AAPL stock"
    assert second["status"] == "ok"


async def test_a_failed_step_with_nowhere_left_to_ask_ends_as_not_found():
    def hotels(args):
        raise ValueError("hotel API down")

    models = ScriptedModels(planner=[lambda m: {"done": True, "next_query": ""}], executor=[executor],
                            answerer=["ok"])
    graph = build_graph(models, KeywordRetriever(), travel_tools(hotels), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": "a hotel in Nice"}, context=Context())
    [step] = out["search_steps"]
    assert step["decision"] == "not found"
    assert out["answer"].startswith("I could not find an answer to: a hotel in Nice.")
    assert "The hotels source could not answer (search: city 'Nice'): hotel API down." in out["answer"]


async def test_results_that_hold_the_questions_words_end_the_search_without_asking_the_decider():
    def planner(messages):
        if "RESULT:" in messages[-1].content:
            return {"summary": "AAPL 201.5", "useful": True}
        raise AssertionError("decide was asked although the results cover the question")

    models = ScriptedModels(planner=[planner], executor=[executor], answerer=["AAPL is at 201.5 [T1.1]."])
    graph = build_graph(models, KeywordRetriever(), travel_tools(), classify=classify_as("planning")).compile()
    out = await graph.ainvoke({"query": "AAPL price"}, context=Context())
    [step] = out["search_steps"]
    assert step["decision"] == "covered" and step["status"] == "ok"
