"""The oracle teacher: sub-task requests for the built-in servers, generated from the sandbox database, each with
its known-correct tool call.

A request comes from an intent's phrasing template filled with sandbox entities, roughened the way people type
(nodes/distill/phrasing.py). Its call is known by construction: the tool of the intent, the entities as the
request spells them, dates resolved by code from the words used (nodes/date_mentions.py), the way the executor
must decode them. Three disjoint banks of templates and entities: ``train`` for the trajectories (composed by
nodes/distill/grammar.py), ``dev`` for tuning the recipe and ``heldout`` for the numbers benchmarks/distill.py
reports. The held-out entities are those of the ``test`` split of benchmarks/answers.py (its cities, companies,
currency pairs), so neither the executor's training data nor its tuning ever sees them; the dev entities are a
few training-side ones kept out of training.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.property_kinds import is_query_property
from nodes.date_mentions import find_date_mentions
from nodes.distill.grammar import composed_templates, dress, explicit_day, normalise_template
from nodes.distill.intents import DAYS, INTENTS, Intent, Split
from nodes.distill.phrasing import roughen

# benchmarks/answers.py's test entities (benchmarks/make_answer_scenarios.py): held out of training.
HELDOUT_CITIES = ["Zurich", "Berlin", "Rome", "Barcelona", "Istanbul", "Cairo", "San Francisco", "Los Angeles",
                  "Hong Kong", "Melbourne", "Mexico City", "Chengdu", "New Delhi", "Guangzhou", "Shenzhen", "Xi'an"]
HELDOUT_COMPANIES = ["netflix", "amd", "intel", "boeing", "oracle", "exxon", "sony", "asml", "nestle", "hsbc"]
HELDOUT_PAIRS = [("USD", "EGP"), ("CHF", "EUR"), ("EUR", "TRY"), ("USD", "MXN"), ("HKD", "CNY"), ("CAD", "BRL")]
TRAIN_COMPANIES = ["apple", "microsoft", "google", "amazon", "nvidia", "tesla", "coca cola", "disney", "toyota",
                   "tencent", "meta", "visa", "jpmorgan", "ibm", "alibaba", "samsung", "sap", "shell", "lvmh",
                   "johnson & johnson", "berkshire", "moutai", "reliance", "dbs", "bhp", "tsmc"]
TRAIN_TYPO_RATE = 0.4
# Kept out of training for the dev bank (tuning), as the held-out ones are kept out of both.
DEV_CITIES = ["Osaka", "Toronto", "Madrid"]
DEV_COMPANIES = ["visa", "ibm", "samsung", "shell"]
DEV_PAIRS = [("GBP", "SGD"), ("JPY", "KRW"), ("AUD", "INR"), ("AED", "EUR")]
CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CNY", "HKD", "KRW", "SGD", "THB", "CAD", "AUD", "CHF", "AED", "INR",
              "TRY", "EGP", "BRL", "MXN"]
@dataclass(frozen=True)
class SubTask:
    """One executor request and its correct call."""

    request: str
    server: str
    tool: str
    arguments: dict[str, Any]
    template: str  # "<split>:<server>.<tool>:<n>", so splits can be told apart
    # Where each argument came from ("span", "date", "enum", "number"), for the rationale.
    sources: dict[str, str] = field(default_factory=dict)


@dataclass
class Entities:
    """The sandbox entities of one split."""

    cities: list[str]
    companies: list[str]
    pairs: list[tuple[str, str]]
    flight_nos: list[str]
    attractions: list[str]
    products: list[str]
    hotel_ids: list[int]
    restaurant_ids: list[int]
    product_ids: list[int]
    train_routes: list[tuple[str, str]] = field(default_factory=list)  # (origin, destination) with direct trains


def load_entities(sandbox: Path, split: Split) -> Entities:
    """The entities of ``split`` from the sandbox: held-out cities and their places, or all the others."""
    db = sqlite3.connect(f"file:{sandbox}?mode=ro", uri=True)
    try:
        cities = {row[0]: row[1] for row in db.execute("SELECT id, name FROM cities")}
        heldout_ids = {cid for cid, name in cities.items() if name in HELDOUT_CITIES}
        dev_ids = {cid for cid, name in cities.items() if name in DEV_CITIES}
        ids = {"heldout": heldout_ids, "dev": dev_ids}.get(split, set(cities) - heldout_ids - dev_ids)
        in_split = ",".join("?" * len(ids))
        pick = lambda sql: [r[0] for r in db.execute(sql.format(ids=in_split), tuple(ids))]  # noqa: E731
        products = [r[0] for r in db.execute("SELECT model FROM products ORDER BY id")]
        product_ids = [r[0] for r in db.execute("SELECT id FROM products ORDER BY id")]
        half = len(products) // 2
        # Products: the second half is held out; every fourth of the first half is dev's, the rest train's.
        share = {"heldout": lambda i: i >= half, "dev": lambda i: i < half and i % 4 == 3}.get(
            split, lambda i: i < half and i % 4 != 3)
        return Entities(
            cities=[cities[i] for i in sorted(ids)],
            companies={"heldout": HELDOUT_COMPANIES, "dev": DEV_COMPANIES}.get(
                split, [c for c in TRAIN_COMPANIES if c not in DEV_COMPANIES]),
            pairs={"heldout": HELDOUT_PAIRS, "dev": DEV_PAIRS}.get(split, [
                (a, b) for a in CURRENCIES for b in CURRENCIES
                if a != b and (a, b) not in HELDOUT_PAIRS and (a, b) not in DEV_PAIRS]),
            flight_nos=pick("SELECT DISTINCT flight_no FROM flight_schedules WHERE origin_id IN ({ids})"),
            attractions=pick("SELECT name FROM attractions WHERE city_id IN ({ids})"),
            products=[p for i, p in enumerate(products) if share(i)],
            hotel_ids=pick("SELECT id FROM hotels WHERE city_id IN ({ids})"),
            restaurant_ids=pick("SELECT id FROM restaurants WHERE city_id IN ({ids})"),
            product_ids=[p for i, p in enumerate(product_ids) if share(i)],
            train_routes=[(cities[a], cities[b]) for a, b in db.execute(
                f"SELECT DISTINCT origin_id, dest_id FROM trains WHERE origin_id IN ({in_split}) "
                f"AND dest_id IN ({in_split}) ORDER BY origin_id, dest_id", (*ids, *ids))],
        )
    finally:
        db.close()


def _slot_values(entities: Entities, rng: random.Random, split: Split, today: date) -> dict[str, Any]:
    city, city2 = rng.sample(entities.cities, 2)
    attraction, attraction2 = rng.sample(entities.attractions, 2)
    cur1, cur2 = rng.choice(entities.pairs)
    day = rng.choice(DAYS[split])
    if split == "train" and rng.random() < 0.15:
        day = explicit_day(today, rng)  # as rewritten follow-ups and careful users write a day
    return {
        "city": city, "city2": city2, "day": day, "company": rng.choice(entities.companies),
        "amount": rng.choice([20, 50, 75, 100, 120, 250, 300, 500, 1000, 1500]), "cur1": cur1, "cur2": cur2,
        "flight_no": rng.choice(entities.flight_nos), "attraction": attraction, "attraction2": attraction2,
        "product": rng.choice(entities.products), "hotel_id": rng.choice(entities.hotel_ids),
        "restaurant_id": rng.choice(entities.restaurant_ids), "product_id": rng.choice(entities.product_ids),
    }


def as_written(value: str, request: str) -> str | None:
    """``value`` as the request spells it ("tokyo" for Tokyo), or None when the request does not hold it."""
    at = request.lower().find(value.lower())
    return request[at:at + len(value)] if at >= 0 else None


def _resolve(intent: Intent, request: str, slots: dict[str, Any], today: date) -> tuple[dict[str, Any], dict[str, str]] | None:
    """The call's arguments for a filled ``request``, each as the executor must decode it: spans as the
    request spells them, dates resolved, a search query as the request's own words. None when a value cannot
    be read back from the request (a date phrase that does not resolve, a value the roughening broke)."""
    candidates = gather_candidates([request], [], today)
    arguments: dict[str, Any] = {}
    sources: dict[str, str] = {}
    for name, slot in intent.arguments.items():
        if is_query_property(name, {}):
            value = str(slots.get(slot, ""))
            spans = {s.lower(): s for s in candidates.spans}
            arguments[name] = spans.get(value.lower()) or candidates.requests[0]
            sources[name] = "span" if value.lower() in spans else "the request"
            continue
        if slot == "day":
            mentions = find_date_mentions(request, today)
            if len(mentions) != 1:
                return None
            arguments[name] = mentions[0].as_argument() if name == "dates" else mentions[0].first.isoformat()
            sources[name] = f"date of '{mentions[0].phrase}'"
        elif slot == "cities":
            written = [as_written(slots["city"], request), as_written(slots["city2"], request)]
            if None in written:
                return None
            arguments[name], sources[name] = written, "span"
        elif slot in ("cur1", "cur2"):
            arguments[name], sources[name] = slots[slot], "enum"
        elif isinstance(slots[slot], (int, float)):
            arguments[name], sources[name] = slots[slot], "number"
        else:
            written = as_written(str(slots[slot]), request)
            if written is None:
                return None
            arguments[name], sources[name] = written, "span"
    return arguments, sources


def synthesize(sandbox: Path, split: Split, per_intent: int, *, today: date, seed: int = 13,
               intents: list[Intent] | None = None, roughen_text: Callable[..., str] = roughen) -> list[SubTask]:
    """``per_intent`` distinct sub-tasks for every intent, from ``split``'s templates and entities."""
    rng = random.Random(f"{seed}:{split}")
    entities = load_entities(sandbox, split)
    tasks: list[SubTask] = []
    for intent in intents or INTENTS:
        seen: set[str] = set()
        templates = templates_of(intent, split)
        for attempt in range(per_intent * 6):
            if len(seen) == per_intent:
                break
            # The composed training bank is drawn from at random; the small banks are cycled in order.
            n = rng.randrange(len(templates)) if split == "train" else attempt % len(templates)
            slots = _slot_values(entities, rng, split, today)
            if split != "heldout" and intent.server == "trains" and entities.train_routes:
                # Trains run between few city pairs; a pair without one teaches nothing (the judge drops it).
                slots["city"], slots["city2"] = rng.choice(entities.train_routes)
            values = [str(v) for k, v in slots.items() if k != "day"]
            # Training sees more slips of the finger than people make, so that a misspelt word reads as no value.
            typos = {"typo_rate": TRAIN_TYPO_RATE} if split == "train" else {}
            request = roughen_text(templates[n].format(**slots), values, rng, **typos)
            if split == "train":
                request = dress(request, rng)
            resolved = _resolve(intent, request, slots, today)
            if resolved is None or request.lower() in seen:
                continue
            seen.add(request.lower())
            tasks.append(SubTask(request, intent.server, intent.tool, resolved[0],
                                 f"{split}:{intent.server}.{intent.tool}:{n}", resolved[1]))
    return tasks


def templates_of(intent: Intent, split: Split) -> list[str]:
    """The templates ``split`` fills: the training bank composed, minus any shaped like a dev or held-out one."""
    if split != "train":
        return intent.templates[split]
    forbidden = {normalise_template(t) for other in ("dev", "heldout") for t in intent.templates.get(other, [])}
    return composed_templates(intent, forbidden)
