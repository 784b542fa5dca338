"""The index's view of the catalogue: each server's document (its description, tools, parameters and examples),
which tools are listings, which servers are the built-in sandbox, and the chroma collection a catalogue keeps.

Why apart from graphs/catalog_index.py: building an index (graphs/index_build.py) and keeping it in step at run time
(catalog_index.py) both read the catalogue this way.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from indexes.documents import ServerDoc, ToolDoc
from indexes.chroma_store import COLLECTION
from nodes.approval import changes_data
from tools.catalog import BUILTIN_CATALOG, Catalog


def is_listing_tool(tool, policy: str | None = None) -> bool:
    """A tool that lists what its server knows: named list... (or taking no argument at all, "read_graph"), no
    required argument, and read-only by its
    annotations or, for a server that annotates nothing (many third-party ones), allowed without asking by
    the catalogue (``policy``: the tool's approval policy, "allow")."""
    return ((tool.name.lower().startswith("list") or not (tool.inputSchema or {}).get("properties"))
            and not (tool.inputSchema or {}).get("required")
            and (not changes_data(tool) or policy == "allow"))


def tool_policy(pool: object, server: str, tool: str) -> str | None:
    """The catalogue's approval policy for one tool of a server, if the pool knows policies."""
    policy = getattr(pool, "approval_policy", None)
    if not callable(policy):
        return None
    try:
        return policy(server, tool)
    except TypeError:  # a pool with one policy per server
        return policy(server)


def collection_for(catalog: Catalog) -> str:
    """The chroma collection of the catalogue's index, named by the mcp.json files its servers come from: the
    built-in catalogue alone keeps ``tura_servers``; any other set of files gets ``tura_servers_<hash>``, the
    same for every process that loads the same files, whatever their servers are today."""
    sources = sorted({str(Path(spec.source).resolve()) for spec in catalog.servers.values()})
    if sources == [str(BUILTIN_CATALOG.resolve())]:
        return COLLECTION
    digest = hashlib.sha256(json.dumps(sources).encode()).hexdigest()[:12]
    return f"{COLLECTION}_{digest}"


def sandbox_servers(catalog: Catalog) -> frozenset[str]:
    """The servers of the built-in catalogue (the demo sandbox) in ``catalog``."""
    builtin = str(BUILTIN_CATALOG.resolve())
    return frozenset(name for name, spec in catalog.servers.items() if spec.source
                     and str(Path(spec.source).resolve()) == builtin)


def tool_doc(tool) -> ToolDoc:
    """The index's view of an MCP tool: its name, description, and each parameter's name, description and
    allowed values (schema ``enum``)."""
    properties = {name: p if isinstance(p, dict) else {} for name, p in
                  ((tool.inputSchema or {}).get("properties") or {}).items()}
    return ToolDoc(
        tool.name,
        tool.description or "",
        tuple(properties),
        tuple(str(p.get("description") or "") for p in properties.values()),
        tuple(tuple(str(v) for v in p.get("enum") or () if isinstance(v, str)) for p in properties.values()),
    )


def server_doc(name: str, catalog: Catalog, tools: list) -> ServerDoc:
    spec = catalog.servers[name]
    return ServerDoc(
        name=name,
        description=spec.description,
        category=spec.category,
        tools=tuple(tool_doc(t) for t in tools),
        examples=tuple(e.strip() for e in getattr(spec, "examples", None) or [] if isinstance(e, str) and e.strip()),
    )
