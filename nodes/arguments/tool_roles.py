"""Which of a server's callable tools fits the request once its listing tools have run: the one that reads
what was listed, unless the request asks for the listing itself or for a file's details.

Why: after "list, then read" (nodes/arguments/discovery.py) a filesystem-like server offers eight tools that all
take the listed path (read it, read it as media, read several, get its info, list it, tree it, search it), and a
SQL server still offers its list and describe tools beside the query tool. The 135M executor then picks
``get_file_info`` for "what's the wifi password" or ``describe_table`` for "how many employees". A tool's role
is read from the words of its own name (read, list, info, media...), never from which server it belongs to.
"""

from __future__ import annotations

import re

from mcp.types import Tool

from nodes.approval import changes_data

_LISTING = frozenset({"list", "tree", "search", "find", "ls", "glob", "directory", "tables"})
_DETAILS = frozenset({"info", "stat", "stats", "metadata", "describe", "schema", "exists"})
_BINARY = frozenset({"media", "image", "audio", "binary", "base64", "blob"})
_BATCH = frozenset({"multiple", "many", "batch", "bulk"})
_ASKS_LISTING = re.compile(r"\b(?:list|ls|which|what) (?:all |the |my )?(?:files?|notes|folders?|director(?:y|ies)|"
                           r"tables?|documents?)\b|\bhow many (?:files|notes|tables|documents)\b|"
                           r"\b(?:list|show) (?:me )?(?:all|everything)\b|\bwhat(?:'s| is) in (?:the|my) folder\b",
                           re.IGNORECASE)
_ASKS_DETAILS = re.compile(r"\b(?:size|how big|modified|created|last (?:changed|edited|saved)|permissions|"
                           r"columns?|schema)\b", re.IGNORECASE)


def name_words(tool: Tool) -> set[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", tool.name).replace("_", " ").replace("-", " ")
    return set(re.findall(r"[a-z]+", spaced.lower()))


def _role(tool: Tool) -> str:
    words = name_words(tool)
    if words & _DETAILS:
        return "details"
    if words & _LISTING:
        return "listing"
    return "read"


def fitting_tools(callable_: dict[str, dict], tools: list[Tool], request_texts: list[str],
                  discovery_tools: set[str]) -> dict[str, dict]:
    """``callable_`` narrowed to the tools whose role the request asks for, once discovery ran on this server
    (``discovery_tools`` are the tools it called). Unchanged when discovery did not run or nothing would remain."""
    if not discovery_tools or len(callable_) < 2:
        return callable_
    by_name = {t.name: t for t in tools if t.name in callable_}
    text = " ".join(request_texts)
    wanted = "listing" if _ASKS_LISTING.search(text) else "details" if _ASKS_DETAILS.search(text) else "read"
    # A tool that changes data is offered only when the user asked for its action (nodes/approval.py): it stays.
    fitting = {n: s for n, s in callable_.items()
               if n in by_name and (_role(by_name[n]) == wanted or changes_data(by_name[n]))}
    if wanted == "read":
        plain = {n: s for n, s in fitting.items() if not name_words(by_name[n]) & (_BINARY | _BATCH)
                 and "deprecated" not in (by_name[n].description or "").lower()}
        fitting = plain or fitting
    return fitting if any(not changes_data(by_name[n]) for n in fitting) else callable_
