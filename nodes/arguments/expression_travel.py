"""Distances, speeds and fuel, as word problems over the normalised request (numbers as N<i>,
nodes/arguments/expressions.py): "240 miles at 30 mpg, gas is 3.50 a gallon" is 240/30*3.50, "340 miles at
55 mph, how long" 340/55, "5 km in 27.5 minutes, my pace" 27.5/5.

Why its own module: these read units of length, volume and time against each other, and grow with every way a
trip is told; the rest of expression_rules.py reads money and shares.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N
_DISTANCE = r"(?:miles|mi|km|kms|kilometres|kilometers)"
_SPEED = r"(?:mph|kph|kmh|km ?/ ?h|(?:miles|km|kilometres|kilometers) (?:per|an|a|/) (?:hour|hr|h)\b)"

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def travel_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), best first."""
    return [
        # a distance driven each way, paid per unit of it: "drove 137 miles each way ..., reimbursed at 67 cents a
        # mile" is 137*2*67/100
        (re.compile(rf"{N} (?:km|kms|kilometers|kilometres|miles|mi) each way\b(?: \S+){{0,12}}? {N} (cents? )?"
                    rf"(?:a|per|/) (?:km|kilometer|kilometre|mile|mi)\b"),
         lambda m: [f"{m[1]}*2*{m[2]}" + ("/100" if m[3] else "")]),
        # a daily charge over the days away, and a fare each way: "parking is 22 a day, away 6 days, the shuttle is
        # 9 each way" is 22*6+2*9
        (re.compile(rf"{N} (?:a|per|/) day\b(?: \S+){{0,6}}? {N} (?:days|nights)\b(?: \S+){{0,8}}? {N} each way\b"),
         lambda m: [f"{m[1]}*{m[2]}+2*{m[3]}"]),
        # the fuel a trip burns at a stated economy: "my car manages 34 miles per gallon, how many gallons will a
        # 1,150-mile road trip burn"
        (re.compile(rf"{N} (?:miles|mi|km|kms|kilometers|kilometres) (?:per|a|an|/) (?:gallon|gal|litre|liter|l)\b"
                    rf"(?: \S+){{0,14}}? {N}(?: -)? ?(?:miles?|mi|km|kms|kilometers?|kilometres?)\b"),
         lambda m: [f"{m[2]}/{m[1]}"] if re.search(r"how many (?:gallons|gal|litres|liters)|\bfuel\b", m.string) else []),
        # fuel cost: "1200 km a month, 6.8 l per 100 km, fuel is 1.89 a litre"
        (re.compile(rf"{N} (?:km|kms|kilometers|kilometres|miles|mi)\b(?: \S+){{0,6}}? {N} (?:l|litres|liters|gallons|gal) "
                    rf"(?:per|every|/) {N} (?:km|kms|kilometers|kilometres|miles|mi)\b(?: \S+){{0,6}}? {N} (?:a|per|/) "
                    rf"(?:l|litre|liter|gallon|gal)\b"), lambda m: [f"{m[1]}*{m[2]}/{m[3]}*{m[4]}"]),
        # the same, the use written first: "6,8 litre on 100 km ... the trip is 540 km ... petrol is 1,72 per litre"
        (re.compile(rf"{N} (?:l|litres?|liters?)\b (?:on|per|every|/|for) {N} (?:km|kms|kilometers|kilometres|miles|mi)\b"
                    rf"(?: \S+){{0,12}}? {N} (?:km|kms|kilometers|kilometres|miles|mi)\b(?: \S+){{0,12}}? {N} (?:a|per|/) "
                    rf"(?:l|litre|liter)\b"), lambda m: [f"{m[3]}*{m[1]}/{m[2]}*{m[4]}"]),
        # fuel use: "driving 412 km it took 31.5 litres, litres per 100 km"
        (re.compile(rf"{N} (?:km|kms|kilometers|kilometres|miles|mi)\b(?: \S+){{0,8}}? {N} (?:litres|liters|l|gallons|gal)\b"
                    rf"(?: \S+){{0,8}}? per {N} (?:km|kms|kilometers|kilometres|miles|mi)\b"),
         lambda m: [f"{m[2]}/{m[1]}*{m[3]}"]),
        (re.compile(rf"{N} (?:litres|liters|l|gallons|gal)\b(?: \S+){{0,8}}? {N} (?:km|kms|kilometers|kilometres|miles|mi)\b"
                    rf"(?: \S+){{0,8}}? per {N} (?:km|kms|kilometers|kilometres|miles|mi)\b"),
         lambda m: [f"{m[1]}/{m[2]}*{m[3]}"]),
        # a distance at a speed: "a car goes 60 mph for 2.5 hours, how far"
        (re.compile(rf"{N} (?:mph|kph|kmh|km/h|(?:miles|km|kilometres|kilometers) (?:per|an|a) hour) for {N} "
                    rf"(?:hours|hrs|h)\b"), lambda m: [f"{m[1]}*{m[2]}"]),
        # a time to cover a distance at a speed: "340 miles at 55 mph, how long"
        (re.compile(rf"{N} {_DISTANCE}\b(?: \S+){{0,2}}? at {N} {_SPEED}"),
         lambda m: [f"{m[1]}/{m[2]}"] if re.search(r"how long|how many hours|how much time|time", m.string) else []),
        # fuel for a distance: "32 miles per gallon, how many gallons for 480 miles"
        (re.compile(rf"{N} {_DISTANCE} (?:per|a|an|to the|/) (?:gallon|gal|litre|liter|l)\b(?: \S+){{0,8}}? {N} "
                    rf"{_DISTANCE}\b"), lambda m: [f"{m[2]}/{m[1]}"]),
        # a speed or pace: "150 km in 2.5 hours, what's my average speed"
        (re.compile(rf"{N} (?:\w+ )?in {N} (?:hours?|hrs?|h|minutes?|mins?|seconds?|secs?|days?|weeks?)"
                    rf"(?=.*\b(?:speed|average|pace|rate|per)\b)"),
         # a pace is the time over the distance: "5 km in 27.5 minutes, my pace in minutes per km"
         lambda m: [f"{m[2]}/{m[1]}", f"{m[1]}/{m[2]}"]
         if re.search(r"\bpace\b|\b(?:minutes?|mins?|seconds?|secs?) (?:per|a|an|/) ", m.string) else [f"{m[1]}/{m[2]}"]),
        # fuel for a trip: "240 miles at 30 mpg, gas is 3.50 a gallon, how much"
        (re.compile(rf"{N} (?:{_DISTANCE}|mile|kilometre|kilometer)\b(?: \S+){{0,8}}? {N} (?:mpg|miles per gallon|(?:km|kilometres|kilometers) per "
                    rf"(?:litre|liter))\b(?: \S+){{0,8}}? {N} (?:a|per|/) (?:gallon|gal|litre|liter|l)\b"),
         lambda m: [f"{m[1]}/{m[2]}*{m[3]}"]),
    ]
