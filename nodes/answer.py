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
from nodes.answering.fact_rendering import render_facts
from nodes.answering.figures import MARKER
from nodes.answering.missing_names import is_document_text, matched_literals, missing_names, without_echoes
from nodes.answering.quoted_data import quoted
from nodes.model_call import ModelUnavailable, call_model
from nodes.models import ModelProvider
from nodes.prompts.answer import ANSWER_NO_EVIDENCE, ANSWER_SYSTEM, ANSWER_USER
from nodes.question import today_of
from nodes.timing import remaining_s, timed

EVIDENCE_CHARS = 700
LISTING_HEADER = "From the sources:"  # the fact listing starts here; the answer's own sentences come before it
ANSWER_MODEL_MIN_S = 3.0  # with less of the latency budget left, the facts are shown without the answer model
MAX_SENTENCES = 4
_MARKER = MARKER
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def direct_part(answer: str) -> str:
    """The text before the fact listing: what the answer says in its own opening sentences."""
    return answer.split(LISTING_HEADER, 1)[0]


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


def turn_messages(text: str, reply_id: str | None = None) -> dict[str, Any]:
    """The update that closes a turn of a thread: the answer follows the user's turn and the turn's tool
    messages (a plain ``query`` joined ``messages`` at the router), and ``query`` is cleared so the next turn's
    question is read from its own input. The answer keeps the streamed reply's id, so a chat app replaces the
    streamed tokens with the final text instead of showing both."""
    return {"messages": [AIMessage(text, id=reply_id)], "query": ""}


def tidy_model_text(text: str, cut_off: bool) -> str:
    """The model's text without repeated sentences and without a last sentence cut off mid-word."""
    seen: set[str] = set()
    kept: list[str] = []
    sentences = [s.strip() for s in _SENTENCE.split(" ".join(text.split())) if s.strip()]
    if cut_off and sentences and not sentences[-1].endswith((".", "!", "?", "]", ")")):
        sentences = sentences[:-1]
    for sentence in sentences[:MAX_SENTENCES]:
        key = " ".join(_MARKER.sub("", sentence).lower().split())
        if key and key not in seen:
            seen.add(key)
            kept.append(sentence)
    return " ".join(kept)


# Internal failures, told the way a user can act on them (the full text stays in ``errors``).
_PLAIN_FAILURES = {
    "StructuredOutputError": "the model could not form a valid tool call",
    "ModelUnavailable": "the model endpoint did not answer",
    "ToolRefused": "the model asked for a call this source does not allow",
}


def in_user_words(error: str) -> str:
    """One line a user can read: no task ids, no internal lists (the whole text stays in ``errors``). A value
    that did not resolve is told as nodes/arguments/unresolved.py wrote it ("no time zone found for 'wakanda'")."""
    if error.startswith("NoCallableTool: "):
        return error.removeprefix("NoCallableTool: ")[:240].rstrip(" ;:,")
    for name, plain in _PLAIN_FAILURES.items():
        if error.startswith(name):
            return plain
    line = error.splitlines()[0] if error else "no answer"
    line = re.sub(r"^Error executing tool \S+: ", "", line)
    for cut in ("; sandbox", "; allowed", "; use ", "; it covers"):
        line = line.split(cut)[0]
    return line[:200].rstrip(" ;:,")


def failure_lines(state: dict[str, Any]) -> list[str]:
    """'The weather source could not answer (get_forecast, city 'Atlantis'): unknown city' lines."""
    lines = []
    for result in (state.get("task_results") or {}).values():
        if result.get("status") == "ok":
            continue
        if result.get("status") in ("rejected", "awaiting_approval"):  # told by not_done_lines
            continue
        tried = [o for o in result.get("observations", []) if not o.get("ok")]
        searched = ""
        if tried:
            last = tried[-1]
            args = ", ".join(f"{k} {v!r}" for k, v in (last.get("arguments") or {}).items())
            searched = f" ({last['tool']}{': ' + args if args else ''})"
        reason = {"skipped": "it needed an earlier result that was not found",
                  "cancelled": "it ran out of time"}.get(result.get("status", ""), result.get("error", ""))
        lines.append(f"The {result['server']} source could not answer{searched}: {in_user_words(reason)}.")
    return lines


def not_done_lines(state: dict[str, Any]) -> list[str]:
    """One line per side-effecting call that did not run: declined, refused by policy, or still waiting."""
    lines = []
    for result in (state.get("task_results") or {}).values():
        if result.get("status") in ("rejected", "awaiting_approval"):
            error = result.get("error", "").splitlines()[0] if result.get("error") else "it was not approved"
            lines.append(error[0].upper() + error[1:])
    return lines


def done_lines(state: dict[str, Any], evidence: list[dict[str, Any]]) -> list[str]:
    """What an approved call changed, with its marker and its output's facts: a booking is never left unsaid."""
    lines = []
    for result in (state.get("task_results") or {}).values():
        done = result.get("done")
        if not done:
            continue
        cited = next((e for e in evidence if e["tool_call_id"] == done["call_id"]), None)
        marker = f" [{cited['marker']}]" if cited else ""
        lines.append(f"Done: {done['description']}{marker}.")
        if cited:
            lines.append(render_facts([cited]))
    return lines


def make_answerer(models: ModelProvider):
    """Build the answer node."""

    @timed("answer")
    async def answer(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        question = state.get("standalone_query") or ""
        if not question:
            text = "I cannot answer: " + "; ".join(state.get("errors") or ["the question is empty"])
            return {"answer": text, "citations": [], **turn_messages(text)}
        probe = state.get("probe") or {}
        if probe.get("strategy") == "halt":
            text = (f"Nothing matching this exists in the sources I can reach: {question}. "
                    "A quick search of them found no such item, so I will not guess.")
            return {"answer": text, "citations": [], **turn_messages(text)}
        evidence = collect_evidence(state.get("task_results") or {})
        errors: list[str] = []
        text = ""
        reply_id = None
        late = remaining_s(state, context.latency_budget_s) < min(ANSWER_MODEL_MIN_S, 0.1 * context.latency_budget_s)
        if evidence:  # without evidence there is nothing to ground an answer on: no model call
            today = today_of(context.today).isoformat()
            model_text = ""
            if late:
                errors.append("answer: the model was not asked, the latency budget is nearly spent; the facts are "
                              "shown as found")
            else:
                try:
                    reply = await call_model(
                        models.get("answerer", context),
                        [
                            SystemMessage(ANSWER_SYSTEM.format(today=today, evidence=render_evidence(evidence))),
                            HumanMessage(ANSWER_USER.format(query=question)),
                        ],
                    )
                    cut_off = (reply.response_metadata or {}).get("finish_reason") == "length"
                    model_text, reply_id = tidy_model_text(reply.text, cut_off), reply.id
                except ModelUnavailable as exc:
                    errors.append(f"answer: {exc}")
            outputs, free = {e["marker"]: e["full_output"] for e in evidence}, f"{question} {today}"
            checked = check_claims(model_text, outputs, free, question)
            if checked.dropped:
                errors.append(f"answer: left out {len(checked.dropped)} statement(s) the cited sources do not "
                              f"support: " + "; ".join(f"{s!r} ({why})" for s, why in checked.dropped))
            kept = " ".join(checked.kept)
            if not context.bind_answers:  # ablation: the model's text as it came
                text = model_text or render_evidence(evidence)
            elif kept and not checked.dropped and _MARKER.search(kept) and figure_claims(kept, outputs, free):
                text = kept  # the model's own answer survived whole, with its citations and figures
            else:
                facts = render_facts(evidence, question)
                # The fields or lines the question asks about, picked by code; else the model's surviving sentences
                # (a sentence without a figure survives the check, and often misses the value asked for).
                opening = "\n".join(lead_lines(question, evidence)) or kept
                lead = f"{opening}\n\n" if opening else ""
                note = "\n\n(Left out statements the sources do not support.)" if checked.dropped else ""
                text = f"{lead}{LISTING_HEADER}\n{facts}{note}"
        failures, not_done = failure_lines(state), not_done_lines(state)
        if not evidence and not_done and not failures:
            text = "Nothing was changed.\n" + "\n".join(not_done)
        elif not evidence:
            searched = " ".join(failures) if failures else "No source returned anything for it."
            text = f"I could not find an answer to: {question}. {searched}"
        elif failures:
            text += "\n\nNot available: " + " ".join(failures)
        said = [without_echoes(output, arguments) + " " + matched_literals(output, arguments)
                for output, arguments in ((e.get("full_output") or e["output"], e.get("arguments") or {})
                                          for e in evidence)]
        documents = bool(evidence) and all(is_document_text(str(e.get("full_output") or e["output"])) for e in evidence)
        if evidence and (missing := missing_names(question, said, documents=documents)):
            # the sources' nearest records are about someone else: say so before listing them
            text = f"Nothing in the sources mentions {', '.join(missing)}.\n\n{text}"
        # What was (or was not) changed comes first: a booking or an order is what the person asked for.
        actions = done_lines(state, evidence) + (not_done if evidence else [])
        if actions:
            text = "\n".join(actions) + "\n\n" + text
        cited = set(_MARKER.findall(text))
        citations = [
            {**{k: e[k] for k in ("marker", "task_id", "server", "tool", "tool_call_id", "output")},
             "cited_in_text": e["marker"] in cited, "cited_by": "model" if e["marker"] in cited else "sources"}
            for e in evidence
        ]
        return {"answer": text, "citations": citations, "errors": errors, **turn_messages(text, reply_id)}

    return answer
