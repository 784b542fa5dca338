"""A tool call's result as data: what the planner, executor and answer see, success or failure alike."""

from __future__ import annotations

import json
from typing import Any, Literal

from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, Field

MAX_TEXT_CHARS = 16000


class ToolOutcome(BaseModel):
    """One MCP tool call: its id (cited by the answer), arguments, and output or error."""

    call_id: str
    server: str
    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)
    ok: bool
    text: str = ""
    structured: dict[str, Any] | None = None
    error: str | None = None
    duration_ms: float = 0.0
    # Set when the call was not run because it changes data: it waits for a person's decision, or the
    # approval policy refused it (nodes/approval.py).
    held: Literal["waiting", "denied"] | None = None

    def data(self) -> Any:
        """The output parsed as JSON; None for a failed call or an output that is not JSON."""
        text = self.text.strip() if self.ok else ""
        if not text.startswith(("{", "[")):
            return None
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return None  # prose that opens with a bracket

    def summary(self, limit: int = 600) -> str:
        """A compact rendering for a small model's prompt."""
        body = self.text if self.ok else f"ERROR: {self.error}"
        return body if len(body) <= limit else body[: limit - 3] + "..."


def outcome_from_result(
    result: CallToolResult, *, call_id: str, server: str, tool: str, arguments: dict, duration_ms: float
) -> ToolOutcome:
    """Turn an MCP result into a ToolOutcome; an ``isError`` result becomes ``ok=False`` with its text."""
    text = "\n".join(block.text for block in result.content if isinstance(block, TextContent))
    if not text and result.structuredContent is not None:
        text = json.dumps(result.structuredContent, ensure_ascii=False)
    text = text[:MAX_TEXT_CHARS]
    if result.isError:
        return ToolOutcome(
            call_id=call_id, server=server, tool=tool, arguments=arguments, ok=False,
            error=text or "the tool reported an error without a message", duration_ms=duration_ms,
        )
    return ToolOutcome(
        call_id=call_id, server=server, tool=tool, arguments=arguments, ok=True, text=text,
        structured=result.structuredContent, duration_ms=duration_ms,
    )
