"""A filesystem-like server's files, found with its own tools: the roots a "directories" tool names, each root's
tree (or its listing, one level down), and the text of the listed files read with the plain read tool.

Why: "what's the wifi password in my notes" names no path; the path is one that a listing returns ("list, then
read"), and which file holds the answer is decided from the files' text (nodes/arguments/document_match.py).
Which tool lists and which reads is told by the words of its name and its one path argument
(nodes/arguments/tool_signature.py), never by the server's name.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from mcp.types import Tool

from nodes.arguments.listed_values import listed_paths
from nodes.arguments.tool_signature import required_arguments, takes_one_path, tool_words
from tools.tool_outcome import ToolOutcome

MAX_ROOTS = 3
MAX_FOLDERS_WALKED = 10  # a listing that is not recursive is followed one level down into this many folders
MAX_DOCUMENTS_READ = 40  # a request that names no file is matched against at most this many files' text

Call = Callable[[str, dict[str, Any]], Awaitable[ToolOutcome]]
_NOT_PLAIN_READ = frozenset({"media", "image", "audio", "binary", "multiple", "many", "batch", "info", "stat"})


async def listed_files(readable: list[Tool], call: Call) -> list[str]:
    """Roots from a tool with no required argument that names directories, then each root's tree (or its
    listing, one level down) from a tool whose only required argument is a path. Folders end with "/"."""
    outputs: list[tuple[dict[str, Any], str]] = []
    roots_tools = [t for t in readable
                   if not required_arguments(t) and tool_words(t) & {"allowed", "roots", "directories"}]
    for tool in roots_tools[:1]:
        outcome = await call(tool.name, {})
        if outcome.ok:
            outputs.append(({}, outcome.text))
    roots = listed_paths(outputs)[:MAX_ROOTS]
    walkers = [t for t in readable if takes_one_path(t) and tool_words(t) & {"tree", "list", "directory", "ls"}]
    walkers.sort(key=lambda t: ("tree" not in tool_words(t), "sizes" in tool_words(t), len(t.name)))
    if not walkers:
        return roots
    walker = walkers[0]
    argument = required_arguments(walker)[0]
    recursive = "tree" in tool_words(walker)
    for root in roots:
        outcome = await call(walker.name, {argument: root})
        if not outcome.ok:
            continue
        outputs.append(({argument: root}, outcome.text))
        if recursive:
            continue
        folders = [p for p in listed_paths([({argument: root}, outcome.text)]) if p.endswith("/")]
        for folder in folders[:MAX_FOLDERS_WALKED]:
            inner = await call(walker.name, {argument: folder.rstrip("/")})
            if inner.ok:
                outputs.append(({argument: folder.rstrip("/")}, inner.text))
    return list(dict.fromkeys(listed_paths(outputs)))


async def file_texts(readable: list[Tool], call: Call, paths: list[str]) -> dict[str, str]:
    """The text of the listed files (at most ``MAX_DOCUMENTS_READ``), read with the server's plain read
    tool: one whose only required argument is a path and whose name says it reads text, not media, many
    files or details. Empty when the server has no such tool; a file that fails to read is left out."""
    readers = [t for t in readable if takes_one_path(t) and "read" in tool_words(t)
               and not tool_words(t) & _NOT_PLAIN_READ and "deprecated" not in (t.description or "").lower()]
    if not readers:
        return {}
    reader = min(readers, key=lambda t: ("text" not in tool_words(t), len(t.name)))
    argument = required_arguments(reader)[0]
    files = [p for p in paths if not p.endswith("/")][:MAX_DOCUMENTS_READ]
    outcomes = await asyncio.gather(*(call(reader.name, {argument: path}) for path in files))
    return {path: outcome.text for path, outcome in zip(files, outcomes) if outcome.ok}
