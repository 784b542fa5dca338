"""The values of a listed set (a schema's enum) that the request names: written as they are ("EUR"), or, for a
code kind, in words ("2000 Egyptian pounds in dollars" names EGP and USD of a currency enum).

Why one module: the decoding schema (nodes/arguments/schema.py), the choice of tools and the follow-up call
(nodes/arguments/tool_offer.py) and the fan-out over several codes (nodes/arguments/fan_out.py) must agree on
what the request names, or a code one of them sees is missing for another.
"""

from __future__ import annotations

from typing import Any

from nodes.arguments.candidates import Candidates
from nodes.arguments.value_kinds import ValueKind, infer_value_kind, without_enum

CODE_KINDS = frozenset({ValueKind.CURRENCY, ValueKind.COUNTRY, ValueKind.LANGUAGE, ValueKind.TIMEZONE})


def in_enum(values: list[str], enum: list[Any]) -> list[Any]:
    """The entries of ``enum`` that ``values`` hold, compared without case, in the order of ``values``."""
    by_code = {v.upper(): v for v in enum if isinstance(v, str)}
    return list(dict.fromkeys(by_code[v.upper()] for v in values if v.upper() in by_code))


def codes_named(enum: list[Any], name: str, spec: dict[str, Any], candidates: Candidates, tool_name: str = "",
                tool_description: str = "") -> list[Any]:
    """The enum's codes the request names in words, in the request's order; [] unless the property holds a
    code kind."""
    kind = infer_value_kind(name, without_enum(spec), tool_name, tool_description)
    if kind not in CODE_KINDS:
        return []
    values = candidates.values_for(kind)
    if kind is ValueKind.CURRENCY:
        # "dirhams" ranks MAD first; a set holding AED but not MAD means AED
        accepted = {v.upper() for v in enum if isinstance(v, str)}
        alternatives = candidates.currency_alternatives
        values = [v if v.upper() in accepted else next((a for a in alternatives.get(v, []) if a in accepted), v)
                  for v in values]
    return in_enum(values, enum)


def enum_values_named(enum: list[Any], name: str, spec: dict[str, Any], candidates: Candidates, tool_name: str = "",
                      tool_description: str = "") -> list[Any]:
    """The enum's values the request writes as such, then the codes it names in words."""
    written = [v for v in enum if isinstance(v, str) and v.lower() in candidates.words]
    return list(dict.fromkeys([*written, *codes_named(enum, name, spec, candidates, tool_name, tool_description)]))
