"""A real MCP server whose one tool sleeps for the requested time (the DAG benchmark's workload)."""

import asyncio

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

mcp = FastMCP("sleeper", log_level="WARNING")


@mcp.tool(annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=True))
async def sleep(seconds: float, label: str = "") -> str:
    """Sleep ``seconds`` (0-5), then answer; ``label`` names the caller's task in the reply."""
    await asyncio.sleep(max(0.0, min(seconds, 5.0)))
    return f"{label} slept {seconds:.3f}"


if __name__ == "__main__":
    mcp.run()
