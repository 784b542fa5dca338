"""What kind of value a tool property holds, read from its JSON schema: ``format``, ``pattern``, ``enum``,
``examples`` (and the examples its description quotes), and the words of its name and description ("IANA
timezone name (e.g. 'America/New_York')", "Time to convert in 24-hour format (HH:MM)", "SQL SELECT query to
execute", "Path to the file").

Why: a span of the request is the right value for a city or a search query, but not for a server we did not
write that takes "America/Lima", "14:00", "1250*7/100", a SELECT or a path a listing returned. Each kind is
resolved to its own closed set (nodes/arguments/schema.py; ARCHITECTURE.md decision 11). The kind is read from
the catalogue's own schema words, never from which server or domain a tool belongs to. A property whose own
name is generic ("input", "query") takes the kind its tool's name and description give ("Execute a SELECT
query on the SQLite database").
"""

from __future__ import annotations

import re
import zoneinfo
from enum import StrEnum
from functools import lru_cache
from typing import Any

from nodes.arguments.property_kinds import is_date_property, is_id_property, is_person_property, is_query_property


class ValueKind(StrEnum):
    NAME = "name"  # a span of the request (a company, a title, a landmark)
    PLACE = "place"  # a city or town: a span the gazetteer knows, an airport code, or a name the server listed
    QUERY = "query"  # free search text: the request's own words
    DATE = "date"
    TIME_OF_DAY = "time_of_day"  # "HH:MM"
    TIMEZONE = "timezone"  # an IANA zone
    CURRENCY = "currency"  # ISO 4217
    COUNTRY = "country"  # ISO 3166 code
    LANGUAGE = "language"  # ISO 639 code
    EXPRESSION = "expression"  # arithmetic
    SQL = "sql"
    PATH = "path"
    URL = "url"
    ID = "id"
    PERSON = "person"
    NUMBER = "number"
    ENUM = "enum"  # the schema lists its values
    OTHER = "other"  # booleans, objects: their own schema


_GENERIC_NAMES = frozenset({"input", "query", "q", "text", "value", "statement", "command", "data", "content",
                            "arg", "args", "request", "sql_query"})
_EXAMPLE_LEAD = re.compile(r"(?:e\.g\.,?|for example,?|such as|like)\s*:?\s*([^)\n;]*)", re.IGNORECASE)
_QUOTED = re.compile(r"'([^'\n]{1,80})'|\"([^\"\n]{1,80})\"|`([^`\n]{1,80})`")
_HH_MM = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?$")
_URL_VALUE = re.compile(r"^[a-z][a-z0-9+.\-]*://", re.IGNORECASE)
_FILE_VALUE = re.compile(r"^(?:~?/[^/\s]+/\S+|~?/\S+\.\w{1,5}|[A-Za-z]:[\\/]\S*|\./\S+)$")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")

_TIME_WORDS = re.compile(r"\bHH:MM\b|\b24-hour\b|\btime of day\b|\bhh:mm\b", re.IGNORECASE)
_ZONE_WORDS = re.compile(r"\biana\b|\btime ?zone\b|\btz database\b|\bzoneinfo\b", re.IGNORECASE)
_SQL_WORDS = re.compile(r"\bsql\b|\bsqlite\b|\bselect (?:query|statement)\b|\bpostgres|\bmysql\b", re.IGNORECASE)
_EXPRESSION_WORDS = re.compile(r"\b(?:math(?:ematical)?|arithmetic|numeric|numerical) expression|"
                               r"\bexpression to (?:evaluate|calculate|compute)\b", re.IGNORECASE)
_CALCULATOR_WORDS = re.compile(r"\b(?:calculat|evaluat|comput)\w*\b[^.]{0,40}\b(?:expression|arithmetic|math)|"
                               r"\bcalculator\b", re.IGNORECASE)
_SQL_TOOL = re.compile(r"\b(?:execute|run|perform)s?\b[^.]{0,40}\b(?:sql|select|query|queries|statement)\b",
                       re.IGNORECASE)
_NOT_ARITHMETIC = re.compile(r"regular expression|\bregex|\bglob\b|\bjsonpath\b|\bxpath\b|\bcss\b|\bcron\b",
                             re.IGNORECASE)
_CURRENCY_WORDS = re.compile(r"\biso[ -]?4217\b|\bcurrency codes?\b", re.IGNORECASE)
_COUNTRY_WORDS = re.compile(r"\biso[ -]?3166\b|\bcountry codes?\b|\balpha-?[23]\b", re.IGNORECASE)
_LANGUAGE_WORDS = re.compile(r"\biso[ -]?639\b|\blanguage codes?\b|\blocale\b|\bbcp[ -]?47\b", re.IGNORECASE)
_PLACE_LEAD = re.compile(r"^(?:the |an? |optional )*(?:city|town)(?: name)?\b|\bname of (?:the |an? )?(?:city|town)\b",
                         re.IGNORECASE)
_PLACE_PARTS = frozenset({"city", "town"})  # not "cities": a string of several is no one place
_PATH_LEAD = re.compile(r"^(?:the |an? |optional |absolute |full |relative |local )*"
                        r"(?:file ?path|path|directory|folder)\b(?! (?:pattern|glob))", re.IGNORECASE)
_URL_LEAD = re.compile(r"^(?:the |an? |optional |full )*(?:url|uri|link|web ?page address)\b(?! slug)",
                       re.IGNORECASE)
_PATH_PARTS = frozenset({"path", "paths", "dir", "directory", "directories", "folder", "file", "filename",
                         "filepath", "dirname", "filenames", "files"})
_URL_PARTS = frozenset({"url", "urls", "uri", "uris", "link", "links", "href", "website", "homepage", "endpoint"})
_NOT_A_VALUE_OF_KIND = frozenset({"pattern", "glob", "format", "type", "extension", "slug", "name", "size", "count",
                                  "encoding", "mode", "content", "contents", "title"})


def _parts(name: str) -> list[str]:
    """``sourceTimezone`` / ``source_timezone`` -> ["source", "timezone"]."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    return [p for p in re.split(r"[\W_]+", spaced.lower()) if p]


def _branch(spec: dict[str, Any], kind: str) -> dict[str, Any] | None:
    """The branch of ``spec`` of JSON type ``kind`` (``str | None`` arrives as anyOf [string, null])."""
    if spec.get("type") == kind or (isinstance(spec.get("type"), list) and kind in spec["type"]):
        return spec
    for branch in [*(spec.get("anyOf") or []), *(spec.get("oneOf") or [])]:
        if isinstance(branch, dict) and branch.get("type") == kind:
            return branch
    return None


@lru_cache(maxsize=1)
def iana_zones() -> frozenset[str]:
    """The IANA zone names (read from disk once; nodes/arguments/candidates.py ``warm_resolvers`` reads them before
    any run)."""
    return frozenset(zoneinfo.available_timezones())


def _examples(spec: dict[str, Any], description: str) -> list[str]:
    """Example values: ``examples`` / ``example`` / ``default``, and those the description quotes or lists
    after "e.g."."""
    found = [str(v) for v in spec.get("examples") or [] if isinstance(v, (str, int, float))]
    if isinstance(spec.get("example"), str):
        found.append(spec["example"])
    found.extend(next(g for g in m.groups() if g is not None) for m in _QUOTED.finditer(description))
    for lead in _EXAMPLE_LEAD.finditer(description):
        found.extend(v.strip(" .'\"`") for v in re.split(r",|\bor\b", lead.group(1)) if v.strip(" .'\"`"))
    return found


def _shape_of(examples: list[str]) -> ValueKind | None:
    """The kind every example has the shape of, when they agree."""
    kinds = set()
    for value in examples:
        if value in iana_zones() and "/" in value:
            kinds.add(ValueKind.TIMEZONE)
        elif _HH_MM.match(value):
            kinds.add(ValueKind.TIME_OF_DAY)
        elif _URL_VALUE.match(value):
            kinds.add(ValueKind.URL)
        elif _FILE_VALUE.match(value):
            kinds.add(ValueKind.PATH)
        elif _ISO_DATE.match(value):
            kinds.add(ValueKind.DATE)
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def _string_kind(name: str, spec: dict[str, Any], string: dict[str, Any], description: str, tool_name: str,
                 tool_description: str) -> ValueKind:
    """A string property's kind: its format, then what its name says, then what its description and examples
    say ("IANA timezone name" under a property called ``tz_name``), else a span."""
    words = set(_parts(name))
    fmt = str(string.get("format") or "").lower()
    pattern = str(string.get("pattern") or "")
    shape = _shape_of(_examples({**string, **spec}, description))
    about_tool = f"{tool_name.replace('_', ' ')} {tool_description}"
    generic = name.lower() in _GENERIC_NAMES
    not_a_value = words & _NOT_A_VALUE_OF_KIND

    if fmt in ("date", "date-time"):
        return ValueKind.DATE
    if fmt == "time" or shape is ValueKind.TIME_OF_DAY or _TIME_WORDS.search(description) or (
            ":" in pattern and re.search(r"\\d\{[12](?:,2)?\}:\\d\{2\}|\[0-2\]|\[01\]", pattern)):
        return ValueKind.TIME_OF_DAY
    if fmt in ("uri", "url", "iri", "uri-reference", "iri-reference"):
        return ValueKind.URL
    # What the name says.
    if "timezone" in words or "timezones" in words or "tz" in words or {"time", "zone"} <= words:
        return ValueKind.TIMEZONE
    if is_date_property(name, {**string, "description": description}):
        return ValueKind.DATE
    if "sql" in words:
        return ValueKind.SQL
    if words & {"expression", "expr", "formula", "equation", "calculation"} and not _NOT_ARITHMETIC.search(
            description):
        return ValueKind.EXPRESSION
    if words & {"currency", "currencies"}:
        return ValueKind.CURRENCY
    if "country" in words and (words & {"code", "iso"} or _COUNTRY_WORDS.search(description)):
        return ValueKind.COUNTRY
    if words & {"lang", "locale"} or ("language" in words and (words & {"code", "iso"}
                                                               or _LANGUAGE_WORDS.search(description))):
        return ValueKind.LANGUAGE
    if words & _URL_PARTS and not not_a_value:
        return ValueKind.URL
    if words & _PATH_PARTS and not not_a_value - {"name"}:
        return ValueKind.PATH
    if is_person_property(name, spec):
        return ValueKind.PERSON
    if is_id_property(name):
        return ValueKind.ID
    if words & _PLACE_PARTS and not words & {"code", "id", "ids"}:
        return ValueKind.PLACE
    # What the description and the examples say.
    if shape is ValueKind.TIMEZONE or _ZONE_WORDS.search(description):
        return ValueKind.TIMEZONE
    if _SQL_WORDS.search(description) or (generic and _SQL_WORDS.search(about_tool) and _SQL_TOOL.search(about_tool)):
        return ValueKind.SQL
    if not _NOT_ARITHMETIC.search(f"{description} {about_tool}") and (
            _EXPRESSION_WORDS.search(description) or (generic and _CALCULATOR_WORDS.search(about_tool))):
        return ValueKind.EXPRESSION
    if _CURRENCY_WORDS.search(description):
        return ValueKind.CURRENCY
    if _COUNTRY_WORDS.search(description) and "country" in description.lower():
        return ValueKind.COUNTRY
    if _LANGUAGE_WORDS.search(description) and "language" in description.lower():
        return ValueKind.LANGUAGE
    if shape is ValueKind.URL or (_URL_LEAD.match(description) and not not_a_value):
        return ValueKind.URL
    if shape is ValueKind.PATH or (_PATH_LEAD.match(description) and not not_a_value):
        return ValueKind.PATH
    if shape is ValueKind.DATE:
        return ValueKind.DATE
    if _PLACE_LEAD.search(description) and not generic:
        return ValueKind.PLACE
    if is_query_property(name, string):
        return ValueKind.QUERY
    return ValueKind.NAME


def without_enum(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` without its enum (its string branches' too): what kind of value the listed values are."""
    plain = {k: v for k, v in spec.items() if k != "enum"}
    if "anyOf" in plain:
        plain["anyOf"] = [without_enum(b) if isinstance(b, dict) else b for b in plain["anyOf"]]
    return plain


def infer_value_kind(name: str, spec: dict[str, Any], tool_name: str = "", tool_description: str = "") -> ValueKind:
    """The kind of value property ``name`` with JSON schema ``spec`` holds (see ValueKind). ``tool_name`` and
    ``tool_description`` decide the kind of a property with a generic name ("input" of a calculator)."""
    spec = spec if isinstance(spec, dict) else {}
    string = _branch(spec, "string")
    if "enum" in spec or (string is not None and "enum" in string) or "const" in spec:
        return ValueKind.ENUM
    description = str(spec.get("description") or (string or {}).get("description") or "")
    if string is None and not {"type", "anyOf", "oneOf"} & set(spec):
        string = spec  # an untyped property ({"title": "Expression"}) is written as text
    if string is not None:
        return _string_kind(name, spec, string, description, tool_name, tool_description)
    if _branch(spec, "integer") or _branch(spec, "number"):
        return ValueKind.ID if is_id_property(name) else ValueKind.NUMBER
    array = _branch(spec, "array")
    if array is not None and isinstance(array.get("items"), dict):
        items = {**array["items"], "description": array["items"].get("description") or description}
        return infer_value_kind(name, items, tool_name, tool_description)
    return ValueKind.OTHER
