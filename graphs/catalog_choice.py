"""The catalogue a run chose, for the one graph ``langgraph dev`` and the server API serve: a run whose context
has ``builtin_servers=False`` calls the pool and the index of the users' mcp.json servers alone.

Why proxies and not one graph per choice: langgraph.json exports one compiled graph (Studio, the server API,
Aegra), and the nodes get their tool caller and retriever when the graph is built. The proxies read the running
node's context (``get_runtime``) at each use and hand over that catalogue's pool or retriever. Both choices'
dependencies are built with the graph (cheap: sessions and the index open on first use; reading mcp.json inside
a run would be a blocking call, which ``langgraph dev`` refuses) and kept for the process, each with its own
sessions and index collection (graphs/catalog_docs.py ``collection_for``); models, the route classifier and the
tool-list cache are shared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langgraph.runtime import get_runtime

from graphs.deps import Dependencies
from graphs.graph import build_graph
from tools.catalog import CatalogError


def wants_builtin_servers(context: Any) -> bool:
    """The run's ``builtin_servers`` (a ``Context``, or the dict a caller may pass); default on."""
    if isinstance(context, dict):
        return bool(context.get("builtin_servers", True))
    return bool(getattr(context, "builtin_servers", True))


class CatalogChoices:
    """The process's dependencies per catalogue choice: the default (TURA_BUILTIN_SERVERS), and, when that has the
    built-in servers, the users' servers alone. A run may leave the built-in servers out, never add them to a
    process that has them off."""

    def __init__(self, default: Dependencies, without_builtins: Callable[[Dependencies], Dependencies]):
        self.default = default
        self._alone: Dependencies | None = None
        self._alone_error: CatalogError | None = None
        if default.builtin_servers:
            try:
                self._alone = without_builtins(default)
            except CatalogError as exc:  # no users' servers: kept to fail the runs that ask for them alone
                self._alone_error = exc

    def for_context(self, context: Any) -> Dependencies:
        if not self.default.builtin_servers or wants_builtin_servers(context):
            return self.default
        if self._alone is None:
            raise CatalogError(str(self._alone_error))
        return self._alone

    def current(self) -> Dependencies:
        """The dependencies of the running node's context; outside a run (warm-up), the default."""
        try:
            runtime = get_runtime()
        except RuntimeError:  # no runnable context: not inside a run
            return self.default
        return self.for_context(runtime.context if runtime is not None else None)

    async def aclose(self) -> None:
        await self.default.aclose()
        if self._alone is not None:
            await self._alone.aclose()


class ChosenTools:
    """The session pool of the running context's catalogue (its whole surface, as ``MeteredTools`` passes it)."""

    def __init__(self, choices: CatalogChoices):
        self._choices = choices

    def __getattr__(self, name: str) -> Any:
        return getattr(self._choices.current().pool, name)


class ChosenRetriever:
    """The retriever (index and entity directory) of the running context's catalogue."""

    def __init__(self, choices: CatalogChoices):
        self._choices = choices

    def __getattr__(self, name: str) -> Any:
        return getattr(self._choices.current().retriever, name)


def compile_choosing(choices: CatalogChoices, checkpointer=None):
    """The runnable graph whose tools and retrieval follow each run's ``builtin_servers``."""
    deps = choices.default
    return build_graph(deps.models, ChosenRetriever(choices), ChosenTools(choices), classify=deps.classify).compile(
        checkpointer=checkpointer, name="tura")
