"""The ``tura`` command line."""

from __future__ import annotations

import asyncio
import json
import sys
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from graphs.chat_cli import chat
from graphs.context import Context
from graphs.distill_cli import distill_app
from graphs.index_cli import index_app
from graphs.endpoint_check import EndpointUnreachable, check_openai_endpoint
from graphs.run_output import could_not_work, print_run, to_json_ready
from graphs.run_progress import RunProgress

app = typer.Typer(help="tura: an AI-search agent over live MCP servers, offline by default.", no_args_is_help=True)
console = Console()

SAMPLE_QUESTION = "What is the weather in Beijing tomorrow?"


@app.callback()
def tura() -> None:
    """tura: answer questions from live MCP servers and local corpora, offline by default."""


def fail(message: str, code: int) -> None:
    typer.echo(f"tura: {message}", err=True)
    raise typer.Exit(code)


BUILTIN_SERVERS_HELP = ("Leave out the built-in sandbox servers: only the servers of --catalog / TURA_CATALOG "
                        "(also TURA_BUILTIN_SERVERS=off).")


def builtin_servers_choice(wanted: bool) -> bool | None:
    """A flag may only turn the built-in servers off; otherwise TURA_BUILTIN_SERVERS decides (None)."""
    return None if wanted else False


async def _ask(question: str, context: Context, catalog: list[Path] | None, *, approve_writes: bool = False,
               interactive: bool = False, progress: bool = False) -> dict[str, Any]:
    """One run on a throwaway thread, so a call that changes data can pause for approval and resume; with
    ``progress``, a progress bar on stderr while it runs."""
    from langgraph.checkpoint.memory import InMemorySaver

    from graphs.approval_cli import decide, invoke_with_approvals
    from graphs.deps import build_dependencies
    from graphs.graph import compile_from

    deps = build_dependencies(catalog, builtin_servers=builtin_servers_choice(context.builtin_servers))
    config = {"configurable": {"thread_id": "ask"}}
    try:
        graph = compile_from(deps, checkpointer=InMemorySaver())
        bar = RunProgress(Console(stderr=True)) if progress else None

        def ask_person(request: dict[str, Any], **how: bool) -> dict[str, Any]:
            with bar.paused() if bar else nullcontext():
                return decide(request, **how)

        with bar or nullcontext():
            result, approvals = await invoke_with_approvals(
                graph, {"query": question}, config, context,
                lambda request: ask_person(request, interactive=interactive, approve_writes=approve_writes),
                on_event=bar.on_event if bar else None)
        return {**result, "approvals": approvals} if approvals else result
    finally:
        await deps.aclose()


@app.command()
def ask(
    question: Annotated[str, typer.Argument(help="The question to answer.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    route: Annotated[str, typer.Option(help="Force a route: auto, fast, parallel or planning.")] = "auto",
    backend: Annotated[str, typer.Option(help="Model backend: embedded or openai.")] = "embedded",
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible endpoint (openai backend).")] = Context.openai_base_url,
    model: Annotated[str, typer.Option(help="Model name at the endpoint (openai backend).")] = Context.openai_model,
    today: Annotated[str, typer.Option(help="Treat this ISO date as today.")] = "",
    catalog: Annotated[list[Path] | None, typer.Option(help="Extra mcp.json file(s).")] = None,
    no_builtin_servers: Annotated[bool, typer.Option("--no-builtin-servers", help=BUILTIN_SERVERS_HELP)] = False,
    top_k: Annotated[int, typer.Option(help="Servers kept after retrieval.")] = Context.top_k_servers,
    timeline: Annotated[Path | None, typer.Option(
        "--timeline", help="Draw the run's stages and tasks on a time axis (Gantt chart PNG).")] = None,
    approve_writes: Annotated[bool, typer.Option(
        "--approve-writes", help="Approve calls that change data (bookings, orders) without asking. Without it, "
        "they are asked about in a terminal and declined when there is none.")] = False,
    user_name: Annotated[str, typer.Option(help="Who bookings and orders are for, when the question names "
                                                "nobody.")] = "",
    latency_budget: Annotated[float, typer.Option(help="Seconds the execute stage may take; what still runs "
                                                       "is cancelled.")] = Context.latency_budget_s,
    tool_timeout: Annotated[float, typer.Option(help="Seconds one MCP tool call may take.")] = Context.tool_timeout_s,
    request_timeout: Annotated[float, typer.Option(help="Seconds one model request may take (openai "
                                                        "backend).")] = Context.request_timeout_s,
    executor_adapter: Annotated[bool, typer.Option(
        "--executor-adapter/--no-executor-adapter",
        help="Run the executor on the distilled LoRA adapter (embedded backend).")] = Context.executor_adapter,
) -> None:
    """Answer QUESTION and show the route, plan, servers, tools and time per stage."""
    if not question.strip():
        fail("the question is empty; ask something, e.g. tura ask \"" + SAMPLE_QUESTION + "\"", 2)
    if route not in ("auto", "fast", "parallel", "planning"):
        fail(f"unknown route '{route}'; use auto, fast, parallel or planning", 2)
    if backend not in ("embedded", "openai"):
        fail(f"unknown backend '{backend}'; use embedded or openai", 2)
    context = Context(model_backend=backend, openai_base_url=base_url, openai_model=model, forced_route=route,
                      today=today, top_k_servers=top_k, user_name=user_name, latency_budget_s=latency_budget,
                      tool_timeout_s=tool_timeout, request_timeout_s=request_timeout,
                      task_timeout_s=min(Context.task_timeout_s, latency_budget), executor_adapter=executor_adapter,
                      builtin_servers=not no_builtin_servers)
    if min(latency_budget, tool_timeout, request_timeout) <= 0:
        fail("--latency-budget, --tool-timeout and --request-timeout must be above 0", 2)
    if backend == "openai":
        try:
            check_openai_endpoint(base_url, timeout_s=min(context.request_timeout_s, 10.0))
        except EndpointUnreachable as exc:
            fail(str(exc), 1)
    from tools.catalog import CatalogError

    started = time.perf_counter()
    try:
        result = asyncio.run(_ask(question, context, catalog, approve_writes=approve_writes,
                                  interactive=sys.stdin.isatty() and not as_json,
                                  progress=sys.stderr.isatty() and not as_json))
    except CatalogError as exc:
        fail(str(exc), 2)
    out = to_json_ready(result)
    out["timings"] = {**(out.get("timings") or {}), "total": round(time.perf_counter() - started, 3)}
    if timeline:
        from graphs.timeline import render_timeline

        render_timeline(out, timeline)
        typer.echo(f"tura: timeline written to {timeline}", err=True)
    if as_json:
        sys.stdout.write(json.dumps(out, ensure_ascii=False, default=str) + "\n")
    else:
        print_run(console, out)
    if could_not_work(out):
        typer.echo("tura: no source could be reached or used; see the errors above", err=True)
        raise typer.Exit(1)


def main() -> None:  # pragma: no cover - console entry point
    app()


servers_app = typer.Typer(help="The MCP server catalogue.", no_args_is_help=True)
app.command()(chat)
app.add_typer(servers_app, name="servers")
app.add_typer(index_app, name="index")
app.add_typer(distill_app, name="distill")


async def _probe_servers(catalog_files: list[Path] | None, timeout_s: float,
                         builtin_servers: bool | None = None) -> list[dict[str, Any]]:
    from graphs.deps import build_dependencies

    deps = build_dependencies(catalog_files, builtin_servers=builtin_servers)
    rows: list[dict[str, Any]] = []

    async def probe(name: str) -> dict[str, Any]:
        spec = deps.catalog.servers[name]
        row: dict[str, Any] = {"name": name, "transport": spec.transport, "category": spec.category,
                               "tools": [], "ok": False}
        try:
            tools = await asyncio.wait_for(deps.pool.list_tools(name), timeout_s)
            row.update(tools=[t.name for t in tools], ok=True)
        except Exception as exc:  # reported per server: one dead server must not hide the others
            row["error"] = f"{type(exc).__name__}: {exc}"
        return row

    try:
        rows = list(await asyncio.gather(*(probe(n) for n in deps.catalog.names())))
    finally:
        await deps.aclose()
    return rows


@servers_app.command("list")
def servers_list(
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON list.")] = False,
    catalog: Annotated[list[Path] | None, typer.Option(help="Extra mcp.json file(s).")] = None,
    timeout_s: Annotated[float, typer.Option(help="Seconds to wait for each server.")] = 30.0,
    no_builtin_servers: Annotated[bool, typer.Option("--no-builtin-servers", help=BUILTIN_SERVERS_HELP)] = False,
) -> None:
    """Show each server, its transport, its tools and whether it answers."""
    from rich.table import Table

    from tools.catalog import CatalogError

    try:
        rows = asyncio.run(_probe_servers(catalog, timeout_s, builtin_servers_choice(not no_builtin_servers)))
    except CatalogError as exc:
        fail(str(exc), 2)
    if as_json:
        sys.stdout.write(json.dumps(rows, ensure_ascii=False) + "\n")
        return
    table = Table(title="MCP servers")
    for column in ("server", "transport", "category", "ok", "tools"):
        table.add_column(column)
    for row in rows:
        status = "yes" if row["ok"] else f"no: {row.get('error', '')}"
        table.add_row(row["name"], row["transport"], row["category"], status, ", ".join(row["tools"]))
    console.print(table)


if __name__ == "__main__":
    app()
