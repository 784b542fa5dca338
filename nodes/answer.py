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
from nodes.grounding import drop_unsupported_sentences, supported_numbers
from nodes.model_call import ModelUnavailable, call_model
from nodes.models import ModelProvider
from nodes.prompts.answer import ANSWER_NO_EVIDENCE, ANSWER_SYSTEM, ANSWER_USER
from nodes.question import today_of
from nodes.timing import timed

EVIDENCE_CHARS = 700
_MARKER = re.compile(r"\[(T\d+\.\d+)\]")


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
            })
    return evidence


def render_evidence(evidence: list[dict[str, Any]]) -> str:
    if not evidence:
        return ANSWER_NO_EVIDENCE
    return "\n".join(
        f"[{e['marker']}] {e['server']}.{e['tool']}({json.dumps(e['arguments'], ensure_ascii=False)}): {e['output']}"
        for e in evidence
    )


def failure_account(state: dict[str, Any]) -> str:
    """One line per task that did not succeed, for the answer's closing note."""
    lines = [
        f"{r['task_id']} ({r['server']}) {r['status']}: {r.get('error', '')}"
        for r in (state.get("task_results") or {}).values() if r.get("status") != "ok"
    ]
    return "; ".join(lines)


def turn_messages(state: dict[str, Any], text: str, reply_id: str | None = None) -> dict[str, Any]:
    """The update that closes a turn of a thread: a plain ``query`` joins ``messages`` as the user's turn
    (a ``messages`` input is there already), the answer follows it, and ``query`` is cleared so the next
    turn's question is read from its own input. The answer keeps the streamed reply's id, so a chat app
    replaces the streamed tokens with the final text instead of showing both."""
    asked = [HumanMessage(state["query"])] if (state.get("query") or "").strip() else []
    return {"messages": [*asked, AIMessage(text, id=reply_id)], "query": ""}


def make_answerer(models: ModelProvider):
    """Build the answer node."""

    @timed("answer")
    async def answer(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        question = state.get("standalone_query") or ""
        if not question:
            text = "I cannot answer: " + "; ".join(state.get("errors") or ["the question is empty"])
            return {"answer": text, "citations": [], **turn_messages(state, text)}
        probe = state.get("probe") or {}
        if probe.get("strategy") == "halt":
            text = (f"Nothing matching this exists in the sources I can reach: {question}. "
                    "A quick search of them found no such item, so I will not guess.")
            return {"answer": text, "citations": [], **turn_messages(state, text)}
        evidence = collect_evidence(state.get("task_results") or {})
        errors: list[str] = []
        text = ""
        reply_id = None
        if evidence:  # without evidence there is nothing to ground an answer on: no model call
            try:
                reply = await call_model(
                    models.get("answerer", context),
                    [
                        SystemMessage(ANSWER_SYSTEM.format(today=today_of(context.today).isoformat(),
                                                           evidence=render_evidence(evidence))),
                        HumanMessage(ANSWER_USER.format(query=question)),
                    ],
                )
                text, reply_id = reply.text.strip(), reply.id
            except ModelUnavailable as exc:
                errors.append(f"answer: {exc}")
            grounded = drop_unsupported_sentences(
                text, supported_numbers(*(e["output"] for e in evidence), question, today_of(context.today).isoformat())
            )
            if grounded.dropped:
                errors.append(f"answer: left out {len(grounded.dropped)} statement(s) whose figures appear in no "
                              f"source: {grounded.dropped}")
                text = grounded.text and (grounded.text + f"\n\n(Left out {len(grounded.dropped)} statement(s) "
                                                          "whose figures appear in no source.)")
        if not text:
            # No model answer: hand over the evidence itself rather than nothing.
            text = ("The answering model gave no answer the sources support. Evidence found:\n"
                    + render_evidence(evidence)
                    if evidence else f"I found no evidence to answer: {question}")
        cited = set(_MARKER.findall(text))
        if evidence and not cited:
            # The model answered from the evidence but named no marker (small models often don't):
            # list what it was given, so every claim can still be traced to a tool output.
            text += "\n\nSources: " + "; ".join(f"[{e['marker']}] {e['server']}.{e['tool']}" for e in evidence)
        failed = failure_account(state)
        if failed:
            text += f"\n\nNot available: {failed}."
        citations = [
            {**{k: e[k] for k in ("marker", "task_id", "server", "tool", "tool_call_id", "output")},
             "cited_in_text": e["marker"] in cited, "cited_by": "model" if e["marker"] in cited else "sources"}
            for e in evidence
        ]
        return {"answer": text, "citations": citations, "errors": errors, **turn_messages(state, text, reply_id)}

    return answer
