"""Typed graph state with its input and output schemas.

Keys written by several branches carry reducers (``timings`` merges, ``errors`` appends) so parallel
nodes and the execute subgraph never overwrite each other.
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages
from typing_extensions import NotRequired, TypedDict

Route = Literal["fast", "parallel", "planning"]


class Citation(TypedDict):
    """One piece of evidence the answer rests on: a tool output produced by a plan task."""

    marker: str  # e.g. "T1.1": task T1, its first tool call
    task_id: str
    server: str
    tool: str
    tool_call_id: str
    output: str  # the tool output (truncated to what the answerer saw)
    cited_in_text: bool  # whether the answer's text references this marker


class RetrievedServer(TypedDict):
    """A server chosen by retrieval, with the evidence that matched."""

    server: str
    score: float
    tools: list[str]
    matched: str  # the text of the best-matching index row


class TaskResult(TypedDict):
    """What one plan task produced; ``observations`` are the tool calls it made."""

    task_id: str
    server: str
    query: str
    status: Literal["ok", "failed", "skipped", "cancelled", "awaiting_approval", "rejected"]
    observations: list[dict[str, Any]]
    error: NotRequired[str]
    started_s: NotRequired[float]  # offsets from the start of the execute stage
    finished_s: NotRequired[float]
    started_at: NotRequired[float]  # absolute (epoch seconds), for the run's timeline
    finished_at: NotRequired[float]
    done: NotRequired[dict[str, str]]  # an approved side-effecting call that ran: call_id, description
    summary: NotRequired[str]  # planning search: what compress kept of this step's output
    compressed: NotRequired[bool]  # planning search: the answer sees the summary instead of the output


class Span(TypedDict):
    """When a stage ran, in epoch seconds (see nodes/timing.py)."""

    start: float
    end: float


def merge_dicts(left: dict | None, right: dict | None) -> dict:
    """Reducer: later writers add or replace keys, never drop the others."""
    return {**(left or {}), **(right or {})}


class InputState(TypedDict, total=False):
    """What a caller sends: chat ``messages`` or a plain ``query``."""

    messages: Annotated[list[AnyMessage], add_messages]
    query: str


class OutputState(TypedDict, total=False):
    """What a caller gets back."""

    messages: Annotated[list[AnyMessage], add_messages]
    answer: str
    citations: list[Citation]
    plan: dict[str, Any]
    probe: dict[str, Any]  # probe-then-plan: snapshot, diagnosis and strategy
    route: Route
    route_confidence: float
    route_source: str  # forced | split | calculation | classifier | model | fallback
    standalone_query: str  # the question the run answered (a follow-up rewritten to stand alone)
    located: dict[str, str]  # thing -> the place a catalogue lookup gave it ("Terracotta Army" -> "Xi'an")
    servers: list[RetrievedServer]
    search_steps: list[dict[str, Any]]  # planning search: step, server, query, status, summary, decision
    task_results: Annotated[dict[str, TaskResult], merge_dicts]
    timings: Annotated[dict[str, float], merge_dicts]
    trace: Annotated[dict[str, Span], merge_dicts]  # stage -> span; drawn by graphs/timeline.py
    # stage -> seconds of model_prompt, model_generate, model (remote), tool, index and other (nodes/stage_costs.py)
    stage_costs: Annotated[dict[str, dict[str, float]], merge_dicts]
    errors: Annotated[list[str], operator.add]


class TuraState(InputState, OutputState, total=False):
    """Everything the nodes share during a run."""

    sub_queries: list[str]
    # a follow-up's last turn: the servers that answered it, which a near tie in retrieval goes to
    last_servers: list[str]
    decomposed_by: str  # "split" (the question's own conjunctions), "whole" (its parts bind each other) or "model"
