"""The server catalogue: ``mcp.json`` files in the common ``mcpServers`` format, validated.

Accepted per server: stdio (``command``, ``args``, ``env``, ``cwd``) or HTTP (``url``, ``headers``) with
``transport``/``type`` one of stdio, streamable_http (aliases: http, streamable-http, streamableHttp) or
sse; plus optional ``description`` and ``category``. Errors name the file, the server and the problem;
bad JSON names the line and column.

Optional per server:
- ``approvals``: who decides calls to tools that may change data (no ``readOnlyHint``, or a
  ``destructiveHint``). A string ("ask", "deny" or "allow") sets it for every tool of the server; an object
  sets it per tool name, with ``"*"`` for the server's other tools, e.g.
  ``{"read_query": "allow", "list_tables": "allow", "*": "ask"}``. A tool it does not name follows the run's
  policy (nodes/approval.py); a tool named with "allow" is also offered like a read-only one. Why per tool:
  many servers annotate nothing, and trusting a server's reads must not trust its writes.
- ``examples``: questions a user would ask this server (non-empty strings), to help retrieval find it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

BUILTIN_CATALOG = Path(__file__).with_name("mcp.json")
POLICIES = ("ask", "deny", "allow")
ALL_TOOLS = "*"  # the key of a per-tool ``approvals`` object that sets the server's default

Transport = Literal["stdio", "streamable_http", "sse"]
_TRANSPORT_ALIASES = {
    "stdio": "stdio",
    "streamable_http": "streamable_http",
    "streamable-http": "streamable_http",
    "streamablehttp": "streamable_http",
    "http": "streamable_http",
    "sse": "sse",
}


class CatalogError(ValueError):
    """A catalogue file is unreadable or describes a server wrongly."""


class ServerSpec(BaseModel):
    """One MCP server: how to reach it and what it is for."""

    name: str = Field(min_length=1)
    transport: Transport
    command: str | None = None
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict, repr=False)  # may hold secrets: never printed
    cwd: str | None = None
    url: str | None = None
    headers: dict[str, str] = Field(default_factory=dict, repr=False)
    description: str = ""
    category: str = ""
    # Overrides the run's approval policy for this server's side-effecting tools (nodes/approval.py): tool
    # name (or "*") -> policy; the string form of mcp.json is kept as {"*": policy}.
    approvals: dict[str, Literal["ask", "deny", "allow"]] = Field(default_factory=dict)
    examples: list[str] = Field(default_factory=list)
    source: str = ""  # the file it came from

    @field_validator("approvals", mode="before")
    @classmethod
    def _approvals_by_tool(cls, value: Any) -> dict[str, str]:
        if value is None:
            return {}
        if isinstance(value, str):
            value = {ALL_TOOLS: value}
        if not isinstance(value, dict):
            raise ValueError(f"expected one of {', '.join(POLICIES)} or an object of tool name -> policy, "
                             f"got {type(value).__name__}")
        for tool, policy in value.items():
            where = "" if tool == ALL_TOOLS and len(value) == 1 else f" for tool '{tool}'"
            if not tool.strip():
                raise ValueError("a tool name in 'approvals' is empty")
            if not isinstance(policy, str):
                raise ValueError(f"the policy{where} must be a string ({', '.join(POLICIES)}), "
                                 f"got {type(policy).__name__}")
            if policy not in POLICIES:
                raise ValueError(f"unknown policy '{policy}'{where}; use one of {', '.join(POLICIES)}")
        return value

    @field_validator("examples", mode="before")
    @classmethod
    def _examples_are_questions(cls, value: Any) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise ValueError(f"expected a list of questions (strings), got {type(value).__name__}")
        for n, example in enumerate(value, 1):
            if not isinstance(example, str) or not example.strip():
                raise ValueError(f"example {n} must be a non-empty string, got {example!r}")
        return value

    def approval_for(self, tool: str) -> str | None:
        """The policy this server's entry sets for ``tool``: its own, else the server's ``"*"``, else None."""
        return self.approvals.get(tool) or self.approvals.get(ALL_TOOLS)

    def connection(self, extra_env: dict[str, str] | None = None) -> dict[str, Any]:
        """The langchain-mcp-adapters connection dict. ``python`` means this interpreter."""
        if self.transport == "stdio":
            command = sys.executable if self.command in ("python", "python3") else self.command
            return {
                "transport": "stdio",
                "command": command,
                "args": list(self.args),
                "env": {**(extra_env or {}), **self.env},
                "cwd": self.cwd,
            }
        return {"transport": self.transport, "url": self.url, "headers": dict(self.headers) or None}


class Catalog(BaseModel):
    """All servers the agent may use, by name."""

    servers: dict[str, ServerSpec]

    def names(self) -> list[str]:
        return list(self.servers)

    def merged(self, other: Catalog) -> Catalog:
        clash = sorted(set(self.servers) & set(other.servers))
        if clash:
            sources = {other.servers[n].source for n in clash}
            raise CatalogError(f"duplicate server name(s) {', '.join(clash)} in {', '.join(sorted(sources))}")
        return Catalog(servers={**self.servers, **other.servers})


def _reject_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    if repeated:
        raise CatalogError(f"duplicate key(s) {', '.join(repeated)}")
    return dict(pairs)


def parse_server(name: str, raw: Any, source: str) -> ServerSpec:
    """Validate one ``mcpServers`` entry; the error names the server and what is wrong."""
    where = f"{source}: server '{name}'"
    if not isinstance(raw, dict):
        raise CatalogError(f"{where}: expected an object, got {type(raw).__name__}")
    declared = raw.get("transport", raw.get("type"))
    if declared is None:
        declared = "stdio" if "command" in raw else "streamable_http" if "url" in raw else None
    if declared is None:
        raise CatalogError(f"{where}: needs 'command' (stdio) or 'url' (streamable_http / sse)")
    transport = _TRANSPORT_ALIASES.get(str(declared).lower())
    if transport is None:
        raise CatalogError(
            f"{where}: unknown transport '{declared}'; use one of stdio, streamable_http, sse"
        )
    if transport == "stdio" and not raw.get("command"):
        raise CatalogError(f"{where}: transport stdio needs a 'command'")
    if transport != "stdio" and not raw.get("url"):
        raise CatalogError(f"{where}: transport {transport} needs a 'url'")
    fields = {k: v for k, v in raw.items() if k not in ("transport", "type")}
    try:
        return ServerSpec(name=name, transport=transport, source=source, **fields)
    except ValidationError as exc:
        first = exc.errors()[0]
        message = first["msg"].removeprefix("Value error, ")  # our validators' messages, as written
        raise CatalogError(f"{where}: {'.'.join(map(str, first['loc']))}: {message}") from exc


def parse_catalog(text: str, source: str = "<string>") -> Catalog:
    """Parse the text of an ``mcp.json``."""
    try:
        data = json.loads(text, object_pairs_hook=_reject_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise CatalogError(f"{source}: invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from exc
    except CatalogError as exc:
        raise CatalogError(f"{source}: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("mcpServers"), dict):
        raise CatalogError(f"{source}: expected an object with an 'mcpServers' object")
    servers = {name: parse_server(name, raw, source) for name, raw in data["mcpServers"].items()}
    return Catalog(servers=servers)


def load_catalog(*paths: Path, include_builtin: bool = True) -> Catalog:
    """Load the built-in catalogue and any users' files; server names must be unique across all."""
    files = ([BUILTIN_CATALOG] if include_builtin else []) + [Path(p) for p in paths]
    catalog = Catalog(servers={})
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise CatalogError(f"{path}: cannot read catalogue ({exc.strerror})") from exc
        catalog = catalog.merged(parse_catalog(text, str(path)))
    return catalog
