"""The session pool's view of the tool-list cache (tools/tool_list_cache.py) for one catalogue: each server's
cached tool list and listed names, under the fingerprint of its current configuration.

Why apart from the pool: the pool owns sessions and calls; this owns what earlier processes listed. Every file
read and stat runs in a worker thread (``asyncio.to_thread``): the event loop serves other runs, and
``langgraph dev`` refuses blocking calls on it.
"""

from __future__ import annotations

import asyncio

from mcp.types import Tool

from tools.catalog import Catalog
from tools.tool_list_cache import ToolListCache, fingerprint


class CachedListings:
    """Cached tool lists and listed names of a catalogue's servers."""

    def __init__(self, cache: ToolListCache, catalog: Catalog, extra_env: dict[str, str]):
        self._cache = cache
        self._catalog = catalog
        self._extra_env = extra_env
        self._fingerprints: dict[str, str] = {}
        self._all_names: list[str] = []  # memo of all_names(), dropped when names are kept anew

    def _fingerprint(self, server: str) -> str:
        """The server's configuration fingerprint, worked out once (it stats the source file)."""
        if server not in self._fingerprints:
            self._fingerprints[server] = fingerprint(self._catalog.servers[server].connection(self._extra_env))
        return self._fingerprints[server]

    async def tools(self, server: str) -> list[Tool] | None:
        """The server's tools as a recent process listed them for its current configuration, if cached."""
        if server not in self._catalog.servers:
            return None
        return await asyncio.to_thread(lambda: self._cache.get(server, self._fingerprint(server)))

    async def keep_tools(self, server: str, tools: list[Tool]) -> None:
        if server in self._catalog.servers:
            await asyncio.to_thread(lambda: self._cache.put(server, self._fingerprint(server), tools))

    async def names(self, server: str) -> dict[str, list[str]] | None:
        """What the server's listing tools returned in a recent process (tool -> names), if cached."""
        if server not in self._catalog.servers:
            return None
        return await asyncio.to_thread(lambda: self._cache.get_names(server, self._fingerprint(server)))

    async def all_names(self) -> list[str]:
        """Every name the catalogue's listing tools returned lately (cities, companies): the whole names a
        request's words may be part of ("Mexico City", not "Mexico"; nodes/arguments/whole_names.py). Read once per
        process (every task asks), in one thread hop; empty until the index sync has asked the listing tools
        (graphs/catalog_index.py), and not kept while empty."""
        if self._all_names:
            return self._all_names
        servers = self._catalog.names()

        def read() -> list[str]:
            listed = [self._cache.get_names(server, self._fingerprint(server)) or {} for server in servers]
            return list(dict.fromkeys(name for by_tool in listed for names in by_tool.values() for name in names))

        self._all_names = await asyncio.to_thread(read)
        return self._all_names

    async def keep_names(self, server: str, names: dict[str, list[str]]) -> None:
        self._all_names = []
        if server in self._catalog.servers:
            await asyncio.to_thread(lambda: self._cache.put_names(server, self._fingerprint(server), names))
