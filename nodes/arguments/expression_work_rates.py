"""Work shared among workers at the same pace: the time falls as the workers rise ("3 painters need 14 hours
for a job; how many hours would 7 painters need" is 3*14/7), while an amount of work grows with them ("3
painters paint 12 rooms a week; 7 painters?" is read by the proportion rule of expression_rules.py).

Why its own module: the same sentence shape is a direct or an inverse proportion, told apart only by whether
the quantity asked is a span of time.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_placeholders import N

_TIME = r"(hours?|hrs?|days?|minutes?|mins?|weeks?|months?)"
_NO_NUMBER = r"(?: (?![NP]\d)\S+)"
# "3 painters need 14 hours ... how many hours would 7 painters need"
_CREW = re.compile(rf"{N} ([a-z]+?)s? (?:need|needs|take|takes|took|needed|require|requires|can do it in|finish in|do it in)"
                   rf"{_NO_NUMBER}{{0,2}}? {N} {_TIME}\b{_NO_NUMBER}{{0,16}}? {N} \2s?\b")


def shared_work(normalised: str) -> list[str]:
    """The time ``normalised`` (numbers as N<i>) asks a crew of another size to need; [] when it asks none."""
    crew = _CREW.search(normalised)
    if crew is None or crew[1] == crew[5] or not re.search(r"\bhow (?:many|much|long)\b", normalised):
        return []
    return [f"{crew[1]}*{crew[3]}/{crew[5]}"]
