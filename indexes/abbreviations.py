"""Shorthand people type into a search box, read as the word it stands for when the catalogue uses that word:
"headcount marketing dept?" asks about departments, "avg salary" about the average, "acct no" about an account.

Why: neither the encoder nor BM25 knows that "dept" is "department", so a terse question matched no server above
the match floor and went to web search. The table is everyday English shorthand, no server's vocabulary; a word
is expanded only when its expansion (or that word's plural) is a word of the catalogue's own rows, so a
catalogue without departments keeps "dept" as typed.
"""

from __future__ import annotations

import re
from collections.abc import Container

# "# orders bluewater": a number sign before a word counts what the word names ("order #74" is a number)
COUNT_SIGN = re.compile(r"(?<![\w#])#\s*(?=[A-Za-z])")

SHORTHAND = {
    "dept": "department", "depts": "departments", "qty": "quantity", "avg": "average", "amt": "amount",
    "acct": "account", "addr": "address", "bday": "birthday", "mgr": "manager", "emp": "employee",
    "emps": "employees", "yr": "year", "yrs": "years", "mo": "month", "mos": "months", "wk": "week",
    "wks": "weeks", "hr": "hour", "hrs": "hours", "tz": "timezone", "pw": "password", "pwd": "password",
    "num": "number", "ref": "reference", "conf": "confirmation", "info": "information", "temp": "temperature",
    "pct": "percent", "calc": "calculate", "hq": "headquarters", "org": "organization", "ppl": "people",
    "msg": "message", "appt": "appointment", "desc": "description", "qtr": "quarter", "approx": "approximately",
    "tmrw": "tomorrow", "tmr": "tomorrow", "tix": "tickets", "pics": "pictures", "docs": "documents",
}


def expansion(word: str, vocabulary: Container[str]) -> str | None:
    """The word ``word`` is shorthand for, when the catalogue uses it; None otherwise."""
    full = SHORTHAND.get(word.lower())
    if full is None:
        return None
    return full if full in vocabulary or f"{full}s" in vocabulary or full.removesuffix("s") in vocabulary else None
