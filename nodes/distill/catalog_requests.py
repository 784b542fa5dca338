"""Requests for a server of the user's catalogue, synthesised from the catalogue itself (``tura distill
executor``): for each tool the teacher may run, mentions of its required arguments (nodes/distill/
catalog_mentions.py) phrased by the families of nodes/distill/phrase_families.py, in one bank.

What a request was phrased from (its tool, mentions and family) is kept for the teacher's verification and the
bank test; which call is right is the search teacher's to find (nodes/distill/search_teacher.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from mcp.types import Tool

from nodes.arguments.folder_reading import listed_files
from nodes.arguments.schema_reading import read_schema
from nodes.arguments.tool_signature import properties_of, property_kinds, required_arguments
from nodes.arguments.value_kinds import ValueKind
from nodes.distill.catalog_mentions import mentions_for
from nodes.distill.mention import Bank, CatalogFacts, Mention, in_bank
from nodes.distill.phrase_families import described_action, families, joined_values, phrase, role_of
from nodes.tool_caller import ToolCaller, own_listings

FACTS_TIMEOUT_S = 20.0


@dataclass(frozen=True)
class SynthRequest:
    """One synthesised request: the words, the server, the tool it was phrased from, its family and mentions."""

    request: str
    server: str
    tool: str
    family: str  # "<bank>:<shape>:<n>"
    mentions: tuple[Mention, ...]

    def to_json(self) -> dict[str, Any]:
        return {"request": self.request, "server": self.server, "tool": self.tool, "family": self.family,
                "mentions": [{"words": m.words, "evidence": list(m.evidence),
                              "truth": list(m.truth) if m.truth else None, "question": m.question, "bank": m.bank}
                             for m in self.mentions]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SynthRequest:
        mentions = tuple(Mention(m["words"], tuple(m["evidence"]), tuple(m["truth"]) if m["truth"] else None,
                                 m["question"], m["bank"]) for m in data["mentions"])
        return cls(data["request"], data["server"], data["tool"], data["family"], mentions)


async def catalog_facts(server: str, readable: list[Tool], tools: ToolCaller,
                        catalogue_names: list[str] | None = None) -> CatalogFacts:
    """What the server's read-only listing tools say: names, files, and a SQL schema with its query tool. A
    server that lists no names of its own takes the names the catalogue's other listings give."""
    async def call(tool: str, arguments: dict[str, Any]):
        return await tools.call(server, tool, arguments, timeout_s=FACTS_TIMEOUT_S)

    names = [n for found in (await own_listings(tools, server)).values() for n in found]
    kinds = {t.name: property_kinds(t) for t in readable}
    paths = await listed_files(readable, call) if any(ValueKind.PATH in k.values() for k in kinds.values()) else []
    query_tool = next((name for name, k in kinds.items() if ValueKind.SQL in k.values()), "")
    tables = (await read_schema(readable, call)).tables if query_tool else []
    return CatalogFacts(names=list(dict.fromkeys(names or catalogue_names or [])), paths=paths, tables=tables,
                        query_tool=query_tool)


def _property_mentions(tool: Tool, facts: CatalogFacts, bank: Bank,
                       rng: random.Random) -> dict[str, list[Mention]] | None:
    """Each required property's mentions in ``bank``; None when one has none (no request can be phrased)."""
    kinds = property_kinds(tool)
    found: dict[str, list[Mention]] = {}
    for name in required_arguments(tool):
        spec = properties_of(tool).get(name) or {}
        item = spec.get("items") if spec.get("type") == "array" and isinstance(spec.get("items"), dict) else None
        kind = kinds.get(name, ValueKind.NAME)
        mentions = in_bank(mentions_for(kind, item or spec, facts, rng), bank)
        if not mentions:
            return None
        found[name] = mentions
    return found


def synthesize_requests(server: str, readable: list[Tool], facts: CatalogFacts, bank: Bank, per_tool: int, *,
                        seed: int = 13) -> list[SynthRequest]:
    """Up to ``per_tool`` distinct requests in ``bank`` for each tool the teacher may run."""
    rng = random.Random(f"{seed}:{bank}:{server}")
    requests: list[SynthRequest] = []
    for tool in readable:
        by_property = _property_mentions(tool, facts, bank, rng)
        if by_property is None:
            continue
        action = described_action(tool)
        specs = properties_of(tool)
        asks_question = any(m.question for ms in by_property.values() for m in ms)
        shape = "question" if asks_question else ("value" if by_property else "none")
        seen: set[str] = set()
        for _ in range(per_tool * 6):
            if len(seen) >= per_tool:
                break
            chosen = {name: rng.choice(options) for name, options in by_property.items()}
            if len({m.words.lower() for m in chosen.values()}) < len(chosen):
                continue  # "from Lima to Lima" asks nothing
            parts = [(role_of(name, str((specs.get(name) or {}).get("description", ""))), m.words)
                     for name, m in chosen.items()]
            options = families(bank, shape)
            n = rng.randrange(len(options))
            text = phrase(bank, options[n], action, joined_values(parts), [m.words for m in chosen.values()], rng)
            if text.lower() in seen:
                continue
            seen.add(text.lower())
            requests.append(SynthRequest(text, server, tool.name, f"{bank}:{shape}:{n}", tuple(chosen.values())))
    return requests
