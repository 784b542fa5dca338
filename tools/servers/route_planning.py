"""Order stops and estimate travel between them: the pure part of the routes server.

Distances are great-circle kilometres stretched by a detour factor per mode (streets are not straight);
times use typical urban speeds plus a fixed overhead (waiting for transit, parking a car). The order is
nearest-neighbour from the start, improved by 2-opt, which is optimal or close to it for ten stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from tools.sandbox.geo import haversine_km

Mode = Literal["walk", "drive", "transit"]


class Profile(NamedTuple):
    detour: float  # route length / straight-line length
    kmh: float  # average speed over the route
    overhead_min: float  # fixed time per leg
    long_kmh: float  # speed beyond the first 20 km (motorways, express lines)


PROFILES: dict[str, Profile] = {
    "walk": Profile(detour=1.25, kmh=4.8, overhead_min=0, long_kmh=4.8),
    "drive": Profile(detour=1.35, kmh=26, overhead_min=5, long_kmh=75),
    "transit": Profile(detour=1.3, kmh=20, overhead_min=8, long_kmh=45),
}


class Point(NamedTuple):
    name: str
    lat: float
    lon: float


def leg(a: Point, b: Point, mode: str) -> dict[str, float | str]:
    """Straight-line and estimated route distance (km) and minutes from ``a`` to ``b``."""
    profile = PROFILES[mode]
    straight = haversine_km(a.lat, a.lon, b.lat, b.lon)
    route = straight * profile.detour
    near, far = min(route, 20.0), max(0.0, route - 20.0)
    minutes = 60 * (near / profile.kmh + far / profile.long_kmh) + (profile.overhead_min if straight > 0.05 else 0)
    return {"from": a.name, "to": b.name, "straight_km": round(straight, 2), "distance_km": round(route, 2),
            "minutes": round(minutes)}


def _length(order: Sequence[int], dist: list[list[float]], loop: bool) -> float:
    total = sum(dist[order[i]][order[i + 1]] for i in range(len(order) - 1))
    return total + (dist[order[-1]][order[0]] if loop else 0.0)


def order_stops(points: Sequence[Point], *, loop: bool = False) -> list[int]:
    """Indexes of ``points`` in visiting order; index 0 (the start) stays first."""
    n = len(points)
    dist = [[haversine_km(p.lat, p.lon, q.lat, q.lon) for q in points] for p in points]
    order, left = [0], set(range(1, n))
    while left:
        last = order[-1]
        nearest = min(left, key=lambda j: (dist[last][j], j))
        order.append(nearest)
        left.remove(nearest)
    improved = True
    while improved:
        improved = False
        for i in range(1, n - 1):
            for j in range(i + 1, n):
                candidate = order[:i] + order[i:j + 1][::-1] + order[j + 1:]
                if _length(candidate, dist, loop) < _length(order, dist, loop) - 1e-9:
                    order, improved = candidate, True
    return order


def itinerary(points: Sequence[Point], mode: str, *, loop: bool = False, optimise: bool = True) -> dict:
    """Stops in order with per-leg estimates and totals; ``loop`` returns to the start at the end."""
    order = order_stops(points, loop=loop) if optimise else list(range(len(points)))
    stops = [points[i] for i in order] + ([points[order[0]]] if loop else [])
    legs = [leg(stops[i], stops[i + 1], mode) for i in range(len(stops) - 1)]
    return {
        "mode": mode, "order": [s.name for s in stops], "legs": legs,
        "total_distance_km": round(sum(float(x["distance_km"]) for x in legs), 2),
        "total_minutes": sum(int(x["minutes"]) for x in legs),
    }
