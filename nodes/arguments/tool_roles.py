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

from nodes.approval import asked_actions
from nodes.arguments.string_values import RESOLVED_KINDS
from nodes.arguments.value_kinds import ValueKind, infer_value_kind

_LISTING = frozenset({"list", "tree", "search", "find", "ls", "glob", "directory", "tables"})
_DETAILS = frozenset({"info", "stat", "stats", "metadata", "describe", "schema", "exists"})
_BINARY = frozenset({"media", "image", "audio", "binary", "base64", "blob"})
_BATCH = frozenset({"multiple", "many", "batch", "bulk"})
# ("what file extension did I write down": a value inside a note, not a listing)
_ASKS_LISTING = re.compile(r"\b(?:list|ls|which|what) (?:all |the |my )?(?:files?|notes|folders?|director(?:y|ies)|"
                           r"tables?|documents?)\b(?! (?:extensions?|formats?|types?|endings?|suffix(?:es)?)\b)|\bhow many (?:files|notes|tables|documents)\b|"
                           r"\b(?:list|show) (?:me )?(?:all|everything)\b|\bwhat(?:'s| is) in (?:the|my) folder\b",
                           re.IGNORECASE)
_ASKS_DETAILS = re.compile(r"\b(?:size|how big|modified|created|last (?:changed|edited|saved)|permissions|"
                           r"columns?|schema)\b", re.IGNORECASE)


def asks_listing(request_texts: list[str]) -> bool:
    """Whether the request asks for a listing itself ("what files are in my notes folder")."""
    return bool(_ASKS_LISTING.search(" ".join(request_texts)))


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
    (``discovery_tools`` are the tools it called). Unchanged when discovery did not run; empty when the request
    asks to read something that no listed value names."""
    if not discovery_tools:
        return callable_
    by_name = {t.name: t for t in tools if t.name in callable_}
    text = " ".join(request_texts)
    wanted = "listing" if asks_listing(request_texts) else "details" if _ASKS_DETAILS.search(text) else "read"
    # A tool whose action the user's words name ("save", "delete") stays whatever its role (nodes/approval.py).
    asked = set(asked_actions(list(by_name.values()), request_texts))
    fitting = {n: s for n, s in callable_.items() if n in by_name and (_role(by_name[n]) == wanted or n in asked)}
    if wanted == "read":
        plain = {n: s for n, s in fitting.items() if not name_words(by_name[n]) & (_BINARY | _BATCH)
                 and "deprecated" not in (by_name[n].description or "").lower()}
        fitting = plain or fitting
    # Nothing reads what the request names (no listed file, no table matches): the listing tools are no answer
    # either, and the caller says what was not found.
    return fitting if fitting or wanted == "read" else callable_


def most_typed(callable_: dict[str, dict], tools: list[Tool]) -> dict[str, dict]:
    """The callable tools that take the most kinds of typed value the request resolved to (a time zone and a
    time of day, against a time zone alone): "if it's 9:45 in nairobi, what time is it in denver" is a
    conversion, not the current time. Unchanged when no tool takes a typed value or all take as many."""
    by_name = {t.name: t for t in tools if t.name in callable_}

    def typed(name: str) -> set[ValueKind]:
        tool = by_name.get(name)
        offered = (callable_[name].get("properties") or {}) if tool else {}
        return {infer_value_kind(p, spec if isinstance(spec, dict) else {}, tool.name, tool.description or "")
                for p, spec in ((tool.inputSchema or {}).get("properties") or {}).items() if p in offered} \
            & RESOLVED_KINDS if tool else set()

    kinds = {name: typed(name) for name in callable_}
    most = max((len(k) for k in kinds.values()), default=0)
    if most == 0 or all(len(k) == most for k in kinds.values()):
        return callable_
    return {name: schema for name, schema in callable_.items() if len(kinds[name]) == most}
