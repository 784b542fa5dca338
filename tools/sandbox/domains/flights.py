"""Daily non-stop flights between every pair of sandbox cities for the booking horizon.

Each route has a fixed timetable (same flight numbers and clock times every day, as airlines publish);
fares and seats left vary by day, rising as departure nears and at weekends. Fares are in USD.
"""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from functools import cache
from math import exp
from typing import NamedTuple

from tools.sandbox.cities import CITIES, City
from tools.sandbox.geo import haversine_km
from tools.sandbox.seeding import BOOKING_DAYS, GenContext, utc_offset_min

AIRLINES: dict[str, tuple[tuple[str, str], ...]] = {
    "CN": (("CA", "Air China"), ("MU", "China Eastern Airlines"), ("CZ", "China Southern Airlines"),
           ("HU", "Hainan Airlines")),
    "HK": (("CX", "Cathay Pacific"),),
    "JP": (("JL", "Japan Airlines"), ("NH", "All Nippon Airways")),
    "KR": (("KE", "Korean Air"), ("OZ", "Asiana Airlines")),
    "SG": (("SQ", "Singapore Airlines"),),
    "TH": (("TG", "Thai Airways"),),
    "US": (("UA", "United Airlines"), ("AA", "American Airlines"), ("DL", "Delta Air Lines")),
    "CA": (("AC", "Air Canada"),),
    "MX": (("AM", "Aeroméxico"),),
    "BR": (("LA", "LATAM Airlines"),),
    "GB": (("BA", "British Airways"), ("VS", "Virgin Atlantic")),
    "FR": (("AF", "Air France"),),
    "DE": (("LH", "Lufthansa"),),
    "ES": (("IB", "Iberia"), ("VY", "Vueling")),
    "IT": (("AZ", "ITA Airways"),),
    "NL": (("KL", "KLM"),),
    "CH": (("LX", "Swiss International Air Lines"),),
    "TR": (("TK", "Turkish Airlines"),),
    "AE": (("EK", "Emirates"),),
    "EG": (("MS", "EgyptAir"),),
    "IN": (("AI", "Air India"), ("6E", "IndiGo")),
    "AU": (("QF", "Qantas"), ("VA", "Virgin Australia")),
}
SHORT_HAUL = ("Airbus A320neo", "Boeing 737-800", "Airbus A321neo")
LONG_HAUL = ("Boeing 787-9", "Airbus A350-900", "Boeing 777-300ER")


class Scheduled(NamedTuple):
    id: int
    flight_no: str
    airline: str
    origin: City
    dest: City
    depart_min: int
    duration_min: int
    aircraft: str
    distance_km: int
    base_fare: float
    business_ratio: float


def daily_frequency(distance_km: float) -> int:
    """Flights a day each way: short hops are frequent, the longest routes fly once a day."""
    if distance_km < 1200:
        return 4
    if distance_km < 3500:
        return 3
    return 2 if distance_km < 8000 else 1


def _timetable(ctx: GenContext) -> list[Scheduled]:
    rng = ctx.rng("flights:timetable")
    counters: dict[str, int] = {}
    timetable: list[Scheduled] = []
    for origin in CITIES:
        for dest in CITIES:
            if origin.id == dest.id:
                continue
            distance = haversine_km(origin.lat, origin.lon, dest.lat, dest.lon)
            carriers = AIRLINES[origin.country_code] + AIRLINES[dest.country_code]
            slots = sorted(rng.sample(range(6 * 12, 23 * 12), daily_frequency(distance)))  # 5-minute slots
            duration = int(round((40 + distance / 820 * 60) * rng.uniform(0.97, 1.06) / 5) * 5)
            for slot in slots:
                code, airline = carriers[rng.randrange(len(carriers))]
                counters[code] = counters.get(code, 100) + rng.randint(1, 7)
                timetable.append(Scheduled(
                    len(timetable) + 1, f"{code}{counters[code]}", airline, origin, dest, slot * 5, duration,
                    rng.choice(SHORT_HAUL if distance < 4500 else LONG_HAUL), round(distance),
                    (45 + 0.075 * distance) * rng.uniform(0.8, 1.25), 3.8 if distance >= 4500 else 3.0,
                ))
    return timetable


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("flights:fares")
    days = ctx.days(BOOKING_DAYS)
    day_text = [d.isoformat() for d in days]
    demand = [(1.0 + 0.6 * exp(-i / 6)) * (1.12 if d.weekday() in (4, 6) else 1.0) for i, d in enumerate(days)]
    offsets = {c.id: [utc_offset_min(c.timezone, d) for d in days] for c in CITIES}

    @cache
    def stamp(day_index: int, minute: int) -> str:
        day_shift, minute = divmod(minute, 1440)
        return f"{(days[day_index] + timedelta(days=day_shift)).isoformat()}T{minute // 60:02d}:{minute % 60:02d}"

    timetable = _timetable(ctx)
    conn.executemany("INSERT INTO flight_schedules VALUES (?,?,?,?,?,?,?,?,?)", [
        (f.id, f.flight_no, f.airline, f.origin.id, f.dest.id, f"{f.depart_min // 60:02d}:{f.depart_min % 60:02d}",
         f.duration_min, f.aircraft, f.distance_km) for f in timetable
    ])
    rows = []
    random = rng.random
    for f in timetable:
        origin_offsets, dest_offsets = offsets[f.origin.id], offsets[f.dest.id]
        for i in range(BOOKING_DAYS):
            arrive = f.depart_min + f.duration_min - origin_offsets[i] + dest_offsets[i]
            fare = round(f.base_fare * demand[i] * (0.85 + 0.35 * random()), 2)
            economy = 0 if random() < 0.04 else 1 + int(160 * random())
            rows.append((len(rows) + 1, f.id, day_text[i], stamp(i, f.depart_min), stamp(i, arrive), fare,
                         round(fare * f.business_ratio, 2), "USD", economy, int(25 * random())))
    conn.executemany("INSERT INTO flights VALUES (?,?,?,?,?,?,?,?,?,?)", rows)
