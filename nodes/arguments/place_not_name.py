"""A city the request names is a place, not a name, and a name no gazetteer knows is not a place: where one of a
server's tools takes a value as a place and a sibling takes it as a name, the value's type decides which.

Why: "spend a day exploring Toronto, what is there" was sent to an attraction's details with ``attraction:
"Toronto"`` while the server's search takes ``city``. Both properties are strings, and the request's spans
fit both; the value's type tells them apart. A city here is one the gazetteer knows with half a million people
or more ("Toronto"; not "Orange" or "Reading", which may well be names). Only a required name property loses
it, and only to a sibling that takes the very same value as a place: a server with no place property is
unchanged, and so is a name that is no city ("Retiro Park").

The other way: "admission for Dotonbori" was sent to the search by ``city: "Dotonbori"``. A value both a
required place and a sibling's required name are offered, which the gazetteer does not know and the server does
not list ("Dotonbori", "Distillery District"), is a name: the place property loses it.
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


def typed_places_and_names(callable_: dict[str, dict[str, Any]], tools: list[Tool],
                           listed: list[str] = ()) -> dict[str, dict[str, Any]]:
    """``callable_`` (tool -> decoding schema) with the cities a required place property is offered taken out
    of the siblings' required name properties, and the unknown names (not in the gazetteer nor ``listed`` by the
    server) a required name property is offered taken out of the siblings' required place properties; a tool
    left with no value for a required property is not offered."""
    by_name = {t.name: t for t in tools if t.name in callable_}
    kinds = {name: property_kinds(tool) for name, tool in by_name.items()}

    def offered_to(kind: ValueKind) -> set[str]:
        return {v for name, tool in by_name.items() for prop in required_arguments(tool)
                if kinds[name].get(prop) is kind for v in _offered(callable_[name], prop) if isinstance(v, str)}

    places, names = offered_to(ValueKind.PLACE), offered_to(ValueKind.NAME)
    known = gazetteer().by_name
    cities = {v.lower() for v in places if is_city(v)}
    unknown = {v.lower() for v in places & names if " ".join(v.lower().split()) not in known} - \
        {n.lower() for n in listed}
    kept = _without(callable_, by_name, kinds, ValueKind.NAME, cities) if cities else callable_
    return _without(kept, by_name, kinds, ValueKind.PLACE, unknown) if unknown else kept


def _without(callable_: dict[str, dict[str, Any]], by_name: dict[str, Tool], kinds: dict[str, dict[str, ValueKind]],
             kind: ValueKind, values: set[str]) -> dict[str, dict[str, Any]]:
    """``callable_`` with ``values`` (lower-case) out of every required property of ``kind``; a tool left with
    none for one is dropped."""
    kept: dict[str, dict[str, Any]] = {}
    for name, schema in callable_.items():
        tool = by_name.get(name)
        typed = [p for p in (required_arguments(tool) if tool else []) if kinds[name].get(p) is kind]
        properties = dict(schema.get("properties") or {})
        for prop in typed:
            spec = properties.get(prop) or {}
            if not spec.get("enum"):
                continue
            left = [v for v in spec["enum"] if not (isinstance(v, str) and v.lower() in values)]
            if not left:
                break
            properties[prop] = {**spec, "enum": left}
        else:
            kept[name] = {**schema, "properties": properties}
    return kept
