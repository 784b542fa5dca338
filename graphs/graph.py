"""The main graph: router -> decompose -> retrieve -> plan -> execute -> answer, by route:
- fast: router -> locate -> retrieve -> plan (one task, no planner) -> execute -> convert -> approve -> answer
- parallel: router -> locate -> decompose -> retrieve -> plan (DAG planner, probe first) -> execute -> convert
  -> approve -> answer
- planning: router -> locate -> retrieve -> search (serial search, compress, decide) -> convert -> approve ->
  answer
``locate`` writes in the city of a thing the question points at ("the Terracotta Army ... in that city"), and
passes through otherwise (nodes/locate.py).
``convert`` makes the currency conversions the question asks for that no task made (nodes/conversion.py), and
passes through otherwise. ``approve`` passes through unless a call that changes data is held; then the run pauses
for a person's decision (nodes/approve.py).

``build_graph`` returns the uncompiled StateGraph with its dependencies injected, so tests compile the
same graph with fake models and tools. ``graph`` (for langgraph.json) is built from the real ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from langgraph.graph import END, START, StateGraph

from graphs.context import Context
from graphs.executor import build_execute_graph, make_execute_node
from graphs.state import InputState, OutputState, TuraState
from nodes.answer import make_answerer
from nodes.approve import make_approver
from nodes.conversion import make_converter
from nodes.decompose import make_decomposer
from nodes.locate import make_locator, route_after_locate
from nodes.tool_caller import ToolCaller
from nodes.models import ModelProvider
from nodes.plan import make_planner
from nodes.retrieve import ServerRetriever, make_retriever
from nodes.run_task import make_execute_dispatch
from nodes.router import Classify, make_router, route_after_retrieve, route_after_router
from nodes.arguments.candidates import warm_resolvers
from nodes.search_loop import make_search_loop
from nodes.stage_costs import MeteredRetriever, MeteredTools
from nodes.tool_messages import with_tool_messages

if TYPE_CHECKING:  # deps imports the heavy clients; tests of the wiring need none of them
    from graphs.deps import Dependencies


def build_graph(
    models: ModelProvider, retriever: ServerRetriever, tools: ToolCaller, classify: Classify | None = None
) -> StateGraph:
    """Wire the nodes; nothing here builds a client. Tool calls and index searches are charged to the stage
    that makes them (``stage_costs``)."""
    tools, retriever = MeteredTools(tools), MeteredRetriever(retriever)
    builder = StateGraph(TuraState, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    builder.add_node("router", make_router(models, classify))
    builder.add_node("locate", make_locator(tools, retriever))
    builder.add_node("decompose", make_decomposer(models))
    builder.add_node("retrieve", make_retriever(retriever))
    builder.add_node("plan", make_planner(models, tools))
    dag_execute = make_execute_node(build_execute_graph(tools, models))
    # one task: no subgraph; the calls of both join ``messages`` (nodes/tool_messages.py)
    builder.add_node("execute", with_tool_messages(make_execute_dispatch(dag_execute, tools, models)))
    builder.add_node("search", with_tool_messages(make_search_loop(models, tools, retriever)))
    builder.add_node("convert", with_tool_messages(make_converter(tools)))  # a figure asked in another currency
    builder.add_node("approve", make_approver(tools))  # held side-effecting calls wait for a person here
    builder.add_node("answer", make_answerer(models))

    builder.add_edge(START, "router")
    # every route with a question passes ``locate`` first: a place named only through a thing is looked up
    builder.add_conditional_edges("router", route_after_router,
                                  {"decompose": "locate", "retrieve": "locate", "answer": "answer"})
    builder.add_conditional_edges("locate", route_after_locate, ["decompose", "retrieve"])
    builder.add_edge("decompose", "retrieve")
    builder.add_conditional_edges("retrieve", route_after_retrieve, ["plan", "search"])
    builder.add_edge("search", "convert")
    builder.add_edge("plan", "execute")
    builder.add_edge("execute", "convert")
    builder.add_edge("convert", "approve")
    builder.add_edge("approve", "answer")
    builder.add_edge("answer", END)
    return builder


def compile_from(deps: "Dependencies", checkpointer=None):
    """The runnable graph over real dependencies, the route classifier included. The value resolvers' tables
    (gazetteer, zones, codes; ~1.5 s from disk) load here, before any run: loaded inside the first run they
    would block the event loop past its latency budget, which no cancellation can cut short."""
    warm_resolvers()
    return build_graph(deps.models, deps.retriever, deps.pool, classify=deps.classify).compile(
        checkpointer=checkpointer, name="tura")
