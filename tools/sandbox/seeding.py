"""What every domain generator shares: the seed, the sandbox's today, and the horizons it covers."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo

FORECAST_DAYS = 14  # weather: today and the 13 days after it
BOOKING_DAYS = 60  # flights, trains and hotel nights: today and the 59 days after it
TABLE_DAYS = 14  # restaurant tables can be reserved this far ahead
HISTORY_DAYS = 30  # stock prices and exchange rates: the 30 days up to today


@dataclass(frozen=True)
class GenContext:
    """One generation run. Each domain draws from its own stream so domains stay independent."""

    seed: int
    today: date

    def rng(self, domain: str) -> random.Random:
        # A str seed is hashed with SHA-512 by ``random``, so the stream is the same on every machine.
        return random.Random(f"tura-sandbox:{self.seed}:{domain}")

    def days(self, count: int, start_offset: int = 0) -> list[date]:
        return [self.today + timedelta(days=start_offset + i) for i in range(count)]


@cache
def utc_offset_min(timezone: str, day: date) -> int:
    """The zone's UTC offset in minutes at noon of ``day`` (daylight saving time included)."""
    offset = datetime(day.year, day.month, day.day, 12, tzinfo=ZoneInfo(timezone)).utcoffset()
    assert offset is not None
    return int(offset.total_seconds() // 60)
