"""Generate the router's labelled queries: indexes/data/route_queries.jsonl.

How the set is made (nothing here is model-generated, nothing is scraped):
- Templates written by hand, each with a label, filled with slot values (cities of the sandbox, dates,
  tickers, currencies, products, cuisines) drawn by a seeded RNG, so the file is reproducible.
- Free-form queries written by hand, one by one, for what templates do badly: long contextual queries,
  standalone forms of follow-ups (what the router sees after the rewrite), odd phrasings.

Labels: ``fast`` (one intent, one server), ``parallel`` (several independent intents), ``planning``
(a later step needs the result of an earlier one).

The held-out split is honest by construction: test rows come from *different templates* (different
phrasings, not only different slot values), from *different cities* and slot values, and from separate
hand-written queries. About 25 % of each label is test.

History, so the number can be judged: a first test set (the ``*_V1_TEST`` lists) was evaluated while the
classifier's cues were being written, so it was no longer held out; it was moved into train, and a new
test set (``FAST_TEST``, ``PARALLEL_TEST``, ``PLANNING_TEST``, ``HANDWRITTEN_TEST``) was written without
looking at any prediction on it; its accuracy is what benchmarks/router.py reports. The moved
hand-written queries name some test cities, so city disjointness holds for the templates only.

Run: ``python benchmarks/make_route_queries.py`` (``--check`` only prints the label distribution).
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "indexes" / "data" / "route_queries.jsonl"
SEED = 7

TRAIN_CITIES = ["Beijing", "Shanghai", "Chengdu", "Tokyo", "Seoul", "Singapore", "Chicago", "Toronto", "London",
                "Paris", "Berlin", "Madrid", "Rome", "Amsterdam", "Istanbul", "Dubai", "Mumbai", "Sydney"]
TEST_CITIES = ["Guangzhou", "Shenzhen", "Xi'an", "Hangzhou", "Osaka", "Bangkok", "Washington, D.C.", "Barcelona",
               "Zurich", "Cairo", "New Delhi", "Melbourne"]
SLOTS_TRAIN = {
    "date": ["tomorrow", "on Friday", "next Monday", "this weekend", "on 14 June", "the day after tomorrow"],
    "company": ["Apple", "Microsoft", "Tesla", "Nvidia", "Amazon", "Coca-Cola", "Boeing"],
    "ticker": ["AAPL", "MSFT", "TSLA", "NVDA", "AMZN", "KO"],
    "ccy": ["USD", "EUR", "GBP", "JPY"],
    "ccy2": ["CNY", "CHF", "AUD", "INR"],
    "product": ["iPhone 16", "Galaxy S25", "MacBook Air", "Sony WH-1000XM5", "Switch 2", "GoPro HERO13"],
    "cuisine": ["Italian", "sushi", "vegetarian", "Sichuan", "French", "Indian"],
    "kind": ["museum", "park", "temple", "palace", "gallery"],
}
SLOTS_TEST = {
    "date": ["next Thursday", "on Saturday", "in three days", "on the 20th", "tonight", "next weekend"],
    "company": ["Netflix", "Intel", "Visa", "Disney", "Oracle", "Alibaba"],
    "ticker": ["NFLX", "INTC", "DIS", "ORCL", "JPM", "BABA"],
    "ccy": ["USD", "EUR", "SGD"],
    "ccy2": ["THB", "KRW", "CAD", "JPY"],
    "product": ["Pixel 9", "iPad Air", "AirPods Pro 2", "PlayStation 5 Slim", "DJI Mini 4 Pro", "Garmin Forerunner 265"],
    "cuisine": ["Thai", "ramen", "seafood", "Cantonese", "tapas", "Lebanese"],
    "kind": ["cathedral", "garden", "market", "castle", "aquarium"],
}

# (template id, domain, text). "city2" is always a different city from "city".
FAST_TRAIN = [
    ("f_weather_1", "weather", "What is the weather in {city} {date}?"),
    ("f_weather_2", "weather", "Will it rain in {city} {date}?"),
    ("f_weather_3", "weather", "weather forecast {city} {date}"),
    ("f_weather_4", "weather", "How hot will it be in {city} {date}?"),
    ("f_weather_5", "weather", "Compare the weather in {city} and {city2} {date}"),
    ("f_flights_1", "flights", "Flights from {city} to {city2} {date}"),
    ("f_flights_2", "flights", "Find me a flight from {city} to {city2} {date}"),
    ("f_flights_3", "flights", "What are the cheapest days to fly from {city} to {city2} next week?"),
    ("f_trains_1", "trains", "Trains from {city} to {city2} {date}"),
    ("f_trains_2", "trains", "Is there a high-speed train from {city} to {city2} {date}?"),
    ("f_hotels_1", "hotels", "Hotels in {city} for {date}"),
    ("f_hotels_2", "hotels", "Find a 4-star hotel in {city} {date}"),
    ("f_hotels_3", "hotels", "hotel near the city centre of {city} for two nights from {date}"),
    ("f_attr_1", "attractions", "What are the top attractions in {city}?"),
    ("f_attr_2", "attractions", "Opening hours of the {kind}s in {city}"),
    ("f_attr_3", "attractions", "Things to see near the centre of {city}"),
    ("f_routes_1", "routes", "Plan a walking route between the main sights of {city}"),
    ("f_routes_2", "routes", "How long does it take to get from the airport to the centre of {city} by transit?"),
    ("f_fin_1", "finance", "What is {company}'s stock price?"),
    ("f_fin_2", "finance", "{ticker} quote"),
    ("f_fin_3", "finance", "Convert 250 {ccy} to {ccy2}"),
    ("f_fin_4", "finance", "Show the 30-day price history of {company}"),
    ("f_rest_1", "restaurants", "{cuisine} restaurants in {city}"),
    ("f_rest_2", "restaurants", "Find a restaurant with a free table in {city} {date}"),
    ("f_shop_1", "shopping", "Where can I buy a {product} in {city}?"),
    ("f_shop_2", "shopping", "Is the {product} in stock in {city}?"),
    ("f_web_1", "web_search", "Tell me about the history of {city}"),
    ("f_web_2", "web_search", "Who founded {company}?"),
    ("f_web_3", "web_search", "What is {city} famous for?"),
    ("f_ctx_1", "attractions", "I'm travelling to {city} with my kids next month; which {kind}s there are good for children?"),
    ("f_ctx_2", "hotels", "My flight lands in {city} late {date}, so I need a hotel close to the airport."),
    ("f_ctx_3", "restaurants", "We're vegetarians visiting {city} for a week; recommend some restaurants."),
    ("f_follow_1", "hotels", "hotels in {city} for {date} night"),
    ("f_follow_2", "trains", "trains from {city} to {city2} the day after {date}"),
    ("f_weather_6", "weather", "Do I need an umbrella in {city} {date}?"),
    ("f_weather_7", "weather", "Can you check the forecast for {city} {date}?"),
    ("f_flights_4", "flights", "cheapest flight {city} {city2} {date}"),
    ("f_hotels_4", "hotels", "What does a hotel room in {city} cost {date}?"),
    ("f_fin_5", "finance", "How much is {ticker} worth right now?"),
    ("f_rest_3", "restaurants", "Any good {cuisine} food in {city}?"),
    ("f_attr_4", "attractions", "What's interesting to visit in {city}?"),
    ("f_web_4", "web_search", "Tell me about {company}"),
    ("f_shop_3", "shopping", "Which store in {city} sells the {product} for the least?"),
    ("f_ctx_4", "flights", "I have a meeting in {city2} {date} morning and I'm in {city} now: what flights can get me there?"),
]
FAST_TRAIN_V1_TEST = [
    ("ft_weather_1", "weather", "Is it going to be sunny in {city} {date}?"),
    ("ft_weather_2", "weather", "{city} temperature {date}"),
    ("ft_flights_1", "flights", "Any direct flights {city} to {city2} {date}?"),
    ("ft_trains_1", "trains", "Which seat classes are left on trains between {city} and {city2} {date}?"),
    ("ft_hotels_1", "hotels", "Cheap places to stay in {city} {date}"),
    ("ft_attr_1", "attractions", "Which landmarks in {city} are worth a visit?"),
    ("ft_routes_1", "routes", "How far is it from the old town to the station in {city} on foot?"),
    ("ft_fin_1", "finance", "How is {ticker} trading today?"),
    ("ft_fin_2", "finance", "How many {ccy2} do I get for 100 {ccy}?"),
    ("ft_rest_1", "restaurants", "Good {cuisine} places to eat in {city}?"),
    ("ft_shop_1", "shopping", "Price of the {product} at shops in {city}"),
    ("ft_web_1", "web_search", "Give me some background on the architecture of {city}"),
    ("ft_ctx_1", "attractions", "It's my first time in {city} and I only have one afternoon. What should I see?"),
    ("ft_ctx_2", "weather", "Since I'm arriving {date}, what will the weather be like in {city}?"),
    ("ft_follow_1", "restaurants", "restaurants near {city} central station {date} evening"),
]

PARALLEL_TRAIN = [
    ("p_1", "weather+hotels", "Weather in {city} {date} and hotels there for the night"),
    ("p_2", "weather+finance", "What's the weather in {city} {date}, and what is the {ticker} stock price?"),
    ("p_3", "flights+hotels", "Find flights from {city} to {city2} {date} and hotels in {city2}"),
    ("p_4", "restaurants+attractions", "Show me {cuisine} restaurants and top attractions in {city}"),
    ("p_5", "finance+finance", "I need the {company} share price and the {ccy} to {ccy2} rate"),
    ("p_6", "trains+weather", "Trains from {city} to {city2} {date}; also what's the weather in {city2}?"),
    ("p_7", "shopping+weather", "Check whether the {product} is in stock in {city} and tell me the weather there {date}"),
    ("p_8", "hotels+restaurants+weather", "Hotels in {city} {date}, {cuisine} restaurants nearby, and the forecast"),
    ("p_9", "flights+trains", "Compare flights and trains from {city} to {city2} {date}"),
    ("p_10", "web+attractions", "Tell me about the history of {city} and list its main {kind}s"),
    ("p_11", "hotels+weather+restaurants", "I'm going to {city} {date} for a conference: I need a hotel, the weather forecast and a good {cuisine} restaurant."),
    ("p_12", "finance+web", "{company} stock price and a short history of the company"),
    ("p_14", "weather+flights", "Get me the forecast for {city} {date}. Also flights there from {city2}."),
    ("p_15", "finance+weather", "{ticker} price plus the weather in {city}"),
    ("p_16", "hotels+attractions", "I'd like a hotel in {city} {date} as well as a list of {kind}s to visit"),
    ("p_17", "trains+restaurants+shopping", "Three things in {city}: trains to {city2} {date}, {cuisine} restaurants, and where to buy a {product}"),
    ("p_13", "attractions+routes+weather", "What is the weather in {city} {date}, which {kind}s are open, and how do I get around by transit?"),
]
PARALLEL_TRAIN_V1_TEST = [
    ("pt_1", "weather+finance", "Two things: the forecast for {city} {date}, and {company} stock."),
    ("pt_2", "flights+hotels", "{city} trip {date}: flights from {city2}, plus somewhere to stay"),
    ("pt_3", "finance+finance", "Can you get me the {ticker} price as well as the {ccy}/{ccy2} exchange rate?"),
    ("pt_4", "attractions+weather", "Look up sights in {city} and, separately, the weather for {date}"),
    ("pt_5", "restaurants+weather", "Need a table for {cuisine} food in {city} {date}. Also, is it going to rain?"),
    ("pt_6", "trains+hotels", "Both the train times {city} to {city2} {date} and hotels in {city2}, please"),
    ("pt_7", "shopping+finance", "{product} availability in {city} and the latest {ticker} quote"),
]

PLANNING_TRAIN = [
    ("l_1", "weather>hotels", "Which is warmer {date}, {city} or {city2}? Then find a hotel in the warmer city."),
    ("l_2", "flights>hotels", "Find the cheapest flight from {city} to {city2} {date}, then a hotel near where it lands."),
    ("l_3", "finance>finance", "What is {company}'s share price in {ccy2}?"),
    ("l_4", "attractions>routes", "Find the top-rated {kind} in {city} and plan a walking route to it from my hotel"),
    ("l_5", "restaurants>restaurants", "Look up the best-rated {cuisine} restaurant in {city} and check if it has a free table {date}"),
    ("l_6", "weather>attractions", "If it rains in {city} {date}, find indoor attractions; otherwise suggest parks"),
    ("l_7", "trains>flights", "Find a train from {city} to {city2} {date}; if there is none, search flights instead"),
    ("l_8", "shopping>routes", "Find the shop in {city} with the lowest price for the {product}, then plan a route there from the station"),
    ("l_9", "trains>restaurants", "When does the earliest train from {city} to {city2} {date} arrive? Find a restaurant near the station for after it gets in."),
    ("l_10", "attractions>routes", "Which {kind} in {city} stays open latest {date}? Then tell me how long it takes to get there by transit."),
    ("l_11", "flights>weather", "Find the cheapest day to fly from {city} to {city2} next week and give me the forecast in {city2} for that day"),
    ("l_13", "weather>restaurants", "Check the weather in {city} {date} first, and if it is sunny find a restaurant with outdoor seating"),
    ("l_14", "finance>finance", "Once you know the {company} stock price, convert it to {ccy2}"),
    ("l_15", "hotels>routes", "Find a hotel in {city} for {date}; then, using its address, plan a route to the nearest {kind}"),
    ("l_16", "flights>trains", "Whichever arrives earlier {date}, the flight or the train from {city} to {city2}, reserve a seat on it"),
    ("l_12", "web>attractions", "Who designed the most famous landmark in {city}, and what are its opening hours?"),
]
PLANNING_TRAIN_V1_TEST = [
    ("lt_1", "flights>hotels", "After checking which day next week has the lowest fare from {city} to {city2}, look for hotels in {city2} on that day."),
    ("lt_2", "weather>attractions>routes", "Depending on the forecast for {city} {date}, pick either a {kind} or an outdoor sight and give me directions to it."),
    ("lt_3", "finance>finance", "How much would one {company} share cost in {ccy2}?"),
    ("lt_4", "restaurants>restaurants", "Take the highest-rated restaurant in {city}, then see whether it has tables {date}."),
    ("lt_5", "weather>trains", "Use the weather in {city} and {city2} {date} to choose the drier one, and find a train there."),
    ("lt_6", "shopping>routes", "First find where the {product} is cheapest in {city}, then work out the route to that store."),
    ("lt_7", "flights>hotels", "Get the earliest flight {city} to {city2} {date} and, based on its arrival time, a hotel near the airport."),
]

# The held-out set (version 2), written after the classifier was tuned and evaluated once on it.
FAST_TEST = [
    ("ft2_weather_1", "weather", "What's the high and low in {city} {date}?"),
    ("ft2_trains_1", "trains", "Show me the fastest train {city} to {city2} {date}"),
    ("ft2_flights_1", "flights", "I'd like to fly {city} to {city2} {date}, what are my options?"),
    ("ft2_hotels_1", "hotels", "Suggest a family-friendly hotel in {city} for {date}"),
    ("ft2_attr_1", "attractions", "What time does the main {kind} in {city} open?"),
    ("ft2_routes_1", "routes", "Travel time by car between the station and the old town of {city}?"),
    ("ft2_fin_1", "finance", "Current {company} share price please"),
    ("ft2_fin_2", "finance", "What's 75 {ccy} in {ccy2}?"),
    ("ft2_rest_1", "restaurants", "Where do locals eat {cuisine} in {city}?"),
    ("ft2_shop_1", "shopping", "Do any shops in {city} have the {product}?"),
    ("ft2_web_1", "web_search", "Who built the oldest bridge in {city}?"),
    ("ft2_ctx_1", "weather", "Traveling on business to {city} {date}, just need to know if I should pack a coat."),
    ("ft2_ctx_2", "restaurants", "For our anniversary in {city} we want a romantic {cuisine} dinner; any ideas?"),
    ("ft2_follow_1", "flights", "flights from {city} to {city2} on the day after {date}"),
]
PARALLEL_TEST = [
    ("pt2_1", "hotels+finance", "Could you find a hotel in {city} for {date} and tell me how {ticker} is doing?"),
    ("pt2_2", "weather+restaurants+attractions", "I need three things for {city}: the weather {date}, a {cuisine} restaurant, and the top {kind}s."),
    ("pt2_3", "flights+finance", "Flights {city} to {city2} {date}; and separately, the {company} stock price."),
    ("pt2_4", "trains+shopping", "What are the train options {city} to {city2} {date}, and is the {product} sold in {city2}?"),
    ("pt2_5", "finance+weather", "Give me the {ccy} to {ccy2} rate and the weather in {city} {date}"),
    ("pt2_6", "hotels+restaurants", "Show hotels and {cuisine} restaurants in {city} for {date}"),
    ("pt2_7", "weather+attractions+routes", "In {city} {date}: weather, attractions and how to get around"),
]
PLANNING_TEST = [
    ("lt2_1", "weather>attractions>routes", "Check the forecast in {city} {date}; depending on it, suggest a {kind} or a park and route me there"),
    ("lt2_2", "hotels>routes", "Get the best-reviewed hotel in {city} and tell me the walking time from it to the nearest {kind}"),
    ("lt2_3", "finance>finance", "Convert the current price of {company} stock to {ccy2}"),
    ("lt2_4", "flights>restaurants", "Look at the flights from {city} to {city2} {date}, take the one that lands first, and find a restaurant near the airport"),
    ("lt2_5", "shopping>shopping", "Is the {product} in stock in {city}? If not, look in {city2}."),
    ("lt2_6", "weather>hotels", "Which of {city} and {city2} will be warmer {date}? Book a hotel in that one."),
    ("lt2_7", "attractions>restaurants", "Find the most popular {kind} in {city}, and based on its closing time, a {cuisine} restaurant nearby for dinner afterwards"),
]
HANDWRITTEN_TEST = [
    ("fast", "chance of thunderstorms in Cairo this week?"),
    ("fast", "what's a good hostel in Barcelona near the beach"),
    ("fast", "how much does entry to the Zurich zoo cost"),
    ("fast", "Oracle stock performance over the past month"),
    ("fast", "I'm stuck at Bangkok airport overnight, any hotels inside or next to it?"),
    ("fast", "is there a night train between Osaka and Tokyo"),
    ("fast", "cheap Lebanese food near Melbourne CBD"),
    ("fast", "why is Xi'an called the start of the Silk Road"),
    ("fast", "convert 1200 Indian rupees to dollars"),
    ("parallel", "New Delhi on Sunday: the weather, the Red Fort opening hours, and a hotel near it"),
    ("parallel", "what are Intel and AMD trading at"),
    ("parallel", "find me a flight to Osaka from Seoul and a ryokan in Osaka for the same dates"),
    ("parallel", "I'm shopping for a drone in Shenzhen and also want to eat Cantonese food tonight"),
    ("parallel", "Hangzhou tomorrow: will it rain and what's on at the West Lake"),
    ("planning", "find the hotel with the best rating in Zurich under 200 francs and how to get there from the main station"),
    ("planning", "whatever the cheapest flight from Cairo to Dubai next week is, find a hotel for the night it lands"),
    ("planning", "tell me the current Alibaba share price in yuan"),
    ("planning", "pick the attraction in Barcelona that is open latest on Sunday and find a tapas bar near it"),
    ("planning", "look up whether the Switch 2 is cheaper in Osaka or Shenzhen and tell me how to get to that shop"),
]

# Hand-written free-form queries: (label, text).
HANDWRITTEN_TRAIN = [
    ("fast", "what's the uv index in Dubai tomorrow"),
    ("fast", "is the Forbidden City open on Mondays?"),
    ("fast", "I have 300 euros, how much is that in yen?"),
    ("fast", "recommend a quiet boutique hotel in Amsterdam near the canals for next weekend"),
    ("fast", "when was the Eiffel Tower built"),
    ("fast", "Nvidia stock"),
    ("fast", "show me noise cancelling headphones under 300 dollars"),
    ("fast", "is there a sleeper train from Beijing to Shanghai?"),
    ("fast", "my mum is visiting London in May and she loves gardens, where should I take her?"),
    ("fast", "how windy will it be in Chicago this afternoon"),
    ("fast", "book a table for four at an Italian place in Rome tonight"),
    ("fast", "how long is the walk from the Colosseum to the Trevi Fountain"),
    ("fast", "what did Tesla close at yesterday?"),
    ("fast", "explain what the Bund in Shanghai is"),
    ("fast", "flights to Tokyo from Seoul on the 3rd of July"),
    ("fast", "hotels in Paris for tomorrow night"),
    ("fast", "any rooms left in Berlin hotels for Friday and Saturday night?"),
    ("fast", "I'm a student on a tight budget staying in Madrid for a week. Which cheap restaurants are good?"),
    ("fast", "sunrise time in Sydney on Sunday"),
    ("fast", "is the PlayStation 5 cheaper in Singapore or in Tokyo?"),
    ("parallel", "weather in Paris tomorrow and the price of Apple stock"),
    ("parallel", "I need a hotel in Rome and a flight there from London on the 12th"),
    ("parallel", "what's on in Seoul this weekend and will it be cold?"),
    ("parallel", "give me the GBP to EUR rate, and the forecast for Madrid"),
    ("parallel", "list sushi restaurants in Tokyo, hotels in Shinjuku and the Tokyo weather for Monday"),
    ("parallel", "Microsoft and Amazon share prices"),
    ("parallel", "for my trip to Istanbul: weather, a hotel near Sultanahmet and top sights"),
    ("parallel", "tell me about the Sydney Opera House and find hotels nearby"),
    ("parallel", "how much is a MacBook Air in London and how much is that model in Paris"),
    ("parallel", "trains Berlin to Amsterdam on Friday, and a restaurant in Amsterdam for the evening"),
    ("parallel", "we land in Dubai on Thursday: the forecast for that day, a hotel, and a desert tour"),
    ("parallel", "AAPL history for the last month plus the current USD to CNY rate"),
    ("parallel", "flights from Chicago to Toronto and from Toronto back to Chicago next week"),
    ("parallel", "what is Mumbai famous for, and what is the weather like there this week"),
    ("planning", "find the cheapest hotel in Tokyo on Friday and tell me how to get there from the station"),
    ("planning", "which city has better weather on Saturday, London or Paris? book a restaurant in that one"),
    ("planning", "find a flight from Berlin to Rome on Friday and, once I know when it lands, a train from the airport"),
    ("planning", "what is the price of Tesla stock in euros"),
    ("planning", "look for the nearest museum to my hotel in Madrid and check its ticket price"),
    ("planning", "if the iPhone 16 is out of stock in Singapore, check the shops in Tokyo"),
    ("planning", "get the top three attractions in Rome and order them into a walking itinerary"),
    ("planning", "find out which day next week is sunniest in Seoul and find a hotel for that night"),
    ("planning", "see which train from Shanghai to Beijing arrives before noon tomorrow, then find a restaurant near the arrival station"),
    ("planning", "compare hotel prices in Chengdu for Friday and book the cheapest one"),
    ("planning", "what would 10 Nvidia shares cost me in pounds?"),
    ("planning", "find the highest rated French restaurant in Paris and work out how long it takes to walk there from the Louvre"),
    ("planning", "search for the best rated hotel in Toronto, then check the weather on the day I would check in"),
    ("planning", "find which of Amsterdam's museums is closed on Monday and plan a route through the others"),
]
HANDWRITTEN_TRAIN_V1_TEST = [
    ("fast", "gonna be foggy in Zurich tomorrow morning?"),
    ("fast", "euro to baht please"),
    ("fast", "what time does the Grand Palace in Bangkok close"),
    ("fast", "we're a family of five going to Barcelona in August, can you find a big hotel room?"),
    ("fast", "Intel share price right now"),
    ("fast", "where is the cheapest place in Osaka to buy AirPods"),
    ("fast", "what happened at the Terracotta Army site in Xi'an? give me some background"),
    ("fast", "hotels in Cairo for the night of the 20th"),
    ("fast", "late-night dumpling places in Guangzhou"),
    ("fast", "how do I get from my hotel to the Hangzhou West Lake by car?"),
    ("parallel", "Bangkok next week: the forecast, a hotel by the river, and a Thai cooking class"),
    ("parallel", "I want the Visa share price and the weather in New Delhi"),
    ("parallel", "hotels in Zurich and trains from Zurich to Milan, both for Saturday"),
    ("parallel", "check tapas bars in Barcelona as well as the city's best museums"),
    ("parallel", "Disney stock plus the USD to KRW rate"),
    ("fast", "what's the weather in Melbourne and Osaka this weekend"),
    ("parallel", "is the Pixel 9 in stock in Shenzhen, and what's the history of the city?"),
    ("planning", "whichever is cheaper on Saturday, the train or the flight from Osaka to Tokyo, book that"),
    ("planning", "find Cairo's most visited attraction and a hotel within walking distance of it"),
    ("planning", "how much is a Netflix share in Thai baht?"),
    ("planning", "check which of Guangzhou's restaurants has the best rating and whether it has a table tonight"),
    ("planning", "find out when the last train from Hangzhou to Shanghai leaves on Friday and find a hotel near Shanghai station if it arrives after midnight"),
    ("planning", "look up where the DJI Mini 4 Pro is cheapest in Melbourne and tell me how long it takes to get there by transit"),
]

LABELED = {"fast": (FAST_TRAIN + FAST_TRAIN_V1_TEST, FAST_TEST),
           "parallel": (PARALLEL_TRAIN + PARALLEL_TRAIN_V1_TEST, PARALLEL_TEST),
           "planning": (PLANNING_TRAIN + PLANNING_TRAIN_V1_TEST, PLANNING_TEST)}
# Rows per template, by (label, split): sized so each label is about 25 % test.
PER_TEMPLATE = {("fast", "train"): 4, ("fast", "test"): 6, ("parallel", "train"): 6, ("parallel", "test"): 7,
                ("planning", "train"): 6, ("planning", "test"): 7}
_SLOT = re.compile(r"\{(\w+)\}")


def fill(template: str, rng: random.Random, cities: list[str], slots: dict[str, list[str]]) -> str:
    city, city2 = rng.sample(cities, 2)
    values = {"city": city, "city2": city2, **{k: rng.choice(v) for k, v in slots.items()}}
    text = _SLOT.sub(lambda m: values[m.group(1)], template)
    return text[0].upper() + text[1:]


def generate(seed: int = SEED) -> list[dict]:
    rng = random.Random(seed)
    rows: list[dict] = []
    seen: set[str] = set()

    def add(text: str, label: str, split: str, how: str, domain: str) -> None:
        if text.lower() not in seen:
            seen.add(text.lower())
            rows.append({"query": text, "label": label, "split": split, "how": how, "domain": domain})

    for label, (train, test) in LABELED.items():
        for templates, split, cities, slots in ((train, "train", TRAIN_CITIES, SLOTS_TRAIN),
                                                (test, "test", TEST_CITIES, SLOTS_TEST)):
            for template_id, domain, template in templates:
                for _ in range(PER_TEMPLATE[(label, split)]):
                    add(fill(template, rng, cities, slots), label, split, f"template:{template_id}", domain)
    for split, written in (("train", HANDWRITTEN_TRAIN + HANDWRITTEN_TRAIN_V1_TEST), ("test", HANDWRITTEN_TEST)):
        for label, text in written:
            add(text, label, split, "handwritten", "free-form")
    return rows


def distribution(rows: list[dict]) -> Counter:
    return Counter((r["label"], r["split"]) for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="print the distribution, write nothing")
    args = parser.parse_args()
    rows = generate()
    counts = distribution(rows)
    for label in LABELED:
        train, test = counts[(label, "train")], counts[(label, "test")]
        print(f"{label:9s} train {train:4d}  test {test:4d}  test share {test / (train + test):.2f}")
    print(f"total {len(rows)}")
    if not args.check:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
