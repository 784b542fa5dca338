"""One plain line when a value the request asks for does not resolve: "no time zone found for 'Gotham'", "no
listed file matches 'netflix' (listed: wifi.txt, car.md, ...)".

Why: a place with no zone, a table that does not exist or a file that is not listed must never become a guessed
call. The tool is then not offered (nodes/arguments/schema.py gives its property no value), and this line is
the task's account: it names what was asked, in the user's words, and what exists where the server listed it.
"""

from __future__ import annotations

import re
from mcp.types import Tool

from nodes.arguments.candidate_spans import TOKEN
from nodes.arguments.candidates import Candidates
from nodes.arguments.listing_gate import LISTING_NOUNS, names_a_listed_thing
from nodes.arguments.property_kinds import tool_words
from nodes.arguments.schema import constrain_property
from nodes.arguments.stop_words import STOP_WORDS
from nodes.arguments.value_kinds import ValueKind, infer_value_kind

MAX_NAMES_SHOWN = 2
MAX_LISTED_SHOWN = 8
_WHAT = {
    ValueKind.TIMEZONE: "time zone", ValueKind.CURRENCY: "currency", ValueKind.COUNTRY: "country",
    ValueKind.LANGUAGE: "language", ValueKind.EXPRESSION: "calculation", ValueKind.TIME_OF_DAY: "time of day",
    ValueKind.PATH: "listed file", ValueKind.SQL: "table or column", ValueKind.URL: "address",
}
_COMMON = frozenset("""please whats what's now right rn current currently today tomorrow time much many
    tell show give find look check know need want could would should just also like thanks thank hey hi""".split())
_AFTER_PREPOSITION = re.compile(r"\b(?:in|for|at|of|from|called|named|about)\s+([\w'\-]+(?:\s+[A-Z][\w'\-]+)*)",
                                re.IGNORECASE)


def unasked_words(candidates: Candidates, tools: list[Tool]) -> list[str]:
    """The request's words that name something: not stop words, not the tools' own words, not numbers; those
    after a preposition or capitalised first ("wakanda" in "time in wakanda?")."""
    own = set().union(*(tool_words(t.name, t.description or "") for t in tools)) if tools else set()
    skip = STOP_WORDS | _COMMON | own
    first = [m.group(1) for text in candidates.requests for m in _AFTER_PREPOSITION.finditer(text)]
    words = [w for text in candidates.requests for w in TOKEN.findall(text)]
    ordered = [*first, *[w for w in words if w[:1].isupper()], *words]
    names = [w for w in ordered if w.lower() not in skip and not any(c.isdigit() for c in w) and len(w) > 2]
    return list(dict.fromkeys(names))


def _missing(tool: Tool, candidates: Candidates) -> list[tuple[str, ValueKind]]:
    """The required properties of ``tool`` that the candidates give no value, with their kinds."""
    schema = tool.inputSchema or {}
    properties = schema.get("properties") or {}
    missing = []
    for name in schema.get("required") or []:
        spec = properties.get(name) or {}
        if constrain_property(name, spec, candidates, tool_name=tool.name,
                              tool_description=tool.description or "") is None:
            missing.append((name, infer_value_kind(name, spec, tool.name, tool.description or "")))
    return missing


def unresolved_line(server: str, tools: list[Tool], candidates: Candidates) -> str:
    """Why no tool of ``server`` can be called, in one line naming the user's words and what exists."""
    gaps = {t.name: _missing(t, candidates) for t in tools}
    typed = [(tool, name, kind) for tool, missing in gaps.items() for name, kind in missing if kind in _WHAT]
    names = unasked_words(candidates, tools)[:MAX_NAMES_SHOWN]
    asked = " ".join(f"'{n}'" for n in names) if names else "what was asked"
    if typed:
        _, _, kind = typed[0]
        line = f"no {_WHAT[kind]} found for {asked} on {server}"
        listed = candidates.listed.get("listed_" + kind.value) or []
        if listed:
            shown = ", ".join(listed[:MAX_LISTED_SHOWN]) + (", ..." if len(listed) > MAX_LISTED_SHOWN else "")
            line += f" ({'listed' if kind is ValueKind.PATH else 'it has'}: {shown})"
        return line
    nouns = candidates.listed.get(LISTING_NOUNS, [])
    listed = sorted({noun for missing in gaps.values() for name, _ in missing for noun in nouns
                     if names_a_listed_thing(name, [noun])})
    if listed:  # nodes/arguments/listing_gate.py
        return f"no {' or '.join(listed)} that {server} lists is named by {asked}"
    needs = "; ".join(f"{tool} needs {', '.join(n for n, _ in missing)}" for tool, missing in gaps.items() if missing)
    return f"no tool of '{server}' can be called with what the request names for {asked} ({needs})"

