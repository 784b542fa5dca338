"""One call per value the request names, when a tool's property takes one: "time in Tokyo and Sydney right now"
is two calls of get_current_time, not one, "Paris, London, Berlin - highs on Saturday?" three forecasts, and
"1000 Australian dollars - in US dollars, and in euros?" two conversions.

Why: a property such as ``timezone`` or ``country`` holds a single value, and the executor decodes one call; the
second place was dropped without a word. The values are the request's resolved values of that kind
(nodes/arguments/candidates.py): for zones, those the question's own sentence names when it names two or more
("offices in Lagos, Reykjavik and Lima. What's the time in Reykjavik?" stays one call), else every zone named.
A property whose schema lists codes (a currency enum) takes the resolved values the enum holds.
When two properties take the kind (``from_currency``, ``to_currency``), each further value goes to the one
whose first value the request names next to it ("AUD ... in USD, and in EUR": EUR is another ``to``); a value
as near to both is left alone.
A place property fans out over the list of places that holds the value the first call took, and a name
property over the list of names ("quotes for AAPL, MSFT and GOOGL"), in the task's own text
(nodes/arguments/written_lists.py): places said apart ("from Paris to Rome") are no list.
Only kinds whose values are things asked about fan out; the candidates of an expression, a path or a query are
alternatives, not a list. A property that takes a list of places gets the whole written list in its one call
(``whole_lists``): "Osaka, Seoul and Shanghai" came back as ["Osaka", "Seoul"].
"""

from __future__ import annotations

from typing import Any

from mcp.types import Tool

from nodes.arguments.candidates import Candidates
from nodes.arguments.enum_values import CODE_KINDS, in_enum
from nodes.arguments.written_lists import other_names_listed, others_listed
from nodes.arguments.value_kinds import ValueKind, infer_value_kind, without_enum

MAX_FAN_OUT = 4  # calls one task makes for the values of one property


def _kind(name: str, spec: Any, tool: Tool) -> ValueKind:
    spec = spec if isinstance(spec, dict) else {}
    return infer_value_kind(name, without_enum(spec), tool.name, tool.description or "")


def _values(name: str, spec: Any, kind: ValueKind, candidates: Candidates) -> list[str]:
    """The request's values of ``kind``, those the property's enum holds when it lists any (as the enum writes
    them)."""
    values = (candidates.asked_zones or candidates.values_for(kind)) if kind is ValueKind.TIMEZONE \
        else candidates.values_for(kind)
    enum = spec.get("enum") if isinstance(spec, dict) else None
    return in_enum(values, enum) if enum else values


def _nearest(value: str, values: list[str], firsts: dict[str, str]) -> str | None:
    """The property whose first value the request names nearest to ``value``; None on a tie or when a first
    value is not among the request's."""
    if any(first not in values for first in firsts.values()):
        return None
    distance = {name: abs(values.index(value) - values.index(first)) for name, first in firsts.items()}
    best = min(distance.values())
    closest = [name for name, d in distance.items() if d == best]
    return closest[0] if len(closest) == 1 else None


def _code_calls(fanned: list[str], kind: ValueKind, properties: dict[str, Any], made: list[dict[str, Any]],
                candidates: Candidates) -> list[dict[str, Any]]:
    values = _values(fanned[0], properties[fanned[0]], kind, candidates)
    taken = {str(arguments.get(name)) for arguments in made for name in fanned}
    if len(values) <= len(fanned) or not taken & set(values):
        return []
    firsts = {name: str(made[0].get(name)) for name in fanned}
    calls = []
    for value in (v for v in values if v not in taken):
        name = fanned[0] if len(fanned) == 1 else _nearest(value, values, firsts)
        if name is not None:
            calls.append({**made[0], name: value})
    return calls


def remaining_calls(tool: Tool, made: list[dict[str, Any]], candidates: Candidates) -> list[dict[str, Any]]:
    """The arguments of one more call of ``tool`` for each value the request names that the calls ``made``
    (their arguments, first call first) did not take: values of one code kind, else the other places of a
    written list of places (one place property), else the other items of a written list of names (one name
    property)."""
    if not made:
        return []
    properties = (tool.inputSchema or {}).get("properties") or {}
    kinds = {name: _kind(name, spec, tool) for name, spec in properties.items()}
    text = candidates.texts[0] if candidates.texts else ""  # the task's own text
    coded = [name for name, kind in kinds.items() if kind in CODE_KINDS]
    places = [name for name, kind in kinds.items() if kind is ValueKind.PLACE]
    names = [name for name, kind in kinds.items() if kind is ValueKind.NAME and isinstance(made[0].get(name), str)]
    calls: list[dict[str, Any]] = []
    if coded and len({kinds[name] for name in coded}) == 1:
        calls = _code_calls(coded, kinds[coded[0]], properties, made, candidates)
    listed = _listed_place_property(places, made, text, tool)
    if not calls and listed is not None:  # "from Paris to Rome": two places of one call are no list
        others = others_listed([str(arguments.get(listed, "")) for arguments in made], text)
        calls = [{**_without_other_items(made[0], listed, others, tool), listed: place} for place in others]
    if not calls and len(names) == 1:
        others = other_names_listed([str(arguments.get(names[0], "")) for arguments in made], text)
        calls = [{**made[0], names[0]: name} for name in others]
    return calls[: MAX_FAN_OUT - len(made)]


def _without_other_items(params: dict[str, Any], listed: str, others: list[str], tool: Tool) -> dict[str, Any]:
    """``params`` less the optional properties that took another item of the list ``listed`` takes its value from:
    "top rated restaurant in Hangzhou, Xi'an and Beijing" is three searches by city, none "near" Xi'an."""
    required = set((tool.inputSchema or {}).get("required") or [])
    return {name: value for name, value in params.items()
            if name == listed or name in required or str(value) not in {*others, str(params.get(listed, ""))}}


def list_items_kept_apart(tool: Tool, params: dict[str, Any], candidates: Candidates) -> dict[str, Any]:
    """The first call of a list's fan-out without the other items in its other properties (``_without_other_items``)."""
    properties = (tool.inputSchema or {}).get("properties") or {}
    places = [name for name, spec in properties.items() if _kind(name, spec, tool) is ValueKind.PLACE
              and isinstance(params.get(name), str)]
    text = candidates.texts[0] if candidates.texts else ""
    listed = _listed_place_property(places, [params], text, tool)
    others = others_listed([str(params.get(listed, ""))], text) if listed else []
    return _without_other_items(params, listed, others, tool) if others else params


def _listed_place_property(places: list[str], made: list[dict[str, Any]], text: str, tool: Tool) -> str | None:
    """The one place property whose first value is an item of a written list: the only place property, or of
    several ("origin", "destination": "Melbourne to Sydney / Singapore / HK") the one whose value the list holds,
    a required one first when two do. None when no list holds a value, or it is not clear which."""
    if len(places) == 1:
        return places[0]
    in_lists = [name for name in places if others_listed([str(made[0].get(name, ""))], text)]
    required = set((tool.inputSchema or {}).get("required") or [])
    if len(in_lists) > 1:
        in_lists = [name for name in in_lists if name in required]
    return in_lists[0] if len(in_lists) == 1 else None


def whole_lists(tool: Tool, params: dict[str, Any], candidates: Candidates) -> dict[str, Any]:
    """``params`` with each list of places completed by the other places of the written list it is part of."""
    properties = (tool.inputSchema or {}).get("properties") or {}
    text = candidates.texts[0] if candidates.texts else ""
    completed = dict(params)
    for name, value in params.items():
        if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
            continue
        if _kind(name, properties.get(name), tool) is not ValueKind.PLACE:
            continue
        spec = properties.get(name) or {}
        room = spec.get("maxItems", MAX_FAN_OUT) if isinstance(spec, dict) else MAX_FAN_OUT
        completed[name] = [*value, *others_listed(value, text)][: max(room, len(value))]
    return completed
