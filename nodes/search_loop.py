"""Planning search (SRSA): for questions whose later steps need earlier results, search serially:
search -> compress (keep only what bears on the question) -> decide (enough? else the next query,
rewritten when the last results were poor), for at most ``max_search_steps`` steps. A poor step is never
"enough": when the model says done after one, the question goes to a retrieved server not asked yet, or the
loop stops with "not found". When the results already hold most words of the question, the loop ends
without asking the model ("covered"): a 135M decider otherwise keeps searching for nothing.

Each step is a plan task ``T<n>`` on a retrieved server, run by the same executor agent as the DAG's
tasks (nodes/run_task.py), and stored in ``task_results`` so the answer cites it. The first step's full
output reaches the answer together with its summary; later steps reach it as their summaries
(``compressed``), which keeps the answer's prompt short however many steps ran.
Compress and decide use the ``planner`` role's model (JSON out, never streamed to a chat app). How a step is
judged, and where the loop asks after a poor one, is nodes/search_judging.py.
"""

from __future__ import annotations

import time
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime
from langgraph.types import Overwrite
from pydantic import BaseModel, Field

from graphs.context import Context
from graphs.plan import Task
from nodes.events import emit
from nodes.tool_caller import ToolCaller
from nodes.model_call import ModelUnavailable
from nodes.models import ModelProvider
from nodes.answering.quoted_data import quoted
from nodes.choice_chain import read_choice_chain
from nodes.choice_steps import run_choice_chain
from nodes.prompts.search import (COMPRESS_EXAMPLES, COMPRESS_SYSTEM, COMPRESS_USER, DECIDE_EXAMPLES, DECIDE_POOR,
                                  DECIDE_SYSTEM, DECIDE_USER)
from nodes.question import today_of
from nodes.retrieve import ServerRetriever
from nodes.run_task import run_single_task
from nodes.search_judging import answered_with_resolved_values, coverage, is_poor, matched_by_data, retry_elsewhere
from nodes.structured import StructuredOutputError, ask_structured
from nodes.timing import timed, tool_stage_s

RESULT_CHARS = 1200  # what compress reads of a step's output
COVERED = 0.8  # share of the question's words found in the results that ends the search without asking
FALLBACK_SUMMARY_CHARS = 300


class Compressed(BaseModel):
    summary: str = Field(min_length=1, max_length=800)
    useful: bool = True


class Decision(BaseModel):
    done: bool
    next_query: str = Field(default="", max_length=300)


def few_shot(system: str, examples: list[tuple[str, str]], user: str) -> list:
    return [SystemMessage(system), *[m for q, a in examples for m in (HumanMessage(q), AIMessage(a))],
            HumanMessage(user)]


def render_notes(steps: list[dict[str, Any]]) -> str:
    return "\n".join(f"{s['step']}. [{s['server']}] {s['summary']}" for s in steps)


class SearchLoop:
    """The loop's model and retrieval steps (the search step itself is nodes/run_task.py)."""

    def __init__(self, models: ModelProvider, retriever: ServerRetriever):
        self.models, self.retriever = models, retriever

    async def compress(self, question: str, result: dict[str, Any], context: Context) -> tuple[str, bool, str | None]:
        """(summary, useful, error): a failed step is summarised without a model call."""
        if result["status"] != "ok":
            return f"search failed: {result.get('error', '')}", False, None
        text = result["observations"][-1].get("text", "")
        try:
            out = await ask_structured(
                self.models.get("planner", context),
                few_shot(COMPRESS_SYSTEM, COMPRESS_EXAMPLES,
                         COMPRESS_USER.format(question=question, result=quoted(text[:RESULT_CHARS]))),
                Compressed, retries=context.structured_retries,
            )
            return " ".join(out.summary.split()), out.useful, None
        except (StructuredOutputError, ModelUnavailable) as exc:
            return text[:FALLBACK_SUMMARY_CHARS], True, f"search: compress failed ({exc}); kept the raw start"

    async def decide(self, question: str, steps: list[dict[str, Any]], context: Context) -> Decision:
        last = steps[-1]
        poor = DECIDE_POOR.format(query=last["query"]) if last["poor"] else ""
        return await ask_structured(
            self.models.get("planner", context),
            few_shot(DECIDE_SYSTEM.format(today=today_of(context.today).isoformat()), DECIDE_EXAMPLES,
                     DECIDE_USER.format(question=question, notes=render_notes(steps), poor=poor)),
            Decision, retries=context.structured_retries,
        )

    async def pick_server(self, query: str, fallback: str, context: Context) -> tuple[str, str | None]:
        """The best server for the next query (retrieval on that query), else the question's best."""
        try:
            hits = await self.retriever.search([query], top_k=1, top_n=context.top_n_rows)
        except Exception as exc:  # the index is an external store: report, keep searching on the fallback
            return fallback, f"search: retrieval for '{query}' failed ({type(exc).__name__}: {exc})"
        return (hits[0].server, None) if hits else (fallback, None)


def make_search_loop(models: ModelProvider, tools: ToolCaller, retriever: ServerRetriever):
    """Build the planning route's search node."""
    loop = SearchLoop(models, retriever)

    @timed("search")
    async def search(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        question = state["standalone_query"]
        servers = state.get("servers") or []
        if not servers:
            return {"task_results": Overwrite({}), "search_steps": [], "plan": {"tasks": [], "source": "search"},
                    "errors": ["search: no servers to search"]}
        deadline = time.perf_counter() + tool_stage_s(state, context.latency_budget_s)
        if (chain := read_choice_chain(question, today_of(context.today))) is not None:
            # "which is warmer, Madrid or Rome? the cheapest hotel there": code decides both steps
            chosen = await run_choice_chain(chain, fallback_server=servers[0]["server"], tools=tools, models=models,
                                            pick_server=loop.pick_server, context=context, deadline=deadline)
            for step in chosen["steps"]:
                emit("search_step", **step)
            return {"task_results": Overwrite(chosen["results"]), "search_steps": chosen["steps"],
                    "plan": chosen["plan"], "errors": chosen["errors"]}
        results: dict[str, dict[str, Any]] = {}
        steps: list[dict[str, Any]] = []
        tasks: list[Task] = []
        errors: list[str] = []
        query, server = question, servers[0]["server"]
        for n in range(1, max(1, context.max_search_steps) + 1):
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                errors.append(f"search: latency budget of {context.latency_budget_s:g} s ran out after {n - 1} step(s)")
                break
            task = Task(id=f"T{n}", server=server, query=query, deps=[tasks[-1].id] if tasks else [], request=question)
            tasks.append(task)
            previous = results[tasks[-2].id] if len(tasks) > 1 else None
            deps = {previous["task_id"]: previous["observations"]} if previous else {}
            result = await run_single_task(task, deps, tools=tools, models=models, context=context,
                                           timeout_s=min(context.task_timeout_s, remaining))
            summary, useful, problem = await loop.compress(question, result, context)
            errors += [problem] if problem else []
            result.update(summary=summary, compressed=n > 1)
            results[task.id] = result
            step = {"step": n, "task_id": task.id, "server": server, "query": query, "status": result["status"],
                    "summary": summary, "poor": is_poor(result, useful or matched_by_data(servers, server)
                                                        or answered_with_resolved_values(result, question, query))}
            steps.append(step)
            if result["status"] in ("awaiting_approval", "rejected"):
                step["decision"] = "held for approval"  # a call that changes data ends the search: a person decides
                break
            if n >= context.max_search_steps:
                step["decision"] = "step limit"
                break
            found = " ".join(o.get("text", "") for r in results.values() for o in r["observations"] if o.get("ok"))
            if not step["poor"] and coverage(question, found) >= COVERED:
                step["decision"] = "covered"  # what the question asks about is in the results: no model call
                break
            try:
                decision = await loop.decide(question, steps, context)
            except (StructuredOutputError, ModelUnavailable) as exc:
                errors.append(f"search: decide failed ({exc}); answering from {n} step(s)")
                step["decision"] = "decide failed"
                break
            next_query = " ".join(decision.next_query.split())
            if (decision.done or not next_query) and step["poor"]:
                # A failure is never "enough": try the question on a retrieved server not asked yet, else
                # stop and say it was not found.
                elsewhere = retry_elsewhere(servers, server, {t.server for t in tasks})
                if elsewhere is None:
                    step["decision"] = "not found"
                    break
                step["decision"] = "retry elsewhere"
                emit("search_step", **step)
                server, query = elsewhere, question
                continue
            if decision.done or not next_query:
                step["decision"] = "enough"
                break
            if next_query.lower() in {s["query"].lower() for s in steps}:
                errors.append(f"search: the next query repeats an earlier one ({next_query!r}); stopping")
                step["decision"] = "repeated query"
                break
            step["decision"] = "rewrite" if step["poor"] else "next"
            step["next_query"] = next_query
            emit("search_step", **step)
            server, problem = await loop.pick_server(next_query, servers[0]["server"], context)
            errors += [problem] if problem else []
            query = next_query
        emit("search_step", **steps[-1])
        errors += [f"search: {r['task_id']} ({r['server']}) failed: {r.get('error', '')}"
                   for r in results.values() if r["status"] != "ok"]
        plan = {"tasks": [t.model_dump() for t in tasks], "source": "search"}
        return {"task_results": Overwrite(results), "search_steps": steps, "plan": plan, "errors": errors}

    return search

