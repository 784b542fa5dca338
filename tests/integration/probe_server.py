"""A tiny real MCP server for pool tests: reports its pid, sleeps, and crashes on request."""

import argparse
import asyncio
import os
from pathlib import Path

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True)
DESTRUCTIVE = ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False)

mcp = FastMCP("probe", log_level="WARNING")


@mcp.tool(annotations=READ_ONLY)
def whoami() -> dict:
    """The server's process id."""
    return {"pid": os.getpid()}


@mcp.tool(annotations=READ_ONLY)
def echo(text: str) -> str:
    """Return the text."""
    return text


@mcp.tool(annotations=READ_ONLY)
async def sleep(seconds: float) -> str:
    """Sleep, then answer."""
    await asyncio.sleep(seconds)
    return f"slept {seconds}"


@mcp.tool(annotations=READ_ONLY)
def crash_once(marker: str) -> str:
    """Crash the process the first time (when the marker file is absent), answer afterwards."""
    path = Path(marker)
    if not path.exists():
        path.write_text("crashed")
        os._exit(3)
    return "recovered"


@mcp.tool(annotations=DESTRUCTIVE)
def append_then_crash(path: str, line: str) -> str:
    """Change state (append a line), then crash before answering."""
    with open(path, "a") as handle:
        handle.write(line + "\n")
    os._exit(3)


@mcp.tool(annotations=DESTRUCTIVE)
def append(path: str, line: str) -> str:
    """Change state (append a line)."""
    with open(path, "a") as handle:
        handle.write(line + "\n")
    return "appended"


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--transport", default="stdio")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    if args.transport != "stdio":
        mcp.settings.host, mcp.settings.port = "127.0.0.1", args.port
    mcp.run(transport=args.transport)
