"""The judges that curate teacher trajectories before training (TURA §4.4).

- Correctness: the last call's tool exists on the server, its arguments validate against the tool's schema
  and are decodable under the executor's constraints (nodes/arguments/candidates.py: spans of the request,
  resolved dates, named enum values, numbers written), the call succeeded, and its output bears on the request
  (it holds one of the call's values, and is not an empty list of results).
- Efficiency: a trajectory that repeats a call is dropped; one whose successful call follows failed ones is
  shortened to that call, since the executor learns the call to make, not the detour.
- With a judge endpoint, an LLM judge adds TURA's rubric (nodes/prompts/distill.py).
The report counts what each judge removed and why.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import jsonschema
from langchain_core.messages import HumanMessage, SystemMessage
from mcp.types import Tool
from pydantic import BaseModel

from nodes.arguments.candidates import gather_candidates
from nodes.distill.trajectories import Step, Trajectory
from nodes.arguments.tool_offer import constrained_tools
from nodes.arguments.step_rules import ToolRefused
from nodes.models import RoleModel
from nodes.probe import count_results
from nodes.prompts.distill import JUDGE_SYSTEM, JUDGE_USER
from nodes.structured import StructuredOutputError, ask_structured


@dataclass
class CurationReport:
    """How many trajectories came in, and how many each judge removed, by reason."""

    received: int = 0
    removed: Counter = field(default_factory=Counter)  # "judge: reason" -> count
    shortened: int = 0
    kept: int = 0

    def to_json(self) -> dict[str, Any]:
        by_judge = Counter()
        for key, count in self.removed.items():
            by_judge[key.split(":")[0]] += count
        return {"received": self.received, "kept": self.kept, "shortened": self.shortened,
                "removed_by_judge": dict(by_judge), "removed_by_reason": dict(self.removed)}


def efficiency_problem(trajectory: Trajectory) -> str | None:
    """Why the trajectory is roundabout beyond repair, or None."""
    calls = [(s.tool, json.dumps(s.params, sort_keys=True)) for s in trajectory.steps]
    if len(calls) != len(set(calls)):
        return "repeats a call"
    if not trajectory.steps:
        return "no call"
    return None


def shorten(trajectory: Trajectory) -> bool:
    """Keep only the successful last call when failed calls came before it; True when shortened."""
    if len(trajectory.steps) > 1 and trajectory.steps[-1].ok:
        trajectory.steps = trajectory.steps[-1:]
        return True
    return False


def correctness_problem(trajectory: Trajectory, tools: list[Tool]) -> str | None:
    """Why the trajectory's final call is not a correct call for its request, or None."""
    if not trajectory.steps:
        return "no call"
    step = trajectory.steps[-1]
    by_name = {t.name: t for t in tools}
    tool = by_name.get(step.tool)
    if tool is None:
        return f"tool '{step.tool}' is not on server '{trajectory.server}'"
    try:
        jsonschema.validate(step.params, tool.inputSchema or {"type": "object"})
    except jsonschema.ValidationError as exc:
        return f"arguments break the schema ({exc.message[:80]})"
    if trajectory.offered:  # the search teacher decoded it from the run's own closed sets and verified its output
        if step.tool not in trajectory.offered:
            return "the executor's constraints do not offer this tool for the request"
        return None if step.ok else "the call failed"
    candidates = gather_candidates([trajectory.request], [], date.fromisoformat(trajectory.today))
    try:
        allowed = constrained_tools(trajectory.server, tools, candidates, narrow=False)
    except ToolRefused:
        return "no tool is decodable from the request"
    schema = allowed.get(step.tool)
    if schema is None:
        return "the executor's constraints do not offer this tool for the request"
    try:
        jsonschema.validate(step.params, schema)
    except jsonschema.ValidationError as exc:
        return f"an argument is not traceable to the request ({exc.message[:80]})"
    if not step.ok:
        return "the call failed"
    if not bears_on(step, trajectory.request):
        return "the output does not bear on the request"
    return None


def bears_on(step: Step, request: str) -> bool:
    """The output names one of the call's values (or the request's words) and is not an empty result list."""
    if count_results(step.observation) == 0:
        return False
    text = step.observation.lower()
    values = [str(v).lower() for v in step.params.values() if isinstance(v, (str, int, float))
              and not isinstance(v, bool)]
    values += [str(v).lower() for v in step.params.values() if isinstance(v, list) for v in v]
    return any(v and v in text for v in values) or any(w in text for w in request.lower().split() if len(w) > 4)


def _reason(problem: str) -> str:
    """The kind of problem, without the values that make each one different (counted together)."""
    return problem.split(" (")[0].split(" '")[0]


class Verdict(BaseModel):
    score: int
    reason: str = ""


async def llm_judge_problem(trajectory: Trajectory, judge: RoleModel) -> str | None:
    """TURA's rubric from a judge model; None when it scores the final step 1."""
    step = trajectory.steps[-1]
    prompt = JUDGE_USER.format(request=trajectory.request, thought=step.thought, tool=step.tool,
                               params=json.dumps(step.params, ensure_ascii=False), observation=step.observation[:600])
    try:
        verdict = await ask_structured(judge, [SystemMessage(JUDGE_SYSTEM), HumanMessage(prompt)], Verdict, retries=1)
    except StructuredOutputError:
        return "the judge gave no verdict"
    return None if verdict.score >= 1 else f"scored 0 ({verdict.reason[:60]})"


async def curate(trajectories: list[Trajectory], tools_of: dict[str, list[Tool]], *,
                 judge: RoleModel | None = None) -> tuple[list[Trajectory], CurationReport]:
    """The trajectories every judge accepts (efficiency, then correctness, then the LLM judge if given)."""
    report = CurationReport(received=len(trajectories))
    kept: list[Trajectory] = []
    seen: set[str] = set()
    for trajectory in trajectories:
        if trajectory.request.lower() in seen:
            report.removed["efficiency: duplicate request"] += 1
            continue
        if problem := efficiency_problem(trajectory):
            report.removed[f"efficiency: {_reason(problem)}"] += 1
            continue
        report.shortened += shorten(trajectory)
        if problem := correctness_problem(trajectory, tools_of.get(trajectory.server, [])):
            report.removed[f"correctness: {_reason(problem)}"] += 1
            continue
        if judge is not None and (problem := await llm_judge_problem(trajectory, judge)):
            report.removed[f"llm_judge: {_reason(problem)}"] += 1
            continue
        seen.add(trajectory.request.lower())
        kept.append(trajectory)
    report.kept = len(kept)
    return kept, report
