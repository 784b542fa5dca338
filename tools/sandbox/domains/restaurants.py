"""Restaurants per city (local and international cuisines) and their bookable tables for two weeks."""

from __future__ import annotations

import random
import sqlite3

from tools.sandbox.cities import CITIES, City
from tools.sandbox.dates import WEEKDAYS
from tools.sandbox.geo import offset_point
from tools.sandbox.prices import COST_INDEX, local_price
from tools.sandbox.seeding import TABLE_DAYS, GenContext

RESTAURANTS_PER_CITY = 8
LOCAL_CUISINES: dict[str, tuple[str, ...]] = {
    "CN": ("Cantonese", "Sichuan", "hot pot", "dumplings", "noodles"), "HK": ("Cantonese", "dim sum", "seafood"),
    "JP": ("sushi", "ramen", "izakaya", "tempura"), "KR": ("Korean barbecue", "Korean", "fried chicken"),
    "SG": ("hawker", "Peranakan", "seafood"), "TH": ("Thai", "street food", "seafood"),
    "US": ("American", "steakhouse", "burgers", "pizza"), "CA": ("Canadian", "seafood", "brunch"),
    "MX": ("Mexican", "tacos", "seafood"), "BR": ("Brazilian", "churrascaria", "Japanese-Brazilian"),
    "GB": ("British", "gastropub", "Indian"), "FR": ("French", "bistro", "patisserie"),
    "DE": ("German", "Turkish", "beer garden"), "ES": ("Spanish", "tapas", "Catalan"),
    "IT": ("Italian", "pizza", "trattoria"), "NL": ("Dutch", "Indonesian", "brunch"),
    "CH": ("Swiss", "fondue", "Italian"), "TR": ("Turkish", "kebab", "meze"), "AE": ("Emirati", "Lebanese", "Indian"),
    "EG": ("Egyptian", "koshari", "grill"), "IN": ("North Indian", "South Indian", "street food"),
    "AU": ("modern Australian", "seafood", "cafe"),
}
CITY_SPECIALITIES = {"beijing": "Peking duck", "shanghai": "Shanghainese", "chengdu": "Sichuan",
                     "xian": "Shaanxi noodles", "hangzhou": "Hangzhou cuisine", "osaka": "okonomiyaki",
                     "barcelona": "Catalan", "rome": "Roman", "mumbai": "Maharashtrian", "delhi": "Mughlai"}
INTERNATIONAL = ("Italian", "Japanese", "French", "Indian", "vegetarian", "Middle Eastern", "Vietnamese")
WORDS = ("Golden", "Jade", "Old Town", "Blue Door", "Little", "Corner", "Red Lantern", "Olive", "Harbour", "Copper",
         "Saffron", "Lucky", "Silver Spoon", "Bamboo", "Fig Tree", "Lighthouse", "Ember", "Salt")
PLACES = ("Kitchen", "House", "Bistro", "Table", "Garden", "Canteen", "Dining Room", "Grill", "Eatery")
MEAL_USD = {1: 12, 2: 28, 3: 55, 4: 120}
SLOTS = ("12:00", "13:00", "18:00", "19:00", "20:00", "21:00")
HOURS = (("11:30", "22:00"), ("11:00", "23:00"), ("17:00", "23:30"), ("12:00", "15:00"))


def _cuisines(city: City) -> list[str]:
    local = list(LOCAL_CUISINES[city.country_code])
    if city.id in CITY_SPECIALITIES:
        local.insert(0, CITY_SPECIALITIES[city.id])
    return local


def _restaurants_for(city: City, rng: random.Random, next_id: int) -> list[tuple]:
    rows = []
    names: set[str] = set()
    local = _cuisines(city)
    for k in range(RESTAURANTS_PER_CITY):
        cuisine = local[k] if k < len(local) else rng.choice(INTERNATIONAL)
        name = f"{rng.choice(WORDS)} {rng.choice(PLACES)}"
        while name in names:
            name = f"{rng.choice(WORDS)} {rng.choice(PLACES)}"
        names.add(name)
        level = rng.choices((1, 2, 3, 4), weights=(3, 4, 3, 1))[0]
        lat, lon = offset_point(city.lat, city.lon, rng.uniform(-3, 3), rng.uniform(-3, 3))
        opens, closes = rng.choices(HOURS, weights=(5, 3, 3, 1))[0]
        closed_on = rng.choice(WEEKDAYS).capitalize() if rng.random() < 0.4 else None
        rows.append((
            next_id + k, city.id, name, cuisine, level, round(min(4.9, max(3.4, rng.gauss(4.3, 0.3))), 1),
            f"{rng.randint(1, 240)} {rng.choice(('Market', 'Garden', 'Church', 'Canal', 'Hill'))} Street, "
            f"{rng.choice(city.districts)}", lat, lon, opens, closes, closed_on,
            local_price(MEAL_USD[level] * COST_INDEX[city.id] * rng.uniform(0.85, 1.2), city.currency),
            city.currency,
        ))
    return rows


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("restaurants")
    restaurants, slots = [], []
    days = ctx.days(TABLE_DAYS)
    for city in CITIES:
        for row in _restaurants_for(city, rng, len(restaurants) + 1):
            restaurants.append(row)
            restaurant_id, opens, closes, closed_on = row[0], row[9], row[10], row[11]
            capacity = rng.choice((16, 24, 32, 48))
            for day in days:
                if closed_on and WEEKDAYS[day.weekday()] == closed_on.lower():
                    continue
                for slot in SLOTS:
                    if opens <= slot and slot < closes:
                        free = 0 if rng.random() < 0.1 else rng.randint(2, capacity)
                        slots.append((restaurant_id, day.isoformat(), slot, free))
    conn.executemany("INSERT INTO restaurants VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)", restaurants)
    conn.executemany("INSERT INTO restaurant_slots VALUES (?,?,?,?)", slots)
