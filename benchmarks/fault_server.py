"""A real MCP server that fails on purpose, for benchmarks/faults.py. One mode per process:

- ``exit``: exits before it speaks MCP;
- ``die``: the tool kills the process mid-call;
- ``hang``: the tool never answers;
- ``malformed``: the tool writes a line that is not JSON-RPC to stdout, then never answers;
- ``huge``: the tool returns a 10 MB result;
- ``slow``: the tool sleeps ``--sleep`` seconds (past the caller's timeout) before answering.

    python benchmarks/fault_server.py --mode hang
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)


def build(mode: str, sleep_s: float) -> FastMCP:
    mcp = FastMCP("faulty", log_level="WARNING")

    @mcp.tool(annotations=READ_ONLY)
    async def parcel_status(tracking_number: str) -> str:
        """Where a parcel is: delivery status, last scan and expected delivery day, by tracking number."""
        if mode == "die":
            os._exit(3)
        if mode == "hang":
            await asyncio.Event().wait()
        if mode == "malformed":
            sys.stdout.write("this is {not json-rpc\n")
            sys.stdout.flush()
            await asyncio.Event().wait()
        if mode == "huge":
            return "x" * 10_000_000
        if mode == "slow":
            await asyncio.sleep(sleep_s)
        return f"parcel {tracking_number}: out for delivery"

    return mcp


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=["ok", "exit", "die", "hang", "malformed", "huge", "slow"], required=True)
    parser.add_argument("--sleep", type=float, default=30.0)
    args = parser.parse_args()
    if args.mode == "exit":
        sys.exit(2)
    build(args.mode, args.sleep).run()


if __name__ == "__main__":
    main()
