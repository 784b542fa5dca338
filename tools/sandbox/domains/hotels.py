"""Hotels in every city with a nightly price and rooms left for each night of the booking horizon."""

from __future__ import annotations

import sqlite3

from tools.sandbox.cities import CITIES, City
from tools.sandbox.geo import offset_point
from tools.sandbox.prices import COST_INDEX, local_price
from tools.sandbox.seeding import BOOKING_DAYS, GenContext

HOTELS_PER_CITY = 8
STYLE = ("Grand", "Royal", "Park", "Riverside", "Central", "Garden", "Skyline", "Heritage", "Harbour", "Metropole",
         "Lotus", "Summit", "Meridian", "Lantern", "Crown", "Maple")
KIND_BY_STARS = {2: ("Inn", "Hostel", "Budget Hotel"), 3: ("Hotel", "City Hotel", "Lodge"),
                 4: ("Hotel", "Suites", "Residences"), 5: ("Palace Hotel", "Grand Hotel", "Resort & Spa")}
STREETS = ("Station", "Market", "Park", "River", "Garden", "Temple", "Harbour", "Museum", "Lake", "Bridge")
STREET_KINDS = ("Road", "Street", "Avenue", "Lane")
AMENITIES = ("free wifi", "breakfast", "gym", "pool", "spa", "airport shuttle", "parking", "bar", "restaurant",
             "24h front desk", "laundry", "pet friendly")
BASE_NIGHT_USD = {2: 55, 3: 95, 4: 165, 5: 320}


def _hotels_for(city: City, rng, next_id: int) -> list[tuple]:
    names: set[str] = set()
    hotels = []
    for _ in range(HOTELS_PER_CITY):
        stars = rng.choices((2, 3, 4, 5), weights=(2, 3, 3, 2))[0]
        district = rng.choice(city.districts)
        while True:
            pattern = rng.randrange(3)
            kind = rng.choice(KIND_BY_STARS[stars])
            if pattern == 0:
                name = f"{rng.choice(STYLE)} {district} {kind}"
            elif pattern == 1:
                name = f"The {rng.choice(STYLE)} {kind} {city.name}"
            else:
                name = f"{city.name} {rng.choice(STYLE)} {kind}"
            if name not in names:
                names.add(name)
                break
        lat, lon = offset_point(city.lat, city.lon, rng.uniform(-4, 4), rng.uniform(-4, 4))
        address = f"{rng.randint(1, 388)} {rng.choice(STREETS)} {rng.choice(STREET_KINDS)}, {district}"
        picked = rng.sample(AMENITIES, k=3 + stars)
        amenities = ", ".join(a for a in AMENITIES if a in picked)
        rating = round(min(9.8, max(6.0, 6.2 + stars * 0.6 + rng.gauss(0, 0.5))), 1)
        hotels.append((next_id + len(hotels), city.id, name, stars, rating, address, district, lat, lon, amenities,
                       city.currency))
    return hotels


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("hotels")
    days = ctx.days(BOOKING_DAYS)
    hotels, rates = [], []
    for city in CITIES:
        for hotel in _hotels_for(city, rng, len(hotels) + 1):
            hotels.append(hotel)
            hotel_id, stars = hotel[0], hotel[3]
            base = BASE_NIGHT_USD[stars] * COST_INDEX[city.id] * rng.uniform(0.85, 1.2)
            rooms = rng.randint(4, 30)
            for i, day in enumerate(days):
                weekend = 1.18 if day.weekday() in (4, 5) else 1.0
                late = 1.1 if i < 3 else 1.0
                price = local_price(base * weekend * late * rng.uniform(0.92, 1.1), city.currency)
                left = 0 if rng.random() < 0.05 else rng.randint(1, rooms)
                rates.append((hotel_id, day.isoformat(), price, left))
    conn.executemany("INSERT INTO hotels VALUES (?,?,?,?,?,?,?,?,?,?,?)", hotels)
    conn.executemany("INSERT INTO hotel_rates VALUES (?,?,?,?)", rates)
