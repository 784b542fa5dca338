"""Fourteen-day forecasts that follow each city's climate for the season, with day-to-day weather noise.

The climate table gives southern cities their own warm month, so no hemisphere flip is needed here.
"""

from __future__ import annotations

import random
import sqlite3
from math import acos, cos, degrees, pi, radians, sin, tan

from tools.sandbox.cities import CITIES, City
from tools.sandbox.seeding import FORECAST_DAYS, GenContext, utc_offset_min


def _season_wave(month_pos: float, peak_month: float) -> float:
    return cos(2 * pi * (month_pos - peak_month) / 12)


def _declination(day_of_year: int) -> float:
    return radians(-23.44) * cos(2 * pi * (day_of_year + 10) / 365.25)


def _sun_times(city: City, day_of_year: int, offset_min: int) -> tuple[str, str, float]:
    """Sunrise, sunset (local clock) and the noon sun elevation in degrees."""
    decl = _declination(day_of_year)
    lat = radians(city.lat)
    hour_angle = degrees(acos(max(-1.0, min(1.0, -tan(lat) * tan(decl)))))
    solar_noon_min = 720 - 4 * city.lon + offset_min
    half_day = hour_angle * 4
    elevation = 90 - abs(city.lat - degrees(decl))

    def clock(minutes: float) -> str:
        minutes = round(minutes) % 1440
        return f"{minutes // 60:02d}:{minutes % 60:02d}"

    return clock(solar_noon_min - half_day), clock(solar_noon_min + half_day), elevation


def _condition(rng: random.Random, rainy: bool, high: float, precip_mm: float, cloud: float) -> str:
    if rainy:
        if high <= 1:
            return "snow"
        if high <= 4:
            return "sleet"
        if high >= 26 and rng.random() < 0.45:
            return "thunderstorms"
        return "light rain" if precip_mm < 3 else "rain"
    if cloud < 0.35:
        return "sunny"
    if cloud < 0.7:
        return "partly cloudy"
    return "fog" if cloud > 0.97 and high < 15 else "cloudy"


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("weather")
    rows = []
    for city in CITIES:
        climate = city.climate
        anomaly = rng.gauss(0, 2.0)
        for day in ctx.days(FORECAST_DAYS):
            day_of_year = day.timetuple().tm_yday
            month_pos = 0.5 + 12 * (day_of_year - 1) / 365.25
            seasonal = climate.mean_c + climate.swing_c * _season_wave(month_pos, climate.warm_month)
            anomaly = 0.65 * anomaly + rng.gauss(0, 1.6)
            wet_chance = climate.wet * (1 + climate.wet_swing * _season_wave(month_pos, climate.wet_peak))
            wet_chance = min(0.9, max(0.01, wet_chance))
            rainy = rng.random() < wet_chance
            mean = seasonal + anomaly - (1.2 if rainy else 0)
            spread = climate.diurnal_c * (0.7 if rainy else 1.0) * rng.uniform(0.85, 1.15)
            high = round(mean + spread / 2, 1)
            low = round(mean - spread / 2, 1)
            precip_mm = round(rng.expovariate(1 / 6) + 0.2, 1) if rainy else 0.0
            chance = wet_chance * 100 + (35 if rainy else -25) + rng.gauss(0, 8)
            chance = int(min(100, max(0, round(chance / 5) * 5)))
            cloud = rng.random()
            humidity = 35 + 45 * min(1.0, climate.wet * 2.2) + (15 if rainy else 0) + rng.gauss(0, 6)
            sunrise, sunset, elevation = _sun_times(city, day_of_year, utc_offset_min(city.timezone, day))
            uv = 12.5 * max(0.0, sin(radians(elevation))) ** 2.2 * (0.45 if rainy else 1.0 - 0.4 * cloud)
            rows.append((
                city.id, day.isoformat(), high, low, _condition(rng, rainy, high, precip_mm, cloud), chance,
                precip_mm, int(abs(rng.gauss(12, 6)) + 3), int(min(98, max(12, humidity))), int(round(uv)),
                sunrise, sunset,
            ))
    conn.executemany("INSERT INTO forecasts VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)

