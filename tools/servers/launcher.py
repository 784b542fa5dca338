"""The command line every built-in server shares: transport, address, database; then run.

``python -m tools.servers.NAME`` speaks stdio; ``--transport streamable-http --host H --port P`` serves
HTTP at ``http://H:P/mcp``. The sandbox database comes from ``--db`` or ``default_db_path()`` and is
created or refreshed for today before the server accepts requests. ``--today`` pins the day the data is
relative to (as ``python -m tools.sandbox --today`` does), so tests and demos get the same answers every day;
without it a sandbox made for another day would be regenerated for the real today.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from mcp.server.fastmcp import FastMCP

from tools.sandbox.generate import ensure_sandbox
from tools.sandbox.location import default_db_path
from tools.servers.db import SandboxDB

TRANSPORTS = ("stdio", "streamable-http", "sse")


def parse_args(name: str, argv: Sequence[str] | None = None, *, with_db: bool = True) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=f"python -m tools.servers.{name}",
                                     description=f"The tura built-in '{name}' MCP server.")
    parser.add_argument("--transport", choices=TRANSPORTS, default="stdio", help="default: %(default)s")
    parser.add_argument("--host", default="127.0.0.1", help="HTTP bind address (default: %(default)s)")
    parser.add_argument("--port", type=int, default=8000, help="HTTP port (default: %(default)s)")
    if with_db:
        parser.add_argument("--db", type=Path, default=None,
                            help="sandbox database (default: $TURA_SANDBOX_DB, $TURA_DATA_DIR/sandbox.db or "
                                 "~/.local/share/tura/sandbox.db)")
        parser.add_argument("--today", type=date.fromisoformat, default=None, metavar="YYYY-MM-DD",
                            help="the day the sandbox data is relative to (default: the real today)")
    parser.add_argument("--log-level", default="WARNING", choices=("DEBUG", "INFO", "WARNING", "ERROR"))
    return parser.parse_args(argv)


def _settings(args: argparse.Namespace) -> dict[str, Any]:
    return {"host": args.host, "port": args.port, "log_level": args.log_level}


def serve(name: str, build: Callable[..., FastMCP], argv: Sequence[str] | None = None) -> None:
    """Run a sandbox-backed server: ``build(db, **settings)`` after the database is ready for today."""
    args = parse_args(name, argv)
    db_path = ensure_sandbox(args.db or default_db_path(), today=args.today)
    build(SandboxDB(db_path), **_settings(args)).run(transport=args.transport)


def serve_standalone(name: str, build: Callable[..., FastMCP], argv: Sequence[str] | None = None) -> None:
    """Run a server that needs no sandbox (web search): ``build(**settings)``."""
    args = parse_args(name, argv, with_db=False)
    build(**_settings(args)).run(transport=args.transport)
