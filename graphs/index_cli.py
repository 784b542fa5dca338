"""``tura index``: build the server index (with augmentation) and query it from the shell.

Mounted by graphs/cli.py with ``app.add_typer(index_app, name="index")``. A catalogue is the built-in servers
plus any mcp.json (``--catalog mcp.json``: tools are listed from the live servers), or a catalogue file in
LiveMCPBench's tools.json shape (a JSON list of servers with their tools), which gets its own collection.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from graphs.index_build import BuildSummary, build_index
from graphs.context import Context
from indexes.augment import QUERIES_PER_SERVER, SyntheticQueryCache
from indexes.documents import ServerDoc
from indexes.search_fallback import with_search_fallback
from indexes.chroma_store import COLLECTION

from indexes.server_index import EmptyQueryError, QueryOptions, ServerIndex

if TYPE_CHECKING:
    from graphs.augmenters import Augmenter

index_app = typer.Typer(help="Build and query the server index.", no_args_is_help=True)
console = Console(stderr=True)


def fail(message: str, code: int) -> None:
    typer.echo(f"tura index: {message}", err=True)
    raise typer.Exit(code)


@dataclass
class Target:
    """Where a catalogue's servers come from and where its index and cache live."""

    docs: list[ServerDoc] | None  # known up front for a catalogue file; listed from live servers otherwise
    collection: str
    cache_path: Path


def is_server_list(path: Path) -> bool:
    """A tools.json-style catalogue (a JSON list) rather than an mcp.json (an object)."""
    try:
        return isinstance(json.loads(path.read_text(encoding="utf-8")), list)
    except json.JSONDecodeError as exc:
        fail(f"{path} is not JSON: {exc}", 2)
    return False


def target_for(catalog: Path | None, data_dir: Path) -> Target:
    if catalog is not None and is_server_list(catalog):
        from indexes.livemcpbench import server_docs

        slug = re.sub(r"[^a-z0-9]+", "_", catalog.stem.lower()).strip("_") or "catalog"
        docs = server_docs(json.loads(catalog.read_text(encoding="utf-8")))
        return Target(docs, f"tura_{slug}", data_dir / f"{slug}_synthetic.json")
    return Target(None, COLLECTION, data_dir / "synthetic_queries.json")


@contextmanager
def dependencies(catalog: Path | None) -> Iterator:
    from graphs.deps import build_dependencies

    if catalog is not None and not catalog.exists():
        fail(f"catalogue file {catalog} does not exist", 2)
    mcp_files = [catalog] if catalog is not None and not is_server_list(catalog) else []
    yield build_dependencies(mcp_files)


async def open_target(deps, target: Target) -> ServerIndex:
    """The target's index, opened as stored (the default collection is the one the graph uses)."""
    if target.collection == COLLECTION:
        return await deps.retriever.open()
    from graphs.deps import encoder_dir
    from indexes.embeddings import MiniLMEmbeddingFunction
    from indexes.chroma_store import open_collection, persistent_client

    def opened() -> ServerIndex:
        embedder = MiniLMEmbeddingFunction(onnx_dir=encoder_dir(deps.data_dir))
        client = persistent_client(str(deps.data_dir / "chroma"))
        return ServerIndex(open_collection(client, embedder, target.collection), embedder)

    return await asyncio.to_thread(opened)


def augmenter(deps, kind: str, docs: list[ServerDoc]) -> Augmenter:
    """The build's augmenter; the model is built (not loaded) only for the kinds that call it."""
    from graphs.augmenters import make_augmenter
    from graphs.deps import encoder_dir
    from indexes.embeddings import MiniLMEmbeddingFunction

    model = deps.models.get("augmenter", Context()) if kind != "template" else None
    embed = MiniLMEmbeddingFunction(onnx_dir=encoder_dir(deps.data_dir)) if kind == "paraphrase" else None
    return make_augmenter(kind, model, docs, embed)


async def _build(catalog: Path | None, augment: bool, kind: str, n: int) -> tuple[BuildSummary, list[str], dict]:
    with dependencies(catalog) as deps:
        try:
            target = target_for(catalog, deps.data_dir)
            with console.status("listing the servers' tools"):
                docs = target.docs if target.docs is not None else await deps.retriever.server_docs()
            index = await open_target(deps, target)
            cache = await asyncio.to_thread(SyntheticQueryCache.load, target.cache_path) if augment else None
            chosen = augmenter(deps, kind, docs) if augment else None
            with Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                console=console,
            ) as progress:
                servers_task = progress.add_task("augment (servers)", total=len(docs) if augment else 0)
                rows_task = progress.add_task("embed (rows)", total=None)
                summary = await build_index(
                    index,
                    docs,
                    cache=cache,
                    generate=chosen.generate if chosen else None,
                    n=n,
                    generator_name=chosen.label if chosen else "",
                    on_server=lambda _name, _generated: progress.advance(servers_task),
                    on_rows=lambda rows: progress.advance(rows_task, rows),
                )
                progress.update(rows_task, total=summary.embedded, completed=summary.embedded)
            if chosen is not None:
                summary.augment_failures = chosen.failures
                if chosen.round_trip is not None:
                    summary.round_trip = (chosen.round_trip.kept, chosen.round_trip.checked)
            return summary, sorted(deps.retriever.unavailable), await asyncio.to_thread(index.stats)
        finally:
            await deps.aclose()


@index_app.command()
def build(
    catalog: Annotated[Path | None, typer.Option(
        help="An mcp.json (added to the built-in servers) or a tools.json-style catalogue file.")] = None,
    augment: Annotated[bool, typer.Option(
        "--augment/--no-augment", help="Add synthetic example queries per server (cached).")] = True,
    augmenter_kind: Annotated[str, typer.Option(
        "--augmenter", help="Who writes new synthetic queries: 'model' (the augmenter role, TURA's JSON prompt), "
        "'paraphrase' (the augmenter role, one request per tool, kept if it leads back to its server; for the "
        "embedded model) or 'template' (deterministic, from the tools' own text).")] = "model",
    n: Annotated[int, typer.Option(help="Synthetic queries per server.")] = QUERIES_PER_SERVER,
) -> None:
    """Index every server of the catalogue: re-embeds only what changed, drops servers that left."""
    from graphs.augmenters import AUGMENTERS  # imported here, not at start-up: it loads nodes/ and langchain

    if augmenter_kind not in AUGMENTERS:
        fail(f"unknown augmenter '{augmenter_kind}'; use {', '.join(AUGMENTERS)}", 2)
    if n < 1:
        fail("--n must be at least 1", 2)
    summary, unavailable, stats = asyncio.run(_build(catalog, augment, augmenter_kind, n))
    sync = summary.sync
    lines = [
        f"servers {summary.servers} · tools {summary.tools} · rows {summary.rows} "
        f"(description {stats.get('description', 0)}, tool {stats.get('tool', 0)}, "
        f"synthetic {stats.get('synthetic_query', 0)})",
        f"synthetic queries: {summary.synthetic_queries} · generated for {len(summary.generated)} server(s), "
        f"cached for {len(summary.cached)}" + (f", dropped {len(summary.dropped)}" if summary.dropped else "")
        if augment else "synthetic queries: off (--no-augment)",
        f"index: added {len(sync.added)}, updated {len(sync.updated)}, removed {len(sync.removed)}, "
        f"unchanged {len(sync.unchanged)} · embedded {summary.embedded} rows · {summary.seconds:.1f} s",
    ]
    if summary.round_trip is not None:
        kept, checked = summary.round_trip
        lines.append(f"model queries kept by the round-trip check: {kept} of {checked}")
    if summary.augment_failures:
        lines.append(f"augmenter replies not usable (invalid JSON or empty): {len(summary.augment_failures)}")
    if unavailable:
        lines.append(f"not indexed (did not answer): {', '.join(unavailable)}")
    for line in lines:
        typer.echo(line)


async def _query(catalog: Path | None, texts: list[str], top_k: int, top_n: int):
    with dependencies(catalog) as deps:
        try:
            target = target_for(catalog, deps.data_dir)
            index = await open_target(deps, target)
            if await asyncio.to_thread(index.collection.count) == 0:
                fail("the index is empty; run `tura index build` first", 1)
            hits = await asyncio.to_thread(index.query, texts, top_k=top_k, top_n=top_n, options=QueryOptions())
            if target.collection != COLLECTION:
                return hits
            # As the graph's retrieve node ranks: unmatched questions go to the catalogue's search server.
            return with_search_fallback(hits, deps.retriever.search_servers(), len(texts))
        finally:
            await deps.aclose()


@index_app.command()
def query(
    text: Annotated[list[str], typer.Argument(help="The query; several arguments are sub-queries (merged by max).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    top_k: Annotated[int, typer.Option(help="Servers to show.")] = Context.top_k_servers,
    top_n: Annotated[int, typer.Option(help="Rows fetched per sub-query before MaxSim.")] = Context.top_n_rows,
    catalog: Annotated[Path | None, typer.Option(help="Query this catalogue file's index instead.")] = None,
) -> None:
    """Show the ranked servers for a query, with scores and the rows that matched."""
    texts = [t for t in text if t.strip()]
    if not texts:
        fail('the query is empty; try: tura index query "weather in Beijing tomorrow"', 2)
    if top_k < 1 or top_n < 1:
        fail("--top-k and --top-n must be at least 1", 2)
    try:
        hits = asyncio.run(_query(catalog, texts, top_k, top_n))
    except EmptyQueryError as exc:
        fail(str(exc), 2)
    if as_json:
        typer.echo(json.dumps({"query": texts, "servers": [asdict(h) for h in hits]}, ensure_ascii=False, indent=1))
        return
    table = Table(title=" | ".join(texts))
    for column in ("#", "server", "score", "tools", "matched row"):
        table.add_column(column)
    for rank, hit in enumerate(hits, 1):
        rows = "\n".join(f"[{e.source}/{e.kind}] {e.text[:90]}" for e in hit.evidence)
        table.add_row(str(rank), hit.server, f"{hit.score:.3f}", ", ".join(hit.tools[:4]), rows)
    Console().print(table)
