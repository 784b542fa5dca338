"""What a synthesised request can say for each argument of a tool of the user's catalogue, by value kind.

A mention is how a person names a value ("Lima" for America/Lima, "17% of 240" for an expression, "banana bread"
for recipes/banana-bread.md) and what a right call's output must then hold (the zone, 40.8, the note's words).
Values come only from the catalogue and well-kept vocabularies: the server's own listings (names, files, the
SQL schema and its stored values), what its outputs give by field (nodes/distill/output_values.py: a flight
number, an id), the records of the kinds a property's description names, from the whole catalogue's outputs
("Name of an attraction, hotel or restaurant" for a route server that lists nothing), schema enums, the IANA zone
database, arithmetic, relative days, counts and amounts. No domain of the built-in servers is named here: a kind
is read from the property's schema (nodes/arguments/value_kinds.py).

Every mention is in one bank: ``train`` or ``heldout``, by a stable hash of its words (a short name by its full
name's), so held-out requests name values that no training request names.
"""

from __future__ import annotations

import random
import re
from typing import Any

from indexes.bm25 import plural_stem
from nodes.arguments.gazetteer import gazetteer
from nodes.arguments.value_kinds import ValueKind, iana_zones
from nodes.arguments.stop_words import STOP_WORDS
from nodes.distill.mention import HELDOUT_SHARE, Bank, CatalogFacts, Mention, bank_of
from nodes.distill.sql_questions import sql_mentions

_CITY_ZONE = re.compile(r"^(?:Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific)/"
                        r"([A-Z][a-z]+(?:_[A-Z][a-z]+)?)$")


def zone_mentions() -> list[Mention]:
    """A city named for each IANA zone named after one ("Lima" for America/Lima)."""
    found = []
    for zone in sorted(iana_zones()):
        match = _CITY_ZONE.match(zone)
        if match:
            found.append(Mention(match.group(1).replace("_", " "), (zone,)))
    return found


def time_mentions() -> list[Mention]:
    """Times of day as people write them; the resolver turns each into HH:MM."""
    found = []
    for hour in range(6, 23):
        twelve = hour % 12 or 12
        half = "am" if hour < 12 else "pm"
        found += [Mention(f"{twelve}{half}"), Mention(f"{twelve}:30 {half}"), Mention(f"{hour:02d}:15")]
    return found


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def expression_mentions(rng: random.Random, count: int) -> list[Mention]:
    """Arithmetic as people say it, each with its value (the calculator's output must show it)."""
    shapes = [
        ("{a} plus {b}", lambda a, b: a + b),
        ("{a} minus {b}", lambda a, b: a - b), ("{a} divided by {b}", lambda a, b: a / b),
        ("{b}% of {a}", lambda a, b: a * b / 100), ("{a} * {b}", lambda a, b: a * b),
        ("{a} + {b}", lambda a, b: a + b), ("the square root of {sq}", None), ("{a} squared", lambda a, b: a * a),
        ("{a} multiplied by {b}", lambda a, b: a * b), ("{a} - {b}", lambda a, b: a - b),
        ("{a} / {b}", lambda a, b: a / b),
    ]
    heldout = [("{a} times {b}", lambda a, b: a * b), ("{b} percent of {a}", lambda a, b: a * b / 100),
               ("{a} less {b}", lambda a, b: a - b)]
    found = []
    for n in range(count):
        bank: Bank = "heldout" if n % HELDOUT_SHARE == 0 else "train"
        text, compute = rng.choice(heldout if bank == "heldout" else shapes)
        a, b = rng.randint(12, 990), rng.randint(2, 60)
        if compute is None:
            root = rng.randint(4, 60)
            found.append(Mention(text.format(sq=root * root), (_number(root),), question=True, bank=bank))
        else:
            found.append(Mention(text.format(a=a, b=b), (_number(compute(a, b)),), question=True, bank=bank))
    return found


def path_mentions(paths: list[str]) -> list[Mention]:
    """A file named by the words of its name ("banana bread" for .../banana-bread.md); a folder by its name."""
    found = []
    for path in paths:
        name = path.rstrip("/").rsplit("/", 1)[-1]
        stem = re.sub(r"\.\w{1,5}$", "", name)
        words = " ".join(w for w in re.split(r"[-_.\s]+", stem) if w)
        if len(words) >= 3:
            found.append(Mention(words, (words.split()[0],)))
    return found


_ALIAS = re.compile(r"^[A-Za-z][a-z]{3,}$")
_DESCRIPTION_WORD = re.compile(r"[a-z]+")


def name_mentions(names: list[str]) -> list[Mention]:
    """Each name as listed, and a long name also by its first word as people shorten it ("Samsung" for "Samsung
    Electronics Co., Ltd."), in the full name's bank. Not a place's ("Hong" is no Hong Kong), nor a first word
    that is a place itself or that two names share."""
    found = [Mention(name, (name,)) for name in names if 2 < len(name) <= 60]
    places = gazetteer().by_name
    firsts = [name.split()[0] for name in names if len(name.split()) > 1]
    for name in names:
        first = name.split()[0] if len(name.split()) > 1 else ""
        if _ALIAS.match(first) and firsts.count(first) == 1 and first.lower() not in STOP_WORDS and \
                name.lower() not in places and first.lower() not in places:
            found.append(Mention(first, (name,), bank=bank_of(name)))
    return found


# Fields every record has: a description naming them ("Name of ...") names no kind of record.
_ANY_RECORD = frozenset({"name", "names", "title", "id"})


def described_values(spec: dict[str, Any], outputs: dict[str, list[str]]) -> list[str]:
    """The values of the output fields a property's description names: "Name of an attraction, hotel or
    restaurant" takes the attractions, hotels and restaurants the catalogue's outputs gave; never a field every
    record has ("name")."""
    words = {plural_stem(w) for w in _DESCRIPTION_WORD.findall(str(spec.get("description") or "").lower())}
    return [value for field, values in outputs.items()
            if field.lower() not in _ANY_RECORD and plural_stem(field.lower()) in words for value in values]


def enum_mentions(values: list[Any]) -> list[Mention]:
    return [Mention(str(v), (str(v),)) for v in values if isinstance(v, str) and v]


AMOUNTS = [15, 20, 25, 40, 50, 75, 100, 120, 150, 200, 250, 300, 400, 500, 750, 1000, 1500, 2000, 5000]


def number_choices(spec: dict[str, Any]) -> list[int]:
    """Small counts, and amounts of every size when the schema's maximum allows them ("convert 1500")."""
    low = max(int(spec.get("minimum", spec.get("exclusiveMinimum", 0)) or 0), 1)
    high = float(spec.get("maximum", spec.get("exclusiveMaximum", float("inf"))))
    if high < max(AMOUNTS):  # a count with a ceiling ("1-30 days"): small ones
        return list(range(low, int(min(high, 12)) + 1))
    return [n for n in [*range(1, 13), *AMOUNTS] if n >= low]


DAY_WORDS = ["today", "tomorrow", "tmrw", "next monday", "on friday", "this saturday", "in 3 days", "next tuesday",
             "on sunday", "the day after tomorrow", "this wednesday", "in 5 days", "on thursday", "next friday",
             "yesterday", "last friday", "2 days ago"]  # past days too: a rate or a history is looked up backwards


def id_mentions(name: str, listed: list[str]) -> list[Mention]:
    """A numeric id said with its noun, as people write it ("hotel 149" for ``hotel_id``): the ids the server's
    outputs gave, else small ones."""
    noun = re.sub(r"(_id|Id|id)$", "", name).strip("_").replace("_", " ").lower()
    ids = [v for v in listed if v.isdigit()] or [str(n) for n in range(1, 13)]
    return [Mention(f"{noun} {n}", (n,)) for n in ids] if noun else []


def mentions_for(kind: ValueKind, spec: dict[str, Any], facts: CatalogFacts, rng: random.Random,
                 name: str = "") -> list[Mention]:
    """The mentions a request may use for property ``name`` of this kind; empty when the catalogue offers none."""
    if spec.get("enum"):
        return enum_mentions(spec["enum"])
    if kind is ValueKind.TIMEZONE:
        return zone_mentions()
    if kind is ValueKind.TIME_OF_DAY:
        return time_mentions()
    if kind is ValueKind.EXPRESSION:
        return expression_mentions(rng, 400)
    if kind is ValueKind.SQL:
        return sql_mentions(facts)
    if kind is ValueKind.PATH:
        return path_mentions(facts.paths)
    if kind is ValueKind.DATE:
        return [Mention(day) for day in DAY_WORDS]
    if kind is ValueKind.ID and spec.get("type") == "integer" and name:
        return id_mentions(name, facts.outputs.get(name, []))
    if spec.get("type") in ("integer", "number"):
        return [Mention(str(n)) for n in number_choices(spec)]
    if kind is ValueKind.PLACE:  # the listed names the gazetteer knows as places, when there are any
        places = [n for n in facts.names if n.lower() in gazetteer().by_name]
        return name_mentions(places or facts.names)
    if kind in (ValueKind.NAME, ValueKind.ID) and facts.outputs.get(name):  # "CA981" for flight_no
        return name_mentions(facts.outputs[name])
    if kind in (ValueKind.NAME, ValueKind.PERSON) and (described := described_values(spec, facts.elsewhere)):
        return name_mentions(described)
    if kind in (ValueKind.NAME, ValueKind.QUERY, ValueKind.PERSON, ValueKind.ID):
        # a name of the wrong kind ("AMZN" as a city) is the teacher's to drop: its call fails or finds nothing
        return name_mentions(facts.names)
    return []
