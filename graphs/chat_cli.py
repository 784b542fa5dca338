"""``tura chat``: a conversation in the terminal, on one thread kept in a SQLite checkpointer.

Why a thread: each question is sent as a chat message, so the graph's state keeps the conversation and
the router rewrites a follow-up ("And hotels there?") into a standalone question from the turns before.
The checkpoints live in the data directory (``threads.sqlite``), so ``--thread ID`` resumes a conversation.
While a turn runs, progress (route, servers, plan, tasks) prints as it happens and the answer streams
token by token. A call that changes data (a booking, an order) is asked about inline before it runs.
"""

from __future__ import annotations

import asyncio
import sys
import uuid
from pathlib import Path
from typing import Annotated, Any

import typer

from graphs.approval_cli import decide
from graphs.context import Context
from graphs.run_output import terminal_text

PROMPT = "you> "
ANSWER_PREFIX = "tura> "
QUIT = {"exit", "quit", ":q"}
LINE_CHARS = 160  # progress and error lines are cut here; the answer is never cut


def clip(text: str, limit: int = LINE_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe_event(event: dict[str, Any]) -> str | None:
    """One progress line for a ``custom`` stream event (None: not worth a line)."""
    kind = event.get("event")
    if kind == "route_chosen":
        return f"route {event.get('route')} ({event.get('source')}): {event.get('standalone_query')}"
    if kind == "servers_retrieved":
        return "servers " + ", ".join(s["server"] for s in event.get("servers", []))
    if kind == "plan_made":
        tasks = event.get("tasks") or []
        return "plan " + "; ".join(
            f"{t['id']} {t['server']}" + (f" after {','.join(t['deps'])}" if t.get("deps") else "") for t in tasks
        ) if tasks else f"plan: no tasks ({event.get('source')})"
    if kind and kind.startswith("task_") and kind != "task_started":
        error = f": {event['error']}" if event.get("error") else ""
        return clip(f"{event.get('task_id')} {event.get('server')} {kind.removeprefix('task_')}{error}")
    return None


async def run_turn(graph, question: str, config: dict, context: Context, out=sys.stdout, *, read=input,
                   interactive: bool = True, approve_writes: bool = False) -> dict[str, Any]:
    """Stream one turn: progress lines, then the answer's tokens; returns the thread's state after it. A call
    that changes data pauses the turn: the person is asked (graphs/approval_cli.py), then the turn resumes."""
    from langchain_core.messages import HumanMessage
    from langgraph.types import Command

    streamed: list[str] = []
    payload: Any = {"messages": [HumanMessage(question)]}
    while True:
        async for _namespace, mode, chunk in graph.astream(
            payload, config=config, context=context, stream_mode=["custom", "messages"], subgraphs=True,
        ):
            if mode == "custom":
                line = describe_event(chunk)
                if line:
                    out.write(f"  · {clip(line)}\n")
            elif mode == "messages":
                message, metadata = chunk
                if metadata.get("langgraph_node") == "answer" and message.type == "AIMessageChunk" and message.text:
                    if not streamed:
                        out.write(ANSWER_PREFIX)
                    streamed.append(message.text)
                    out.write(terminal_text(message.text))
            out.flush()
        waiting = [i for task in (await graph.aget_state(config)).tasks for i in task.interrupts]
        if not waiting:
            break
        reply = await asyncio.to_thread(decide, waiting[0].value, interactive=interactive,
                                        approve_writes=approve_writes, read=read, out=out)
        payload = Command(resume=reply)
    state = (await graph.aget_state(config)).values
    answer = state.get("answer") or ""
    shown = "".join(streamed).strip()
    # What was not streamed: the whole answer when no model ran, else what the node added (sources, gaps).
    rest = answer[len(shown):] if shown and answer.startswith(shown) else ("\n" + answer if shown else answer)
    out.write((ANSWER_PREFIX if not shown else "") + terminal_text(rest) + "\n")
    out.flush()
    return state


async def converse(context: Context, thread_id: str, catalog: list[Path] | None, read=input, out=sys.stdout,
                   approve_writes: bool = False) -> int:
    """The REPL; returns how many turns were answered."""
    from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

    from graphs.deps import build_dependencies
    from graphs.graph import compile_from

    # a flag or the context may only turn the built-in servers off; otherwise TURA_BUILTIN_SERVERS decides
    deps = build_dependencies(catalog, builtin_servers=None if context.builtin_servers else False)
    config = {"configurable": {"thread_id": thread_id}}
    turns = 0
    try:
        async with AsyncSqliteSaver.from_conn_string(str(deps.data_dir / "threads.sqlite")) as saver:
            graph = compile_from(deps, checkpointer=saver)
            seen_errors = len((await graph.aget_state(config)).values.get("errors") or [])
            while True:
                try:
                    question = (await asyncio.to_thread(read, PROMPT)).strip()
                except EOFError:
                    out.write("\n")
                    break
                if question.lower() in QUIT:
                    break
                if not question:
                    continue
                state = await run_turn(graph, question, config, context, out, read=read,
                                       interactive=read is not input or sys.stdin.isatty(),
                                       approve_writes=approve_writes)
                turns += 1
                errors = state.get("errors") or []
                for error in errors[seen_errors:]:  # the thread keeps every turn's errors; show this turn's
                    out.write(f"  ! {clip(error)}\n")
                seen_errors = len(errors)
                out.flush()
    finally:
        await deps.aclose()
    return turns


def chat(
    thread: Annotated[str, typer.Option(help="Resume this thread id (default: a new thread).")] = "",
    route: Annotated[str, typer.Option(help="Force a route: auto, fast, parallel or planning.")] = "auto",
    backend: Annotated[str, typer.Option(help="Model backend: embedded or openai.")] = "embedded",
    base_url: Annotated[str, typer.Option(help="OpenAI-compatible endpoint (openai backend).")] = (
        Context.openai_base_url),
    model: Annotated[str, typer.Option(help="Model name at the endpoint (openai backend).")] = Context.openai_model,
    today: Annotated[str, typer.Option(help="Treat this ISO date as today.")] = "",
    catalog: Annotated[list[Path] | None, typer.Option(help="Extra mcp.json file(s).")] = None,
    no_builtin_servers: Annotated[bool, typer.Option(
        "--no-builtin-servers", help="Leave out the built-in sandbox servers: only the servers of --catalog / "
                                     "TURA_CATALOG (also TURA_BUILTIN_SERVERS=off).")] = False,
    top_k: Annotated[int, typer.Option(help="Servers kept after retrieval.")] = Context.top_k_servers,
    approve_writes: Annotated[bool, typer.Option(
        "--approve-writes", help="Approve calls that change data without asking.")] = False,
    user_name: Annotated[str, typer.Option(help="Who bookings and orders are for.")] = "",
) -> None:
    """Hold a conversation: each question may refer to the ones before ('And hotels there?').
    Type exit (or Ctrl-D) to leave; --thread ID resumes a conversation."""
    if route not in ("auto", "fast", "parallel", "planning"):
        typer.echo(f"tura: unknown route '{route}'; use auto, fast, parallel or planning", err=True)
        raise typer.Exit(2)
    if backend not in ("embedded", "openai"):
        typer.echo(f"tura: unknown backend '{backend}'; use embedded or openai", err=True)
        raise typer.Exit(2)
    context = Context(model_backend=backend, openai_base_url=base_url, openai_model=model, forced_route=route,
                      today=today, top_k_servers=top_k, user_name=user_name, builtin_servers=not no_builtin_servers)
    thread_id = thread or str(uuid.uuid4())
    from tools.catalog import CatalogError

    typer.echo(f"tura chat on thread {thread_id} (resume with --thread {thread_id}); exit to leave")
    try:
        asyncio.run(converse(context, thread_id, catalog, approve_writes=approve_writes))
    except CatalogError as exc:  # a bad mcp.json, or no server to use: one line, not a traceback
        typer.echo(f"tura: {exc}", err=True)
        raise typer.Exit(2) from exc


if __name__ == "__main__":  # runnable before it is registered as `tura chat`
    typer.run(chat)
