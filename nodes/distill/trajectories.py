"""Teacher trajectories: thought + action steps for a sub-task, executed against the real MCP servers.

Two teachers write them:
- ``oracle_trajectory``: the oracle's known-correct call with a rationale written from where each argument
  came from (TURA's thought: what the task needs, which tool gives it, where each value is in the request);
- ``endpoint_trajectory``: a model behind an OpenAI-compatible endpoint (TURA's vLLM teacher) writes each
  step as ``{"thought", "tool", "params"}`` (ReAct), sees the observation, and stops when a call succeeds or
  after ``max_steps``.
Either way every call really runs, and its observation (or error) is kept for the judges.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from mcp.types import Tool
from pydantic import BaseModel, Field

from nodes.distill.oracle import SubTask
from nodes.tool_caller import ToolCaller
from nodes.executor_prompt import describe_tools, first_clause
from nodes.models import RoleModel
from nodes.prompts.distill import TEACHER_STEP_SYSTEM, TEACHER_STEP_USER
from nodes.structured import StructuredOutputError, ask_structured

OBSERVATION_CHARS = 1500


@dataclass
class Step:
    thought: str
    tool: str
    params: dict[str, Any]
    ok: bool = False
    observation: str = ""


@dataclass
class Trajectory:
    """A sub-task (request, server) and the steps a teacher took for it."""

    request: str
    server: str
    today: str
    steps: list[Step] = field(default_factory=list)
    teacher: str = "oracle"
    template: str = ""
    expected: dict[str, Any] | None = None  # the oracle's call {"tool", "arguments"}, when known
    offered: list[str] = field(default_factory=list)  # the tools the run's constraints offered (search teacher)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Trajectory:
        return cls(**{**data, "steps": [Step(**s) for s in data.get("steps", [])]})


def oracle_thought(task: SubTask, tool: Tool) -> str:
    """Why this call: the tool's purpose, then each argument and where it is found."""
    purpose = first_clause(tool.description or tool.name)
    parts = []
    for name, value in task.arguments.items():
        source = task.sources.get(name, "span")
        where = {"span": "as the request writes it", "enum": "the currency code named",
                 "number": "the number in the request", "the request": "the whole request"}.get(source, source)
        parts.append(f"{name} = {json.dumps(value, ensure_ascii=False)} ({where})")
    return f"The request needs {task.tool}: {purpose.lower()}. " + "; ".join(parts) + "."


async def run_step(tools: ToolCaller, server: str, step: Step, timeout_s: float) -> Step:
    outcome = await tools.call(server, step.tool, step.params, timeout_s=timeout_s)
    step.ok = outcome.ok
    step.observation = (outcome.text if outcome.ok else f"ERROR: {outcome.error}")[:OBSERVATION_CHARS]
    return step


async def oracle_trajectory(task: SubTask, tools: ToolCaller, today: str, *, timeout_s: float = 15.0) -> Trajectory:
    available = {t.name: t for t in await tools.list_tools(task.server)}
    step = Step(oracle_thought(task, available[task.tool]), task.tool, dict(task.arguments))
    await run_step(tools, task.server, step, timeout_s)
    return Trajectory(task.request, task.server, today, [step], "oracle", task.template,
                      {"tool": task.tool, "arguments": task.arguments})


class TeacherStep(BaseModel):
    thought: str = Field(min_length=1, max_length=600)
    tool: str = Field(min_length=1)
    params: dict[str, Any] = Field(default_factory=dict)


async def endpoint_trajectory(request: str, server: str, tools: ToolCaller, teacher: RoleModel, today: str, *,
                              max_steps: int = 3, timeout_s: float = 15.0) -> Trajectory:
    """A ReAct trajectory from a model behind an endpoint, every call executed; an invalid step ends it."""
    available = await tools.list_tools(server)
    conversation: list[BaseMessage] = [
        SystemMessage(TEACHER_STEP_SYSTEM.format(today=today, tools=_schemas(available))),
        HumanMessage(TEACHER_STEP_USER.format(request=request)),
    ]
    trajectory = Trajectory(request, server, today, teacher="endpoint")
    for _ in range(max_steps):
        try:
            reply = await ask_structured(teacher, conversation, TeacherStep, retries=1)
        except StructuredOutputError:
            break
        step = await run_step(tools, server, Step(reply.thought, reply.tool, reply.params), timeout_s)
        trajectory.steps.append(step)
        if step.ok:
            break
        conversation += [AIMessage(reply.model_dump_json()), HumanMessage(f"Observation: {step.observation}")]
    return trajectory


def _schemas(tools: list[Tool]) -> str:
    """Each tool's one-line description and its full input schema: the teacher can read JSON schema."""
    lines = describe_tools(tools).splitlines()
    return "\n".join(f"{line}\n  schema: {json.dumps(t.inputSchema or {}, ensure_ascii=False)}"
                     for line, t in zip(lines, tools))
