"""A city the request names is a place, not a name: where one of a server's tools takes it as a place, a sibling
tool's name property is not offered it.

Why: "spend a day exploring Toronto, what is there" was sent to an attraction's details with ``attraction:
"Toronto"`` while the server's search takes ``city``. Both properties are strings, and the request's spans
fit both; the value's type tells them apart. A city here is one the gazetteer knows with half a million people
or more ("Toronto"; not "Orange" or "Reading", which may well be names). Only a required name property loses it, and only
to a sibling that takes the very same value as a place: a server with no place property is unchanged, and so
is a name that is no city ("Retiro Park").
"""

from __future__ import annotations

from typing import Any

from mcp.types import Tool

from nodes.arguments.gazetteer import gazetteer
from nodes.arguments.tool_signature import property_kinds, required_arguments
from nodes.arguments.value_kinds import ValueKind


CITY_MIN_POPULATION = 500_000


def is_city(value: str) -> bool:
    """A city of ``CITY_MIN_POPULATION`` or more the gazetteer knows by this name ("toronto", not "orange")."""
    place = gazetteer().by_name.get(" ".join(value.lower().split()))
    return place is not None and not (place.is_country or place.is_region) and place.population >= CITY_MIN_POPULATION


def _offered(schema: dict[str, Any], name: str) -> list[Any]:
    spec = (schema.get("properties") or {}).get(name) or {}
    items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
    return list(spec.get("enum") or items.get("enum") or [])


def places_kept_from_names(callable_: dict[str, dict[str, Any]], tools: list[Tool]) -> dict[str, dict[str, Any]]:
    """``callable_`` (tool -> decoding schema) with the cities that a sibling's required place property is
    offered taken out of each required name property; a tool left with no value for one is not offered."""
    by_name = {t.name: t for t in tools if t.name in callable_}
    kinds = {name: property_kinds(tool) for name, tool in by_name.items()}
    places = {str(v).lower() for name, tool in by_name.items() for prop in required_arguments(tool)
              if kinds[name].get(prop) is ValueKind.PLACE for v in _offered(callable_[name], prop)
              if isinstance(v, str) and is_city(v)}
    if not places:
        return callable_
    kept: dict[str, dict[str, Any]] = {}
    for name, schema in callable_.items():
        tool = by_name.get(name)
        names = [p for p in (required_arguments(tool) if tool else []) if kinds[name].get(p) is ValueKind.NAME]
        properties = dict(schema.get("properties") or {})
        for prop in names:
            spec = properties.get(prop) or {}
            if not spec.get("enum"):
                continue
            left = [v for v in spec["enum"] if not (isinstance(v, str) and v.lower() in places)]
            if not left:
                break
            properties[prop] = {**spec, "enum": left}
        else:
            kept[name] = {**schema, "properties": properties}
    return kept
