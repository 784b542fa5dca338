"""Turn loosely written arguments (cities, relative dates, places) into database rows and dates.

When that fails the ToolError says what may be written instead, so a small model can correct its call.
"""

from __future__ import annotations

import difflib
import re
from datetime import date, timedelta
from typing import Any

from mcp.server.fastmcp.exceptions import ToolError

from tools.sandbox.dates import resolve_date, resolve_date_range
from tools.servers.db import SandboxDB

_WORDS = re.compile(r"[\w']+")
_AIRPORT_WORDS = frozenset({"airport", "international", "intl"})


async def city(db: SandboxDB, text: str, field: str = "city") -> dict[str, Any]:
    """The ``cities`` row that ``text`` names (name, IATA code or alias, any case; 'Paris, France' works)."""
    key = " ".join(text.strip().lower().split())
    candidates = [key] + ([key.split(",")[0].strip()] if "," in key else [])
    for candidate in candidates:
        found = await db.row(
            "SELECT c.* FROM city_aliases a JOIN cities c ON c.id = a.city_id WHERE a.alias = ?", (candidate,)
        )
        if found:
            return found
    aliases = {row["alias"]: row["city_id"] for row in await db.rows("SELECT alias, city_id FROM city_aliases")}
    guess = _closest_alias(key, aliases)
    if guess is not None:
        found = await db.row("SELECT * FROM cities WHERE id = ?", (aliases[guess],))
        if found:
            return found
    names = [row["name"] for row in await db.rows("SELECT name FROM cities ORDER BY name")]
    raise ToolError(f"unknown {field} '{text}'; sandbox cities are: {', '.join(names)}")


def _closest_alias(key: str, aliases: dict[str, str]) -> str | None:
    """The alias a garbled name most likely means: a name written inside it as whole words ('b beijing',
    'beijing city'), longest first; a code beside airport words ('jfk airport'); else a close spelling
    ('pekin', 'tokio') at most one letter longer or shorter. None when nothing is close.

    Three-letter codes match only on their own: inside other names or as spellings they mistake real cities
    for sandbox ones ('Ho Chi Minh City' is not Chicago's CHI, 'Lyon' not London's LON, 'Xiamen' not Xi'an).
    """
    words = _WORDS.findall(key)
    padded = f" {' '.join(words)} "
    names = [alias for alias in aliases if len(alias) > 3]
    inside = [alias for alias in names if f" {alias} " in padded]
    if inside:
        return max(inside, key=len)
    codes = [word for word in words if word not in _AIRPORT_WORDS]
    if len(codes) == 1 and codes[0] in aliases:
        return codes[0]
    close = [alias for alias in difflib.get_close_matches(key, names, n=3, cutoff=0.8)
             if abs(len(alias) - len(key)) <= 1]
    return close[0] if close else None


def _window(db: SandboxDB, first_offset: int, days: int) -> tuple[date, date]:
    return db.today + timedelta(days=first_offset), db.today + timedelta(days=first_offset + days - 1)


def day(db: SandboxDB, text: str, *, field: str = "date", first_offset: int = 0, days: int = 1) -> date:
    """The date ``text`` names, which must fall in the data's window ``today+first_offset`` for ``days`` days."""
    try:
        value = resolve_date(text, db.today)
    except ValueError as exc:
        raise ToolError(f"{field}: {exc}") from exc
    first, last = _window(db, first_offset, days)
    if not first <= value <= last:
        raise ToolError(f"{field} '{text}' is {value.isoformat()}, outside the sandbox data, which covers "
                        f"{first.isoformat()} to {last.isoformat()}")
    return value


def day_range(db: SandboxDB, text: str, *, field: str = "dates", first_offset: int = 0,
              days: int = 1) -> tuple[date, date]:
    """The inclusive dates ``text`` names, clipped to the data's window; a ToolError if none fall in it."""
    try:
        start, end = resolve_date_range(text, db.today)
    except ValueError as exc:
        raise ToolError(f"{field}: {exc}") from exc
    first, last = _window(db, first_offset, days)
    if end < first or start > last:
        raise ToolError(f"{field} '{text}' is {start.isoformat()} to {end.isoformat()}, outside the sandbox "
                        f"data, which covers {first.isoformat()} to {last.isoformat()}")
    return max(start, first), min(end, last)


_PLACE_SOURCES = (
    ("attraction", "SELECT a.name, a.lat, a.lon, c.name AS city FROM attractions a JOIN cities c ON c.id = a.city_id "
                   "WHERE lower(a.name) LIKE ? AND (? IS NULL OR a.city_id = ?) ORDER BY length(a.name), a.id LIMIT 1"),
    ("hotel", "SELECT h.name, h.lat, h.lon, c.name AS city FROM hotels h JOIN cities c ON c.id = h.city_id "
              "WHERE lower(h.name) LIKE ? AND (? IS NULL OR h.city_id = ?) ORDER BY length(h.name), h.id LIMIT 1"),
    ("restaurant", "SELECT r.name, r.lat, r.lon, c.name AS city FROM restaurants r JOIN cities c ON c.id = r.city_id "
                   "WHERE lower(r.name) LIKE ? AND (? IS NULL OR r.city_id = ?) ORDER BY length(r.name), r.id LIMIT 1"),
)


def _coordinates(text: str) -> tuple[float, float] | None:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        return None
    try:
        lat, lon = float(parts[0]), float(parts[1])
    except ValueError:
        return None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise ToolError(f"'{text}' is not a valid 'lat,lon': latitude must be -90..90 and longitude -180..180")
    return lat, lon


async def place(db: SandboxDB, text: str, city_id: str | None = None) -> dict[str, Any]:
    """A point from 'lat,lon' or the name of an attraction, hotel or restaurant (exact name first, then the
    shortest name containing the text; attractions before hotels before restaurants)."""
    if (point := _coordinates(text)) is not None:
        return {"name": f"{point[0]:.5f},{point[1]:.5f}", "kind": "coordinates", "lat": point[0], "lon": point[1]}
    key = " ".join(text.strip().lower().split())
    for pattern in (key, f"{key}%", f"%{key}%"):
        for kind, sql in _PLACE_SOURCES:
            found = await db.row(sql, (pattern, city_id, city_id))
            if found:
                return {**found, "kind": kind}
    raise ToolError(f"no attraction, hotel or restaurant named '{text}' in the sandbox; use a name from "
                    "attractions or hotels search, or coordinates as 'lat,lon'")
