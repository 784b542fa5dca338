"""Intercity trains on real rail corridors, both directions, for the booking horizon.

Corridors, operators and typical journey times follow the real services (for example Beijing-Shanghai
high-speed rail, Eurostar London-Paris, Amtrak Acela New York-Washington); timetables and fares are
synthetic. Fares are in the origin's currency, per seat.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, time, timedelta
from typing import NamedTuple

from tools.sandbox.cities import CITIES
from tools.sandbox.seeding import BOOKING_DAYS, GenContext, utc_offset_min


class Service(NamedTuple):
    operator: str
    prefix: str
    classes: tuple[tuple[str, float], ...]  # seat class and its fare relative to the cheapest class
    fare_per_km: float  # cheapest class, in the origin's currency


CHINA = Service("China Railway", "G", (("second class", 1.0), ("first class", 1.6), ("business class", 3.1)), 0.46)
JAPAN = Service("JR Central", "Nozomi ", (("ordinary", 1.0), ("green car", 1.4)), 25.5)
EUROSTAR = Service("Eurostar", "ES ", (("standard", 1.0), ("plus", 1.6), ("premier", 2.6)), 0.22)
SNCF = Service("SNCF", "TGV ", (("second class", 1.0), ("first class", 1.45)), 0.14)
LYRIA = Service("TGV Lyria", "TGV ", (("standard", 1.0), ("business", 1.7)), 0.17)
RENFE = Service("Renfe", "AVE ", (("standard", 1.0), ("comfort", 1.4), ("premium", 1.9)), 0.12)
DB = Service("Deutsche Bahn", "ICE ", (("second class", 1.0), ("first class", 1.6)), 0.13)
AMTRAK = Service("Amtrak", "", (("coach", 1.0), ("business", 1.6), ("first", 2.6)), 0.21)
VIA = Service("Amtrak / VIA Rail", "Maple Leaf ", (("coach", 1.0), ("business", 1.5)), 0.12)
NSW = Service("NSW TrainLink", "XPT ", (("economy", 1.0), ("first class", 1.4), ("sleeper", 3.0)), 0.12)
INDIA = Service("Indian Railways", "Rajdhani ", (("AC 3-tier", 1.0), ("AC 2-tier", 1.4), ("AC first class", 2.3)),
                1.9)

# (city a, city b, rail km, typical minutes, daily departures each way, service)
CORRIDORS: tuple[tuple[str, str, int, int, int, Service], ...] = (
    ("beijing", "shanghai", 1318, 270, 14, CHINA),
    ("beijing", "guangzhou", 2298, 480, 8, CHINA),
    ("beijing", "shenzhen", 2400, 520, 5, CHINA),
    ("beijing", "hong-kong", 2440, 535, 1, CHINA),
    ("beijing", "xian", 1216, 275, 10, CHINA),
    ("beijing", "hangzhou", 1279, 280, 8, CHINA),
    ("beijing", "chengdu", 1870, 450, 5, CHINA),
    ("shanghai", "hangzhou", 159, 50, 20, CHINA),
    ("shanghai", "guangzhou", 1790, 420, 6, CHINA),
    ("shanghai", "shenzhen", 1650, 460, 5, CHINA),
    ("shanghai", "hong-kong", 1990, 500, 1, CHINA),
    ("shanghai", "xian", 1510, 360, 5, CHINA),
    ("shanghai", "chengdu", 1960, 660, 4, CHINA),
    ("guangzhou", "shenzhen", 102, 35, 20, CHINA),
    ("guangzhou", "hong-kong", 142, 50, 12, CHINA),
    ("shenzhen", "hong-kong", 30, 18, 20, CHINA),
    ("guangzhou", "chengdu", 1600, 420, 6, CHINA),
    ("xian", "chengdu", 658, 190, 10, CHINA),
    ("hangzhou", "guangzhou", 1400, 390, 6, CHINA),
    ("tokyo", "osaka", 553, 150, 20, JAPAN),
    ("london", "paris", 492, 137, 12, EUROSTAR),
    ("london", "amsterdam", 570, 235, 4, EUROSTAR),
    ("paris", "amsterdam", 540, 200, 8, EUROSTAR),
    ("paris", "berlin", 1090, 490, 1, DB),
    ("paris", "barcelona", 1040, 400, 2, SNCF),
    ("paris", "zurich", 610, 245, 6, LYRIA),
    ("madrid", "barcelona", 621, 150, 16, RENFE),
    ("berlin", "amsterdam", 650, 370, 6, DB),
    ("berlin", "zurich", 850, 500, 4, DB),
    ("new-york", "washington", 362, 175, 14, AMTRAK),
    ("new-york", "chicago", 1540, 1150, 1, AMTRAK),
    ("new-york", "toronto", 870, 750, 1, VIA),
    ("sydney", "melbourne", 960, 660, 2, NSW),
    ("mumbai", "delhi", 1386, 960, 2, INDIA),
)


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("trains")
    random = rng.random
    currency = {c.id: c.currency for c in CITIES}
    zone = {c.id: c.timezone for c in CITIES}
    days = ctx.days(BOOKING_DAYS)
    day_text = [d.isoformat() for d in days]
    trains, seats = [], []
    number = 0
    for a, b, km, minutes, per_day, service in CORRIDORS:
        for origin, dest in ((a, b), (b, a)):
            first_departure = 6 * 60 + rng.randrange(0, 60, 5)
            span = 22 * 60 - first_departure
            timetable = []
            for k in range(per_day):
                if per_day == 1:
                    depart = rng.choice((8 * 60, 9 * 60 + 30, 15 * 60, 19 * 60 + 40))
                else:
                    depart = first_departure + (span * k // (per_day - 1) // 5) * 5
                duration = int(round(minutes * rng.uniform(0.95, 1.12) / 5) * 5)
                number += rng.randint(1, 9)
                timetable.append((f"{service.prefix}{number}", f"{depart // 60:02d}:{depart % 60:02d}", depart,
                                  duration))
            base = km * service.fare_per_km
            for day, text in zip(days, day_text, strict=True):
                # London-Paris and New York-Chicago cross a time zone: arrival is on the destination's clock
                shift = utc_offset_min(zone[dest], day) - utc_offset_min(zone[origin], day)
                busy = 1.15 if day.weekday() in (4, 6) else 1.0
                for train_no, clock, depart, duration in timetable:
                    train_id = len(trains) + 1
                    arrive = datetime.combine(day, time()) + timedelta(minutes=depart + duration + shift)
                    trains.append((train_id, train_no, service.operator, origin, dest, text, f"{text}T{clock}",
                                   arrive.isoformat(timespec="minutes"), duration))
                    for seat_class, ratio in service.classes:
                        price = round(base * ratio * busy * (0.92 + 0.18 * random()), 2)
                        capacity = 400 if ratio == 1.0 else 60
                        seats.append((train_id, seat_class, price, currency[origin],
                                      0 if random() < 0.05 else 1 + int(capacity * random())))
    conn.executemany("INSERT INTO trains VALUES (?,?,?,?,?,?,?,?,?)", trains)
    conn.executemany("INSERT INTO train_seats VALUES (?,?,?,?,?)", seats)
