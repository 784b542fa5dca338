"""What ``langgraph.json`` exports for ``langgraph dev`` (Studio) and the server API: the graph, and an
(empty) HTTP app whose lifespan owns the graph's dependencies.

Why a lifespan: the dependencies (MCP sessions, the index, the embedded model's weights) are built once
per server process and shared by every run, so they must be opened before the first run and closed when
the server stops. Both names are loaded from this one module (module syntax in langgraph.json), so the
graph and the lifespan see the same ``Dependencies``.

Why warm up in the lifespan: loading the model weights and syncing the index are blocking work; in a
run they would stall the event loop (``langgraph dev`` rejects that) and make the first run slow.

The catalogue: TURA_CATALOG's servers, with the built-in ones unless TURA_BUILTIN_SERVERS=off (graphs/deps.py).
A run's context may leave the built-in servers out (``builtin_servers: false``): it then uses the users'
servers alone, with their own sessions and index, opened on the first such run (graphs/catalog_choice.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette

from graphs.catalog_choice import CatalogChoices, compile_choosing
from graphs.context import Context
from graphs.deps import Dependencies, MissingModelError, build_dependencies, without_builtin_servers
from nodes.arguments.candidates import warm_resolvers
from nodes.models import ADAPTER_SWITCHES, adapter_wanted

logger = logging.getLogger(__name__)

dependencies: Dependencies = build_dependencies()  # cheap: every heavy part opens lazily
choices = CatalogChoices(dependencies, without_builtin_servers)
graph = compile_choosing(choices)


async def warm_up(deps: Dependencies) -> None:
    """Load the embedded model's contexts (if installed), open the index, embed one query (which loads the
    embedding model) and start every MCP session: a one-off run starts only the servers it calls
    (tools/tool_list_cache.py), a server's first requests should not wait for any."""
    started = time.perf_counter()
    try:
        for role in ("router", "executor", "answerer"):  # the fast path's roles
            await asyncio.to_thread(deps.models.runtime, role)
        for role in ADAPTER_SWITCHES:  # a role's default weights may be its distilled adapter's
            if deps.models.has_adapter(role) and adapter_wanted(role, Context()):
                await asyncio.to_thread(deps.models.adapter_runtime, role)
    except MissingModelError as exc:  # only the openai backend will work; runs say so if they need it
        logger.warning("tura: embedded model not available (%s); use the openai backend", exc)
    await asyncio.to_thread(warm_resolvers)  # the gazetteer and code tables load from disk on first use
    await deps.retriever.search(["warm up"], top_k=1, top_n=1)
    started_sessions = await asyncio.gather(*(deps.pool.session(name) for name in deps.catalog.names()),
                                            return_exceptions=True)
    for failure in (r for r in started_sessions if isinstance(r, BaseException)):
        logger.warning("tura: %s", failure)
    unavailable, failed = deps.retriever.unavailable, deps.retriever.listing_failures
    logger.info("tura: ready in %.1f s; %d MCP sessions open%s%s", time.perf_counter() - started,
                deps.pool.sessions_opened, f"; unavailable: {unavailable}" if unavailable else "",
                f"; listings left out of the entity directory: {failed}" if failed else "")


@asynccontextmanager
async def lifespan(_app: Starlette) -> AsyncIterator[None]:
    await warm_up(dependencies)
    try:
        yield
    finally:
        await choices.aclose()
        logger.info("tura: MCP sessions closed")


app = Starlette(lifespan=lifespan)
