"""Curated trajectories as supervised examples in the executor's own prompt (mixed rationale, TURA §4.4).

Each example is the exact conversation the distilled executor sees at inference (nodes/execute.py's
``executor_conversation`` without few-shot examples: the tools its constraints offer for the request, the
request, the resolved dates) with both targets: ``{"thought": ..., "tool": ..., "params": ...}`` and the action
alone, ``{"tool", "params"}``. The trainer (nodes/distill/train.py) takes the first on a ``rationale_share`` of
the examples (train with thought) and the second on the rest; inference decodes the action directly under the
step schema (infer without thought). One file thus serves the mixed run and the no-rationale ablation.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from mcp.types import Tool

from nodes.arguments.candidates import gather_candidates
from nodes.distill.trajectories import Trajectory
from nodes.embedded_model import to_llama_messages
from nodes.arguments.tool_offer import constrained_tools
from nodes.executor_prompt import executor_conversation


def target_text(tool: str, params: dict[str, Any], schema: dict[str, Any], thought: str | None) -> str:
    """The assistant's reply: params in the schema's property order, as the grammar writes them."""
    order = list((schema.get("properties") or {}).keys())
    ordered = {k: params[k] for k in sorted(params, key=lambda k: order.index(k) if k in order else len(order))}
    body = {"thought": thought, "tool": tool, "params": ordered} if thought else {"tool": tool, "params": ordered}
    return json.dumps(body, ensure_ascii=False)


def example_for(trajectory: Trajectory, tools: list[Tool]) -> dict[str, Any]:
    """One chat example: the executor's messages for the request, and its two targets."""
    today = date.fromisoformat(trajectory.today)
    candidates = gather_candidates([trajectory.request], [], today)
    # The search teacher recorded what the run's constraints offered (listed paths and SELECTs included);
    # the oracle's requests are decodable from their own words alone.
    allowed = set(trajectory.offered) or constrained_tools(trajectory.server, tools, candidates, narrow=False)
    offered = [t for t in tools if t.name in allowed]
    step = trajectory.steps[-1]
    schema = next(t for t in tools if t.name == step.tool).inputSchema or {}
    messages = to_llama_messages(executor_conversation(trajectory.request, offered, candidates, {}, today,
                                                       with_examples=False))
    return {"messages": messages, "action": target_text(step.tool, step.params, schema, None),
            "with_thought": target_text(step.tool, step.params, schema, step.thought),
            "server": trajectory.server, "tool": step.tool, "template": trajectory.template,
            "teacher": trajectory.teacher}


def write_dataset(trajectories: list[Trajectory], tools_of: dict[str, list[Tool]], path: Path) -> int:
    """Write one example per trajectory as JSON lines; returns the count."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for trajectory in trajectories:
            out.write(json.dumps(example_for(trajectory, tools_of[trajectory.server]), ensure_ascii=False) + "\n")
    return len(trajectories)


def read_dataset(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
