"""What the catalogue's servers hold, asked once per sync: the names their listing tools return, and the
records and documents of their data servers (stored SQL values, listed files and their text).

Retrieval matches a query's names and words against these (graphs/catalog_index.py). They are gathered here,
apart from the index, because asking them is the only part of a sync that calls tools: a server that fails is
noted and left out, and retrieval goes on without its names.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from graphs.catalog_docs import sandbox_servers
from indexes.entities import EntityDirectory, listed_names
from indexes.named_records import NamedRecords
from nodes.approval import trusted_tools
from nodes.arguments.discovery import DISCOVERY_TIMEOUT_S, discovery_for
from nodes.arguments.server_data import ServerData, server_data
from tools.pool import SessionPool


@dataclass
class CatalogRecords:
    """The catalogue's names and records as one sync found them."""

    entities: EntityDirectory = field(default_factory=lambda: EntityDirectory({}))
    listed: dict[str, list[str]] = field(default_factory=dict)  # server -> the names its listing tools returned
    records: NamedRecords = field(default_factory=lambda: NamedRecords({}))
    documents: dict[str, dict[str, str]] = field(default_factory=dict)  # server -> its listed files' text
    record_fields: dict[str, list[str]] = field(default_factory=dict)  # server -> what its records hold
    record_questions: dict[str, list[str]] = field(default_factory=dict)  # server -> what they answer


async def listed_entities(pool: SessionPool, listing_tools: dict[str, list[str]],
                          failures: dict[str, str]) -> dict[str, list[str]]:
    """Per server, the names its listing tools return (indexes/entities.py): from the pool's cache when a recent
    process asked them, else asked once. A listing tool that fails is noted in ``failures`` and leaves its names
    out."""
    names: dict[str, list[str]] = {}
    calls = []
    for server, tools in listing_tools.items():
        cached = await pool.cached_names(server)
        if cached is not None and set(cached) == set(tools):
            names[server] = [name for tool in tools for name in cached[tool]]
        else:
            calls += [(server, tool) for tool in tools]
    outcomes = await asyncio.gather(*(pool.call(server, tool, {}) for server, tool in calls), return_exceptions=True)
    listed: dict[str, dict[str, list[str]]] = {}
    for (server, tool), outcome in zip(calls, outcomes):
        if isinstance(outcome, BaseException) or not outcome.ok:
            reason = outcome if isinstance(outcome, BaseException) else outcome.error
            failures[f"{server}.{tool}"] = str(reason)
            continue
        # the structured output is whole; the text is cut at MAX_TEXT_CHARS
        listed.setdefault(server, {})[tool] = listed_names(outcome.structured or outcome.text)
        names.setdefault(server, []).extend(listed[server][tool])
    for server, by_tool in listed.items():
        if set(by_tool) == set(listing_tools[server]):
            await pool.keep_names(server, by_tool)
    return names


async def data_records(pool: SessionPool, unavailable: dict[str, str],
                       failures: dict[str, str]) -> dict[str, ServerData]:
    """The record names and documents of each data server, asked of its read-only or trusted tools
    (nodes/arguments/discovery.py); a server that fails is left out and noted in ``failures``."""
    found: dict[str, ServerData] = {}
    discovery = discovery_for(pool)
    sandbox = sandbox_servers(pool.catalog)
    for server in pool.catalog.names():
        if server in unavailable:
            continue
        try:
            tools = await pool.list_tools(server)
            trusted = trusted_tools(server, pool)

            async def ask(tool: str, arguments: dict, server: str = server):
                return await pool.call(server, tool, arguments, timeout_s=DISCOVERY_TIMEOUT_S)

            found[server] = await server_data(discovery, server, tools, ask, lambda t: t.name in trusted,
                                              records_as_documents=server not in sandbox)
        except Exception as exc:  # retrieval goes on without this server's records; the reason is kept
            failures[f"{server} (records)"] = f"{type(exc).__name__}: {exc}"
    return found


async def catalog_records(pool: SessionPool, listing_tools: dict[str, list[str]], unavailable: dict[str, str],
                          failures: dict[str, str]) -> CatalogRecords:
    """Everything the catalogue's servers hold that retrieval matches names against."""
    names = await listed_entities(pool, listing_tools, failures)
    records = {server: list(found) for server, found in names.items()}
    data = await data_records(pool, unavailable, failures)
    for server, found in data.items():
        records.setdefault(server, []).extend(found.names)
    return CatalogRecords(
        entities=EntityDirectory(names),
        listed={server: list(dict.fromkeys(found)) for server, found in names.items()},
        records=await asyncio.to_thread(NamedRecords, records),  # reads the gazetteer from disk
        documents={server: found.documents for server, found in data.items() if found.documents},
        record_fields={server: found.record_fields for server, found in data.items() if found.record_fields},
        record_questions={server: found.record_questions for server, found in data.items() if found.record_questions},
    )
