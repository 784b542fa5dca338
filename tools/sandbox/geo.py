"""Great-circle distance, used to build the sandbox and by the servers that answer from it."""

from __future__ import annotations

from math import asin, cos, radians, sin, sqrt

EARTH_RADIUS_KM = 6371.0088


def haversine_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Distance in kilometres between two points on the Earth's surface."""
    phi1, phi2 = radians(lat1), radians(lat2)
    dphi, dlmb = phi2 - phi1, radians(lon2 - lon1)
    h = sin(dphi / 2) ** 2 + cos(phi1) * cos(phi2) * sin(dlmb / 2) ** 2
    return 2 * EARTH_RADIUS_KM * asin(min(1.0, sqrt(h)))


def offset_point(lat: float, lon: float, north_km: float, east_km: float) -> tuple[float, float]:
    """A point ``north_km`` north and ``east_km`` east of (lat, lon), rounded to about 10 m."""
    new_lat = lat + north_km / 111.32
    new_lon = lon + east_km / (111.32 * max(0.1, cos(radians(lat))))
    return round(new_lat, 5), round(new_lon, 5)
