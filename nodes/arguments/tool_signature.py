"""A tool's shape as discovery reads it: the words of its name, its required arguments and each property's
value kind. Why its own module: finding listing, describing and reading tools is done from these alone, never
from a server's name, by the folder and SQL schema readers alike."""

from __future__ import annotations

import re
from typing import Any

from mcp.types import Tool

from nodes.arguments.value_kinds import ValueKind, infer_value_kind

_WORDS = re.compile(r"[a-z]+")


def identifier_words(identifier: str) -> list[str]:
    """The lower-case words of a code identifier, in order ("list_allowed_directories", "readTextFile")."""
    return _WORDS.findall(re.sub(r"([a-z])([A-Z])", r"\1 \2", identifier).replace("_", " ").lower())


def name_words(tool: Tool) -> list[str]:
    """The lower-case words of a tool's name, in order."""
    return identifier_words(tool.name)


def tool_words(tool: Tool) -> set[str]:
    return set(name_words(tool))


def required_arguments(tool: Tool) -> list[str]:
    return list((tool.inputSchema or {}).get("required") or [])


def properties_of(tool: Tool) -> dict[str, Any]:
    return (tool.inputSchema or {}).get("properties") or {}


def property_kinds(tool: Tool) -> dict[str, ValueKind]:
    """Each property's value kind (nodes/arguments/value_kinds.py)."""
    return {name: infer_value_kind(name, spec if isinstance(spec, dict) else {}, tool.name, tool.description or "")
            for name, spec in properties_of(tool).items()}


def kinds_needed(tools: list[Tool]) -> set[ValueKind]:
    """The server-listed kinds some tool's property holds."""
    return {kind for t in tools for kind in property_kinds(t).values() if kind in (ValueKind.PATH, ValueKind.SQL)}


def takes_one_path(tool: Tool) -> bool:
    """Whether a tool's only required argument is a path (a listing or a plain read of one place)."""
    required = required_arguments(tool)
    return len(required) == 1 and property_kinds(tool).get(required[0]) == ValueKind.PATH
