"""The oracle's intents: for each built-in tool, its request templates per split and how slots become
arguments, plus the day phrases of each split. Data only; nodes/distill/oracle.py fills and resolves them.

The ``heldout`` templates are written apart from the ``train`` ones and are never trained on
(benchmarks/distill.py measures on them).
"""

from __future__ import annotations

from dataclasses import dataclass

Split = str  # "train" | "heldout"

DAYS: dict[Split, list[str]] = {
    "train": ["tomorrow", "tmrw", "this saturday", "next monday", "on friday", "the day after tomorrow", "today",
              "in 3 days", "next wednesday", "on thursday", "this monday", "in 4 days"],
    "heldout": ["tmr", "this friday", "next tuesday", "on sunday", "in 2 days", "this sunday"],
}


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
