"""What an output says once at its top and its nested records take for granted, written into each record so a
line about one record reads right on its own.

- Clock times of an output that names its IANA zone are that zone's local times ("sunset: 16:56 local time"): a
  bare "16:56" reads as UTC or as the reader's own time, a wrong answer no figure check catches. The zone is
  recognised by the IANA database (``zoneinfo``, read before any run: a blocking read inside a run fails under
  ``langgraph dev``), whatever its field is called.
- A record without its own ``currency`` is in its parent's: a day's "price: 94.7" under a top-level
  ``"currency": "USD"`` is 94.7 USD.
"""

from __future__ import annotations

import re
from typing import Any

from nodes.arguments.value_kinds import iana_zones

LOCAL = "local time"
CURRENCY_FIELD = "currency"
_CLOCK = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?$")


def output_zone(data: Any) -> str | None:
    """The IANA zone an output's top level names ("timezone": "Asia/Shanghai"), if any."""
    if not isinstance(data, dict):
        return None
    return next((v for v in data.values() if isinstance(v, str) and "/" in v and v in iana_zones()), None)


def with_output_context(data: Any) -> Any:
    """``data`` with clock times labelled local (when the output names its zone) and each record's currency
    filled in from its parent; anything else as is."""
    local = output_zone(data) is not None

    def fill(value: Any, currency: Any) -> Any:
        if isinstance(value, dict):
            own = value.get(CURRENCY_FIELD, currency)
            filled = {k: fill(v, own) for k, v in value.items()}
            if isinstance(currency, str) and CURRENCY_FIELD not in value:
                filled[CURRENCY_FIELD] = currency
            return filled
        if isinstance(value, list):
            return [fill(v, currency) for v in value]
        if local and isinstance(value, str) and _CLOCK.match(value):
            return f"{value} {LOCAL}"
        return value

    return fill(data, None)
