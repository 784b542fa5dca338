"""Server retrieval on LiveMCPBench: which index parts earn their keep, measured side by side.

Protocols (../shared/benchmarks/livemcpbench/SOURCE.md): the 70-server catalogue is indexed; for each question
with a relevant server in the catalogue (94 of 95), the step-wise protocol queries with its annotated steps
(one sub-query per step, merged by max) and the direct protocol with the question alone. Relevant servers are
the owners of the annotated tools. Only the question/step texts and the labels are read from the annotations;
the synthetic queries come from a cache written without them (indexes/data/livemcpbench_synthetic.json).

Configurations: bm25 (BM25 alone over description + tool rows), description (one vector per server),
tool_to_agent (description + tool vectors, tool hits count for their server), tool_to_agent+bm25 (the same
fused with BM25, i.e. full without augmentation), augmented (+ synthetic-query vectors), full (augmented
fused with BM25), full-value_typing (full with sub-queries embedded as written: URLs and file paths not
replaced by their type, indexes/value_typing.py), full-repair_spelling (full without typo repair to the
catalogue's words, indexes/spelling.py), and augmented@compare / full@compare (the same over a second
cache, by default the paraphrase augmenter's queries from the embedded model, benchmarks/data/). Query latency is timed separately, with no embedding
memo, on the full configuration.

    python benchmarks/retrieval.py            # table, writes benchmarks/results/retrieval.md
    python benchmarks/retrieval.py --json     # one JSON object
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexes.augment import SyntheticQueryCache  # noqa: E402
from indexes.embeddings import MiniLMEmbeddingFunction  # noqa: E402
from indexes.fusion import DEFAULT_FUSION  # noqa: E402
from indexes.livemcpbench import LiveMCPBench, Question, load  # noqa: E402
from indexes.metrics import summarize  # noqa: E402
from indexes.chroma_store import ephemeral_client, open_collection  # noqa: E402
from indexes.server_index import QueryOptions, ServerIndex  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared/benchmarks/livemcpbench"
DEFAULT_CACHE = ROOT / "indexes/data/livemcpbench_synthetic.json"
# Written by `python benchmarks/augment_livemcpbench.py --generator paraphrase` (SmolLM2-135M, round-trip checked);
# kept outside indexes/data so that builds never seed from it.
DEFAULT_COMPARE = ROOT / "benchmarks/data/livemcpbench_paraphrase.json"
DEFAULT_OUT = ROOT / "benchmarks/results/retrieval.md"
BASE = {"description", "tool"}
PAPER_MINILM = {"recall@5": 0.80, "ndcg@5": 0.45, "map@5": 0.33}

# name -> (which index, query options); the index is "plain" (no synthetic rows) or "augmented".
CONFIGS: dict[str, tuple[str, QueryOptions]] = {
    "bm25": ("plain", QueryOptions(fusion="bm25")),
    "description": ("plain", QueryOptions(fusion="dense", kinds=frozenset({"description"}))),
    "tool_to_agent": ("plain", QueryOptions(fusion="dense")),
    "tool_to_agent+bm25": ("plain", QueryOptions()),
    "augmented": ("augmented", QueryOptions(fusion="dense")),
    "full": ("augmented", QueryOptions()),
    # Ablation: full with the sub-queries embedded as written (URLs and paths not replaced by their type).
    "full-value_typing": ("augmented", QueryOptions(type_values=False)),
    # Ablation: full with the sub-queries' typos left as typed.
    "full-repair_spelling": ("augmented", QueryOptions(repair_spelling=False)),
    # The same two over another cache (--compare-cache): by default the paraphrase augmenter's queries.
    "augmented@compare": ("compare", QueryOptions(fusion="dense")),
    "full@compare": ("compare", QueryOptions()),
}
# The fusion choice is measured, not assumed: both rules at a few BM25 weights, on both indexes.
FUSION_SWEEP = [("rrf", w) for w in (0.5, 1.0, 1.5)] + [("weighted", w) for w in (0.1, 0.2, 0.3, 0.5)]


class MemoEmbedding:
    """Embeds each distinct text once (many configurations re-ask the same sub-queries)."""

    def __init__(self, inner):
        self.inner = inner
        self.memo: dict[str, object] = {}

    def __call__(self, input):
        missing = [t for t in dict.fromkeys(input) if t not in self.memo]
        if missing:
            self.memo.update(zip(missing, self.inner(missing)))
        return [self.memo[t] for t in input]

    def embed_query(self, input):
        return self(input)


def build(
    bench: LiveMCPBench, embed: MemoEmbedding, synthetic: dict[str, list[str]] | None, kinds: set[str]
) -> tuple[ServerIndex, float]:
    collection = open_collection(ephemeral_client(), embed.inner, f"bench_{uuid.uuid4().hex[:8]}")
    index = ServerIndex(collection, embed)
    started = time.perf_counter()
    index.sync(bench.servers, synthetic, kinds)
    index.mirror()
    return index, time.perf_counter() - started


def sub_queries(question: Question, protocol: str) -> list[str]:
    if protocol == "stepwise" and question.steps:
        return list(question.steps)
    return [question.question]


def evaluate(index: ServerIndex, questions: list[Question], protocol: str, options: QueryOptions, top_n: int) -> dict:
    rankings = []
    for q in questions:
        hits = index.query(sub_queries(q, protocol), top_k=10, top_n=top_n, options=options)
        rankings.append(([h.server for h in hits], q.relevant))
    return summarize(rankings)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def time_queries(index: ServerIndex, questions: list[Question], options: QueryOptions, top_n: int) -> dict:
    """Wall time of real queries (fresh embeddings): one sub-query per call, and one question's steps per call."""
    single, whole = [], []
    index.query(["warm up"], top_k=5, top_n=top_n, options=options)
    for q in questions:
        for text in sub_queries(q, "stepwise"):
            started = time.perf_counter()
            index.query([text], top_k=5, top_n=top_n, options=options)
            single.append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        index.query(sub_queries(q, "stepwise"), top_k=5, top_n=top_n, options=options)
        whole.append((time.perf_counter() - started) * 1000)
    return {
        "query_ms_p50": round(statistics.median(single), 2),
        "query_ms_p99": round(percentile(single, 99), 2),
        "question_ms_p50": round(statistics.median(whole), 2),
        "question_ms_p99": round(percentile(whole, 99), 2),
        "timed_sub_queries": len(single),
    }


def run(args: argparse.Namespace) -> dict:
    bench = load(args.data)
    questions = bench.evaluable
    cache = SyntheticQueryCache.load(args.cache)
    synthetic = {s.name: q for s in bench.servers if (q := cache.get(s)) is not None}
    stale = [s.name for s in bench.servers if s.name not in synthetic]
    raw_embed = MiniLMEmbeddingFunction(onnx_dir=str(args.onnx_dir) if args.onnx_dir else None)
    embed = MemoEmbedding(raw_embed)
    plain, plain_s = build(bench, embed, None, BASE)
    augmented, augmented_s = build(bench, embed, synthetic, BASE | {"synthetic_query"})
    indexes = {"plain": plain, "augmented": augmented}
    generators = Counter(cache.entries[name].get("generator", "?") for name in synthetic)
    compare: dict[str, list[str]] = {}
    compare_generators: Counter = Counter()
    if args.compare_cache and Path(args.compare_cache).exists():
        other = SyntheticQueryCache.load(args.compare_cache)
        compare = {s.name: q for s in bench.servers if (q := other.get(s)) is not None}
        compare_generators = Counter(other.entries[name].get("generator", "?") for name in compare)
        indexes["compare"], _ = build(bench, embed, compare, BASE | {"synthetic_query"})
    out: dict = {
        "configs": {},
        "configs_direct": {},
        "fusion_sweep": {},
        "setup": {
            "servers": len(bench.servers),
            "questions": len(questions),
            "top_n": args.top_n,
            "fusion": DEFAULT_FUSION,
            "synthetic_servers": len(synthetic),
            "synthetic_queries": sum(len(q) for q in synthetic.values()),
            "synthetic_generators": dict(generators),
            "compare_cache": str(args.compare_cache) if compare else "",
            "compare_queries": sum(len(q) for q in compare.values()),
            "compare_servers": len(compare),
            "compare_generators": dict(compare_generators),
            "servers_without_cache": stale,
            "build_s_plain": round(plain_s, 2),
            "build_s_augmented": round(augmented_s, 2),
            "rows_plain": plain.collection.count(),
            "rows_augmented": augmented.collection.count(),
        },
    }
    for name, (which, options) in CONFIGS.items():
        if which not in indexes:
            continue
        out["configs"][name] = evaluate(indexes[which], questions, "stepwise", options, args.top_n)
        out["configs_direct"][name] = evaluate(indexes[which], questions, "direct", options, args.top_n)
    if args.sweep:
        for which in ("plain", "augmented"):
            for fusion, weight in FUSION_SWEEP:
                options = replace(QueryOptions(), fusion=fusion, bm25_weight=weight)
                got = evaluate(indexes[which], questions, "stepwise", options, args.top_n)
                out["fusion_sweep"][f"{which}/{fusion}@{weight}"] = {
                    k: got[k] for k in ("recall@5", "ndcg@5", "map@5")
                }
    # Timing on a fresh index object that embeds for real (no memo).
    timed = ServerIndex(augmented.collection, raw_embed, query_cache_size=0)
    out.update(time_queries(timed, questions, CONFIGS["full"][1], args.top_n))
    out["setup"]["machine"] = f"{platform.machine()}, {os.cpu_count()} CPU(s) visible"
    out["setup"]["encoder"] = "onnxruntime" if raw_embed.onnx_dir else "sentence-transformers (torch)"
    return out


COLUMNS = ["recall@1", "recall@3", "recall@5", "recall@10", "precision@5", "ndcg@1", "ndcg@3", "ndcg@5",
           "map@1", "map@3", "map@5"]


def table(configs: dict[str, dict], with_paper: bool) -> str:
    head = "| config | " + " | ".join(COLUMNS) + " |\n|---|" + "---|" * len(COLUMNS) + "\n"
    rows = [f"| {name} | " + " | ".join(f"{m[c]:.3f}" for c in COLUMNS) + " |" for name, m in configs.items()]
    if with_paper:
        rows.append("| *Tool-to-Agent paper, MiniLM (their protocol)* | "
                    + " | ".join(f"*{PAPER_MINILM[c]:.2f}*" if c in PAPER_MINILM else "" for c in COLUMNS) + " |")
    return head + "\n".join(rows) + "\n"


def generator_list(generators: dict[str, int]) -> str:
    return "; ".join(f"`{label}` ({count} servers)" for label, count in generators.items())


def compare_sentence(setup: dict) -> str:
    """Where the @compare rows' synthetic queries come from ('' when there are none)."""
    if not setup["compare_cache"]:
        return ""
    path = Path(setup["compare_cache"]).resolve()
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return (f"The `@compare` rows use {setup['compare_queries']} queries for {setup['compare_servers']} servers "
            f"from `{shown}`, written by: {generator_list(setup['compare_generators'])}. ")


def markdown(out: dict) -> str:
    s = out["setup"]
    text = [
        "# Server retrieval on LiveMCPBench",
        "",
        f"Generated by `python benchmarks/retrieval.py` ({time.strftime('%Y-%m-%d')}). "
        f"{s['servers']} servers, {s['questions']} questions with a relevant server; all-MiniLM-L6-v2; "
        f"top-N rows per sub-query = {s['top_n']}; fusion = {s['fusion']}. Synthetic queries: "
        f"{s['synthetic_queries']} for {s['synthetic_servers']} servers from the committed cache, written from "
        "the catalogue only (never from the benchmark's questions) by: "
        + generator_list(s["synthetic_generators"])
        + ". " + compare_sentence(s) + "Rows: "
        f"{s['rows_plain']} without augmentation, {s['rows_augmented']} with it; build (embed + BM25) "
        f"{s['build_s_plain']} s / {s['build_s_augmented']} s on {s['machine']}; encoder: {s['encoder']}.",
        "",
        "## Step-wise protocol (one sub-query per annotated step, merged by max)",
        "",
        table(out["configs"], with_paper=True),
        "## Question only (direct protocol)",
        "",
        table(out["configs_direct"], with_paper=False),
        "## Query latency (full configuration, real embedding, no memo)",
        "",
        f"- one sub-query per call: p50 {out['query_ms_p50']} ms, p99 {out['query_ms_p99']} ms "
        f"({out['timed_sub_queries']} calls)",
        f"- one question's steps per call (batched embedding): p50 {out['question_ms_p50']} ms, "
        f"p99 {out['question_ms_p99']} ms",
        "",
    ]
    if out["fusion_sweep"]:
        text += ["## Fusion choice (step-wise)", "", "| index / fusion@bm25 weight | recall@5 | ndcg@5 | map@5 |",
                 "|---|---|---|---|"]
        text += [f"| {k} | {v['recall@5']:.3f} | {v['ndcg@5']:.3f} | {v['map@5']:.3f} |"
                 for k, v in out["fusion_sweep"].items()]
        text.append("")
    return "\n".join(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="synthetic-query cache file")
    parser.add_argument("--compare-cache", default=str(DEFAULT_COMPARE),
                        help="a second synthetic-query cache for the @compare rows ('' to skip)")
    parser.add_argument("--top-n", type=int, default=100, help="rows fetched per sub-query before MaxSim")
    parser.add_argument("--no-sweep", dest="sweep", action="store_false", help="skip the fusion sweep")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument("--onnx-dir", type=Path, default=Path(tempfile.gettempdir()) / "tura-onnx",
                        help="where the onnxruntime MiniLM graph is exported once ('' for sentence-transformers)")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="markdown results file ('' to skip)")
    args = parser.parse_args()
    out = run(args)
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(markdown(out), encoding="utf-8")
    print(json.dumps(out, indent=1) if args.json else markdown(out))


if __name__ == "__main__":
    main()
