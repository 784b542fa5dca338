"""The sandbox's tables. Prices are in the currency named on each row; times are local to the city."""

from __future__ import annotations

SCHEMA_VERSION = "1"

DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE cities (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL, country_code TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL, iata TEXT NOT NULL UNIQUE, timezone TEXT NOT NULL,
    currency TEXT NOT NULL
);
CREATE TABLE city_aliases (alias TEXT PRIMARY KEY, city_id TEXT NOT NULL REFERENCES cities(id));

CREATE TABLE forecasts (
    city_id TEXT NOT NULL REFERENCES cities(id), date TEXT NOT NULL, high_c REAL NOT NULL, low_c REAL NOT NULL,
    condition TEXT NOT NULL, precip_chance INTEGER NOT NULL, precip_mm REAL NOT NULL, wind_kph INTEGER NOT NULL,
    humidity INTEGER NOT NULL, uv_index INTEGER NOT NULL, sunrise TEXT NOT NULL, sunset TEXT NOT NULL,
    PRIMARY KEY (city_id, date)
);

CREATE TABLE flight_schedules (
    id INTEGER PRIMARY KEY, flight_no TEXT NOT NULL, airline TEXT NOT NULL,
    origin_id TEXT NOT NULL REFERENCES cities(id), dest_id TEXT NOT NULL REFERENCES cities(id),
    depart_time TEXT NOT NULL, duration_min INTEGER NOT NULL, aircraft TEXT NOT NULL, distance_km INTEGER NOT NULL
);
CREATE INDEX flight_schedules_route ON flight_schedules (origin_id, dest_id);
CREATE INDEX flight_schedules_number ON flight_schedules (flight_no);
CREATE TABLE flights (
    id INTEGER PRIMARY KEY, schedule_id INTEGER NOT NULL REFERENCES flight_schedules(id), date TEXT NOT NULL,
    depart_at TEXT NOT NULL, arrive_at TEXT NOT NULL, price_economy REAL NOT NULL, price_business REAL NOT NULL,
    currency TEXT NOT NULL, seats_economy INTEGER NOT NULL CHECK (seats_economy >= 0),
    seats_business INTEGER NOT NULL CHECK (seats_business >= 0)
);
CREATE INDEX flights_schedule_date ON flights (schedule_id, date);
CREATE TABLE flight_bookings (
    id INTEGER PRIMARY KEY, ref TEXT UNIQUE, flight_id INTEGER NOT NULL REFERENCES flights(id),
    cabin TEXT NOT NULL, seats INTEGER NOT NULL, passenger_name TEXT NOT NULL, total_price REAL NOT NULL,
    currency TEXT NOT NULL, created_at TEXT NOT NULL
);

CREATE TABLE trains (
    id INTEGER PRIMARY KEY, train_no TEXT NOT NULL, operator TEXT NOT NULL,
    origin_id TEXT NOT NULL REFERENCES cities(id), dest_id TEXT NOT NULL REFERENCES cities(id),
    date TEXT NOT NULL, depart_at TEXT NOT NULL, arrive_at TEXT NOT NULL, duration_min INTEGER NOT NULL
);
CREATE INDEX trains_route ON trains (origin_id, dest_id, date);
CREATE TABLE train_seats (
    train_id INTEGER NOT NULL REFERENCES trains(id), seat_class TEXT NOT NULL, price REAL NOT NULL,
    currency TEXT NOT NULL, seats_left INTEGER NOT NULL CHECK (seats_left >= 0),
    PRIMARY KEY (train_id, seat_class)
);
CREATE TABLE train_reservations (
    id INTEGER PRIMARY KEY, ref TEXT UNIQUE, train_id INTEGER NOT NULL REFERENCES trains(id),
    seat_class TEXT NOT NULL, seats INTEGER NOT NULL, passenger_name TEXT NOT NULL, total_price REAL NOT NULL,
    currency TEXT NOT NULL, created_at TEXT NOT NULL
);

CREATE TABLE hotels (
    id INTEGER PRIMARY KEY, city_id TEXT NOT NULL REFERENCES cities(id), name TEXT NOT NULL,
    stars INTEGER NOT NULL, rating REAL NOT NULL, address TEXT NOT NULL, district TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL, amenities TEXT NOT NULL, currency TEXT NOT NULL
);
CREATE INDEX hotels_city ON hotels (city_id);
CREATE TABLE hotel_rates (
    hotel_id INTEGER NOT NULL REFERENCES hotels(id), date TEXT NOT NULL, price REAL NOT NULL,
    rooms_left INTEGER NOT NULL CHECK (rooms_left >= 0), PRIMARY KEY (hotel_id, date)
);
CREATE TABLE hotel_bookings (
    id INTEGER PRIMARY KEY, ref TEXT UNIQUE, hotel_id INTEGER NOT NULL REFERENCES hotels(id),
    check_in TEXT NOT NULL, check_out TEXT NOT NULL, nights INTEGER NOT NULL, rooms INTEGER NOT NULL,
    guest_name TEXT NOT NULL, total_price REAL NOT NULL, currency TEXT NOT NULL, created_at TEXT NOT NULL
);

CREATE TABLE attractions (
    id INTEGER PRIMARY KEY, city_id TEXT NOT NULL REFERENCES cities(id), name TEXT NOT NULL,
    category TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, opens TEXT NOT NULL, closes TEXT NOT NULL,
    closed_on TEXT, ticket_price REAL NOT NULL, currency TEXT NOT NULL, rating REAL NOT NULL,
    visit_hours REAL NOT NULL
);
CREATE INDEX attractions_city ON attractions (city_id);

CREATE TABLE restaurants (
    id INTEGER PRIMARY KEY, city_id TEXT NOT NULL REFERENCES cities(id), name TEXT NOT NULL,
    cuisine TEXT NOT NULL, price_level INTEGER NOT NULL, rating REAL NOT NULL, address TEXT NOT NULL,
    lat REAL NOT NULL, lon REAL NOT NULL, opens TEXT NOT NULL, closes TEXT NOT NULL, closed_on TEXT,
    avg_price REAL NOT NULL, currency TEXT NOT NULL
);
CREATE INDEX restaurants_city ON restaurants (city_id);
CREATE TABLE restaurant_slots (
    restaurant_id INTEGER NOT NULL REFERENCES restaurants(id), date TEXT NOT NULL, time TEXT NOT NULL,
    seats_left INTEGER NOT NULL CHECK (seats_left >= 0), PRIMARY KEY (restaurant_id, date, time)
);
CREATE TABLE restaurant_reservations (
    id INTEGER PRIMARY KEY, ref TEXT UNIQUE, restaurant_id INTEGER NOT NULL REFERENCES restaurants(id),
    date TEXT NOT NULL, time TEXT NOT NULL, party_size INTEGER NOT NULL, guest_name TEXT NOT NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE tickers (
    symbol TEXT PRIMARY KEY, name TEXT NOT NULL, exchange TEXT NOT NULL, currency TEXT NOT NULL,
    sector TEXT NOT NULL
);
CREATE TABLE stock_prices (
    symbol TEXT NOT NULL REFERENCES tickers(symbol), date TEXT NOT NULL, open REAL NOT NULL,
    high REAL NOT NULL, low REAL NOT NULL, close REAL NOT NULL, volume INTEGER NOT NULL,
    PRIMARY KEY (symbol, date)
);
CREATE TABLE quotes (
    symbol TEXT PRIMARY KEY REFERENCES tickers(symbol), last REAL NOT NULL, prev_close REAL NOT NULL,
    day_high REAL NOT NULL, day_low REAL NOT NULL, volume INTEGER NOT NULL, as_of TEXT NOT NULL
);
CREATE TABLE fx_rates (
    date TEXT NOT NULL, currency TEXT NOT NULL, per_usd REAL NOT NULL, PRIMARY KEY (date, currency)
);

CREATE TABLE products (
    id INTEGER PRIMARY KEY, category TEXT NOT NULL, brand TEXT NOT NULL, model TEXT NOT NULL,
    list_price_usd REAL NOT NULL, summary TEXT NOT NULL
);
CREATE TABLE stores (
    id INTEGER PRIMARY KEY, city_id TEXT NOT NULL REFERENCES cities(id), name TEXT NOT NULL,
    address TEXT NOT NULL, lat REAL NOT NULL, lon REAL NOT NULL, opens TEXT NOT NULL, closes TEXT NOT NULL
);
CREATE TABLE inventory (
    store_id INTEGER NOT NULL REFERENCES stores(id), product_id INTEGER NOT NULL REFERENCES products(id),
    price REAL NOT NULL, currency TEXT NOT NULL, stock INTEGER NOT NULL CHECK (stock >= 0),
    PRIMARY KEY (store_id, product_id)
);
CREATE INDEX inventory_product ON inventory (product_id);
CREATE TABLE orders (
    id INTEGER PRIMARY KEY, ref TEXT UNIQUE, store_id INTEGER NOT NULL REFERENCES stores(id),
    product_id INTEGER NOT NULL REFERENCES products(id), quantity INTEGER NOT NULL,
    customer_name TEXT NOT NULL, total_price REAL NOT NULL, currency TEXT NOT NULL, created_at TEXT NOT NULL
);
"""

# Tables the generator fills (bookings start empty); the summary line counts these.
CONTENT_TABLES = (
    "cities", "city_aliases", "forecasts", "flight_schedules", "flights", "trains", "train_seats", "hotels", "hotel_rates",
    "attractions", "restaurants", "restaurant_slots", "tickers", "stock_prices", "quotes", "fx_rates",
    "products", "stores", "inventory",
)
BOOKING_TABLES = ("flight_bookings", "train_reservations", "hotel_bookings", "restaurant_reservations", "orders")
