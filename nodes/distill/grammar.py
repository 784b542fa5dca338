"""The training bank's phrasing grammar: each intent's cores composed with day placements, lead-ins, tails and
question shapes, so that values sit at every position among words that are not values.

Why: an adapter trained on one template per wording learns positions ("the words after 'trains from'"), and
then copies "rail tickets los angeles" as an origin. Composing a few dozen cores with where the day goes,
what comes before and after, and how the question is cased gives thousands of distinct requests from the same
facts. Only the ``train`` bank is composed; ``dev`` and ``heldout`` templates are used as written, and a
composed template equal to one of theirs is dropped (``normalise_template``).
"""

from __future__ import annotations

import random
import re
from datetime import date, timedelta

from nodes.distill.intents import Intent

DAY_PLACEMENTS = ["{core} {day}", "{day} {core}", "{core}, {day}", "{day}: {core}"]
# Train-only words around the request: greetings, asides and sign-offs that hold no value.
LEAD_INS = ["", "", "", "", "", "so ", "ok ", "hello, ", "yo ", "quick one: ", "question: ", "um ",
            "good morning! ", "hey there, ", "i'd like to know ", "help me out: ", "my boss asks: ", "wondering, "]
TAILS = ["", "", "", "", "", " for my trip", " for work", " for a friend", " thx", " ty", " if you can",
         " real quick", " cheers", " - need it now", " (asking for my mum)", " for my family", " asap thanks",
         " before i go", " for our holiday", ", just curious"]
_SLOT = re.compile(r"\{\w+\}")
_NOT_WORD = re.compile(r"[^\w{}]+")
MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]


def normalise_template(template: str) -> str:
    """A template's shape without slot names, case or punctuation: "Weather in {city} {day}?" and
    "weather in {town}, {when}" are the same template."""
    return " ".join(_NOT_WORD.sub(" ", _SLOT.sub("{}", template.lower())).split())


def composed_templates(intent: Intent, forbidden: set[str]) -> list[str]:
    """The training templates of ``intent``: each core (with ``{day}`` placed four ways when the intent takes a
    day and the core has none), minus any whose shape is in ``forbidden``."""
    out: list[str] = []
    for core in intent.templates["train"]:
        if "{day}" in core or not intent.dated:
            out.append(core)
        else:
            out.extend(p.format(core=core, day="{day}") for p in DAY_PLACEMENTS)
    return [t for t in dict.fromkeys(out) if normalise_template(t) not in forbidden]


def explicit_day(today: date, rng: random.Random) -> str:
    """A day written out as a rewritten follow-up or a careful user writes it ("on 2026-11-28", "december 1")."""
    day = today + timedelta(days=rng.randrange(0, 13))
    return rng.choice([f"on {day.isoformat()}", day.isoformat(), f"{MONTHS[day.month - 1]} {day.day}",
                       f"on {MONTHS[day.month - 1][:3]} {day.day}"])


def dress(request: str, rng: random.Random) -> str:
    """``request`` with a lead-in, a tail, and sometimes the shape of a typed question (capital, '?')."""
    text = rng.choice(LEAD_INS) + request.rstrip("?") + rng.choice(TAILS)
    if rng.random() < 0.25:
        text = text[:1].upper() + text[1:].rstrip("?!. ") + "?"
    return " ".join(text.split())
