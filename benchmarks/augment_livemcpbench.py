"""Writes the committed synthetic-query caches: indexes/data/livemcpbench_synthetic.json (the 70 LiveMCPBench
servers) and, with ``--builtin``, indexes/data/builtin_synthetic.json (the built-in servers, whose tools are
listed from the running servers).

Only the catalogue is read: the benchmark's questions, steps and labels never are. Three generators
(graphs/augmenters.py):
- ``template``: deterministic texts from each tool's own name, first description sentence and parameters
  (indexes/template_queries.py), labelled ``"generator": "template-v2"``.
- ``paraphrase``: the augmenter role's chat model (the embedded SmolLM2-135M by default) turns each tool's
  first description sentence into a user request, three samples per tool (one greedy); a request is kept
  only if the catalogue's description and tool rows rank its own server in the top 3 (round-trip check,
  indexes/consistency.py); the template texts fill up to N. About 13 s per server on 2 CPU cores.
- ``model``: TURA's prompt (a few JSON-listed requests per call, nodes/prompts/augment.py) for a capable
  model behind an endpoint (TURA_AUGMENTER_BACKEND=openai ...); the 135M model writes mostly noise with it.

    python benchmarks/augment_livemcpbench.py                      # template, LiveMCPBench
    python benchmarks/augment_livemcpbench.py --builtin            # template, built-in servers
    python benchmarks/augment_livemcpbench.py --generator paraphrase  # embedded model, LiveMCPBench
    python benchmarks/augment_livemcpbench.py --generator model --limit 2 --out /tmp/try.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graphs.augmenters import AUGMENTERS, make_augmenter  # noqa: E402
from indexes.augment import QUERIES_PER_SERVER, SyntheticQueryCache, augment_catalog  # noqa: E402
from indexes.documents import ServerDoc  # noqa: E402

DEFAULT_DATA = ROOT.parent / "shared/benchmarks/livemcpbench"
OUT = {"livemcpbench": ROOT / "indexes/data/livemcpbench_synthetic.json",
       "builtin": ROOT / "indexes/data/builtin_synthetic.json"}


async def builtin_docs() -> tuple[list[ServerDoc], object]:
    from graphs.deps import build_dependencies

    deps = build_dependencies([])
    docs = await deps.retriever.server_docs()
    if deps.retriever.unavailable:
        raise RuntimeError(f"servers did not answer: {deps.retriever.unavailable}")
    return docs, deps


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--builtin", action="store_true", help="the built-in servers instead of LiveMCPBench")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--n", type=int, default=QUERIES_PER_SERVER, help="queries kept per server")
    parser.add_argument("--generator", choices=AUGMENTERS, default="template")
    parser.add_argument("--onnx-dir", type=Path, default=Path(tempfile.gettempdir()) / "tura-onnx",
                        help="where the MiniLM onnx export lives (paraphrase's round-trip check embeds)")
    parser.add_argument("--limit", type=int, default=0, help="only the first L servers (to inspect output)")
    args = parser.parse_args()

    deps = None
    if args.builtin:
        servers, deps = await builtin_docs()
    else:
        from indexes.livemcpbench import load

        servers = load(args.data).servers
    servers = servers[: args.limit] if args.limit else servers
    out = args.out or OUT["builtin" if args.builtin else "livemcpbench"]
    try:
        model = embed = None
        if args.generator != "template":
            from graphs.context import Context
            from graphs.deps import build_model_factory

            model = build_model_factory().get("augmenter", Context())
        if args.generator == "paraphrase":
            from indexes.embeddings import MiniLMEmbeddingFunction

            embed = MiniLMEmbeddingFunction(onnx_dir=str(args.onnx_dir))
        chosen = make_augmenter(args.generator, model, servers, embed)
        generate, name = chosen.generate, chosen.label
        cache = SyntheticQueryCache.load(out)
        started = time.perf_counter()

        def progress(server: str, generated: bool) -> None:
            kept = len(cache.entries.get(server, {}).get("queries", []))
            print(f"[{time.perf_counter() - started:7.1f}s] {'generated' if generated else 'cached':9} "
                  f"{kept:2d} queries  {server}", flush=True)

        report = await augment_catalog(servers, generate, cache, n=args.n, progress=progress, generator=name)
        cache.save()
    finally:
        if deps is not None:
            await deps.aclose()
    kept = [len(q) for q in report.queries.values()]
    print(json.dumps({
        "servers": len(servers), "generator": name, "generated": len(report.generated),
        "cached": len(report.cached), "dropped": report.dropped,
        "model_calls": chosen.model_generator.calls if chosen.model_generator else 0,
        "model_failures": len(chosen.failures),
        "round_trip_kept_of_checked": [chosen.round_trip.kept, chosen.round_trip.checked]
        if chosen.round_trip else None,
        "queries_per_server": {"mean": round(statistics.mean(kept), 2) if kept else 0,
                               "min": min(kept, default=0), "max": max(kept, default=0),
                               "servers_below_n": sum(k < args.n for k in kept)},
        "out": str(out),
    }, indent=1))


if __name__ == "__main__":
    asyncio.run(main())
