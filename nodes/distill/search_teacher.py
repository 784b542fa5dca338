"""The search teacher: finds the call for a synthesised request by running candidate calls, with no large model.

For a request (nodes/distill/catalog_requests.py) it takes the executor's own closed sets (nodes/executor_inputs.py:
the tools and values a run would decode from), lists the calls they allow (tool x candidate values; a list takes
as many named values as it must, and a day the request names is passed), ranks them by retrieval score (the
request against each tool's description, plus whether a value is one the request names, plus whether the call
is the one the request was written for: its tool, each mention in its own property; nodes/distill/call_space.py),
and runs the best few. A
call is verified when it succeeds, is not an empty result, and its output holds what the request's mentions say
it must (the zone named, the computed number, the answer of the SQL question's own SELECT; nodes/distill/
call_verification.py). The trajectory's call is the best-ranked verified one; of verified calls ranked alike,
the one with the shortest output, its values as the request writes them, whole and without filler
(``chosen_call``, nodes/distill/label_choice.py); and where the base executor's own first step gives that very
answer with values as good, the base's call (the adapter learns only where the base is wrong). A request none of
whose verified calls is of the tool it was written for is dropped: its words are that tool's, not a sibling's.

Only tools that cannot change data are run: read-only by their annotations (and not destructive), or trusted by
name in mcp.json (``"approvals": {"read_query": "allow"}``). ``teacher_may_run`` is checked before every call.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from mcp.types import Tool

from graphs.context import Context
from nodes.approval import changes_data
from nodes.arguments.candidates import Candidates
from nodes.arguments.step_rules import ToolRefused
from nodes.arguments.tool_offer import NoCallableTool, constrained_tools
from nodes.distill.call_space import Encode, candidate_calls, ranked_calls
from nodes.distill.call_verification import bears_on_mentions, misplaced, numbers_in, reads_as_an_error, slot_marks
from nodes.distill.catalog_requests import SynthRequest
from nodes.distill.judges import bears_on
from nodes.distill.mention import mention_marks
from nodes.distill.label_choice import chosen_call, label_fit, written_values
from nodes.distill.trajectories import OBSERVATION_CHARS, Step, Trajectory
from nodes.executor_inputs import task_candidates
from nodes.executor_prompt import first_clause
from nodes.probe import count_results
from nodes.tool_caller import ToolCaller

CALLS_RUN = 6  # the best-ranked calls run per request
CALL_TIMEOUT_S = 15.0
# The base executor's first step for (request, server, tools, candidates), or None when it forms none.
Habit = Callable[[str, str, list[Tool], Candidates], Awaitable[tuple[str, dict[str, Any]] | None]]


class UnsafeCall(RuntimeError):
    """The teacher was about to run a tool that may change data: a bug, never a data problem."""


def teacher_may_run(tool: Tool, trusted: set[str]) -> bool:
    """Read-only and not destructive by its annotations, or trusted by name in mcp.json."""
    return not changes_data(tool) or tool.name in trusted


@dataclass
class TeacherReport:
    """What the search did: requests seen, calls run, and why requests gave no trajectory."""

    requests: int = 0
    calls_run: int = 0
    kept: int = 0
    labels_from_base: int = 0  # kept trajectories labelled with the base executor's own call (the same answer)
    dropped: Counter = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        return {"requests": self.requests, "calls_run": self.calls_run, "kept": self.kept,
                "labels_from_base": self.labels_from_base, "dropped": dict(self.dropped)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TeacherReport:
        return cls(int(data.get("requests", 0)), int(data.get("calls_run", 0)), int(data.get("kept", 0)),
                   int(data.get("labels_from_base", 0)), Counter(data.get("dropped") or {}))

    def plus(self, other: TeacherReport) -> TeacherReport:
        """Both runs' counts: a resumed search adds its share to the interrupted one's."""
        return TeacherReport(self.requests + other.requests, self.calls_run + other.calls_run,
                             self.kept + other.kept, self.labels_from_base + other.labels_from_base,
                             self.dropped + other.dropped)


async def _evidence(request: SynthRequest, tools: ToolCaller, listed: dict[str, Tool], trusted: set[str],
                    report: TeacherReport) -> list[list[str]] | None:
    """Per mention, what a right output must hold; a mention's truth call is run (read-only) for its answer.
    None when a truth fails."""
    marks: list[list[str]] = []
    for mention in request.mentions:
        if mention.truth is None:
            marks.append(list(mention.evidence))
            continue
        tool_name, arguments = mention.truth
        outcome = await _run(tools, request.server, listed[tool_name], arguments, trusted, report)
        numbers = sorted(numbers_in(outcome.text)) if outcome.ok else []
        if not numbers:
            return None
        marks.append([str(n) for n in numbers])
    return marks


async def _run(tools: ToolCaller, server: str, tool: Tool, arguments: dict[str, Any], trusted: set[str],
               report: TeacherReport):
    if not teacher_may_run(tool, trusted):
        raise UnsafeCall(f"{server}.{tool.name} may change data; the teacher runs read-only tools only")
    report.calls_run += 1
    return await tools.call(server, tool.name, arguments, timeout_s=CALL_TIMEOUT_S)


def thought_for(request: SynthRequest, tool: Tool, arguments: dict[str, Any]) -> str:
    """Why this call: what the tool gives, and each argument's value."""
    purpose = first_clause(tool.description or tool.name).lower()
    parts = "; ".join(f"{name} = {json.dumps(value, ensure_ascii=False)}" for name, value in arguments.items())
    return f"The request needs {tool.name}: {purpose}." + (f" {parts}." if parts else "")


async def search_trajectory(request: SynthRequest, tools: ToolCaller, listed: list[Tool], trusted: set[str],
                            today: date, context: Context, encode: Encode, report: TeacherReport,
                            habit: Habit | None = None) -> Trajectory | None:
    """The verified trajectory for ``request``, or None (the reason is counted in ``report``). With ``habit``
    (the base executor's own first step), a base call that gives the very answer of the teacher's, with values
    that label it as well (``label_fit``: not "Statue" for "Statue of Liberty"), is the label: of equally right
    calls the adapter keeps the base's, and learns only where the base is wrong."""
    report.requests += 1
    runnable = [t for t in listed if teacher_may_run(t, trusted)]
    by_name = {t.name: t for t in runnable}
    candidates = await task_candidates(request.server, runnable, tools, trusted, [request.request], [], today, context)
    try:
        allowed = constrained_tools(request.server, runnable, candidates, narrow=False)
    except (NoCallableTool, ToolRefused):
        report.dropped["no call is decodable from the request"] += 1
        return None
    marks = frozenset(mark for m in request.mentions for mark in mention_marks(m))
    calls = [call for call in ranked_calls(request, candidate_calls(allowed, by_name, request.slots, marks,
                                                                    slot_marks(request)), by_name, encode)
             if not misplaced(request, call[1], call[2])]
    if not calls:
        report.dropped["no call with enumerable values"] += 1
        return None
    evidence = await _evidence(request, tools, by_name, trusted, report)
    if evidence is None:
        report.dropped["the question's own SELECT gave no answer"] += 1
        return None
    verified = []
    for score, name, arguments in calls[:CALLS_RUN]:
        outcome = await _run(tools, request.server, by_name[name], arguments, trusted, report)
        if not outcome.ok or count_results(outcome.text) == 0 or reads_as_an_error(outcome.text):
            continue
        bears = (bears_on_mentions(outcome.text, arguments, evidence, request.mentions) if any(evidence)
                 else bears_on(Step("", name, arguments, True, outcome.text), request.request))
        if bears:
            verified.append((score, name, arguments, outcome.text))
    if not verified:
        report.dropped["no call's output bears on the request"] += 1
        return None
    if all(name != request.tool for _, name, _, _ in verified):
        # "list tickers for Shell plc" verified only by the quote: it is the lister's phrasing with a value the
        # lister cannot take, and as the quote's label it taught that the lister's words mean the quote
        report.dropped["the tool it was written for answered nothing it names"] += 1
        return None
    name, arguments, output = chosen_call(verified, request.request)
    own = await habit(request.request, request.server, runnable, candidates) if habit else None
    if own is not None and own != (name, arguments) and own[0] in by_name and \
            written_values(own[1], request.request) >= written_values(arguments, request.request):
        kept = await _run(tools, request.server, by_name[own[0]], own[1], trusted, report)
        if kept.ok and kept.text == output and \
                label_fit(own[1], output, request.request) >= label_fit(arguments, output, request.request):
            name, arguments = own
            report.labels_from_base += 1
    step = Step(thought_for(request, by_name[name], arguments), name, arguments, True, output[:OBSERVATION_CHARS])
    report.kept += 1
    return Trajectory(request.request, request.server, today.isoformat(), [step], "search", request.family,
                      {"tool": name, "arguments": arguments}, offered=list(allowed))

