"""What a server of the user's catalogue says of itself, asked once before any request is synthesised
(``tura distill executor``): its listings (names, files, a SQL schema, the pairs it connects), the values its
outputs give by field, and each tool's own output fields; and, from those, each required property's mentions
(nodes/distill/catalog_mentions.py) in a bank. Every call here is read-only and bounded by ``FACTS_TIMEOUT_S``.

The requests themselves are phrased in nodes/distill/catalog_requests.py.
"""

from __future__ import annotations

import random
from typing import Any

from mcp.types import Tool

from nodes.arguments.folder_reading import listed_files
from nodes.arguments.gazetteer import gazetteer
from nodes.arguments.schema_reading import read_schema
from nodes.arguments.tool_signature import properties_of, property_kinds, required_arguments
from nodes.arguments.value_kinds import ValueKind
from nodes.distill.catalog_mentions import mentions_for
from nodes.distill.listed_pairs import listed_pairs
from nodes.distill.mention import Bank, CatalogFacts, Mention, in_bank
from nodes.distill.output_fields import OutputFields, output_fields, probe_arguments
from nodes.distill.output_values import output_values
from nodes.distill.value_roles import route_roles
from nodes.tool_caller import ToolCaller, own_listings

FACTS_TIMEOUT_S = 20.0


async def catalog_facts(server: str, readable: list[Tool], tools: ToolCaller,
                        catalogue_names: list[str] | None = None) -> CatalogFacts:
    """What the server's read-only listing tools say: names, files, a SQL schema with its query tool, the pairs
    it connects (for a tool with a source and a target), and the values its outputs give by field. A server
    that lists no names of its own takes the names the catalogue's other listings give. The fields each tool
    alone answers with are ``tool_fields``'s, asked once the whole catalogue's outputs are known."""
    names = [n for found in (await own_listings(tools, server)).values() for n in found]
    kinds = {t.name: property_kinds(t) for t in readable}
    call = _caller(server, tools)
    paths = await listed_files(readable, call) if any(ValueKind.PATH in k.values() for k in kinds.values()) else []
    query_tool = next((name for name, k in kinds.items() if ValueKind.SQL in k.values()), "")
    tables = (await read_schema(readable, call)).tables if query_tool else []
    pairs = await listed_pairs(readable, call) if any(route_roles(t) for t in readable) else []
    names = list(dict.fromkeys(names or catalogue_names or []))
    places = [n for n in names if n.lower() in gazetteer().by_name]
    takes_a_name = any(kind in (ValueKind.NAME, ValueKind.ID) for k in kinds.values() for kind in k.values())
    outputs = await output_values(readable, places, call) if takes_a_name else {}
    return CatalogFacts(names=names, paths=paths, tables=tables, query_tool=query_tool, pairs=pairs, outputs=outputs)


async def tool_fields(server: str, readable: list[Tool], tools: ToolCaller, facts: CatalogFacts) -> OutputFields:
    """The fields only each tool's output has, and those holding its records (nodes/distill/output_fields.py),
    each tool called with values its own training requests would name."""
    rng = random.Random(f"fields:{server}")
    probes = {tool.name: arguments for tool in readable
              if (by_property := property_mentions(tool, facts, "train", rng)) is not None
              and (arguments := probe_arguments(tool, by_property))}
    return await output_fields(readable, probes, _caller(server, tools), facts.names)


def catalogue_outputs(facts: list[CatalogFacts]) -> dict[str, list[str]]:
    """Field -> the values every server's outputs gave for it: a property whose description names a field of
    another server's records ("Name of an attraction, hotel or restaurant") takes them."""
    merged: dict[str, list[str]] = {}
    for one in facts:
        for name, values in one.outputs.items():
            merged[name] = list(dict.fromkeys([*merged.get(name, []), *values]))
    return merged


def _caller(server: str, tools: ToolCaller):
    async def call(tool: str, arguments: dict[str, Any]):
        return await tools.call(server, tool, arguments, timeout_s=FACTS_TIMEOUT_S)

    return call


def property_mentions(tool: Tool, facts: CatalogFacts, bank: Bank,
                       rng: random.Random) -> dict[str, list[Mention]] | None:
    """Each required property's mentions in ``bank``; None when one has none (no request can be phrased)."""
    kinds = property_kinds(tool)
    found: dict[str, list[Mention]] = {}
    for name in required_arguments(tool):
        spec = properties_of(tool).get(name) or {}
        item = spec.get("items") if spec.get("type") == "array" and isinstance(spec.get("items"), dict) else None
        kind = kinds.get(name, ValueKind.NAME)
        mentions = in_bank(mentions_for(kind, item or spec, facts, rng, name), bank)
        if not mentions:
            return None
        found[name] = mentions
    return found
