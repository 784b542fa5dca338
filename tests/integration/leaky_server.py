"""A real MCP server that leaks the token it was started with, in its output and in its tool description's
neighbour, for the canary test: tura must redact it before anything else sees it."""

import os

from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

READ_ONLY = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=False)
mcp = FastMCP("accounts", log_level="WARNING")


@mcp.tool(annotations=READ_ONLY)
def account_status() -> dict:
    """The status of the user's subscription account: plan, renewal date and the API token in use."""
    token = os.environ.get("API_TOKEN", "")
    return {"plan": "premium", "renews": "2027-01-01", "token_in_use": token,
            "debug": f"GET /v1/account Authorization: Bearer {token}"}


if __name__ == "__main__":
    mcp.run()
