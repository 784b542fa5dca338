"""Distilled follow-up rewriter benchmark (issue 14's stretch): how often a follow-up becomes the right
standalone question, base rewriter against the distilled one, on held-out conversations.

Conversations come from the follow-up oracle's ``heldout`` bank (nodes/distill/followups.py): phrasing
templates that no training conversation has, and the entities held out of every training set (benchmarks/
answers.py's test cities, companies and currency pairs). Each follow-up goes through the whole rewriter as a run
uses it (nodes/rewrite.py ``rewrite_standalone``: its code rules, the model, the filter of invented words, the
date binding); no earlier tool call is given, so the rules that need one leave the follow-up to the model. A
rewrite is correct when it holds every value the conversation fixes (places, companies, currencies, amounts,
the intent asked for) and the day asked before, as the user wrote it or as its date. Rows: base (the rewriter as
shipped: the embedded model with two few-shot examples) and distilled (``--adapter``). P50/P80 ms per rewrite.

    .venv/bin/python benchmarks/distill_rewriter.py [--items 60] [--adapter PATH.gguf] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from langchain_core.messages import AIMessage, HumanMessage  # noqa: E402

from graphs.context import Context  # noqa: E402
from graphs.deps import SHIPPED_REWRITER_ADAPTER, build_dependencies, find_smollm_gguf  # noqa: E402
from nodes.date_mentions import find_date_mentions  # noqa: E402
from nodes.distill.followups import FollowUp, synthesize_followups  # noqa: E402
from nodes.embedded_model import LlamaRuntime  # noqa: E402
from nodes.models import ModelFactory, RoleAdapter  # noqa: E402
from nodes.rewrite import rewrite_standalone  # noqa: E402
from tools.sandbox.generate import ensure_sandbox  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "distill_rewriter.md"
# End to end: the server the second turn must call, by the follow-up oracle's kind (place: by the intent asked).
SERVER_OF_INTENT = {"the weather": "weather", "hotels": "hotels", "restaurants": "restaurants",
                    "attractions": "attractions", "trains": "trains", "flights": "flights"}


def expected_call(item: FollowUp) -> tuple[str, str]:
    """(server, value) the second turn's calls must show: the intent's server, with the value the rewrite
    carries over (the place, the destination, the company, the new currency)."""
    kind = item.template.split(":")[1]
    if kind in ("place", "route"):
        noun = item.standalone.split(" in ")[0] if kind == "place" else item.standalone.split(" from ")[0]
        return SERVER_OF_INTENT[noun], item.must[1] if kind == "place" else item.must[2]
    if kind == "arrival":
        return "hotels", item.must[1]
    return "finance", item.must[{"in_currency": 1, "history": 0, "conversion": 2}[kind]]


def second_turn_calls(output: dict[str, Any]) -> list[tuple[str, str]]:
    """(qualified tool name, arguments as JSON) of the calls made after the last human message."""
    messages = output.get("messages") or []
    last_human = max((i for i, m in enumerate(messages) if m.type == "human"), default=0)
    return [(call["name"], json.dumps(call["args"]).lower()) for m in messages[last_human:] if m.type == "ai"
            for call in (getattr(m, "tool_calls", None) or [])]


async def end_to_end(items: list[FollowUp], context: Context, configs: list[tuple[str, Context]]) -> list[dict]:
    """Both turns through the whole graph (the default catalogue and data directory): the share of
    conversations whose second turn called the expected server with the carried-over value."""
    from langgraph.checkpoint.memory import InMemorySaver

    from benchmarks.answers import run_item
    from graphs.deps import build_dependencies
    from graphs.graph import compile_from

    deps = build_dependencies()
    rows = []
    try:
        graph = compile_from(deps, checkpointer=InMemorySaver())
        for name, config in configs:
            correct, times = 0, []
            for n, item in enumerate(items):
                turns = {"id": f"rewriter-{name}-{n}", "turns": [item.first, item.question]}
                output, seconds, _ = await run_item(graph, turns, config)
                server, value = expected_call(item)
                calls = second_turn_calls(output)
                correct += any(tool.startswith(f"{server}__") and value.lower() in args for tool, args in calls)
                times.append(seconds)
            rows.append({"config": name, "accuracy": round(correct / len(items), 3), "correct": correct,
                         "items": len(items), "p50_s": round(statistics.median(times), 2)})
    finally:
        await deps.aclose()
    return rows


def days_of(text: str, today: date) -> set[tuple[date, date]]:
    return {(m.first, m.last) for m in find_date_mentions(text, today)}


def rewrite_holds(item: FollowUp, rewrite: str, today: date) -> bool:
    """Every value the conversation fixes is in the rewrite; the day asked before too, in words or as a date."""
    low = " ".join(rewrite.lower().split())
    day_words = [v for v in item.must if days_of(v, today)]
    for value in item.must:
        if value in day_words:
            continue
        stem = value.lower().rstrip("s") if value.isalpha() and len(value) > 4 else value.lower()
        if stem not in low:
            return False
    wanted = set().union(*(days_of(v, today) for v in day_words)) if day_words else set()
    return not wanted or days_of(rewrite, today) == wanted


async def catalogue_kinds() -> frozenset[str]:
    """The built-in catalogue's kinds of thing, which the router lets a rewrite name (indexes/route_cues.py)."""
    deps = build_dependencies(None)
    try:
        return (await deps.retriever.cue_words()).kinds
    finally:
        await deps.aclose()


async def run_config(name: str, factory: ModelFactory, context: Context, items: list[FollowUp],
                     today: date, kinds: frozenset[str] = frozenset()) -> dict[str, Any]:
    model = factory.get("rewriter", context)
    correct, times, failures = 0, [], []
    for item in items:
        turns = [HumanMessage(item.first), AIMessage(item.reply)]
        started = time.perf_counter()
        rewrite, problem = await rewrite_standalone(model, turns, item.question, context, kinds=kinds)
        times.append(1000 * (time.perf_counter() - started))
        if rewrite_holds(item, rewrite, today):
            correct += 1
        else:
            failures.append({"first": item.first, "question": item.question, "expected": item.standalone,
                             "got": rewrite, "problem": problem})
    ordered = sorted(times)
    return {"config": name, "accuracy": round(correct / len(items), 3), "correct": correct, "items": len(items),
            "p50_ms": round(statistics.median(ordered), 1), "p80_ms": round(ordered[int(0.8 * (len(ordered) - 1))], 1),
            "failures": failures}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, default=60, help="held-out conversations")
    parser.add_argument("--adapter", type=Path, default=SHIPPED_REWRITER_ADAPTER)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--end-to-end", type=int, default=0, metavar="N",
                        help="also run the first N conversations through the whole graph, base and distilled")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", default=str(RESULTS), help="markdown results file ('' to skip)")
    parser.add_argument("--record", action="store_true", help="put this run's numbers on the rewriter's data card")
    args = parser.parse_args()

    today = date.today()
    sandbox = ensure_sandbox(Path(tempfile.mkdtemp(prefix="tura-rewriter-bench-")) / "sandbox.db", today=today)
    items = synthesize_followups(sandbox, "heldout", args.items, seed=args.seed)
    gguf = find_smollm_gguf()
    adapters = ({"rewriter": RoleAdapter(args.adapter.name, lambda: LlamaRuntime(gguf, lora_path=args.adapter))}
                if args.adapter and args.adapter.is_file() else {})
    factory = ModelFactory(load_runtime=lambda: LlamaRuntime(gguf), adapters=adapters)
    context = Context(today=today.isoformat())
    kinds = await catalogue_kinds()
    rows = [await run_config("base", factory, replace(context, rewriter_adapter=False), items, today, kinds)]
    if adapters:
        rows.append(await run_config("distilled", factory, replace(context, rewriter_adapter=True), items, today,
                                     kinds))
    by = {r["config"]: r for r in rows}
    summary = {"heldout_items": len(items), "base_accuracy": by["base"]["accuracy"],
               "distilled_accuracy": by.get("distilled", {}).get("accuracy"),
               "p80_ms_base": by["base"]["p80_ms"], "p80_ms_distilled": by.get("distilled", {}).get("p80_ms"),
               "rows": [{k: v for k, v in r.items() if k != "failures"} for r in rows]}
    table = ["| config | accuracy | correct / items | p50 ms | p80 ms |", "|---|---|---|---|---|"]
    table += [f"| {r['config']} | {r['accuracy']:.3f} | {r['correct']} / {r['items']} | {r['p50_ms']} | {r['p80_ms']} |"
              for r in rows]
    if args.end_to_end and adapters:
        whole = await end_to_end(items[: args.end_to_end], context,
                                 [("base", replace(context, rewriter_adapter=False)),
                                  ("distilled", replace(context, rewriter_adapter=True))])
        summary["end_to_end"] = whole
        table += ["", "End to end (both turns through the graph; the second turn called the expected server with "
                  "the carried-over value):", "", "| config | accuracy | correct / items | p50 s per conversation |",
                  "|---|---|---|---|"]
        table += [f"| {r['config']} | {r['accuracy']:.3f} | {r['correct']} / {r['items']} | {r['p50_s']} |"
                  for r in whole]
    print(json.dumps(summary) if args.json else "\n".join(table))
    if args.record:
        from graphs.distill_pipeline import record_rewriter_metrics

        record_rewriter_metrics(f"benchmarks/distill_rewriter.py ({len(items)} held-out conversations, "
                                f"{today.isoformat()})", {k: v for k, v in summary.items() if k != "rows"})
    if args.out:
        lines = ["# Distilled follow-up rewriter: held-out standalone-rewrite accuracy", "",
                 f"Machine: {platform.machine()}, {os.cpu_count()} cores, {today.isoformat()}. {len(items)} "
                 f"conversations of the heldout bank (nodes/distill/followups.py), seed {args.seed}.", "", *table, "",
                 "## Failures (first 15 per config)", ""]
        for r in rows:
            lines += [f"### {r['config']}", ""]
            lines += [f"- `{f['first']}` then `{f['question']}`: expected `{f['expected']}`, got `{f['got']}`"
                      for f in r["failures"][:15]]
            lines.append("")
        Path(args.out).write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    asyncio.run(main())
