"""Where a value goes in a request: "from" a source, "to" a target, read from a parameter's name and description,
and a tool's required source and target pair ("origin", "destination"). The phrasing (nodes/distill/
phrase_families.py) and the pairs a listing connects (nodes/distill/listed_pairs.py) both read roles so.
"""

from __future__ import annotations

import re

from mcp.types import Tool

from nodes.arguments.tool_signature import properties_of, required_arguments

_SOURCE = re.compile(r"\b(?:source|from|origin|start)\b", re.IGNORECASE)
_TARGET = re.compile(r"\b(?:target|to|destination)\b", re.IGNORECASE)


def role_of(name: str, description: str) -> str:
    """Where a parameter's mention goes: "from" a source, "to" a target, else as it is. Read from the name and
    the description's first word ("Source IANA timezone"), not from a "to" later in it ("Time to convert")."""
    text = f"{name.replace('_', ' ')} {' '.join(description.split()[:1])}"
    if _SOURCE.search(text):
        return "from"
    if _TARGET.search(text):
        return "to"
    return ""


def route_roles(tool: Tool) -> tuple[str, str] | None:
    """The tool's required source and target properties ("origin", "destination"), if it has both."""
    specs = properties_of(tool)
    roles = {role_of(name, str((specs.get(name) or {}).get("description", ""))): name
             for name in required_arguments(tool)}
    return (roles["from"], roles["to"]) if "from" in roles and "to" in roles else None
