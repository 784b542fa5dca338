"""How index build time, memory and query latency grow with the catalogue (no augmentation).

Catalogues of N servers are made by perturbing the 70 LiveMCPBench servers: copy k of server i is renamed
``<name> #k`` and each of its descriptions gets one word of a fixed vocabulary swapped in, so texts stay
realistic and distinct (about 7.5 tools per server, LiveMCPBench's own average). Build = embed every row + write chroma + build BM25
and the in-memory mirror. Queries are the LiveMCPBench step texts, one sub-query per call, real embedding.
Above ``EXACT_LIMIT`` rows the dense side switches from the exact in-memory scan to chroma's HNSW.

    python benchmarks/retrieval_scale.py                    # 100, 1,000 and 10,000 servers (about 30 min here)
    python benchmarks/retrieval_scale.py --sizes 100 1000 --json

The table is rewritten after each size, so a long run keeps what it measured.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexes.documents import ServerDoc  # noqa: E402
from indexes.embeddings import MiniLMEmbeddingFunction  # noqa: E402
from indexes.livemcpbench import load  # noqa: E402
from indexes.chroma_store import ephemeral_client, open_collection  # noqa: E402
from indexes.server_index import QueryOptions, ServerIndex  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared/benchmarks/livemcpbench"
DEFAULT_OUT = ROOT / "benchmarks/results/retrieval_scale.md"
VOCAB = "fast simple secure cloud local open remote smart batch realtime public private legacy modern".split()


def perturb(text: str, rng: random.Random) -> str:
    words = text.split()
    if words:
        words[rng.randrange(len(words))] = rng.choice(VOCAB)
    return " ".join(words)


def catalogue(base: list[ServerDoc], size: int, seed: int = 7) -> list[ServerDoc]:
    rng = random.Random(seed)
    out = list(base[:size])
    copy = 1
    while len(out) < size:
        for server in base:
            if len(out) == size:
                break
            tools = tuple(replace(t, description=perturb(t.description, rng)) for t in server.tools)
            out.append(replace(server, name=f"{server.name} #{copy}", description=perturb(server.description, rng),
                               tools=tools))
        copy += 1
    return out


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(servers: list[ServerDoc], queries: list[str], embed) -> dict:
    collection = open_collection(ephemeral_client(), embed, f"scale_{uuid.uuid4().hex[:8]}")
    index = ServerIndex(collection, embed, query_cache_size=0)
    started = time.perf_counter()
    index.sync(servers, None, {"description", "tool"})
    index.mirror()
    build_s = time.perf_counter() - started
    index.query(["warm up"], top_k=5, top_n=100)
    times = []
    for text in queries:
        t0 = time.perf_counter()
        index.query([text], top_k=5, top_n=100, options=QueryOptions())
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    rows = collection.count()
    return {
        "servers": len(servers),
        "rows": rows,
        "dense_path": "exact scan" if rows <= index.exact_limit else "chroma HNSW",
        "build_s": round(build_s, 1),
        "rows_per_s": round(rows / build_s, 1),
        "query_ms_p50": round(statistics.median(times), 2),
        "query_ms_p99": round(times[min(len(times) - 1, round(0.99 * (len(times) - 1)))], 2),
        "peak_rss_mb": round(rss_mb()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--queries", type=int, default=100, help="step texts timed per size")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", default=str(DEFAULT_OUT), help="markdown results file ('' to skip)")
    parser.add_argument("--onnx-dir", default=str(Path(tempfile.gettempdir()) / "tura-onnx"),
                        help="where the onnxruntime MiniLM graph is exported once ('' for sentence-transformers)")
    args = parser.parse_args()
    bench = load(args.data)
    queries = [s for q in bench.questions for s in q.steps][: args.queries]
    embed = MiniLMEmbeddingFunction(onnx_dir=args.onnx_dir or None)
    results = []
    for size in args.sizes:
        results.append(measure(catalogue(bench.servers, size), queries, embed))
        print(json.dumps(results[-1]), file=sys.stderr, flush=True)
        write(results, args)
    print(json.dumps(results, indent=1) if args.json else render(results, args))


def render(results: list[dict], args: argparse.Namespace) -> str:
    head = "| servers | rows | dense path | build s | rows/s | query p50 ms | query p99 ms | peak RSS MB |\n"
    head += "|---|---|---|---|---|---|---|---|\n"
    body = "\n".join(
        f"| {r['servers']} | {r['rows']} | {r['dense_path']} | {r['build_s']} | {r['rows_per_s']} | "
        f"{r['query_ms_p50']} | {r['query_ms_p99']} | {r['peak_rss_mb']} |" for r in results
    )
    text = (
        "# Server index at scale (no augmentation)\n\n"
        f"Generated by `python benchmarks/retrieval_scale.py --sizes {' '.join(map(str, args.sizes))}` "
        f"({time.strftime('%Y-%m-%d')}, {os.cpu_count()} CPU(s) visible). Servers are "
        "perturbed copies of the 70 LiveMCPBench servers; queries are LiveMCPBench step texts, one per call, "
        "fusion = default (weighted dense + BM25), top-N 100, encoder "
        f"{'onnxruntime' if args.onnx_dir else 'sentence-transformers'}. Peak RSS is the process high-water mark "
        "so far.\n\n"
        + head + body + "\n" + growth(results)
    )
    return text


def growth(results: list[dict]) -> str:
    """How each measure grows from one size to the next (ratios within the same run)."""
    lines = [
        f"- {a['servers']} -> {b['servers']} servers (x{b['servers'] / a['servers']:.0f}): build "
        f"x{b['build_s'] / max(a['build_s'], 1e-9):.1f}, query p50 x{b['query_ms_p50'] / max(a['query_ms_p50'], 1e-9):.2f}, "
        f"peak RSS x{b['peak_rss_mb'] / max(a['peak_rss_mb'], 1e-9):.2f}"
        for a, b in zip(results, results[1:])
    ]
    return ("\nGrowth:\n\n" + "\n".join(lines) + "\n") if lines else ""


def write(results: list[dict], args: argparse.Namespace) -> None:
    if args.out:
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(render(results, args), encoding="utf-8")

if __name__ == "__main__":
    main()
