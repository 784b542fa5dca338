"""The main graph: router -> decompose -> retrieve -> plan -> execute -> answer.

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
from nodes.decompose import make_decomposer
from nodes.execute import ToolCaller
from nodes.models import ModelProvider
from nodes.plan import make_planner
from nodes.retrieve import ServerRetriever, make_retriever
from nodes.router import Classify, make_router, route_after_router

if TYPE_CHECKING:  # deps imports the heavy clients; tests of the wiring need none of them
    from graphs.deps import Dependencies


def build_graph(
    models: ModelProvider, retriever: ServerRetriever, tools: ToolCaller, classify: Classify | None = None
) -> StateGraph:
    """Wire the nodes; nothing here builds a client."""
    builder = StateGraph(TuraState, context_schema=Context, input_schema=InputState, output_schema=OutputState)
    builder.add_node("router", make_router(models, classify))
    builder.add_node("decompose", make_decomposer(models))
    builder.add_node("retrieve", make_retriever(retriever))
    builder.add_node("plan", make_planner(models, tools))
    builder.add_node("execute", make_execute_node(build_execute_graph(tools, models)))
    builder.add_node("answer", make_answerer(models))

    builder.add_edge(START, "router")
    builder.add_conditional_edges("router", route_after_router, ["decompose", "retrieve", "answer"])
    builder.add_edge("decompose", "retrieve")
    builder.add_edge("retrieve", "plan")
    builder.add_edge("plan", "execute")
    builder.add_edge("execute", "answer")
    builder.add_edge("answer", END)
    return builder


def compile_from(deps: "Dependencies", checkpointer=None):
    """The runnable graph over real dependencies."""
    return build_graph(deps.models, deps.retriever, deps.pool).compile(checkpointer=checkpointer, name="tura")
