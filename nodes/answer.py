"""Answer: a grounded answer that cites the tool outputs it used, and says when evidence is missing.

Evidence is every tool output the plan's tasks produced, each with a marker ``[T<task>.<n>]``. The
citations list keeps every piece of evidence shown to the model, marking which ones the text cites.
"""

from __future__ import annotations

import json
import re
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from langgraph.runtime import Runtime

from graphs.context import Context
from nodes.answering.answer_lead import lead_lines
from nodes.answering.claims import check_claims, figure_claims
from nodes.answering.draft_sentences import draft_sentences
from nodes.answering.fact_rendering import render_facts
from nodes.answering.figures import MARKER
from nodes.answering.missing_names import (is_document_text, matched_literals, missing_currencies, missing_names,
                                           without_echoes)
from nodes.answering.quoted_data import quoted
from nodes.approval_waivers import waiver_line
from nodes.answering.outcome_lines import choice_lines, done_lines, failure_lines, not_done_lines
from nodes.answering.verified_stream import AnswerStream
from nodes.model_call import ModelUnavailable, stream_model
from nodes.models import ModelProvider
from nodes.probe import count_results
from nodes.prompts.answer import ANSWER_NO_EVIDENCE, ANSWER_SYSTEM, ANSWER_USER
from nodes.question import today_of
from nodes.timing import remaining_s, timed

EVIDENCE_CHARS = 700
# The fact listing, collapsed in chat apps (Markdown renders <details>; tura ask and tura chat print it dimmed); the
# answer's own sentences come before it.
LISTING_HEADER = "<details><summary>Sources</summary>"
LISTING_END = "</details>"
ANSWER_MODEL_MIN_S = 3.0  # with less of the latency budget left, the facts are shown without the answer model
_MARKER = MARKER


def direct_part(answer: str) -> str:
    """The text before the fact listing: what the answer says in its own opening sentences."""
    return answer.split(LISTING_HEADER, 1)[0]


def split_sources(answer: str) -> tuple[str, str, str]:
    """(before, the fact listing without its tags, after) of an answer: a terminal shows the listing dimmed."""
    before, found, rest = answer.partition(LISTING_HEADER)
    if not found:
        return answer, "", ""
    listing, _, after = rest.partition(LISTING_END)
    return before, listing.strip("\n"), after


def tasks_asked(state: dict[str, Any], question: str) -> dict[str, str]:
    """Task id -> what that task asks, for a plan of several tasks whose queries are made of the question's own
    words (its parts): each output's lead answers its own part ("the top rated restaurant" is ordered by rating,
    though another part asks for the cheapest hotel)."""
    tasks = (state.get("plan") or {}).get("tasks") or []
    words = set(re.findall(r"[\w']+", question.lower()))
    return {t["id"]: t["query"] for t in tasks if len(tasks) > 1 and t.get("query")
            and set(re.findall(r"[\w']+", t["query"].lower())) <= words}


def collect_evidence(task_results: dict[str, dict]) -> list[dict[str, Any]]:
    """Every successful tool output, in task order, with its marker."""
    evidence = []
    for task_id in sorted(task_results, key=lambda t: int(t[1:]) if t[1:].isdigit() else 0):
        result = task_results[task_id]
        good = [o for o in result.get("observations", []) if o.get("ok")]
        for n, outcome in enumerate(good, start=1):
            output = outcome.get("text", "")[:EVIDENCE_CHARS]
            if result.get("summary"):  # planning search: later steps as their summary, the first with it
                output = result["summary"] if result.get("compressed") else f"{output}\nIn short: {result['summary']}"
            evidence.append({
                "marker": f"{task_id}.{n}", "task_id": task_id, "server": outcome["server"],
                "tool": outcome["tool"], "tool_call_id": outcome["call_id"],
                "arguments": outcome.get("arguments", {}), "output": output,
                "full_output": outcome.get("text", ""),  # rendering and claim checks read the tool's own words
            })
    return evidence


def render_evidence(evidence: list[dict[str, Any]]) -> str:
    if not evidence:
        return ANSWER_NO_EVIDENCE
    return "\n".join(
        f"[{e['marker']}] {e['server']}.{e['tool']}({json.dumps(e['arguments'], ensure_ascii=False)}): "
        f"{quoted(e['output'])}"
        for e in evidence
    )


def turn_messages(message: AIMessage) -> dict[str, Any]:
    """The update that closes a turn of a thread: the answer follows the user's turn and the turn's tool
    messages (a plain ``query`` joined ``messages`` at the router), and ``query`` is cleared so the next turn's
    question is read from its own input. The message has the id its streamed pieces had, so LangGraph does not
    send it to chat clients a second time."""
    return {"messages": [message], "query": ""}


def make_answerer(models: ModelProvider):
    """Build the answer node."""

    async def model_opening(question: str, evidence: list[dict[str, Any]], context: Context, stream: AnswerStream,
                            errors: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
        """Ask the answer model, and stream each of its sentences that the cited outputs support as soon as it is
        checked (all of them, unchecked, when ``bind_answers`` is off). Returns the kept and the dropped ones."""
        today = today_of(context.today).isoformat()
        outputs, free = {e["marker"]: e["full_output"] for e in evidence}, f"{question} {today}"
        messages = [SystemMessage(ANSWER_SYSTEM.format(today=today, evidence=render_evidence(evidence))),
                    HumanMessage(ANSWER_USER.format(query=question))]
        kept: list[str] = []
        dropped: list[tuple[str, str]] = []
        try:
            async for sentence in draft_sentences(stream_model(models.get("answerer", context), messages)):
                checked = check_claims(sentence, outputs, free, question) if context.bind_answers else None
                if checked is not None and checked.dropped:
                    dropped.extend(checked.dropped)
                elif checked is None or checked.kept:
                    await (stream.write(" " + sentence) if kept else stream.block(sentence))
                    kept.append(sentence)
        except ModelUnavailable as exc:
            errors.append(f"answer: {exc}")
        if dropped:
            errors.append(f"answer: left out {len(dropped)} statement(s) the cited sources do not support: "
                          + "; ".join(f"{s!r} ({why})" for s, why in dropped))
        return kept, dropped

    @timed("answer")
    async def answer(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        question = state.get("standalone_query") or ""
        stream = AnswerStream(question)

        async def said(citations: list[dict[str, Any]], errors: list[str]) -> dict[str, Any]:
            message = await stream.close()
            return {"answer": message.content, "citations": citations, "errors": errors, **turn_messages(message)}

        if not question:
            await stream.write("I cannot answer: " + "; ".join(state.get("errors") or ["the question is empty"]))
            return await said([], [])
        probe = state.get("probe") or {}
        if probe.get("strategy") == "halt":
            await stream.write(f"Nothing matching this exists in the sources I can reach: {question}. "
                               "A quick search of them found no such item, so I will not guess.")
            return await said([], [])
        evidence = collect_evidence(state.get("task_results") or {})
        failures, not_done = failure_lines(state), not_done_lines(state) + waiver_line(question)
        if not evidence:  # nothing to ground an answer on: no model call
            if not_done and not failures:
                await stream.write("Nothing was changed.\n" + "\n".join(not_done))
            else:
                searched = " ".join(failures) if failures else "No source returned anything for it."
                await stream.write(f"I could not find an answer to: {question}. {searched}")
            return await said([], [])
        errors: list[str] = []
        # What was (or was not) changed comes first: a booking or an order is what the person asked for.
        await stream.block("\n".join(done_lines(state, evidence) + not_done))
        said_by_outputs = [without_echoes(output, arguments) + " " + matched_literals(output, arguments)
                           for output, arguments in ((e.get("full_output") or e["output"], e.get("arguments") or {})
                                                     for e in evidence)]
        documents = all(is_document_text(str(e.get("full_output") or e["output"])) for e in evidence)
        located = state.get("located") or {}  # a thing named to say where ("the Terracotta Army ... in that city")
        missing = [n for n in missing_names(question, said_by_outputs, documents=documents) if n not in located]
        # a currency the call was given and its output repeats counts as written: the codes are its answer's units
        written = [str(e.get("full_output") or e["output"]) for e in evidence]
        if missing := missing + missing_currencies(question, written):
            # the sources' nearest records are about someone else: say so before listing them
            await stream.block(f"Not found in the sources: {', '.join(missing)}.")
        # The fields or lines the question asks about, picked by code: no model is asked when code found them.
        lead = [*choice_lines(state, evidence), *lead_lines(question, evidence, tasks_asked(state, question))] \
            if context.bind_answers else []
        await stream.block("\n".join(lead))
        kept: list[str] = []
        dropped: list[tuple[str, str]] = []
        late = remaining_s(state, context.latency_budget_s) < min(ANSWER_MODEL_MIN_S, 0.1 * context.latency_budget_s)
        if not lead and late:
            errors.append("answer: the model was not asked, the latency budget is nearly spent; the facts are shown "
                          "as found")
        elif not lead:
            kept, dropped = await model_opening(question, evidence, context, stream, errors)
        outputs, free = {e["marker"]: e["full_output"] for e in evidence}, f"{question} {today_of(context.today)}"
        if not lead and not kept and all(count_results(str(o)) == 0 for o in outputs.values()):
            # every source that answered found nothing ("no results"): that is said first, with what failed
            await stream.block(f"I could not find an answer to: {question}. " + " ".join(failures))
            failures = []
        whole = " ".join(kept)
        if not context.bind_answers:  # ablation: the model's text as it came
            if not kept:
                await stream.block(render_evidence(evidence))
        elif not (whole and not dropped and _MARKER.search(whole) and figure_claims(whole, outputs, free)):
            # unless the model's own answer survived whole, with its citations and figures, the facts follow
            note = "\n\n(Left out statements the sources do not support.)" if dropped else ""
            await stream.block(f"{LISTING_HEADER}\n\n{render_facts(evidence, question)}{note}\n\n{LISTING_END}")
        if failures:
            await stream.block("Not available: " + " ".join(failures))
        cited = set(_MARKER.findall(stream.text))
        citations = [
            {**{k: e[k] for k in ("marker", "task_id", "server", "tool", "tool_call_id", "output")},
             "cited_in_text": e["marker"] in cited, "cited_by": "model" if e["marker"] in cited else "sources"}
            for e in evidence
        ]
        return await said(citations, errors)

    return answer
