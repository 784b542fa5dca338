"""``tura distill``: synthesise, curate, train, export and install the distilled executor (TURA §4.4).

Mounted by graphs/cli.py with ``app.add_typer(distill_app, name="distill")``. ``tura distill all`` runs every
stage with the shipped settings and installs the adapter; each stage also runs alone on the work folder.
"""

from __future__ import annotations

import asyncio
import json
import time
from datetime import date
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from graphs.deps import data_dir

distill_app = typer.Typer(help="Distil the executor (synthesise, curate, train, export) and the follow-up rewriter.",
                          no_args_is_help=True)
console = Console(stderr=True)

WorkOption = Annotated[Path | None, typer.Option(help="Work folder (default: <data dir>/distill).")]
TeacherOption = Annotated[str, typer.Option(help="'oracle' (built-in servers) or 'endpoint' (any catalogue).")]


def _work(work: Path | None) -> Path:
    return work or data_dir() / "distill"


def _bar(label: str) -> Progress:
    return Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[info]}"),
                    TimeElapsedColumn(), console=console)


def run_synth(work: Path, teacher: str, per_intent: int, seed: int, base_url: str, model: str) -> int:
    from graphs.distill_pipeline import Teacher, synthesise

    with _bar("synthesise") as bar:
        task = bar.add_task("", total=None, info="")
        found = asyncio.run(synthesise(work, Teacher(teacher, base_url, model), per_intent=per_intent, seed=seed,
                                       progress=lambda n, total: bar.update(task, completed=n, total=total)))
    console.print(f"trajectories: {len(found)} ({sum(t.steps[-1].ok for t in found if t.steps)} with a successful call)"
                  f" -> {work / 'trajectories.jsonl'}")
    return len(found)


def run_curate(work: Path, judge_base_url: str, judge_model: str) -> dict:
    from graphs.distill_pipeline import Teacher, curate_and_write

    report = asyncio.run(curate_and_write(work, Teacher("endpoint", judge_base_url, judge_model)
                                          if judge_base_url else None)).to_json()
    console.print(f"curation: {json.dumps(report)}")
    return report


def run_train(work: Path, out: Path | None, rationale_share: float, epochs: float, time_budget_s: float,
              seed: int) -> dict:
    from graphs.distill_pipeline import train
    from nodes.distill.train import TrainConfig

    config = TrainConfig(rationale_share=rationale_share, epochs=epochs, max_seconds=time_budget_s, seed=seed)
    with _bar("train") as bar:
        task = bar.add_task("", total=None, info="")

        def progress(step: int, total: int, loss: float, rate: float) -> None:
            bar.update(task, completed=step, total=total, info=f"loss {loss:.3f} · {rate:.2f} ex/s")
            if not console.is_terminal and (step % 10 == 0 or step == total):  # a log, not a live bar
                console.print(f"train step {step}/{total} · loss {loss:.3f} · {rate:.2f} examples/s")

        report = train(work, config, out, progress).to_json()
    console.print(f"training: {json.dumps({k: v for k, v in report.items() if k != 'config'})}")
    return report


@distill_app.command()
def synth(work: WorkOption = None, teacher: TeacherOption = "oracle",
          per_intent: Annotated[int, typer.Option(help="Requests per intent (oracle) or per tool (endpoint).")] = 80,
          seed: int = 13, base_url: str = "", model: str = "") -> None:
    """Write teacher trajectories, every call run against the real servers (on a private sandbox)."""
    if teacher not in ("oracle", "endpoint"):
        raise typer.BadParameter("use 'oracle' or 'endpoint'", param_hint="--teacher")
    if teacher == "endpoint" and not (base_url and model):
        raise typer.BadParameter("the endpoint teacher needs --base-url and --model", param_hint="--base-url")
    run_synth(_work(work), teacher, per_intent, seed, base_url, model)


@distill_app.command("curate")
def curate_command(work: WorkOption = None, judge_base_url: str = "", judge_model: str = "") -> None:
    """Run the correctness and efficiency judges (and an LLM judge with --judge-base-url); write examples."""
    run_curate(_work(work), judge_base_url, judge_model)


@distill_app.command("train")
def train_command(work: WorkOption = None, out: Path | None = None,
                  rationale_share: Annotated[float, typer.Option(help="Share of examples trained with thought.")] = 0.5,
                  epochs: float = 1.8,
                  time_budget: Annotated[float, typer.Option(help="Stop training after this many seconds (0: none).")] = 0,
                  seed: int = 13) -> None:
    """Mixed-rationale LoRA fine-tuning of SmolLM2-135M on CPU."""
    run_train(_work(work), out, rationale_share, epochs, time_budget, seed)


@distill_app.command("export")
def export_command(work: WorkOption = None, adapter: Path | None = None, out: Path | None = None) -> None:
    """Convert the peft adapter to an f16 GGUF LoRA file for llama.cpp."""
    from graphs.distill_pipeline import export

    console.print(f"adapter: {export(_work(work), adapter, out)}")


@distill_app.command("all")
def all_command(work: WorkOption = None, per_intent: int = 80, epochs: float = 1.8, rationale_share: float = 0.5,
                time_budget: float = 3000, seed: int = 13, install: bool = True) -> None:
    """Every stage with the oracle teacher, then install the adapter (nodes/distill/adapters) with its data card.
    Measured here (2 cores): 308 training steps in 2,396 s; the time budget keeps the whole run within the hour."""
    from graphs.distill_pipeline import export, install as install_adapter

    folder = _work(work)
    started = time.perf_counter()
    run_synth(folder, "oracle", per_intent, seed, "", "")
    curation = run_curate(folder, "", "")
    training = run_train(folder, None, rationale_share, epochs, time_budget, seed)
    gguf = export(folder)
    facts = {"date": date.today().isoformat(), "teacher": "oracle", "curation": curation, "training": training,
             "pipeline_seconds": round(time.perf_counter() - started, 1)}
    (folder / "facts.json").write_text(json.dumps(facts, indent=1))
    if install:
        console.print(f"installed: {install_adapter(folder, gguf, facts)}")
    console.print(f"pipeline: {facts['pipeline_seconds']} s")


@distill_app.command("rewriter")
def rewriter_command(work: Annotated[Path | None, typer.Option(
                         help="Work folder (default: <data dir>/distill/rewriter).")] = None,
                     conversations: int = 640, epochs: float = 1.5, seed: int = 13,
                     time_budget: float = 1800, install: bool = True) -> None:
    """Distil the follow-up rewriter: oracle conversations -> LoRA (no rationale) -> GGUF -> installed with its
    data card. Measured here (2 cores): 120 steps in 557 s, 578 s in all."""
    from graphs.distill_pipeline import export, install_rewriter, synthesise_rewrites

    folder = work or data_dir() / "distill" / "rewriter"
    started = time.perf_counter()
    written = synthesise_rewrites(folder, conversations, seed)
    console.print(f"conversations: {written} -> {folder / 'examples.jsonl'}")
    training = run_train(folder, None, 0.0, epochs, time_budget, seed)
    gguf = export(folder, out=folder / "rewriter.gguf")
    facts = {"date": date.today().isoformat(), "conversations": written, "training": training,
             "pipeline_seconds": round(time.perf_counter() - started, 1)}
    (folder / "facts.json").write_text(json.dumps(facts, indent=1))
    if install:
        console.print(f"installed: {install_rewriter(gguf, facts)}")
    console.print(f"pipeline: {facts['pipeline_seconds']} s")


@distill_app.command("executor")
def executor_command(
        catalog: Annotated[Path | None, typer.Option(
            help="The mcp.json to distil for (default: the catalogue in use, TURA_CATALOG and the built-in servers "
                 "as configured).")] = None,
        work: Annotated[Path | None, typer.Option(
            help="Work folder (default: <data dir>/distill/<catalogue>).")] = None,
        per_tool: Annotated[int, typer.Option(help="Synthesised requests per tool.")] = 40,
        epochs: float = 3.0, rationale_share: float = 0.5, seed: int = 13,
        time_budget: Annotated[float, typer.Option(help="Stop training after this many seconds.")] = 2400,
        install: bool = True) -> None:
    """Distil the executor for a catalogue with no large model: requests synthesised from the catalogue, calls
    found by the search teacher (read-only calls run and verified), LoRA training, export, and install keyed by
    the catalogue's fingerprint. Rerun to resume: finished stages are skipped, the search goes on where it
    stopped."""
    from graphs.deps import adapter_store
    from graphs.distill_catalog import finish_catalogue, install_catalogue_adapter, teach
    from graphs.distill_pipeline import export

    started = time.perf_counter()
    paths = [catalog] if catalog else None
    builtin = False if catalog else None
    folder = work or data_dir() / "distill" / (catalog.stem if catalog else "catalogue")
    with _bar("search teacher") as bar:
        task = bar.add_task("", total=None, info="")
        run = asyncio.run(teach(folder, paths, builtin=builtin, bank="train", per_tool=per_tool, seed=seed,
                                progress=lambda n, total, server: bar.update(task, completed=n, total=total,
                                                                              info=server)))
    console.print(f"search: {json.dumps(run.report.to_json())} over {run.requests} requests "
                  f"(this run's share; {len(run.trajectories)} trajectories in all)")
    most_per_tool = 2 * per_tool
    curation = asyncio.run(finish_catalogue(folder, run, most_per_tool))
    console.print(f"curation: {json.dumps(curation)}")
    adapter_dir = folder / "adapter"
    if (adapter_dir / "adapter_config.json").is_file():
        training = json.loads((folder / "training.json").read_text())
        console.print("training: done in an earlier run (delete adapter/ to train again)")
    else:
        training = run_train(folder, None, rationale_share, epochs, time_budget, seed)
        (folder / "training.json").write_text(json.dumps(training, indent=1))
    gguf = export(folder)
    facts = {"date": date.today().isoformat(), "catalog": run.fingerprint, "servers": run.servers,
             "requests": run.requests, "search": json.loads((folder / "catalog_train.json").read_text())["search"],
             "most_per_tool": most_per_tool, "curation": curation, "training": training,
             "pipeline_seconds": round(time.perf_counter() - started, 1)}
    (folder / "facts.json").write_text(json.dumps(facts, indent=1))
    if install:
        console.print(f"installed: {install_catalogue_adapter(adapter_store(), gguf, facts)}")
    console.print(f"pipeline: {facts['pipeline_seconds']} s")
