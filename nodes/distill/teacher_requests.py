"""Sub-task requests for any catalogue, written by a teacher model behind an OpenAI-compatible endpoint.

The oracle (nodes/distill/oracle.py) knows only the built-in servers. For a user's catalogue the teacher reads
each tool's description and input schema and writes requests that need that tool (TURA's synthesis step);
nodes/distill/trajectories.py then has the same teacher solve them against the real servers.
"""

from __future__ import annotations

import json

from langchain_core.messages import HumanMessage, SystemMessage
from mcp.types import Tool
from pydantic import BaseModel, Field

from nodes.models import RoleModel
from nodes.prompts.distill import TEACHER_REQUESTS_SYSTEM
from nodes.structured import StructuredOutputError, ask_structured


class Requests(BaseModel):
    requests: list[str] = Field(min_length=1, max_length=20)


async def teacher_requests(teacher: RoleModel, server: str, tool: Tool, n: int) -> list[str]:
    """Up to ``n`` distinct requests needing ``tool``; empty when the teacher gives no valid answer."""
    prompt = TEACHER_REQUESTS_SYSTEM.format(server=server, tool=tool.name, description=tool.description or "",
                                            schema=json.dumps(tool.inputSchema or {}, ensure_ascii=False), n=n)
    try:
        reply = await ask_structured(teacher, [SystemMessage(prompt), HumanMessage(f"{n} requests, JSON only.")],
                                     Requests, retries=1)
    except StructuredOutputError:
        return []
    kept = [" ".join(r.split()) for r in reply.requests if 3 <= len(r.strip()) <= 300]
    return list(dict.fromkeys(kept))[:n]
