"""Router: finds the question and decides how much machinery it needs (fast / parallel / planning)."""

from __future__ import annotations

from typing import Any, Literal

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime
from pydantic import BaseModel

from graphs.context import Context
from nodes.model_call import ModelUnavailable
from nodes.models import ModelProvider
from nodes.prompts.router import ROUTER_SYSTEM, ROUTER_USER
from nodes.question import InvalidQuery, clip_query, latest_question
from nodes.structured import StructuredOutputError, ask_structured
from nodes.timing import timed


class RouteChoice(BaseModel):
    route: Literal["fast", "parallel", "planning"]


def make_router(models: ModelProvider):
    """Build the router node."""

    @timed("router")
    async def router(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        try:
            question = latest_question(state)
        except InvalidQuery as exc:
            return {"standalone_query": "", "errors": [f"router: {exc}"]}
        question, note = clip_query(question)
        errors = [f"router: {note}"] if note else []
        if context.forced_route != "auto":
            return {"standalone_query": question, "route": context.forced_route, "route_confidence": 1.0,
                    "errors": errors}
        try:
            choice = await ask_structured(
                models.get("router", context),
                [SystemMessage(ROUTER_SYSTEM), HumanMessage(ROUTER_USER.format(query=question))],
                RouteChoice,
                retries=context.structured_retries,
            )
            route, confidence = choice.route, 0.5
        except (StructuredOutputError, ModelUnavailable) as exc:
            # Without a verdict the full parallel pipeline is the safe default: it handles one intent too.
            route, confidence = "parallel", 0.0
            errors.append(f"router: {exc}; using the parallel route")
        return {"standalone_query": question, "route": route, "route_confidence": confidence, "errors": errors}

    return router


def route_after_router(state: dict[str, Any]) -> Literal["decompose", "retrieve", "answer"]:
    """Empty questions go straight to the answer (which explains); fast skips decomposition."""
    if not state.get("standalone_query"):
        return "answer"
    return "retrieve" if state.get("route") == "fast" else "decompose"
