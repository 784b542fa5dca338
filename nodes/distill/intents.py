"""The oracle's intents: for each built-in tool, its request phrasings per split and how slots become arguments,
plus the day phrases of each split. Data only; nodes/distill/grammar.py composes the training phrasings and
nodes/distill/oracle.py fills and resolves them.

Three banks, written apart and never sharing a template (tests/unit/test_distill.py checks it, and that no
training template is one of benchmarks/answers.py's test templates):
- ``train``: many short cores, each the way people ask for the tool, composed with day placements, lead-ins
  and tails (nodes/distill/grammar.py). Variety of wording and of where the values sit is what a 135M model
  needs to learn which span is the value, not which position.
- ``dev``: a few templates for tuning the recipe (benchmarks/distill.py ``--bank dev``).
- ``heldout``: the templates benchmarks/distill.py reports on, never trained or tuned on.
"""

from __future__ import annotations

from dataclasses import dataclass

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
        "train": ["what's the weather in {city}", "weather forecast for {city}",
                  "will it rain in {city}", "is it going to rain in {city}", "how hot will it be in {city}",
                  "how cold is it in {city}", "how warm will {city} be", "temp in {city}", "is it sunny in {city}",
                  "snow in {city}?", "what time is sunrise in {city}", "sunset time {city}",
                  "what time does the sun go down in {city}", "humidity in {city}", "wind speed in {city}",
                  "uv index for {city}", "should i bring a jacket to {city}", "do i need a coat in {city}",
                  "high and low temps for {city}", "weather report {city}",
                  "is it nice out in {city}", "how's the weather looking in {city}", "rain chances {city}",
                  "check the weather for {city}", "hows {city} weather", "what's the forecast for {city}",
                  "{city}: rain or sun?", "is it going to be cold in {city}", "sunrise {city}",
                  "what should i wear in {city}", "will {city} be warm", "is it raining in {city}"],
        "dev": ["going to {city} {day}, what will the weather be", "{city} skies {day}?"],
        "heldout": ["{day} forecast {city}", "do i need an umbrella in {city} {day}", "temperature in {city} {day}",
                    "when is sunset in {city} {day}"]},
        {"city": "city", "dates": "day"}),
    Intent("weather", "compare_cities", {
        "train": ["is {city} or {city2} warmer", "compare the weather in {city} and {city2}", "{city} vs {city2} weather",
                  "where is it warmer: {city} or {city2}", "which city is colder, {city} or {city2}",
                  "which will be drier, {city} or {city2}", "warmer in {city} or in {city2}",
                  "{city} versus {city2} temperature", "compare {city} and {city2} forecasts",
                  "weather comparison {city} {city2}", "is it colder in {city} than in {city2}",
                  "{city} and {city2}: which is sunnier", "side by side weather for {city} and {city2}",
                  "{city} or {city2}, where is it less rainy", "weather in {city} compared with {city2}",
                  "which is warmer, {city} or {city2}", "{city} vs {city2}: which is colder"],
        "dev": ["{city} against {city2} weather {day}, which wins"],
        "heldout": ["which is hotter {day}, {city} or {city2}"]},
        {"cities": "cities", "date": "day"}),
    Intent("flights", "search", {
        "train": ["flight {city} to {city2}", "fly from {city} to {city2}",
                  "{city} to {city2} flights", "airfare {city} to {city2}", "flying {city} -> {city2}",
                  "need a flight out of {city} to {city2}", "what flights go from {city} to {city2}",
                  "get me from {city} to {city2} by plane", "departures {city} to {city2}",
                  "any planes from {city} to {city2}", "cheapest flight {city} to {city2}",
                  "nonstop {city} to {city2}", "i want to fly from {city} to {city2}",
                  "air fares {city} to {city2}", "what flights leave {city} for {city2}",
                  "flights {city} -> {city2}", "show flights from {city} to {city2}",
                  "is there a flight from {city} to {city2}", "direct flights {city} to {city2}"],
        "dev": ["fly out of {city} heading to {city2} {day}"],
        "heldout": ["{day} flight from {city} to {city2}", "plane tickets {city} to {city2} {day}"]},
        {"origin": "city", "destination": "city2", "date": "day"}),
    Intent("flights", "cheapest_days", {
        "train": ["which day is cheapest to fly from {city} to {city2}", "cheapest day for a flight {city} to {city2}",
                  "when are flights from {city} to {city2} cheapest", "lowest fare days {city} to {city2}",
                  "what day should i fly {city} to {city2} to save money", "cheapest dates to fly {city} to {city2}",
                  "fare calendar {city} to {city2}", "when is it cheapest to fly from {city} to {city2}",
                  "which day has the lowest price {city} to {city2}", "cheap days for flights {city} to {city2}",
                  "when should i fly {city} to {city2} to pay the least", "flexible dates, cheapest {city} to {city2}",
                  "{city} to {city2}: which day is the fare lowest", "cheapest day {city} -> {city2}",
                  "what date is cheapest for {city} to {city2} flights"],
        "dev": ["which departure day costs least from {city} to {city2}"],
        "heldout": ["best day to fly {city} to {city2} for a low fare"]},
        {"origin": "city", "destination": "city2"}),
    Intent("flights", "get_flight", {
        "train": ["status of flight {flight_no}", "when does flight {flight_no} leave", "details for flight {flight_no}",
                  "{flight_no} flight info", "what time does {flight_no} depart", "look up flight number {flight_no}",
                  "is flight {flight_no} delayed", "{flight_no} arrival time", "{flight_no} status",
                  "where is flight {flight_no}", "when does {flight_no} take off", "info for {flight_no}",
                  "track flight {flight_no}", "when does {flight_no} land", "check flight {flight_no}",
                  "seats left on {flight_no}", "{flight_no} times", "flight {flight_no}"],
        "dev": ["has {flight_no} left yet"],
        "heldout": ["is {flight_no} on time", "flight {flight_no} departure time"]},
        {"flight_no": "flight_no"}),
    Intent("trains", "search", {
        "train": ["trains from {city} to {city2}", "train {city} to {city2}", "{city} to {city2} by train",
                  "railway {city} -> {city2}", "high speed train from {city} to {city2}",
                  "train schedule {city} to {city2}", "any trains from {city} to {city2}",
                  "how do i get from {city} to {city2} by rail", "train departures {city} to {city2}",
                  "fastest train from {city} to {city2}", "can i take the train from {city} to {city2}",
                  "train times {city} to {city2}", "cheapest train ticket {city} to {city2}",
                  "sleeper train {city} to {city2}", "trains {city} -> {city2}", "rail connection {city} to {city2}"],
        "dev": ["catch a train out of {city} to {city2} {day}"],
        "heldout": ["rail tickets {city} to {city2} {day}", "{day} train from {city} to {city2}"]},
        {"origin": "city", "destination": "city2", "date": "day"}),
    Intent("hotels", "search", {
        "train": ["hotels in {city}", "hotel in {city}", "{city} hotels", "places to stay in {city}",
                  "cheap hotel in {city}", "where can i stay in {city}", "lodging in {city}", "hostels in {city}",
                  "accommodation {city}", "i need a bed in {city}", "somewhere to sleep in {city}",
                  "hotel options {city}", "find me a hotel in {city}", "best hotels {city}",
                  "any rooms left in {city}", "where to stay in {city}", "a place to sleep in {city}",
                  "book a hotel in {city}"],
        "dev": ["overnight stay {city} {day}"],
        "heldout": ["room in {city} {day}", "{city} hotel deals {day}"]},
        {"city": "city", "check_in": "day"}),
    Intent("hotels", "get_hotel", {
        "train": ["details of hotel {hotel_id}", "show hotel {hotel_id}", "tell me about hotel {hotel_id}",
                  "hotel {hotel_id} info", "what does hotel id {hotel_id} offer", "amenities of hotel {hotel_id}",
                  "hotel {hotel_id}", "hotel id {hotel_id} details", "prices at hotel {hotel_id}",
                  "hotel {hotel_id} address", "rating of hotel {hotel_id}", "is hotel {hotel_id} any good"],
        "dev": ["describe hotel {hotel_id}"],
        "heldout": ["what is hotel number {hotel_id} like"]},
        {"hotel_id": "hotel_id"}),
    Intent("attractions", "search", {
        "train": ["things to see in {city}", "top attractions in {city}", "what to visit in {city}",
                  "sightseeing in {city}", "{city} attractions", "what can i do in {city}",
                  "museums and sights in {city}", "best places to visit {city}", "{city} points of interest",
                  "sights in {city}", "landmarks in {city}", "where to go in {city}", "{city} landmarks",
                  "what should i see in {city}", "day trip ideas {city}", "things to do in {city}"],
        "dev": ["spend a day exploring {city}, what is there"],
        "heldout": ["must see places in {city}", "{city} tourist spots"]},
        {"city": "city"}),
    Intent("attractions", "get_details", {
        "train": ["opening hours of {attraction}", "ticket price for {attraction}", "tell me about {attraction}",
                  "{attraction} tickets", "is {attraction} open on monday", "info on {attraction}",
                  "how long do i need at {attraction}", "entry fee {attraction}", "{attraction} hours",
                  "is {attraction} open", "{attraction} ticket price", "what time does {attraction} close",
                  "{attraction} entrance fee", "details on {attraction}", "visiting {attraction}: hours and price"],
        "dev": ["admission for {attraction}?"],
        "heldout": ["how much to get into {attraction}", "when does {attraction} open"]},
        {"attraction": "attraction"}),
    Intent("routes", "travel_time", {
        "train": ["how long from {attraction} to {attraction2}", "travel time {attraction} to {attraction2}",
                  "distance between {attraction} and {attraction2}", "get from {attraction} to {attraction2}, how long",
                  "{attraction} to {attraction2} travel time", "minutes from {attraction} to {attraction2}",
                  "time to get from {attraction} to {attraction2}", "distance {attraction} to {attraction2}",
                  "{attraction} -> {attraction2}: how long", "how long does it take from {attraction} to {attraction2}"],
        "dev": ["going {attraction} then {attraction2}, how many minutes"],
        "heldout": ["how far is {attraction} from {attraction2}"]},
        {"origin": "attraction", "destination": "attraction2"}),
    Intent("finance", "get_quote", {
        "train": ["{company} stock price", "how much is {company} trading at",
                  "current price of {company} shares", "quote for {company}", "{company} stock",
                  "price of {company} stock now", "what is {company} worth per share", "{company} shares rn",
                  "latest {company} quote", "price of {company}", "{company} shares", "{company} quote",
                  "how is {company} stock doing today", "{company} stock value", "check {company} stock",
                  "what does {company} stock sell for", "{company} market price"],
        "dev": ["{company} equity price?"],
        "heldout": ["{company} stock right now", "price of one {company} share"]},
        {"ticker_or_name": "company"}),
    Intent("finance", "get_history", {
        "train": ["{company} stock history", "how did {company} stock do over the last weeks",
                  "{company} price chart past month", "{company} daily closes recently",
"historical prices {company}",
                  "{company} stock performance this month", "has {company} gone up or down recently",
                  "{company} price history", "chart of {company} stock", "{company} historical data",
                  "{company} daily prices", "has {company} risen recently", "{company} closing prices",
                  "how has {company} moved in the last weeks"],
        "dev": ["{company} shares over recent sessions"],
        "heldout": ["past performance of {company} shares", "{company} stock trend lately"]},
        {"ticker_or_name": "company"}),
    Intent("finance", "convert_currency", {
        "train": ["convert {amount} {cur1} to {cur2}", "{amount} {cur1} to {cur2}", "exchange {amount} {cur1} into {cur2}",
                  "{amount} {cur1} equals how many {cur2}", "change {amount} {cur1} for {cur2}",
                  "what's {amount} {cur1} worth in {cur2}", "{cur1} to {cur2}: {amount}",
                  "{amount} {cur1} -> {cur2}", "{amount} {cur1} into {cur2}", "change {amount} {cur1} into {cur2}",
                  "{amount} {cur1} to {cur2} rate", "value of {amount} {cur1} in {cur2}",
                  "convert {cur1} {amount} to {cur2}", "turn {amount} {cur1} into {cur2}"],
        "dev": ["swap {amount} {cur1} for {cur2} at today's rate"],
        "heldout": ["{amount} {cur1} in {cur2} please", "what do i get for {amount} {cur1} in {cur2}"]},
        {"amount": "amount", "from_currency": "cur1", "to_currency": "cur2"}),
    Intent("restaurants", "search", {
        "train": ["best restaurants in {city}", "where to eat in {city}", "good food in {city}",
                  "top rated restaurant in {city}", "{city} restaurants", "lunch places in {city}",
                  "where should i have dinner in {city}", "eat out in {city}", "cheap eats {city}",
                  "restaurants in {city}", "{city} dining", "good places to eat in {city}", "food {city}",
                  "where can i get lunch in {city}", "brunch in {city}", "a nice restaurant in {city}"],
        "dev": ["hungry in {city}, where should we go"],
        "heldout": ["dinner spots in {city}", "{city} restaurant recommendations"]},
        {"city": "city"}),
    Intent("restaurants", "check_availability", {
        "train": ["free tables at restaurant {restaurant_id}", "can i book restaurant {restaurant_id}",
                  "availability restaurant {restaurant_id}", "seats at restaurant {restaurant_id}",
                  "open slots restaurant id {restaurant_id}", "table at restaurant {restaurant_id}",
                  "is there space at restaurant {restaurant_id}", "can we get a table at restaurant {restaurant_id}",
                  "restaurant {restaurant_id} open slots", "restaurant {restaurant_id} availability"],
        "dev": ["any seating left at restaurant {restaurant_id} {day}"],
        "heldout": ["is restaurant {restaurant_id} full {day}"]},
        {"restaurant_id": "restaurant_id", "date": "day"}),
    Intent("shopping", "search_products", {
        "train": ["find a {product}", "price of the {product}", "shops selling {product}", "buy {product}",
                  "{product} price", "where can i buy a {product}", "{product} for sale", "compare {product} prices",
                  "where to buy {product}", "how much is the {product}", "looking for a {product}",
                  "{product} in stores", "i want a {product}", "search {product}"],
        "dev": ["shopping for a {product}, what are my options"],
        "heldout": ["how much does a {product} cost", "{product} deals"]},
        {"query": "product"}),
    Intent("shopping", "check_stock", {
        "train": ["is product {product_id} in stock in {city}", "stock of product {product_id} in {city}",
                  "{city} stores with product {product_id}", "product {product_id} availability in {city}",
                  "does any shop in {city} have product {product_id}", "which stores in {city} have product {product_id}",
                  "product {product_id} in {city} shops", "do shops in {city} carry product {product_id}",
                  "{city} stock of product {product_id}"],
        "dev": ["anyone in {city} selling product {product_id}"],
        "heldout": ["can i get product {product_id} in {city}"]},
        {"product_id": "product_id", "city": "city"}),
    Intent("web_search", "search_web", {
        "train": ["history of {city}", "when was {attraction} built", "who designed {attraction}",
                  "what is {city} famous for", "why is {attraction} famous", "{city} population and history",
                  "story behind {attraction}", "how old is {attraction}", "who built {attraction}",
                  "what is {attraction}", "background on {city}", "when was {city} founded"],
        "dev": ["explain the origins of {attraction}"],
        "heldout": ["facts about {attraction}", "{city} culture and history"]},
        {"query": "request"}),
]
