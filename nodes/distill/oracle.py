"""The oracle teacher: sub-task requests for the built-in servers, generated from the sandbox database, each with
its known-correct tool call.

A request comes from an intent's phrasing template filled with sandbox entities, roughened the way people type
(nodes/distill/phrasing.py). Its call is known by construction: the tool of the intent, the entities as the
request spells them, dates resolved by code from the words used (nodes/date_mentions.py), the way the executor
must decode them. Two disjoint banks of templates and entities: ``train`` for the trajectories, ``heldout``
for benchmarks/distill.py. The held-out entities are those of the ``test`` split of benchmarks/answers.py
(its cities, companies, currency pairs), so neither the executor's training data nor its tuning ever sees
them; the held-out templates are written apart from the training ones.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from nodes.argument_candidates import gather_candidates, is_query_property
from nodes.date_mentions import find_date_mentions
from nodes.distill.phrasing import roughen

Split = str  # "train" | "heldout"

# benchmarks/answers.py's test entities (benchmarks/make_answer_scenarios.py): held out of training.
HELDOUT_CITIES = ["Zurich", "Berlin", "Rome", "Barcelona", "Istanbul", "Cairo", "San Francisco", "Los Angeles",
                  "Hong Kong", "Melbourne", "Mexico City", "Chengdu", "New Delhi", "Guangzhou", "Shenzhen", "Xi'an"]
HELDOUT_COMPANIES = ["netflix", "amd", "intel", "boeing", "oracle", "exxon", "sony", "asml", "nestle", "hsbc"]
HELDOUT_PAIRS = [("USD", "EGP"), ("CHF", "EUR"), ("EUR", "TRY"), ("USD", "MXN"), ("HKD", "CNY"), ("CAD", "BRL")]
TRAIN_COMPANIES = ["apple", "microsoft", "google", "amazon", "nvidia", "tesla", "coca cola", "disney", "toyota",
                   "tencent", "meta", "visa", "jpmorgan", "ibm", "alibaba", "samsung", "sap", "shell", "lvmh",
                   "johnson & johnson", "berkshire", "moutai", "reliance", "dbs", "bhp", "tsmc"]
CURRENCIES = ["USD", "EUR", "GBP", "JPY", "CNY", "HKD", "KRW", "SGD", "THB", "CAD", "AUD", "CHF", "AED", "INR",
              "TRY", "EGP", "BRL", "MXN"]
DAYS: dict[Split, list[str]] = {
    "train": ["tomorrow", "tmrw", "this saturday", "next monday", "on friday", "the day after tomorrow", "today",
              "in 3 days", "next wednesday", "on thursday", "this monday", "in 4 days"],
    "heldout": ["tmr", "this friday", "next tuesday", "on sunday", "in 2 days", "this sunday"],
}


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


@dataclass(frozen=True)
class Intent:
    """A tool's request templates per split, and how its slots become arguments."""

    server: str
    tool: str
    templates: dict[Split, list[str]]
    # argument -> slot name; the slot's value as written becomes the argument ("{day}" is resolved).
    arguments: dict[str, str]


INTENTS: list[Intent] = [
    Intent("weather", "get_forecast", {
        "train": ["weather in {city} {day}", "what's the forecast for {city} {day}", "will it rain in {city} {day}",
                  "how hot will it be in {city} {day}", "{city} weather {day}", "is it going to be cold in {city} {day}",
                  "sunrise time in {city} {day}", "what time does the sun set in {city} {day}",
                  "{day} weather in {city}", "forecast {city} {day}", "how windy is {city} {day}",
                  "chance of rain for {city} {day}", "what should i wear in {city} {day}, how cold is it",
                  "{city} {day}: rain or sun?", "highs and lows in {city} {day}", "uv index {city} {day}",
                  "what's the weather going to be like {day} in {city}", "is {day} sunny in {city}"],
        "heldout": ["{day} forecast {city}", "do i need an umbrella in {city} {day}", "temperature in {city} {day}",
                    "when is sunset in {city} {day}"]},
        {"city": "city", "dates": "day"}),
    Intent("weather", "compare_cities", {
        "train": ["is {city} or {city2} warmer {day}", "compare the weather in {city} and {city2} {day}",
                  "{city} vs {city2} weather {day}", "where is it warmer {day}: {city} or {city2}",
                  "which city is colder {day}, {city} or {city2}", "{day} compare {city} with {city2} weather",
                  "which will be drier {day}, {city} or {city2}"],
        "heldout": ["which is hotter {day}, {city} or {city2}"]},
        {"cities": "cities", "date": "day"}),
    Intent("flights", "search", {
        "train": ["flights from {city} to {city2} {day}", "cheapest flight {city} to {city2} {day}",
                  "fly {city} -> {city2} {day}", "any flights {city} to {city2} {day}",
                  "{day} flights {city} to {city2}", "book me a flight from {city} to {city2} {day}, what's there",
                  "i want to fly from {city} to {city2} {day}", "air fares {city} to {city2} {day}",
                  "nonstop {city} to {city2} {day}?", "what flights leave {city} for {city2} {day}"],
        "heldout": ["{day} flight from {city} to {city2}", "plane tickets {city} to {city2} {day}"]},
        {"origin": "city", "destination": "city2", "date": "day"}),
    Intent("flights", "cheapest_days", {
        "train": ["which day is cheapest to fly from {city} to {city2}", "cheapest day for a flight {city} to {city2}",
                  "when are flights from {city} to {city2} cheapest", "lowest fare days {city} to {city2}",
                  "what day should i fly {city} to {city2} to save money", "cheapest dates to fly {city} to {city2}",
                  "fare calendar {city} to {city2}"],
        "heldout": ["best day to fly {city} to {city2} for a low fare"]},
        {"origin": "city", "destination": "city2"}),
    Intent("flights", "get_flight", {
        "train": ["status of flight {flight_no}", "when does flight {flight_no} leave", "details for flight {flight_no}",
                  "{flight_no} flight info", "what time does {flight_no} depart", "look up flight number {flight_no}",
                  "is flight {flight_no} delayed", "{flight_no} arrival time"],
        "heldout": ["is {flight_no} on time", "flight {flight_no} departure time"]},
        {"flight_no": "flight_no"}),
    Intent("trains", "search", {
        "train": ["trains from {city} to {city2} {day}", "train {city} to {city2} {day}",
                  "fastest train from {city} to {city2} {day}", "{day} trains {city} to {city2}",
                  "can i take the train from {city} to {city2} {day}", "railway {city} -> {city2} {day}",
                  "train times {city} to {city2} {day}", "cheapest train ticket {city} to {city2} {day}"],
        "heldout": ["rail tickets {city} to {city2} {day}", "{day} train from {city} to {city2}"]},
        {"origin": "city", "destination": "city2", "date": "day"}),
    Intent("hotels", "search", {
        "train": ["hotels in {city} {day}", "cheap hotel in {city} for {day}", "where to stay in {city} {day}",
                  "find me a hotel in {city} {day}", "{day} hotel {city}", "book a room in {city} {day}, what's free",
                  "{city} accommodation {day}", "best hotels {city} {day}", "a place to sleep in {city} {day}",
                  "any rooms left in {city} {day}"],
        "heldout": ["room in {city} {day}", "{city} hotel deals {day}"]},
        {"city": "city", "check_in": "day"}),
    Intent("hotels", "get_hotel", {
        "train": ["details of hotel {hotel_id}", "show hotel {hotel_id}", "tell me about hotel {hotel_id}",
                  "hotel {hotel_id} info", "what does hotel id {hotel_id} offer", "amenities of hotel {hotel_id}"],
        "heldout": ["what is hotel number {hotel_id} like"]},
        {"hotel_id": "hotel_id"}),
    Intent("attractions", "search", {
        "train": ["things to see in {city}", "top attractions in {city}", "what to visit in {city}",
                  "sightseeing in {city}", "{city} attractions", "what can i do in {city}",
                  "museums and sights in {city}", "best places to visit {city}", "{city} points of interest"],
        "heldout": ["must see places in {city}", "{city} tourist spots"]},
        {"city": "city"}),
    Intent("attractions", "get_details", {
        "train": ["opening hours of {attraction}", "ticket price for {attraction}", "tell me about {attraction}",
                  "{attraction} tickets", "is {attraction} open on monday", "info on {attraction}",
                  "how long do i need at {attraction}", "entry fee {attraction}"],
        "heldout": ["how much to get into {attraction}", "when does {attraction} open"]},
        {"attraction": "attraction"}),
    Intent("routes", "travel_time", {
        "train": ["how long from {attraction} to {attraction2}", "travel time {attraction} to {attraction2}",
                  "distance between {attraction} and {attraction2}", "get from {attraction} to {attraction2}, how long",
                  "{attraction} to {attraction2} travel time", "minutes from {attraction} to {attraction2}"],
        "heldout": ["how far is {attraction} from {attraction2}"]},
        {"origin": "attraction", "destination": "attraction2"}),
    Intent("finance", "get_quote", {
        "train": ["{company} stock price", "how much is {company} trading at", "{company} share price today",
                  "what's {company} stock at", "current price of {company} shares", "quote for {company}",
                  "{company} stock", "price of {company} stock now", "what is {company} worth per share",
                  "{company} shares rn", "latest {company} quote"],
        "heldout": ["{company} stock right now", "price of one {company} share"]},
        {"ticker_or_name": "company"}),
    Intent("finance", "get_history", {
        "train": ["{company} stock history", "how did {company} stock do over the last weeks",
                  "{company} price chart past month", "{company} daily closes recently",
                  "{company} share price over the past 10 days", "historical prices {company}",
                  "{company} stock performance this month", "has {company} gone up or down recently"],
        "heldout": ["past performance of {company} shares", "{company} stock trend lately"]},
        {"ticker_or_name": "company"}),
    Intent("finance", "convert_currency", {
        "train": ["convert {amount} {cur1} to {cur2}", "how much is {amount} {cur1} in {cur2}",
                  "{amount} {cur1} to {cur2}", "exchange {amount} {cur1} into {cur2}",
                  "{amount} {cur1} equals how many {cur2}", "change {amount} {cur1} for {cur2}",
                  "what's {amount} {cur1} worth in {cur2}", "{cur1} to {cur2}: {amount}"],
        "heldout": ["{amount} {cur1} in {cur2} please", "what do i get for {amount} {cur1} in {cur2}"]},
        {"amount": "amount", "from_currency": "cur1", "to_currency": "cur2"}),
    Intent("restaurants", "search", {
        "train": ["best restaurants in {city}", "where to eat in {city}", "good food in {city}",
                  "top rated restaurant in {city}", "{city} restaurants", "lunch places in {city}",
                  "where should i have dinner in {city}", "eat out in {city}", "cheap eats {city}"],
        "heldout": ["dinner spots in {city}", "{city} restaurant recommendations"]},
        {"city": "city"}),
    Intent("restaurants", "check_availability", {
        "train": ["free tables at restaurant {restaurant_id} {day}", "can i book restaurant {restaurant_id} {day}",
                  "availability restaurant {restaurant_id} {day}", "{day} seats at restaurant {restaurant_id}",
                  "open slots restaurant id {restaurant_id} {day}"],
        "heldout": ["is restaurant {restaurant_id} full {day}"]},
        {"restaurant_id": "restaurant_id", "date": "day"}),
    Intent("shopping", "search_products", {
        "train": ["find a {product}", "price of the {product}", "shops selling {product}", "buy {product}",
                  "{product} price", "where can i buy a {product}", "{product} for sale", "compare {product} prices"],
        "heldout": ["how much does a {product} cost", "{product} deals"]},
        {"query": "product"}),
    Intent("shopping", "check_stock", {
        "train": ["is product {product_id} in stock in {city}", "stock of product {product_id} in {city}",
                  "{city} stores with product {product_id}", "product {product_id} availability in {city}",
                  "does any shop in {city} have product {product_id}"],
        "heldout": ["can i get product {product_id} in {city}"]},
        {"product_id": "product_id", "city": "city"}),
    Intent("web_search", "search_web", {
        "train": ["history of {city}", "when was {attraction} built", "who designed {attraction}",
                  "what is {city} famous for", "why is {attraction} famous", "{city} population and history",
                  "story behind {attraction}", "how old is {attraction}"],
        "heldout": ["facts about {attraction}", "{city} culture and history"]},
        {"query": "request"}),
]


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


def load_entities(sandbox: Path, split: Split) -> Entities:
    """The entities of ``split`` from the sandbox: held-out cities and their places, or all the others."""
    db = sqlite3.connect(f"file:{sandbox}?mode=ro", uri=True)
    try:
        cities = {row[0]: row[1] for row in db.execute("SELECT id, name FROM cities")}
        heldout_ids = {cid for cid, name in cities.items() if name in HELDOUT_CITIES}
        ids = heldout_ids if split == "heldout" else set(cities) - heldout_ids
        in_split = ",".join("?" * len(ids))
        pick = lambda sql: [r[0] for r in db.execute(sql.format(ids=in_split), tuple(ids))]  # noqa: E731
        products = [r[0] for r in db.execute("SELECT model FROM products ORDER BY id")]
        product_ids = [r[0] for r in db.execute("SELECT id FROM products ORDER BY id")]
        half = len(products) // 2
        return Entities(
            cities=[cities[i] for i in sorted(ids)],
            companies=HELDOUT_COMPANIES if split == "heldout" else TRAIN_COMPANIES,
            pairs=HELDOUT_PAIRS if split == "heldout" else [
                (a, b) for a in CURRENCIES for b in CURRENCIES if a != b and (a, b) not in HELDOUT_PAIRS],
            flight_nos=pick("SELECT DISTINCT flight_no FROM flight_schedules WHERE origin_id IN ({ids})"),
            attractions=pick("SELECT name FROM attractions WHERE city_id IN ({ids})"),
            products=products[half:] if split == "heldout" else products[:half],
            hotel_ids=pick("SELECT id FROM hotels WHERE city_id IN ({ids})"),
            restaurant_ids=pick("SELECT id FROM restaurants WHERE city_id IN ({ids})"),
            product_ids=product_ids[half:] if split == "heldout" else product_ids[:half],
        )
    finally:
        db.close()


def _slot_values(entities: Entities, rng: random.Random, split: Split) -> dict[str, Any]:
    city, city2 = rng.sample(entities.cities, 2)
    attraction, attraction2 = rng.sample(entities.attractions, 2)
    cur1, cur2 = rng.choice(entities.pairs)
    return {
        "city": city, "city2": city2, "day": rng.choice(DAYS[split]), "company": rng.choice(entities.companies),
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
        templates = intent.templates[split]
        for attempt in range(per_intent * 6):
            if len(seen) == per_intent:
                break
            n = attempt % len(templates)
            slots = _slot_values(entities, rng, split)
            values = [str(v) for k, v in slots.items() if k != "day"]
            request = roughen_text(templates[n].format(**slots), values, rng)
            resolved = _resolve(intent, request, slots, today)
            if resolved is None or request.lower() in seen:
                continue
            seen.add(request.lower())
            tasks.append(SubTask(request, intent.server, intent.tool, resolved[0],
                                 f"{split}:{intent.server}.{intent.tool}:{n}", resolved[1]))
    return tasks
