"""Nothing that changes data runs without a person's yes (nodes/approval.py, nodes/approve.py): the run pauses
with an agent-chat-ui approval request, and approve / edit / reject are carried out on resume."""

import json

import pytest
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from mcp.types import Tool

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from graphs.plan import Task
from nodes.approval import (BadDecisions, changes_data, parse_decisions, policy_for, trusted_tools,
                            user_asked_tools)
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool
from tools.catalog import load_catalog
from tools.pool import SessionPool

TODAY = "2026-11-25"
QUESTION = "Book the cheapest 4-star hotel in Paris for tomorrow night"


def hotel_tools(policy: str | None = None) -> FakeTools:
    search = make_tool("search", {"city": {"type": "string"}, "min_stars": {"type": "integer"},
                                  "check_in": {"type": "string"}}, required=["city"])
    book = make_tool("book_room", {"hotel_id": {"type": "integer", "minimum": 1},
                                   "guest_name": {"type": "string", "minLength": 2},
                                   "check_in": {"type": "string"}},
                     read_only=False, required=["hotel_id", "guest_name", "check_in"])
    tools = FakeTools({"hotels": {
        "search": (search, lambda a: {"hotels": [{"hotel_id": 12, "name": "Hotel Lumiere", "stars": 4,
                                                  "avg_nightly_price": 140.0}]}),
        "book_room": (book, lambda a: {"reference": "HB-000001", "hotel_id": a["hotel_id"],
                                       "guest_name": a["guest_name"], "total": 140.0}),
    }})
    if policy is not None:
        tools.approval_policy = lambda server, tool: policy
    return tools


def executor(messages):
    """Search first; once a result is in the conversation, book the hotel it found."""
    if "The task asks you to book_room" in messages[-1].content:
        return {"tool": "book_room", "params": {"hotel_id": 12, "guest_name": "Ada Lovelace",
                                                "check_in": "2026-11-26"}}
    return {"tool": "search", "params": {"city": "Paris", "min_stars": 4, "check_in": "2026-11-26"}}


def graph_for(tools, checkpointer=True):
    models = ScriptedModels(executor=[executor], answerer=["Hotel Lumiere costs 140.0 [T1.1]."])
    retriever = FixedRetriever([ServerHit(server="hotels", score=0.9, best_for=[0])])
    return build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile(
        checkpointer=InMemorySaver() if checkpointer else None)


def bookings(tools):
    return [c for c in tools.calls if c[1] == "book_room"]


CONTEXT = Context(today=TODAY, user_name="Ada Lovelace")
THREAD = {"configurable": {"thread_id": "t1"}}


async def paused(tools):
    graph = graph_for(tools)
    out = await graph.ainvoke({"query": QUESTION}, THREAD, context=CONTEXT)
    return graph, out


async def test_a_booking_pauses_with_an_agent_chat_ui_request_and_nothing_is_booked():
    tools = hotel_tools()
    _, out = await paused(tools)
    request = out["__interrupt__"][0].value
    assert request["action_requests"] == [{
        "name": "hotels.book_room", "args": {"hotel_id": 12, "guest_name": "Ada Lovelace", "check_in": "2026-11-26"},
        "description": request["action_requests"][0]["description"]}]
    assert "book room on hotels" in request["action_requests"][0]["description"]
    assert request["review_configs"] == [{"action_name": "hotels.book_room",
                                          "allowed_decisions": ["approve", "edit", "reject"]}]
    assert bookings(tools) == [] and [c[1] for c in tools.calls] == ["search"]
    # the id is described by the record the search listed: its name, stars and price, read by code
    assert "hotel_id 12 (Hotel Lumiere: stars 4, avg nightly price 140.0)" in request["action_requests"][0]["description"]


def _tool_message(out, call_id):
    from langchain_core.messages import ToolMessage

    found = [m for m in out["messages"] if isinstance(m, ToolMessage) and m.tool_call_id == call_id]
    assert len(found) == 1, [m.content for m in found]  # replaced in place, never added beside the waiting one
    return found[0]


def _held_call_id(out):
    return out["task_results"]["T1"]["observations"][-1]["call_id"]


async def test_reject_books_nothing_and_the_answer_says_so():
    tools = hotel_tools()
    graph, _ = await paused(tools)
    out = await graph.ainvoke(Command(resume={"decisions": [{"type": "reject", "message": "too pricey"}]}), THREAD,
                              context=CONTEXT)
    assert bookings(tools) == []
    assert out["task_results"]["T1"]["status"] == "rejected"
    assert "Not done: book room on hotels" in out["answer"] and "declined" in out["answer"]
    assert "too pricey" in out["answer"]
    declined = _tool_message(out, _held_call_id(out))
    assert declined.content.startswith("declined:") and "too pricey" in declined.content
    assert declined.status == "error"


async def test_approve_books_exactly_once_and_the_answer_cites_the_booking():
    tools = hotel_tools()
    graph, first = await paused(tools)
    waiting = _tool_message(first, _held_call_id(first))
    assert waiting.content.startswith("not run")
    out = await graph.ainvoke(Command(resume={"decisions": [{"type": "approve"}]}), THREAD, context=CONTEXT)
    booked = _tool_message(out, waiting.tool_call_id)
    assert booked.id == waiting.id and booked.status == "success" and "HB-000001" in booked.content
    assert bookings(tools) == [("hotels", "book_room", {"hotel_id": 12, "guest_name": "Ada Lovelace",
                                                        "check_in": "2026-11-26"})]
    assert out["task_results"]["T1"]["status"] == "ok"
    assert any(c["tool"] == "book_room" for c in out["citations"])
    assert "HB-000001" in out["answer"]


async def test_edit_runs_the_edited_arguments_after_checking_them_against_the_schema():
    tools = hotel_tools()
    graph, _ = await paused(tools)
    edited = {"hotel_id": 12, "guest_name": "Grace Hopper", "check_in": "2026-11-26"}
    out = await graph.ainvoke(Command(resume={"decisions": [{"type": "edit", "edited_action": {
        "name": "hotels.book_room", "args": edited}}]}), THREAD, context=CONTEXT)
    assert bookings(tools) == [("hotels", "book_room", edited)]
    assert out["task_results"]["T1"]["status"] == "ok"


async def test_an_edit_outside_the_schema_or_to_another_action_runs_nothing():
    for action, args in (("hotels.book_room", {"hotel_id": 0, "guest_name": "G", "check_in": "x"}),
                         ("shopping.place_order", {"hotel_id": 12, "guest_name": "Grace", "check_in": "x"})):
        tools = hotel_tools()
        graph, _ = await paused(tools)
        out = await graph.ainvoke(Command(resume={"decisions": [{"type": "edit", "edited_action": {
            "name": action, "args": args}}]}), THREAD, context=CONTEXT)
        assert bookings(tools) == []
        assert out["task_results"]["T1"]["status"] == "failed"


async def test_an_unreadable_reply_runs_nothing():
    tools = hotel_tools()
    graph, _ = await paused(tools)
    out = await graph.ainvoke(Command(resume="yes please"), THREAD, context=CONTEXT)
    assert bookings(tools) == [] and out["task_results"]["T1"]["status"] == "rejected"
    assert any("approval reply" in e for e in out["errors"])


@pytest.mark.parametrize("policy, booked", [("deny", False), ("allow", True)])
async def test_a_policy_of_deny_or_allow_decides_without_asking(policy, booked):
    tools = hotel_tools()
    out = await graph_for(tools).ainvoke({"query": QUESTION}, THREAD,
                                         context=Context(today=TODAY, user_name="Ada Lovelace", approvals=policy))
    assert "__interrupt__" not in out
    assert bool(bookings(tools)) is booked
    if not booked:
        assert "approvals are 'deny' for hotels" in out["answer"]


async def test_a_server_policy_in_the_catalogue_overrides_the_run():
    tools = hotel_tools(policy="deny")
    out = await graph_for(tools).ainvoke({"query": QUESTION}, THREAD,
                                         context=Context(today=TODAY, user_name="Ada", approvals="allow"))
    assert bookings(tools) == [] and "__interrupt__" not in out


async def test_without_a_checkpointer_a_held_call_is_reported_not_run():
    tools = hotel_tools()
    out = await graph_for(tools, checkpointer=False).ainvoke({"query": QUESTION}, context=CONTEXT)
    assert bookings(tools) == [] and "__interrupt__" not in out
    assert "no thread to pause" in out["answer"]


async def test_read_only_calls_never_ask():
    tools = hotel_tools()
    graph = graph_for(tools)
    out = await graph.ainvoke({"query": "cheapest 4-star hotel in Paris tomorrow"}, THREAD, context=CONTEXT)
    assert "__interrupt__" not in out and [c[1] for c in tools.calls] == ["search"]


def test_tools_without_annotations_count_as_changing_data():
    tool = make_tool("anything")
    assert not changes_data(tool)
    assert changes_data(tool.model_copy(update={"annotations": None}))


def test_decisions_must_match_the_held_calls():
    assert [d.type for d in parse_decisions({"type": "approve"}, 1)] == ["approve"]
    with pytest.raises(BadDecisions):
        parse_decisions({"decisions": [{"type": "approve"}, {"type": "approve"}]}, 1)
    with pytest.raises(BadDecisions):
        parse_decisions({"decisions": [{"type": "maybe"}]}, 1)


async def test_a_follow_up_that_cannot_be_formed_keeps_what_the_first_call_found():
    tools = hotel_tools()

    def confused(messages):
        if "The task asks you to book_room" in messages[-1].content:
            return {"tool": "book_room", "params": {"hotel_id": 999, "guest_name": "Nobody", "check_in": "x"}}
        return executor(messages)

    models = ScriptedModels(executor=[confused], answerer=["Hotel Lumiere costs 140.0 [T1.1]."])
    retriever = FixedRetriever([ServerHit(server="hotels", score=0.9, best_for=[0])])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile(
        checkpointer=InMemorySaver())
    out = await graph.ainvoke({"query": QUESTION}, THREAD, context=CONTEXT)
    assert out["task_results"]["T1"]["status"] == "ok" and bookings(tools) == []
    assert "__interrupt__" not in out and "Hotel Lumiere" in out["answer"] and "140 [T1.1]" in out["answer"]


# -- approvals per tool (tools/catalog.py, tools/pool.py) ---------------------------------------------------------
SHOP_QUESTION = "Count the orders placed this month"


class CataloguedTools(FakeTools):
    """In-memory tools with a real catalogue, answering approval questions as the session pool does."""

    approval_policy = SessionPool.approval_policy
    approval_source = SessionPool.approval_source

    def __init__(self, tools, catalog):
        super().__init__(tools)
        self.catalog = catalog


def shop_tools(tmp_path, approvals=None) -> CataloguedTools:
    """A server whose tools carry no annotations: ``count_orders`` only reads, but nothing says so."""
    entry = {"command": "python", "args": ["-m", "shop"], "description": "orders of the shop"}
    if approvals is not None:
        entry["approvals"] = approvals
    path = tmp_path / "mcp.json"
    path.write_text(json.dumps({"mcpServers": {"shop": entry}}))
    count = Tool(name="count_orders", description="how many orders", inputSchema={"type": "object"})
    cancel = Tool(name="cancel_order", description="cancel an order", inputSchema={"type": "object"})
    return CataloguedTools({"shop": {"count_orders": (count, lambda a: {"orders": 7}),
                                     "cancel_order": (cancel, lambda a: {"cancelled": True})}},
                           load_catalog(path, include_builtin=False))


def shop_graph(tools, checkpointer=True):
    models = ScriptedModels(executor=[{"tool": "count_orders", "params": {}}], answerer=["7 orders [T1.1]."])
    retriever = FixedRetriever([ServerHit(server="shop", score=0.9, best_for=[0])])
    return build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile(
        checkpointer=InMemorySaver() if checkpointer else None)


def test_the_policy_is_looked_up_per_tool_then_star_then_the_run(tmp_path):
    tools = shop_tools(tmp_path, {"count_orders": "allow", "*": "deny"})
    assert policy_for("shop", "count_orders", tools, "ask") == "allow"
    assert policy_for("shop", "cancel_order", tools, "ask") == "deny"
    assert policy_for("shop", "count_orders", tools, "ask").source == str(tmp_path / "mcp.json")
    assert policy_for("shop", "cancel_order", shop_tools(tmp_path, {"count_orders": "allow"}), "ask") == "ask"
    assert policy_for("shop", "cancel_order", shop_tools(tmp_path, "allow"), "deny") == "allow"
    assert policy_for("hotels", "book_room", FakeTools({}), "deny") == "deny"  # no catalogue: the run's


@pytest.mark.parametrize("question", [SHOP_QUESTION, "How many orders were placed this month?"])
async def test_an_unannotated_read_tool_allowed_by_name_runs_without_asking(tmp_path, question):
    # the second question does not name the tool's action: trusted by name, it is offered all the same
    tools = shop_tools(tmp_path, {"count_orders": "allow"})
    out = await shop_graph(tools).ainvoke({"query": question}, THREAD, context=CONTEXT)
    assert "__interrupt__" not in out
    assert tools.calls == [("shop", "count_orders", {})]
    assert out["task_results"]["T1"]["status"] == "ok" and "7" in out["answer"]


async def test_without_the_setting_it_is_held_and_the_line_names_the_setting_and_the_file(tmp_path):
    setting = ('shop.count_orders may change data (no readOnlyHint); to trust it, set '
               f'"approvals": {{"count_orders": "allow"}} for server "shop" in {tmp_path / "mcp.json"}')
    tools = shop_tools(tmp_path)
    graph = shop_graph(tools)
    held = await graph.ainvoke({"query": SHOP_QUESTION}, THREAD, context=CONTEXT)
    assert "__interrupt__" in held and tools.calls == []
    assert setting in held["task_results"]["T1"]["error"]
    out = await graph.ainvoke(Command(resume={"decisions": [{"type": "reject"}]}), THREAD, context=CONTEXT)
    assert tools.calls == [] and f"Not done: count orders on shop (): declined; {setting}." in out["answer"]
    tool_lines = [m.content for m in out["messages"] if m.type == "tool"]
    assert [m.content for m in held["messages"] if m.type == "tool"] == [
        f"not run: waiting for approval: count orders on shop (); {setting}"]
    assert tool_lines == [f"declined: count orders on shop (): declined; {setting}."]  # the decision replaces it


@pytest.mark.parametrize("approvals, context", [({"*": "deny"}, CONTEXT), (None, Context(approvals="deny"))])
async def test_a_denied_call_names_the_setting_too(tmp_path, approvals, context):
    tools = shop_tools(tmp_path, approvals)
    out = await shop_graph(tools, checkpointer=False).ainvoke({"query": SHOP_QUESTION}, context=context)
    assert tools.calls == [] and out["task_results"]["T1"]["status"] == "rejected"
    assert "approvals are 'deny' for shop" in out["answer"]
    assert f'set "approvals": {{"count_orders": "allow"}} for server "shop" in {tmp_path / "mcp.json"}' in out["answer"]


def test_only_tools_allowed_by_name_are_offered_without_being_asked_for(tmp_path):
    listed = [Tool(name=n, inputSchema={"type": "object"}) for n in ("count_orders", "cancel_order")]
    task = Task(id="T1", server="shop", query="How many orders this month?")
    assert user_asked_tools(listed, task) == []
    by_name = shop_tools(tmp_path, {"count_orders": "allow", "*": "allow"})
    assert trusted_tools("shop", by_name) == {"count_orders"}  # "*" lets calls run, it trusts no tool by name
    assert [t.name for t in user_asked_tools(listed, task, trusted_tools("shop", by_name))] == ["count_orders"]
    assert trusted_tools("shop", shop_tools(tmp_path, "allow")) == set()


@pytest.mark.parametrize(("request_text", "asked"), [
    ("write a file called plan.md saying hello", ["write_file"]),
    ("please write it to todo.txt", ["write_file"]),
    ("what did I write down about the boiler service", []),  # asked about, not asked for
    ("have we written the invoice note yet", []),
])
def test_an_action_asked_about_is_not_asked_for(request_text, asked):
    from nodes.approval import asked_actions

    write = Tool(name="write_file", description="Create or overwrite a file", inputSchema={"type": "object"})
    assert asked_actions([write], [request_text]) == asked
