"""Answer-quality benchmark (TURA Table 1 protocol) over the sandbox, end to end on real MCP servers.

Runs every scenario of benchmarks/data/answer_scenarios.jsonl (written by make_answer_scenarios.py) through
the real graph, in one warm process, a fresh thread per scenario (follow-ups: two turns on one thread).
Expected facts are read from the sandbox by SQL when scoring (benchmarks/answer_facts.py); the checks are
in benchmarks/answer_checks.py. Reports, per kind and overall: accuracy (correct / partial / incorrect),
claim-level faithfulness, tool selection, argument accuracy (traceable and right), untraceable argument
values, route accuracy, p50 / p90 seconds. ``--judge-base-url`` adds an LLM judge's 3-point score.

    .venv/bin/python benchmarks/answers.py --split test [--quick] [--json] [--ablate constrain_arguments]
    .venv/bin/python benchmarks/answers.py --split test-v1      # the earlier, template-generated test split
    .venv/bin/python benchmarks/answers.py --split test --no-executor-adapter   # the base executor (issue 14)
    .venv/bin/python benchmarks/answers.py --backend openai --base-url http://127.0.0.1:8000/v1 --model NAME
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import time
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from langchain_core.messages import HumanMessage  # noqa: E402
from langgraph.checkpoint.memory import InMemorySaver  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from benchmarks.answer_checks import ItemScore, score_item  # noqa: E402
from benchmarks.answer_facts import expected_values, open_sandbox  # noqa: E402
from benchmarks.answer_judge import judge_item  # noqa: E402
from benchmarks.result_files import fmt, write_results  # noqa: E402
from graphs.context import Context  # noqa: E402
from graphs.approval_cli import invoke_with_approvals, unattended_decisions  # noqa: E402

SCENARIOS = ROOT / "benchmarks" / "data" / "answer_scenarios.jsonl"  # generated from templates (make_answer_scenarios)
# written apart from every template in nodes/distill, indexes/data and the dev split (issue 27): the "test" split;
# the generated file's own test items are "test-v1"
INDEPENDENT = ROOT / "benchmarks" / "data" / "answer_questions_test.jsonl"
# Batches written the same way by helpers, for tuning (split -> file). dev2 came first; dev3 to dev7 were written
# by helpers that saw only a description of the sandbox of 2026-11-29 (dev4 heavier on follow-ups, dev5 on follow-ups
# and static questions, dev6 on several intents and hostile input, dev7 on follow-ups that carry a found entity into
# a new kind of question), dev8 from the sandbox of 2026-11-30 (heavier on several intents and chains). Their chains
# that pick a city by a comparison, and their conversions of a listed price, hold for the sandbox of that day only.
DEV_BATCHES = {split: ROOT / "benchmarks" / "data" / f"answer_questions_{name}.jsonl"
               for split, name in [("dev2", "dev"), *((f"dev{n}", f"dev{n}") for n in range(3, 9))]}
RESULTS = ROOT / "benchmarks" / "results"
ITEM_TIMEOUT_S = 240.0
ABLATIONS = ("constrain_arguments", "bind_answers", "search_fallback")
KINDS = ("fast", "parallel", "dependent", "followup", "static", "void", "hostile")


def _read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()] \
        if path.exists() else []


def load_items(split: str, quick: bool) -> list[dict[str, Any]]:
    generated = [{**i, "split": "test-v1"} if i["split"] == "test" else i for i in _read(SCENARIOS)]
    items = [*generated, *(i for path in DEV_BATCHES.values() for i in _read(path)), *_read(INDEPENDENT)]
    items = [i for i in items if split == "all" or i["split"] == split]
    if quick:  # 30 items, stratified: the same share of every kind, first items of each
        by_kind = {k: [i for i in items if i["kind"] == k] for k in KINDS}
        share = {k: max(1, round(30 * len(v) / len(items))) for k, v in by_kind.items() if v}
        items = [i for k, v in by_kind.items() for i in v[: share.get(k, 0)]][:30]
    return items


async def run_item(graph, item: dict[str, Any], context: Context) -> tuple[dict[str, Any], float, str | None]:
    """The last turn's output, the seconds the item took, and an error if the run did not finish."""
    config = {"configurable": {"thread_id": f"bench-{item['id']}-{time.time_ns()}"}}
    started = time.perf_counter()
    output: dict[str, Any] = {}
    try:
        for turn in item["turns"]:
            # a held write: nobody approves here, as with `tura ask` unattended
            output, _ = await invoke_with_approvals(
                graph, {"messages": [HumanMessage(turn)]}, config, context,
                lambda request: unattended_decisions(request, approve_writes=False), timeout_s=ITEM_TIMEOUT_S)
    except TimeoutError:
        return output, time.perf_counter() - started, f"timed out after {ITEM_TIMEOUT_S:g} s"
    except Exception as exc:  # a crash is a result here: the item scores as incorrect and the error is shown
        return output, time.perf_counter() - started, f"{type(exc).__name__}: {exc}"
    return output, time.perf_counter() - started, None


async def tool_schemas(pool) -> dict[tuple[str, str], dict[str, Any]]:
    schemas = {}
    for server in pool.catalog.names():
        for tool in await pool.list_tools(server):
            schemas[(server, tool.name)] = tool.inputSchema or {}
    return schemas


def pct(values: list[float]) -> tuple[float, float]:
    if not values:
        return 0.0, 0.0
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Accuracy (an item counts only when every fact is stated; ``accuracy_lenient`` counts a partial as 0.5),
    direct accuracy (the facts stated before the fact listing), faithfulness, tool selection, argument accuracy,
    latency."""
    def mean(values: list[float]) -> float | None:
        return round(sum(values) / len(values), 4) if values else None

    scores: list[ItemScore] = [r["score"] for r in rows]
    calls = [c for s in scores for c in s.calls]
    p50, p90 = pct([r["seconds"] for r in rows])
    return {
        "items": len(rows),
        "accuracy": mean([1.0 if s.accuracy == "correct" else 0.0 for s in scores]),
        "accuracy_lenient": mean([1.0 if s.accuracy == "correct" else 0.5 if s.accuracy == "partial" else 0.0
                                  for s in scores]),
        "direct_accuracy": mean([1.0 if s.direct else 0.0 for s in scores]),
        "correct": sum(s.accuracy == "correct" for s in scores),
        "partial": sum(s.accuracy == "partial" for s in scores),
        "incorrect": sum(s.accuracy == "incorrect" for s in scores),
        "faithfulness": mean([s.faithfulness for s in scores if s.faithfulness is not None]),
        "tool_selection": mean([1.0 if s.tool_selection else 0.0 for s in scores if s.tool_selection is not None]),
        "argument_accuracy": mean([1.0 if c["correct"] else 0.0 for c in calls]),
        "untraceable_arguments": sum(len(s.untraceable) for s in scores),
        "tool_calls": len(calls),
        "route_accuracy": mean([1.0 if s.route_ok else 0.0 for s in scores if s.route_ok is not None]),
        "judge": mean([r["judge"] for r in rows if r.get("judge") is not None]),
        "p50_s": round(p50, 2),
        "p90_s": round(p90, 2),
        "errors": sum(1 for r in rows if r["error"]),
    }


async def run(args: argparse.Namespace) -> dict[str, Any]:
    from graphs.deps import build_dependencies, data_dir
    from graphs.graph import compile_from

    items = load_items(args.split, args.quick)
    if args.only:
        items = [i for i in items if any(i["id"].startswith(prefix) for prefix in args.only)]
    context = Context(model_backend=args.backend, openai_base_url=args.base_url, openai_model=args.model)
    for flag in args.ablate:
        context = replace(context, **{flag: False})
    if args.executor_adapter is not None:
        context = replace(context, executor_adapter=args.executor_adapter)
    if args.rewriter_adapter is not None:
        context = replace(context, rewriter_adapter=args.rewriter_adapter)
    today = date.today()
    deps = build_dependencies()
    rows: list[dict[str, Any]] = []
    try:
        graph = compile_from(deps, checkpointer=InMemorySaver())
        schemas = await tool_schemas(deps.pool)
        sandbox = open_sandbox(data_dir() / "sandbox.db")
        for n, item in enumerate(items, start=1):
            output, seconds, error = await run_item(graph, item, context)
            expected = [v for fact in item["facts"] for v in expected_values(fact, sandbox, today)]
            score = score_item(item, output, expected, schemas, today)
            if error:
                score.accuracy = "incorrect"
            row = {"id": item["id"], "kind": item["kind"], "split": item["split"], "turns": item["turns"],
                   "route": output.get("route"), "answer": output.get("answer", ""), "seconds": round(seconds, 2),
                   "error": error, "score": score, "run_errors": output.get("errors", [])}
            if args.judge_base_url:
                row["judge"] = await judge_item(args.judge_base_url, args.judge_model, item, expected, row["answer"])
            rows.append(row)
            print(f"[{n}/{len(items)}] {item['id']} {score.accuracy:9s} {seconds:5.1f}s "
                  f"route={output.get('route')} tools={[c['tool'] for c in score.calls]}"
                  + (f" ERROR {error}" if error else ""), file=sys.stderr, flush=True)
    finally:
        await deps.aclose()
    return {"rows": rows, "context": context}


def report(result: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    rows = result["rows"]
    overall = summarise(rows)
    by_kind = {k: summarise([r for r in rows if r["kind"] == k]) for k in KINDS if any(r["kind"] == k for r in rows)}
    label = ("base" if not args.ablate else "-" + ",-".join(args.ablate)) + (
        "+executor_adapter" if result["context"].executor_adapter else "") + (
        "+rewriter_adapter" if result["context"].rewriter_adapter else "")
    summary = {"split": args.split, "config": label, "backend": args.backend, **overall, "by_kind": by_kind}
    table = Table(title=f"Answer quality: split {args.split}, config {label}, backend {args.backend}")
    columns = ("kind", "items", "accuracy", "lenient", "direct", "correct/partial/incorrect", "faithfulness",
               "tool sel.", "arg acc.", "untraceable", "route acc.", "p50 s", "p90 s")
    for column in columns:
        table.add_column(column)
    lines = []
    for kind, stats in [*by_kind.items(), ("all", overall)]:
        cells = [kind, str(stats["items"]), fmt(stats["accuracy"]), fmt(stats["accuracy_lenient"]),
                 fmt(stats["direct_accuracy"]), f"{stats['correct']}/{stats['partial']}/{stats['incorrect']}",
                 fmt(stats["faithfulness"]),
                 fmt(stats["tool_selection"]), fmt(stats["argument_accuracy"]), str(stats["untraceable_arguments"]),
                 fmt(stats["route_accuracy"]), f"{stats['p50_s']:.1f}", f"{stats['p90_s']:.1f}"]
        table.add_row(*cells)
        lines.append("| " + " | ".join(cells) + " |")
    Console(stderr=args.json, width=200).print(table)
    # A subset (--quick, --only) or another backend never overwrites the full embedded run's file.
    name = (f"answers_{args.split}{'_quick' if args.quick else ''}{'_only' if args.only else ''}_"
            f"{label.replace(',', '').replace('-', 'no_').replace('+', '_with_')}"
            f"{'' if args.backend == 'embedded' else '_' + args.backend}")
    md = [f"# {table.title}", "", f"Machine: {platform.machine()}, {os.cpu_count()} cores, {date.today()}. "
          f"Accuracy counts an item only when every fact is stated; lenient counts a partial as 0.5; direct checks the "
          f"text before the fact listing.", "", "| " + " | ".join(columns) + " |",
          "|" + "---|" * len(columns), *lines, "", "## Items", "",
          "| id | accuracy | route | seconds | missing | untraceable | unsupported claims | answer |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        s = r["score"]
        answer = " ".join(r["answer"].split())[:220].replace("|", "/")
        md.append(f"| {r['id']} | {s.accuracy} | {r['route']} | {r['seconds']} | {', '.join(s.facts_missing)} | "
                  f"{'; '.join(s.untraceable)} | {'; '.join(s.claim_problems)[:200]} | {answer} |")
    write_results(RESULTS, name, md, rows)
    return summary


def main() -> None:
    parser = argparse.ArgumentParser(description="End-to-end answer quality on the sandbox (TURA Table 1).")
    parser.add_argument("--split", choices=("dev", *DEV_BATCHES, "test", "test-v1", "all"),
                        default="dev",
                        help="test: questions written apart from every template (issue 27); dev2 to dev8: "
                             "written the same way, for tuning; test-v1: the earlier test split, which shares "
                             "templates with what is tuned on")
    parser.add_argument("--quick", action="store_true", help="a 30-item stratified subset")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    parser.add_argument("--ablate", action="append", default=[], choices=ABLATIONS,
                        help="switch a mechanism off (repeatable)")
    parser.add_argument("--only", action="append", default=[], help="only items whose id starts with this")
    parser.add_argument("--executor-adapter", action=argparse.BooleanOptionalAction, default=None,
                        help="run the executor on the installed distilled adapter (nodes/distill/adapters), or not "
                             "(default: the Context's default); result files say which")
    parser.add_argument("--rewriter-adapter", action=argparse.BooleanOptionalAction, default=None,
                        help="rewrite follow-ups on the installed distilled rewriter adapter, or not (default: the "
                             "Context's default)")
    parser.add_argument("--record", action="store_true",
                        help="put this run's summary on the shipped adapter's data card")
    parser.add_argument("--backend", choices=("embedded", "openai"), default="embedded")
    parser.add_argument("--base-url", default=Context.openai_base_url)
    parser.add_argument("--model", default=Context.openai_model)
    parser.add_argument("--judge-base-url", default="", help="OpenAI-compatible endpoint of an LLM judge")
    parser.add_argument("--judge-model", default=Context.openai_model)
    args = parser.parse_args()
    summary = report(asyncio.run(run(args)), args)
    if args.record:
        from graphs.distill_pipeline import record_metrics

        record_metrics(f"benchmarks/answers.py --split {args.split}{' --quick' if args.quick else ''} "
                       f"({summary['config']}, {date.today().isoformat()})",
                       {k: summary[k] for k in ("accuracy", "accuracy_lenient", "direct_accuracy", "faithfulness",
                                                "tool_selection", "argument_accuracy", "p50_s", "p90_s")
                        if k in summary})
    if args.json:
        sys.stdout.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
