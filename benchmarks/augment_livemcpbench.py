"""Writes the committed synthetic-query caches: indexes/data/livemcpbench_synthetic.json (the 70 LiveMCPBench
servers) and, with ``--builtin``, indexes/data/builtin_synthetic.json (the built-in servers, whose tools are
listed from the running servers).

Only the catalogue is read: the benchmark's questions, steps and labels never are. Two generators:
- ``template`` (what the committed files hold): deterministic texts from each tool's own name, first
  description sentence and parameters (indexes/template_queries.py); every entry is labelled
  ``"generator": "template-v1"``.
- ``model``: the augmenter role's chat model through nodes/augment_queries.py (prompt in
  nodes/prompts/augment.py). The embedded SmolLM2-135M takes ~1-3 min per server on 2 CPU cores and writes
  mostly noise (SQL fragments, digit runs), which is why the committed caches are template-made; with a
  real endpoint (TURA_AUGMENTER_BACKEND=openai ...) this is the path to use.

    python benchmarks/augment_livemcpbench.py                      # template, LiveMCPBench
    python benchmarks/augment_livemcpbench.py --builtin            # template, built-in servers
    python benchmarks/augment_livemcpbench.py --generator model --limit 2 --out /tmp/try.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from indexes.augment import SyntheticQueryCache, augment_catalog  # noqa: E402
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
    parser.add_argument("--n", type=int, default=20, help="queries kept per server")
    parser.add_argument("--generator", choices=("template", "model"), default="template")
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
    model_generator = None
    try:
        if args.generator == "template":
            from indexes.template_queries import GENERATOR_NAME, template_generate

            generate, name = template_generate, GENERATOR_NAME
        else:
            from graphs.context import Context
            from graphs.deps import build_model_factory
            from nodes.augment_queries import ModelQueryGenerator

            model = build_model_factory().get("augmenter", Context())
            model_generator = ModelQueryGenerator(model)
            generate, name = model_generator, f"{model.backend}: {model.endpoint}"
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
        "model_calls": model_generator.calls if model_generator else 0,
        "model_failures": len(model_generator.failures) if model_generator else 0,
        "queries_per_server": {"mean": round(statistics.mean(kept), 2) if kept else 0,
                               "min": min(kept, default=0), "max": max(kept, default=0),
                               "servers_below_n": sum(k < args.n for k in kept)},
        "out": str(out),
    }, indent=1))


if __name__ == "__main__":
    asyncio.run(main())
