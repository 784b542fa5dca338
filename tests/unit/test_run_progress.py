"""``tura ask`` in a terminal: the run streams its stages to a progress bar and gives the same output as a plain
invocation, approvals included (graphs/run_progress.py, graphs/approval_cli.py)."""

from io import StringIO

from rich.console import Console

from graphs.approval_cli import invoke_with_approvals, unattended_decisions
from graphs.run_progress import RunProgress
from tests.unit.test_approval_gate import CONTEXT, QUESTION, bookings, graph_for, hotel_tools


def approve(request):
    return unattended_decisions(request, approve_writes=True)


async def test_a_streamed_run_with_an_approval_ends_like_a_plain_one_and_fills_the_bar():
    plain_tools, streamed_tools = hotel_tools(), hotel_tools()
    plain, plain_approvals = await invoke_with_approvals(
        graph_for(plain_tools), {"query": QUESTION}, {"configurable": {"thread_id": "a"}}, CONTEXT, approve)
    parts: list[tuple[str, object]] = []
    bar = RunProgress(Console(file=StringIO(), force_terminal=True))
    with bar:
        streamed, streamed_approvals = await invoke_with_approvals(
            graph_for(streamed_tools), {"query": QUESTION}, {"configurable": {"thread_id": "b"}}, CONTEXT, approve,
            on_event=lambda mode, chunk: (parts.append((mode, chunk)), bar.on_event(mode, chunk)))
    assert len(bookings(plain_tools)) == len(bookings(streamed_tools)) == 1
    assert [a["decision"] for a in streamed_approvals] == [a["decision"] for a in plain_approvals] == ["approve"]
    assert set(streamed) == set(plain) and streamed["answer"].split("HB-")[0] == plain["answer"].split("HB-")[0]
    assert {"route_chosen", "plan_made"} <= {c.get("event") for m, c in parts if m == "custom"}
    assert bar.completed == bar.total == 5


def test_a_planning_run_counts_four_stages():
    bar = RunProgress(Console(file=StringIO(), force_terminal=True))
    bar.on_event("custom", {"event": "route_chosen", "route": "planning", "source": "classifier",
                            "standalone_query": "q"})
    for node in ("router", "retrieve", "search", "answer", "answer"):
        bar.on_event("updates", {node: {}})
    assert bar.completed == bar.total == 4
