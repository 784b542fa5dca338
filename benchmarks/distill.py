"""Distilled executor benchmark (TURA Table 7 protocol): tool-calling accuracy and step latency on held-out requests.

Held-out requests come from the oracle's ``heldout`` bank (nodes/distill/oracle.py): phrasing templates and
entities (the cities, companies and currency pairs of benchmarks/answers.py's test split) that no training
example has. ``--bank dev`` measures on the dev bank instead (its own templates and entities): tune the recipe
there, never on ``heldout``. Each request gets the executor's first step, decoded exactly as in a run
(constrained to the request's spans, resolved dates, named enum values and the names the server's listings give,
nodes/executor_inputs.py; the base model is offered the tools the word heuristics favour, the distilled one
every callable tool; nodes/execute.py ``decide_step``). Until 2026-11-30 the listings were left out: a listed
name the request writes ("Samsung Electronics Co., Ltd." for "samsung") was not on offer. A step is correct
when the tool and every argument match the oracle's call after normalisation (case, whitespace, number
type), and it adds no argument beyond the tool's defaults. Rows: base (the embedded model with the few-shot
prompt), distilled (the shipped adapter), no_rationale (an adapter trained without thoughts, ``--no-rationale``),
teacher (``--teacher-base-url``), and any adapter named with ``--compare NAME=PATH`` (the built-in catalogue's
adapter from ``tura distill executor``, measured against the oracle's in the same run). P50/P80 milliseconds
per step on this machine.

    .venv/bin/python benchmarks/distill.py [--per-intent 5] [--bank heldout|dev] [--no-rationale PATH.gguf]
        [--compare generic=/tmp/builtin/executor.gguf] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import json
import os
import platform
import statistics
import sys
from collections import Counter
import tempfile
import time
from dataclasses import replace
from datetime import date
from pathlib import Path
from types import SimpleNamespace
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graphs.context import Context  # noqa: E402
from graphs.deps import SHIPPED_ADAPTER, build_dependencies, find_smollm_gguf  # noqa: E402
from nodes.approval import trusted_tools  # noqa: E402
from nodes.arguments.candidates import Candidates  # noqa: E402
from nodes.executor_inputs import task_candidates  # noqa: E402
from nodes.distill.oracle import SubTask, synthesize  # noqa: E402
from nodes.embedded_model import LlamaRuntime  # noqa: E402
from nodes.execute import decide_step  # noqa: E402
from nodes.arguments.step_rules import ToolRefused  # noqa: E402
from nodes.models import ModelFactory, RoleAdapter  # noqa: E402
from nodes.structured import StructuredOutputError  # noqa: E402
from tools.sandbox.generate import ensure_sandbox  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "distill.md"


def normalise(value: Any) -> Any:
    if isinstance(value, str):
        return " ".join(value.split()).casefold()
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return [normalise(v) for v in value]
    return value


def call_matches(task: SubTask, tool: str, params: dict[str, Any], schema: dict[str, Any]) -> bool:
    """Exact tool, every expected argument equal after normalisation, nothing else but the tool's defaults."""
    if tool != task.tool:
        return False
    defaults = {k: spec.get("default") for k, spec in (schema.get("properties") or {}).items()}
    for name, value in params.items():
        if name in task.arguments:
            if normalise(value) != normalise(task.arguments[name]):
                return False
        elif normalise(value) != normalise(defaults.get(name)):
            return False
    return all(name in params for name in task.arguments)


def factory_for(adapter: Path | None) -> ModelFactory:
    gguf = find_smollm_gguf()
    return ModelFactory(load_runtime=lambda: LlamaRuntime(gguf), adapters={
        "executor": RoleAdapter(adapter.name, lambda: LlamaRuntime(gguf, lora_path=adapter))} if adapter else None)


async def run_config(name: str, model, tasks: list[SubTask], tools_of: dict[str, list], context: Context,
                     today: date, known: list[str], candidates_of: list[Candidates]) -> dict[str, Any]:
    """One config's first steps on ``tasks``, each decoded from the closed sets a run gives it
    (``candidates_of``, in the tasks' order)."""
    correct, times, failures = 0, [], []
    for task, prepared in zip(tasks, candidates_of):
        available = tools_of[task.server]
        candidates = copy.deepcopy(prepared)
        started = time.perf_counter()
        try:
            step = await decide_step(task.request, task.server, available, candidates, model=model, context=context,
                                     today=today, known_names=known)
            tool, params = step.tool, step.params
        except (StructuredOutputError, ToolRefused) as exc:
            tool, params = "", {"error": str(exc)[:120]}
        times.append((time.perf_counter() - started) * 1000)
        schema = next((t.inputSchema or {} for t in available if t.name == tool), {})
        if call_matches(task, tool, params, schema):
            correct += 1
        else:
            failures.append({"request": task.request, "expected": {"tool": task.tool, "arguments": task.arguments},
                             "got": {"tool": tool, "params": params}})
    ordered = sorted(times)
    failed = {f["request"] for f in failures}
    items = Counter(f"{t.server}.{t.tool}" for t in tasks)
    wrong = Counter(f"{t.server}.{t.tool}" for t in tasks if t.request in failed)
    by_tool = {key: round(1 - wrong[key] / n, 2) for key, n in sorted(items.items())}
    return {"config": name, "accuracy": round(correct / len(tasks), 3), "correct": correct, "items": len(tasks),
            "by_tool": by_tool,
            "p50_ms": round(statistics.median(ordered), 1), "p80_ms": round(ordered[int(0.8 * (len(ordered) - 1))], 1),
            "failures": failures}


def expected_call(expected: dict[str, Any], tool: str, params: dict[str, Any], available: list) -> bool:
    """``call_matches`` against a teacher's verified call (``{"tool", "arguments"}``)."""
    schema = next((t.inputSchema or {} for t in available if t.name == tool), {})
    return call_matches(SimpleNamespace(tool=expected["tool"], arguments=expected["arguments"]), tool, params, schema)


def compared(named: list[str]) -> list[tuple[str, Path]]:
    """``--compare NAME=PATH`` arguments as (name, adapter file); a ValueError names a bad one."""
    pairs = []
    for one in named:
        name, _, path = one.partition("=")
        if not name or not Path(path).is_file():
            raise ValueError(f"--compare wants NAME=PATH of an adapter file, not {one!r}")
        pairs.append((name, Path(path)))
    return pairs


async def catalog_main(args: argparse.Namespace) -> None:
    """``--catalog``: held-out requests synthesised from that catalogue, the base executor against the adapter
    installed for it (``tura distill executor``; or ``--adapter``)."""
    from benchmarks.distill_catalog_items import catalogue_path, first_steps, heldout
    from graphs.deps import ADAPTERS_DIR, adapter_store
    from nodes.distill.adapter_store import adapter_for, stored_adapters

    today = date.today()
    work = Path(tempfile.mkdtemp(prefix="tura-distill-catalog-"))
    path = catalogue_path(args.catalog, work)
    run = await heldout(path, work / "heldout", args.per_tool, args.seed)
    items = run.trajectories
    adapter = args.adapter if args.adapter != SHIPPED_ADAPTER else None
    if adapter is None:
        stored = stored_adapters([ADAPTERS_DIR], adapter_store())
        found = {getattr(adapter_for(stored, fp), "path", None) for fp in run.servers.values()}
        adapter = next(iter(found)) if len(found) == 1 else None  # one adapter trained on every server
    context = Context()
    base = factory_for(None).get("executor", replace(context, executor_adapter=False))
    configs: list[tuple[str, Any]] = [("base", base)]
    if adapter is not None:
        configs.append(("distilled", factory_for(adapter).get("executor", replace(context, executor_adapter=True))))
    else:
        print(f"no adapter is installed for this catalogue ({run.fingerprint}): run tura distill executor --catalog "
              f"{path or ''}", file=sys.stderr)
    configs += [(name, factory_for(other).get("executor", replace(context, executor_adapter=True)))
                for name, other in compared(args.compare)]
    rows = await first_steps(configs, items, path, work, expected_call)
    by = {r["config"]: r for r in rows}
    summary = {"catalog": args.catalog, "fingerprint": run.fingerprint, "heldout_items": len(items),
               "heldout_requests": run.requests, "search": run.report.to_json(),
               "adapter": str(adapter) if adapter else None, "base_accuracy": by["base"]["accuracy"],
               "distilled_accuracy": by.get("distilled", {}).get("accuracy"),
               "same_answer_base": by["base"]["same_answer_accuracy"],
               "same_answer_distilled": by.get("distilled", {}).get("same_answer_accuracy"),
               "p50_step_ms_base": by["base"]["p50_ms"], "p80_step_ms_base": by["base"]["p80_ms"],
               "p50_step_ms_distilled": by.get("distilled", {}).get("p50_ms"),
               "p80_step_ms_distilled": by.get("distilled", {}).get("p80_ms"),
               "by_tool": {r["config"]: r["by_tool"] for r in rows}}
    table = table_lines(rows)
    own_card = adapter is not None and adapter.parent != ADAPTERS_DIR and (adapter.parent / "card.json").is_file()
    if args.record and own_card:
        from graphs.distill_catalog import record_catalogue_metrics

        record_catalogue_metrics(adapter.parent, f"benchmarks/distill.py --catalog {args.catalog} ({len(items)} "
                                 f"held-out requests, {today.isoformat()})",
                                 {k: v for k, v in summary.items() if k not in ("by_tool", "search")})
    print(json.dumps(summary) if args.json else "\n".join(table))
    out = args.out if args.out is not None else str(RESULTS.with_name(f"distill_{Path(args.catalog).stem}.md"))
    if out:
        header = (f"Machine: {platform.machine()}, {os.cpu_count()} cores, {today.isoformat()}. {len(items)} held-out "
                  f"requests verified by the search teacher of {run.requests} synthesised (held-out families and "
                  f"values), catalogue `{args.catalog}` ({run.fingerprint}), seed {args.seed}.")
        write_report(Path(out), header, rows)


def table_lines(rows: list[dict[str, Any]]) -> list[str]:
    """One row per config; with the same-answer accuracy (``--catalog``) when the rows hold it."""
    same = "same_answer_accuracy" in rows[0]
    table = ["| config | accuracy | correct / items |" + (" same answer |" if same else "") + " p50 ms/step | "
             "p80 ms/step |", "|---|---|---|" + ("---|" if same else "") + "---|---|"]
    return table + [f"| {r['config']} | {r['accuracy']:.3f} | {r['correct']} / {r['items']} | "
                    + (f"{r['same_answer_accuracy']:.3f} | " if same else "") + f"{r['p50_ms']} | {r['p80_ms']} |"
                    for r in rows]


def write_report(path: Path, header: str, rows: list[dict[str, Any]]) -> None:
    """The table, accuracy per tool and the first failures of each config, as markdown."""
    tools = sorted({tool for r in rows for tool in r["by_tool"]})
    lines = ["# Distilled executor: held-out tool-calling accuracy (TURA Table 7 protocol)", "", header, "",
             *table_lines(rows), "", "## Accuracy per tool", "",
             "| tool | " + " | ".join(r["config"] for r in rows) + " |", "|---|" + "---|" * len(rows),
             *[f"| {tool} | " + " | ".join(f"{r['by_tool'].get(tool, float('nan')):.2f}" for r in rows) + " |"
               for tool in tools], "", "## Failures (first 15 per config)", ""]
    for r in rows:
        lines += [f"### {r['config']}", ""]
        lines += [f"- `{f['request']}`: expected {json.dumps(f['expected'], ensure_ascii=False)}, got "
                  f"{json.dumps(f['got'], ensure_ascii=False)}" for f in r["failures"][:15]]
        lines.append("")
    path.write_text("\n".join(lines), encoding="utf-8")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-intent", type=int, default=5, help="held-out requests per intent")
    parser.add_argument("--adapter", type=Path, default=SHIPPED_ADAPTER)
    parser.add_argument("--no-rationale", type=Path, default=None, help="adapter trained without thoughts")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=PATH",
                        help="another adapter measured in the same run, as row NAME (repeatable)")
    parser.add_argument("--teacher-base-url", default="")
    parser.add_argument("--teacher-model", default="")
    parser.add_argument("--bank", choices=["heldout", "dev"], default="heldout",
                        help="request bank: heldout (reported) or dev (for tuning the recipe)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--catalog", default="", help="'foreign' (benchmarks/foreign.py's servers), 'builtin' "
                        "or an mcp.json: held-out requests synthesised from that catalogue, against the adapter "
                        "installed for it")
    # 16: of 8 per tool, 43 of 144 were verified once the teacher stopped labelling a request with a sibling
    # tool when its own answered nothing; the held-out bank should hold 60 or more
    parser.add_argument("--per-tool", type=int, default=16, help="held-out requests synthesised per tool (--catalog)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--record", action="store_true",
                        help="put this run's numbers on the shipped adapter's data card (heldout bank only)")
    parser.add_argument("--out", default=None, help="markdown results file ('' to skip; default "
                        "benchmarks/results/distill.md, distill_dev.md for the dev bank)")
    args = parser.parse_args()
    try:
        compared(args.compare)
    except ValueError as exc:
        parser.error(str(exc))
    if args.catalog:
        await catalog_main(args)
        return
    if args.out is None:
        args.out = str(RESULTS if args.bank == "heldout" else RESULTS.with_name("distill_dev.md"))

    today = date.today()
    folder = Path(tempfile.mkdtemp(prefix="tura-distill-bench-"))
    sandbox = ensure_sandbox(folder / "sandbox.db", today=today)
    tasks = synthesize(sandbox, args.bank, args.per_intent, today=today, seed=args.seed)
    deps = build_dependencies([], directory=folder)
    try:
        tools_of = {name: await deps.pool.list_tools(name) for name in {t.server for t in tasks}}
        await deps.retriever.server_docs()  # finds the listing tools, whose names a run's executor is given
        await deps.retriever.entity_directory()
        known = await deps.pool.known_names()
        context = Context()  # as in a run: a refused step is re-asked with the reason (structured_retries)
        # what a run's executor decodes from: the request's words and the server's listings (the names it lists)
        candidates_of = [await task_candidates(t.server, tools_of[t.server], deps.pool,
                                               trusted_tools(t.server, deps.pool), [t.request], [], today, context)
                         for t in tasks]
    finally:
        await deps.aclose()
    base = factory_for(None).get("executor", replace(context, executor_adapter=False))
    configs: list[tuple[str, Any]] = [("base", base)]
    adapted = replace(context, executor_adapter=True)
    if args.adapter and args.adapter.is_file():
        configs.append(("distilled", factory_for(args.adapter).get("executor", adapted)))
    if args.no_rationale and args.no_rationale.is_file():
        configs.append(("no_rationale", factory_for(args.no_rationale).get("executor", adapted)))
    configs += [(name, factory_for(path).get("executor", adapted)) for name, path in compared(args.compare)]
    if args.teacher_base_url:
        teacher = ModelFactory(load_runtime=lambda: LlamaRuntime(find_smollm_gguf())).get(
            "executor", Context(model_backend="openai", openai_base_url=args.teacher_base_url,
                                openai_model=args.teacher_model))
        configs.append(("teacher", teacher))
    rows = [await run_config(name, model, tasks, tools_of, context, today, known, candidates_of)
            for name, model in configs]
    by = {r["config"]: r for r in rows}
    summary = {
        "heldout_items": len(tasks),
        "base_accuracy": by["base"]["accuracy"],
        "distilled_accuracy": by.get("distilled", {}).get("accuracy"),
        "no_rationale_accuracy": by.get("no_rationale", {}).get("accuracy"),
        "teacher_accuracy": by.get("teacher", {}).get("accuracy"),
        **{f"{name.partition('=')[0]}_accuracy": by[name.partition("=")[0]]["accuracy"] for name in args.compare},
        "p50_step_ms_base": by["base"]["p50_ms"], "p80_step_ms_base": by["base"]["p80_ms"],
        "p50_step_ms_distilled": by.get("distilled", {}).get("p50_ms"),
        "p80_step_ms_distilled": by.get("distilled", {}).get("p80_ms"),
        "rows": [{k: v for k, v in r.items() if k not in ("failures", "by_tool")} for r in rows],
        "by_tool": {r["config"]: r["by_tool"] for r in rows},
    }
    table = table_lines(rows)
    if args.record and args.bank == "heldout":
        from graphs.distill_pipeline import record_metrics

        record_metrics(f"benchmarks/distill.py ({len(tasks)} held-out requests, {today.isoformat()})",
                       {k: v for k, v in summary.items() if k not in ("rows", "by_tool")})
    if args.json:
        print(json.dumps(summary))
    else:
        print("\n".join(table))
    if args.out:
        write_report(Path(args.out), f"Machine: {platform.machine()}, {os.cpu_count()} cores, {today.isoformat()}. "
                     f"{len(tasks)} requests of the {args.bank} bank ({args.per_intent} per intent), seed {args.seed}.",
                     rows)


if __name__ == "__main__":
    asyncio.run(main())
