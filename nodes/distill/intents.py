"""The oracle's intents: for each built-in tool, its request phrasings per split and how slots become arguments,
plus the day phrases of each split. Data only; nodes/distill/grammar.py composes the training phrasings and
nodes/distill/oracle.py fills and resolves them.

Three banks, written apart and never sharing a template (tests/unit/test_distill.py checks it, and that no
training template is one of benchmarks/answers.py's test templates):
- ``train``: many short cores (nodes/distill/data/training_cores.json), each the way people ask for the tool, composed
  with day placements, lead-ins and tails (nodes/distill/grammar.py). Variety of wording and of where the values sit is what a 135M model
  needs to learn which span is the value, not which position.
- ``dev``: a few templates for tuning the recipe (benchmarks/distill.py ``--bank dev``).
- ``heldout``: the templates benchmarks/distill.py reports on, never trained or tuned on.
"""

from __future__ import annotations

from dataclasses import dataclass

from nodes.distill.training_cores import TRAINING_CORES

Split = str  # "train" | "dev" | "heldout"

DAYS: dict[Split, list[str]] = {
    "train": ["tomorrow", "tmrw", "this saturday", "next monday", "on friday", "the day after tomorrow", "today",
              "in 3 days", "next wednesday", "on thursday", "this monday", "in 4 days", "on saturday",
              "next thursday", "this wednesday", "in 5 days", "day after tomorrow", "on monday"],
    "dev": ["tomorrow", "next friday", "on wednesday", "in 6 days"],
    "heldout": ["tmr", "this friday", "next tuesday", "on sunday", "in 2 days", "this sunday"],
}


@dataclass(frozen=True)
class Intent:
    """A tool's phrasings per split, and how its slots become arguments."""

    server: str
    tool: str
    templates: dict[Split, list[str]]
    # argument -> slot name; the slot's value as written becomes the argument ("{day}" is resolved).
    arguments: dict[str, str]

    @property
    def dated(self) -> bool:
        return "day" in self.arguments.values()


INTENTS: list[Intent] = [
    Intent("weather", "get_forecast", {
        "train": TRAINING_CORES[("weather", "get_forecast")],
        "dev": ["going to {city} {day}, what will the weather be", "{city} skies {day}?"],
        "heldout": ["{day} forecast {city}", "do i need an umbrella in {city} {day}", "temperature in {city} {day}",
                    "when is sunset in {city} {day}"]},
        {"city": "city", "dates": "day"}),
    Intent("weather", "compare_cities", {
        "train": TRAINING_CORES[("weather", "compare_cities")],
        "dev": ["{city} against {city2} weather {day}, which wins"],
        "heldout": ["which is hotter {day}, {city} or {city2}"]},
        {"cities": "cities", "date": "day"}),
    Intent("flights", "search", {
        "train": TRAINING_CORES[("flights", "search")],
        "dev": ["fly out of {city} heading to {city2} {day}"],
        "heldout": ["{day} flight from {city} to {city2}", "plane tickets {city} to {city2} {day}"]},
        {"origin": "city", "destination": "city2", "date": "day"}),
    Intent("flights", "cheapest_days", {
        "train": TRAINING_CORES[("flights", "cheapest_days")],
        "dev": ["which departure day costs least from {city} to {city2}"],
        "heldout": ["best day to fly {city} to {city2} for a low fare"]},
        {"origin": "city", "destination": "city2"}),
    Intent("flights", "get_flight", {
        "train": TRAINING_CORES[("flights", "get_flight")],
        "dev": ["has {flight_no} left yet"],
        "heldout": ["is {flight_no} on time", "flight {flight_no} departure time"]},
        {"flight_no": "flight_no"}),
    Intent("trains", "search", {
        "train": TRAINING_CORES[("trains", "search")],
        "dev": ["catch a train out of {city} to {city2} {day}"],
        "heldout": ["rail tickets {city} to {city2} {day}", "{day} train from {city} to {city2}"]},
        {"origin": "city", "destination": "city2", "date": "day"}),
    Intent("hotels", "search", {
        "train": TRAINING_CORES[("hotels", "search")],
        "dev": ["overnight stay {city} {day}"],
        "heldout": ["room in {city} {day}", "{city} hotel deals {day}"]},
        {"city": "city", "check_in": "day"}),
    Intent("hotels", "get_hotel", {
        "train": TRAINING_CORES[("hotels", "get_hotel")],
        "dev": ["describe hotel {hotel_id}"],
        "heldout": ["what is hotel number {hotel_id} like"]},
        {"hotel_id": "hotel_id"}),
    Intent("attractions", "search", {
        "train": TRAINING_CORES[("attractions", "search")],
        "dev": ["spend a day exploring {city}, what is there"],
        "heldout": ["must see places in {city}", "{city} tourist spots"]},
        {"city": "city"}),
    Intent("attractions", "get_details", {
        "train": TRAINING_CORES[("attractions", "get_details")],
        "dev": ["admission for {attraction}?"],
        "heldout": ["how much to get into {attraction}", "when does {attraction} open"]},
        {"attraction": "attraction"}),
    Intent("routes", "travel_time", {
        "train": TRAINING_CORES[("routes", "travel_time")],
        "dev": ["going {attraction} then {attraction2}, how many minutes"],
        "heldout": ["how far is {attraction} from {attraction2}"]},
        {"origin": "attraction", "destination": "attraction2"}),
    Intent("finance", "get_quote", {
        "train": TRAINING_CORES[("finance", "get_quote")],
        "dev": ["{company} equity price?"],
        "heldout": ["{company} stock right now", "price of one {company} share"]},
        {"ticker_or_name": "company"}),
    Intent("finance", "get_history", {
        "train": TRAINING_CORES[("finance", "get_history")],
        "dev": ["{company} shares over recent sessions"],
        "heldout": ["past performance of {company} shares", "{company} stock trend lately"]},
        {"ticker_or_name": "company"}),
    Intent("finance", "convert_currency", {
        "train": TRAINING_CORES[("finance", "convert_currency")],
        "dev": ["swap {amount} {cur1} for {cur2} at today's rate"],
        "heldout": ["{amount} {cur1} in {cur2} please", "what do i get for {amount} {cur1} in {cur2}"]},
        {"amount": "amount", "from_currency": "cur1", "to_currency": "cur2"}),
    Intent("restaurants", "search", {
        "train": TRAINING_CORES[("restaurants", "search")],
        "dev": ["hungry in {city}, where should we go"],
        "heldout": ["dinner spots in {city}", "{city} restaurant recommendations"]},
        {"city": "city"}),
    Intent("restaurants", "check_availability", {
        "train": TRAINING_CORES[("restaurants", "check_availability")],
        "dev": ["any seating left at restaurant {restaurant_id} {day}"],
        "heldout": ["is restaurant {restaurant_id} full {day}"]},
        {"restaurant_id": "restaurant_id", "date": "day"}),
    Intent("shopping", "search_products", {
        "train": TRAINING_CORES[("shopping", "search_products")],
        "dev": ["shopping for a {product}, what are my options"],
        "heldout": ["how much does a {product} cost", "{product} deals"]},
        {"query": "product"}),
    Intent("shopping", "check_stock", {
        "train": TRAINING_CORES[("shopping", "check_stock")],
        "dev": ["anyone in {city} selling product {product_id}"],
        "heldout": ["can i get product {product_id} in {city}"]},
        {"product_id": "product_id", "city": "city"}),
    Intent("web_search", "search_web", {
        "train": TRAINING_CORES[("web_search", "search_web")],
        "dev": ["explain the origins of {attraction}"],
        "heldout": ["facts about {attraction}", "{city} culture and history"]},
        {"query": "request"}),
]
