"""Fingerprints of MCP servers and catalogues: what a distilled executor adapter was trained on.

An executor adapter learns one catalogue's tools: their names, descriptions and input schemas, which are its
prompt and its decoding grammar. A server whose tools changed is a server the adapter never saw, so the adapter
is keyed by these fingerprints and the runtime loads it only for the servers whose fingerprint it holds
(nodes/distill/adapter_store.py). Annotations and the server's process arguments are left out: they change
neither the prompt nor the grammar.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from mcp.types import Tool

DIGITS = 16  # hex digits kept: names a folder, and 64 bits never collide between one user's catalogues


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:DIGITS]


def server_fingerprint(server: str, tools: list[Tool]) -> str:
    """The server's name and each tool's name, description and input schema, in no particular order."""
    described = sorted(([t.name, t.description or "", t.inputSchema or {}] for t in tools), key=lambda t: t[0])
    return _digest([server, described])


def catalog_fingerprint(servers: Mapping[str, str]) -> str:
    """One key for a whole catalogue: its servers' fingerprints (``{name: server_fingerprint}``)."""
    return _digest(sorted(servers.values()))
