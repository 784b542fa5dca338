"""Router: finds the question, rewrites a follow-up into a standalone query, and decides how much
machinery it needs: ``fast`` (one intent, one server), ``parallel`` (independent intents) or
``planning`` (each step needs the previous result).

The decision is cheap first: an embedding classifier (indexes/route_classifier.py, injected as
``classify``); the router model is asked only when the classifier is unsure or absent.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Literal

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime
from langgraph.types import Overwrite
from pydantic import BaseModel

from graphs.context import Context
from indexes.route_cues import NO_CUE_WORDS
from nodes.events import emit
from nodes.choice_chain import read_choice_chain
from nodes.arguments.expressions import is_one_calculation
from nodes.followup_words import names_a_new_kind
from nodes.intent_split import split_intents
from nodes.model_call import ModelUnavailable
from nodes.models import ModelProvider
from nodes.prompts.router import ROUTER_SYSTEM, ROUTER_USER
from nodes.question import InvalidQuery, clip_query, latest_question, today_of
from nodes.rewrite import earlier_turns, rewrite_standalone
from nodes.spoken_corrections import without_corrections
from nodes.structured import StructuredOutputError, ask_structured
from nodes.timing import timed

RouteName = Literal["fast", "parallel", "planning"]
# (route, confidence, confident): confident means the model need not be asked.
Classify = Callable[[str], tuple[str, float, bool]]


class RouteChoice(BaseModel):
    route: RouteName


async def ask_router_model(models: ModelProvider, context: Context, question: str) -> RouteName:
    choice = await ask_structured(
        models.get("router", context),
        [SystemMessage(ROUTER_SYSTEM), HumanMessage(ROUTER_USER.format(query=question))],
        RouteChoice,
        retries=context.structured_retries,
    )
    return choice.route


def last_call_values(task_results: dict[str, Any]) -> list[str]:
    """The string arguments of the last turn's successful tool calls (the state still holds that turn)."""
    return [value for result in task_results.values() for outcome in result.get("observations", [])
            if outcome.get("ok") for value in (outcome.get("arguments") or {}).values() if isinstance(value, str)]


def last_servers(task_results: dict[str, Any]) -> list[str]:
    """The servers whose calls answered the last turn (the state still holds that turn), in task order."""
    return list(dict.fromkeys(result["server"] for result in task_results.values()
                              if result.get("status") == "ok" and result.get("server")))


def new_turn(errors: list[str]) -> dict[str, Any]:
    """Resets for every key a run writes, except ``messages``. In a thread the checkpointer hands each turn
    the state the last one ended with; without this, errors, timings, the trace and task results would
    pile up across turns, and a key this turn's route never writes (plan, probe, search steps) would show
    the last turn's value."""
    return {
        "errors": Overwrite(errors), "timings": Overwrite({}), "trace": Overwrite({}),
        "task_results": Overwrite({}), "answer": "", "citations": [], "plan": {}, "probe": {},
        "servers": [], "search_steps": [], "sub_queries": [], "decomposed_by": "", "route_confidence": 0.0,
        "route_source": "", "located": {}, "last_servers": [],
    }


async def prepare_classifier(classify: Classify, errors: list[str]) -> None:
    """Lets a classifier that reads the catalogue (indexes/route_classifier.py ``LazyRouteClassifier``: its cue
    words come from the index sync) read it first; when that fails it classifies with what it had."""
    prepare = getattr(classify, "prepare", None)
    if prepare is None:
        return
    try:
        await prepare()
    except Exception as exc:  # the catalogue's servers or index are external: route on without their words
        errors.append(f"router: the catalogue's cue words are unavailable ({type(exc).__name__}: {exc})")


def make_router(models: ModelProvider, classify: Classify | None = None):
    """Build the router node; ``classify`` is the cheap embedding classifier (None: model only)."""

    @timed("router")
    async def router(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        try:
            question = latest_question(state)
        except InvalidQuery as exc:
            return {**new_turn([f"router: {exc}"]), "standalone_query": ""}
        question, note = clip_query(question)
        question = without_corrections(question)  # "in chicago no wait I mean denver" asks about Denver
        errors = [f"router: {note}"] if note else []
        turns = earlier_turns(state.get("messages") or []) if not state.get("query") else []
        kinds: frozenset[str] = frozenset()
        continues = False  # a follow-up that names no new kind of thing goes on with the last turn's servers
        if turns:
            if classify is not None:  # the catalogue's kinds of thing, which a rewrite may name
                await prepare_classifier(classify, errors)
            kinds = getattr(classify, "cue_words", NO_CUE_WORDS).kinds
            continues = not names_a_new_kind(question, state.get("standalone_query") or "", kinds)
            question, problem = await rewrite_standalone(models.get("rewriter", context), turns, question, context,
                                                         last_call_values(state.get("task_results") or {}), kinds,
                                                         state.get("standalone_query") or "")
            errors += [problem] if problem else []
        update: dict[str, Any] = {**new_turn(errors), "standalone_query": question}
        if continues:  # a near tie in retrieval goes to the servers that answered the turn before
            update["last_servers"] = last_servers(state.get("task_results") or {})
        if (state.get("query") or "").strip():  # a plain query joins the thread as the user's turn, first
            update["messages"] = [HumanMessage(state["query"])]
        if context.forced_route != "auto":
            return {**update, "route": context.forced_route, "route_confidence": 1.0, "route_source": "forced"}
        if read_choice_chain(question, today_of(context.today)) is not None:
            # "which is warmer, Madrid or Rome? cheapest hotel there": the second step needs the first's pick
            return {**update, "route": "planning", "route_confidence": 1.0, "route_source": "choice"}
        if split_intents(question):  # independent intents joined by "and": parallel by construction
            return {**update, "route": "parallel", "route_confidence": 1.0, "route_source": "split"}
        if is_one_calculation(question):  # "129.99, 30% off, then 8.25% tax": the steps of one calculation
            return {**update, "route": "fast", "route_confidence": 1.0, "route_source": "calculation"}
        guess: tuple[str, float, bool] | None = None
        if classify is not None:
            await prepare_classifier(classify, errors)
            update["errors"] = Overwrite(errors)
            guess = await asyncio.to_thread(classify, question)
            if guess[2]:
                return {**update, "route": guess[0], "route_confidence": round(guess[1], 4),
                        "route_source": "classifier"}
        try:
            route = await ask_router_model(models, context, question)
            return {**update, "route": route, "route_confidence": round(guess[1], 4) if guess else 0.5,
                    "route_source": "model"}
        except (StructuredOutputError, ModelUnavailable) as exc:
            # The classifier's unsure guess beats nothing; without one, parallel handles one intent too.
            route = guess[0] if guess else "parallel"
            errors.append(f"router: {exc}; using the {'classifier' if guess else 'parallel'} route")
            return {**update, "errors": Overwrite(errors), "route": route,
                    "route_confidence": round(guess[1], 4) if guess else 0.0, "route_source": "fallback"}

    return router


def route_after_router(state: dict[str, Any]) -> Literal["decompose", "retrieve", "answer"]:
    """Empty questions go straight to the answer (which explains); only ``parallel`` decomposes (fast has
    one intent; planning finds its later steps while it searches).
    Announces the decision on the ``custom`` stream: this is the one place every route passes."""
    emit("route_chosen", route=state.get("route"), source=state.get("route_source"),
         confidence=state.get("route_confidence"), standalone_query=state.get("standalone_query", ""))
    if not state.get("standalone_query"):
        return "answer"
    return "decompose" if state.get("route") == "parallel" else "retrieve"


def route_after_retrieve(state: dict[str, Any]) -> Literal["plan", "search"]:
    """``planning`` searches serially (nodes/search_loop.py); fast and parallel go through the DAG planner."""
    return "search" if state.get("route") == "planning" else "plan"
