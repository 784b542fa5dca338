"""Decompose: split the question into atomic sub-queries (TURA §4.1.1, appendix A.2).

Independent intents joined by "and", commas or "+" are split by code (nodes/intent_split.py): the parts are
spans of the question. A question that opens with its condition or states its data first stays whole. The model
is asked otherwise; when a later part refers back ("... and what their salary is"), its cut is kept only if it
gave two or more whole sub-queries, else the question stays whole."""

from __future__ import annotations

import re
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage
from langgraph.runtime import Runtime
from pydantic import BaseModel, Field

from graphs.context import Context
from nodes.grounding import content_words, made_of
from nodes.intent_references import bare_measure, refers_back
from nodes.intent_split import read_intents
from nodes.message_scope import only_where_or_when
from nodes.model_call import ModelUnavailable
from nodes.models import ModelProvider
from nodes.prompts.decompose import DECOMPOSE_SYSTEM, DECOMPOSE_USER
from nodes.structured import StructuredOutputError, ask_structured
from nodes.timing import timed


class Decomposition(BaseModel):
    tasks: list[str] = Field(min_length=1, max_length=8)


MIN_SUB_QUERY_WORDS = 2  # "Finance", "2026", "jacket": a fragment of the question asks nothing on its own


def clean_sub_queries(tasks: list[str], question: str, limit: int) -> tuple[list[str], list[str]]:
    """Trim, drop empties and duplicates, and drop sub-queries that share no content word with the
    question (small models copy their few-shot examples) or hold a single one (the 135M decomposer cut "Finance
    asked me for October 2026 numbers ... total sales value?" into "Finance" and "2026"); returns (kept,
    dropped), at most ``limit`` kept."""
    seen: set[str] = set()
    kept: list[str] = []
    dropped: list[str] = []
    asked = content_words(question)
    for task in tasks:
        text = " ".join(task.split())
        if not text or text.lower() in seen:
            continue
        seen.add(text.lower())
        words = content_words(text)
        (kept if made_of(words, asked) and len(words) >= MIN_SUB_QUERY_WORDS else dropped).append(text)
    return kept[:limit], dropped


_FIGURE = re.compile(r"\d+(?:[.,:]\d+)*")


def _loses_figures(question: str, sub_queries: list[str]) -> bool:
    """Whether a figure the question writes is in none of the sub-queries."""
    kept = " ".join(sub_queries)
    return any(figure not in kept for figure in _FIGURE.findall(question))


# a name as written mid-sentence: capitalised or in capitals ("MSFT", "Orsay"), not after a sentence's end
_NAME = re.compile(r"(?<![.!?:]\s)(?<!^)\b(?!I')[A-Z][\w'&.\-]*\w")


def _invents(question: str, sub_queries: list[str]) -> bool:
    """Whether a sub-query holds a content word the question does not write (by its first four letters)."""
    asked = content_words(question)
    return any(not made_of({w}, asked) for q in sub_queries for w in content_words(q))


def _loses_names(question: str, sub_queries: list[str]) -> bool:
    """Whether a name the question writes mid-sentence is in none of the sub-queries: "quotes for AAPL, MSFT and
    GOOGL" came back as "quote for AAPL" alone."""
    kept = " ".join(sub_queries).lower()
    return any(name.lower() not in kept for name in _NAME.findall(question.strip()))


def make_decomposer(models: ModelProvider):
    """Build the decompose node."""

    @timed("decompose")
    async def decompose(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        question = state["standalone_query"]
        parts, whole_because = read_intents(question)  # one reading: the date scan is not repeated
        if parts:
            return {"sub_queries": parts[: context.max_sub_queries], "decomposed_by": "split"}
        # one calculation or lookup over the data it states, or one question after the situation it tells
        if whole_because in ("condition", "data", "context"):
            return {"sub_queries": [question], "decomposed_by": "whole"}
        try:
            result = await ask_structured(
                models.get("decomposer", context),
                [SystemMessage(DECOMPOSE_SYSTEM), HumanMessage(DECOMPOSE_USER.format(query=question))],
                Decomposition,
                retries=context.structured_retries,
            )
        except (StructuredOutputError, ModelUnavailable) as exc:
            return {"sub_queries": [question], "decomposed_by": "model",
                    "errors": [f"decompose: {exc}; using the whole question"]}
        sub_queries, dropped = clean_sub_queries(result.tasks, question, context.max_sub_queries)
        if (whole_because and (dropped or len(sub_queries) < 2
                               or any(refers_back(q) or bare_measure(q) for q in sub_queries[1:])
                               or _invents(question, sub_queries))) \
                or (dropped and len(sub_queries) < 2):
            # a cut with an invented part dropped leaves a fragment, which serves less than the question as written
            # parts that refer to each other, cut into fragments that lost the reference ("Head of People" and
            # "Salary", or "i wrote it down somewhere" without what "it" is), or cut with a word of the model's own
            # ("I want 12 LVMH shares. Price now, and the total in pounds?" -> "buy 12 LVMH shares"): the question as
            # written serves better
            sub_queries = [question]
        if len(sub_queries) > 1 and any(only_where_or_when(q) for q in sub_queries):
            # "lowest-priced room in chengdu" + "night of sunday 6 dec": a part that only says where or when is the
            # other part's, and the question as written keeps them together
            sub_queries = [question]
        if sub_queries and (_loses_figures(question, sub_queries) or _loses_names(question, sub_queries)):
            # "the last four bills were $88.40, $102.15, $95.70 and $110.25. What's the average?" came back as
            # "calculate average power bill": a sub-query must keep the figures the question gives
            sub_queries = [question]
        update: dict[str, Any] = {"sub_queries": sub_queries or [question], "decomposed_by": "model"}
        if dropped:
            update["errors"] = [f"decompose: dropped sub-queries not made of the question's words or too short: {dropped}"]
        return update

    return decompose
