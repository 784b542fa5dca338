"""Which server is asked next: a close runner-up, search after a loose match, never a clearly weaker server; a plan
that repeats a one-part question on a clearly weaker server loses that task."""

from graphs.context import Context
from graphs.graph import build_graph
from graphs.plan import Plan, Task
from indexes.server_index import ServerHit
from nodes.plan_focus import focus_plan
from nodes.server_choice import matches_about_as_well, retry_server
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

QUESTION = "what's 18% of 2,450"


def server(name, score, evidence="synthetic_query", search=False, best_for=()):
    return {"server": name, "score": score, "evidence": evidence, "search": search, "best_for": list(best_for)}


def test_a_server_within_the_margin_matches_about_as_well_unless_the_leader_rests_on_its_own_data():
    leader = server("calculator", 0.40)
    assert matches_about_as_well(server("attractions", 0.36), leader)
    assert not matches_about_as_well(server("weather", 0.27), leader)
    typed = server("calculator", 0.40, evidence="typed")
    assert not matches_about_as_well(server("attractions", 0.36), typed)
    assert matches_about_as_well(server("sheets", 0.36, evidence="typed"), typed)


def test_retry_goes_to_a_close_runner_up_not_asked_yet_else_search_after_a_loose_match_else_nowhere():
    servers = [server("shop", 0.60), server("finance", 0.55), server("maps", 0.30), server("web", 0.0, search=True)]
    assert retry_server(servers, "shop") == "finance"
    assert retry_server(servers, "shop", asked={"finance"}) is None  # 0.60 is no loose match: search is not asked
    loose = [server("shop", 0.45), server("maps", 0.20), server("web", 0.0, search=True)]
    assert retry_server(loose, "shop") == "web"
    assert retry_server(loose, "shop", asked={"web"}) is None


def plan_of(*servers):
    return Plan(tasks=[Task(id=f"T{i + 1}", server=s, query=QUESTION, request=QUESTION) for i, s in enumerate(servers)])


def test_a_plan_repeating_the_question_on_clearly_weaker_servers_keeps_only_the_best():
    servers = [server("calculator", 0.40, evidence="typed", best_for=[0]), server("attractions", 0.363),
               server("weather", 0.268)]
    focused, notes = focus_plan(plan_of("calculator", "attractions", "weather"), [QUESTION], servers)
    assert [t.server for t in focused.tasks] == ["calculator"]
    assert len(notes) == 2 and "calculator's own data matches it" in notes[0]


def test_a_plan_keeps_close_repeats_written_tasks_chains_and_several_parts():
    servers = [server("flights", 0.69, best_for=[0]), server("hotels", 0.65), server("weather", 0.30)]
    close, notes = focus_plan(plan_of("flights", "hotels"), [QUESTION], servers)
    assert [t.server for t in close.tasks] == ["flights", "hotels"] and notes == []
    written = Plan(tasks=[Task(id="T1", server="flights", query=QUESTION, request=QUESTION),
                          Task(id="T2", server="weather", query="weather in Lisbon", request=QUESTION)])
    assert focus_plan(written, [QUESTION], servers)[0] == written
    chain = Plan(tasks=[Task(id="T1", server="weather", query=QUESTION, request=QUESTION),
                        Task(id="T2", server="flights", query=QUESTION, deps=["T1"], request=QUESTION)])
    assert focus_plan(chain, [QUESTION], servers)[0] == chain
    two_parts = plan_of("flights", "weather")
    assert focus_plan(two_parts, [QUESTION, "weather in Lisbon"], servers)[0] == two_parts


def calculator_and_weather(calls, *, calculator_fails: bool = False):
    def calculate(args):
        calls.append(("calculator", args))
        if calculator_fails:
            raise ValueError("calculator is out of service")
        return "441"

    def list_cities(args):
        calls.append(("weather", args))
        return {"cities": []}

    return FakeTools({
        "calculator": {"calculate": (make_tool("calculate", {"expression": {"type": "string"}},
                                               required=["expression"]), calculate)},
        "weather": {"list_cities": (make_tool("list_cities", {"country": {"type": "string"}}), list_cities)},
    })


def executor(messages):
    if "- calculate(" in messages[0].content:
        return {"tool": "calculate", "params": {"expression": "2450*18/100"}}
    return {"tool": "list_cities", "params": {"country": "18% of 2,450"}}


async def search_for_a_calculation(evidence: str, *, calculator_fails: bool = False) -> tuple[dict, list]:
    """The planning search on the calculator (0.40, by ``evidence``) beside a weather server at 0.27, with a
    compressor that calls the result not useful and a decider that says enough."""
    calls: list = []

    def planner(messages):
        if "RESULT:" in messages[-1].content:
            return {"summary": "441", "useful": False}
        return {"done": True, "next_query": ""}

    retriever = FixedRetriever([ServerHit(server="calculator", score=0.40, matched_kind=evidence, best_for=[0]),
                                ServerHit(server="weather", score=0.27)])
    models = ScriptedModels(planner=[planner], executor=[executor], answerer=["441 [T1.1]"])
    graph = build_graph(models, retriever, calculator_and_weather(calls, calculator_fails=calculator_fails)).compile()
    # forced: a calculation alone would take the fast route (nodes/router.py)
    out = await graph.ainvoke({"query": QUESTION}, context=Context(forced_route="planning"))
    return out, calls


async def test_the_planning_search_trusts_a_result_of_the_servers_own_data_and_asks_no_weaker_server():
    out, calls = await search_for_a_calculation("typed")
    assert [name for name, _ in calls] == ["calculator"]
    assert out["search_steps"][0]["poor"] is False


async def test_a_poor_step_does_not_move_to_a_clearly_weaker_server():
    out, calls = await search_for_a_calculation("synthetic_query", calculator_fails=True)
    assert [name for name, _ in calls] == ["calculator"]
    assert out["search_steps"][0]["decision"] == "not found"


async def test_a_call_on_values_resolved_for_the_request_is_trusted_whatever_the_compressor_says():
    # "2450*18/100" is no span of the question: decoding built it for this request (nodes/arguments/schema.py)
    out, calls = await search_for_a_calculation("synthetic_query")
    assert [name for name, _ in calls] == ["calculator"]
    assert out["search_steps"][0]["poor"] is False and out["search_steps"][0]["decision"] == "enough"


def test_after_search_found_nothing_the_best_dynamic_server_not_asked_is_next():
    from nodes.search_judging import retry_elsewhere

    servers = [server("web", 0.0, search=True), server("finance", 0.31), server("maps", 0.12)]
    assert retry_elsewhere(servers, "web", {"web"}) == "finance"
    assert retry_elsewhere(servers, "web", {"web", "finance"}) == "maps"
    assert retry_elsewhere(servers, "finance", {"web", "finance"}) is None  # 0.12 is no close runner-up


def test_a_planned_task_not_made_of_the_questions_words_is_dropped_unless_a_chain_needs_it():
    from nodes.plan_focus import grounded_plan
    question = "shell and hsbc share prices?"
    invented = Plan(tasks=[Task(id="T1", server="hotels", query="hotel share prices", request=question),
                           Task(id="T2", server="finance", query="shell and hsbc share prices", request=question)])
    kept, notes = grounded_plan(invented, question)
    assert [t.id for t in kept.tasks] == ["T2"] and "hotel share prices" in notes[0]
    chain = Plan(tasks=[Task(id="T1", server="web_search", query="largest bank in Britain", request=question),
                        Task(id="T2", server="finance", query="its share price", deps=["T1"], request=question)])
    assert grounded_plan(chain, question) == (chain, [])
