"""Tool lists (and the names a server's listing tools return) kept on disk between processes, keyed by a
fingerprint of each server's configuration.

Why: syncing the index at start-up listed every server's tools, which started every stdio server (a Python
process each, most of a cold run's first seconds) although a question uses one or two of them. With this
cache a process starts a server only when it calls one of its tools.

Correctness: the fingerprint covers what decides a server's tools: its connection (command, arguments,
environment, working directory, URL) and, for a server started as ``python -m module`` or ``python file.py``,
the modification time and size of that source file. A changed configuration or source misses the cache and
lists live. A listing that went stale another way (a remote server upgraded) is caught when the pool opens the
server's session: it lists the tools again there and replaces the entry (tools/pool.py). Listed names are
data, not configuration: they are kept for ``NAMES_MAX_AGE_S`` and then asked again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from mcp.types import Tool

FORMAT = 1
NAMES_MAX_AGE_S = 6 * 3600


def source_file(connection: dict[str, Any]) -> Path | None:
    """The Python file a stdio server runs, when its arguments name one (``-m pkg.mod`` or ``x.py``)."""
    args = list(connection.get("args") or [])
    if "-m" in args and args.index("-m") + 1 < len(args):
        try:
            spec = importlib.util.find_spec(args[args.index("-m") + 1])
        except (ImportError, ValueError):
            return None
        return Path(spec.origin) if spec and spec.origin else None
    for arg in args:
        if arg.endswith(".py"):
            path = Path(connection.get("cwd") or ".") / arg
            return path if path.is_file() else None
    return None


def fingerprint(connection: dict[str, Any]) -> str:
    """A hash of the connection and of the server's source file (mtime and size), if it has one."""
    described = {k: v for k, v in connection.items() if v not in (None, {}, [])}
    source = source_file(connection) if connection.get("transport") == "stdio" else None
    if source is not None and source.is_file():
        stat = source.stat()
        described["source"] = [str(source), stat.st_mtime_ns, stat.st_size]
    text = json.dumps(described, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:32]


class ToolListCache:
    """``{server: {"fingerprint", "tools"}}`` in one JSON file, rewritten atomically on every change.

    The pool calls it from worker threads (asyncio.to_thread), one per server it lists at once, so every read
    and change of the entries holds one lock: a write serialising the entries while another thread adds a
    server raised "dictionary changed size during iteration" and lost that server's listing."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._entries: dict[str, dict[str, Any]] | None = None
        self._lock = threading.Lock()

    def _load(self) -> dict[str, dict[str, Any]]:
        if self._entries is None:
            try:
                data = json.loads(self.path.read_text(encoding="utf-8"))
                self._entries = data.get("servers", {}) if data.get("format") == FORMAT else {}
            except (OSError, ValueError):  # absent or unreadable: an empty cache, rebuilt as servers are listed
                self._entries = {}
        return self._entries

    def get(self, server: str, key: str) -> list[Tool] | None:
        """The cached tools of ``server`` if they were listed under this fingerprint, else None."""
        with self._lock:
            entry = self._load().get(server)
        if not entry or entry.get("fingerprint") != key:
            return None
        try:
            return [Tool.model_validate(t) for t in entry["tools"]]
        except (KeyError, ValueError):
            return None

    def put(self, server: str, key: str, tools: list[Tool]) -> None:
        listed = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools]
        with self._lock:
            entries = self._load()
            kept = entries.get(server) if (entries.get(server) or {}).get("fingerprint") == key else None
            entries[server] = {**(kept or {}), "fingerprint": key, "tools": listed}
            self._write(entries)

    def get_names(self, server: str, key: str, *, max_age_s: float = NAMES_MAX_AGE_S) -> dict[str, list[str]] | None:
        """What ``server``'s listing tools returned (tool -> names), if listed under this fingerprint lately."""
        with self._lock:
            entry = self._load().get(server) or {}
        names = entry.get("names")
        if entry.get("fingerprint") != key or not isinstance(names, dict):
            return None
        return names if time.time() - float(entry.get("names_at", 0)) <= max_age_s else None

    def put_names(self, server: str, key: str, names: dict[str, list[str]]) -> None:
        with self._lock:
            entries = self._load()
            entry = entries.get(server) or {}
            if entry.get("fingerprint") != key:  # names belong to the tools listed under the same configuration
                return
            entries[server] = {**entry, "names": names, "names_at": time.time()}
            self._write(entries)

    def _write(self, entries: dict[str, dict[str, Any]]) -> None:
        """Called with the lock held."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # write then rename: a reader in another process sees the old file or the new one, never half of one
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=self.path.name, suffix=".tmp")
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump({"format": FORMAT, "servers": entries}, out)
        os.replace(temporary, self.path)
