"""Consumer-electronics products, two or three shops per city, and each shop's local price and stock."""

from __future__ import annotations

import sqlite3

from tools.sandbox.cities import CITIES
from tools.sandbox.geo import offset_point
from tools.sandbox.prices import COST_INDEX, local_price
from tools.sandbox.seeding import GenContext

# (category, brand, model, typical launch price in USD, one-line summary)
PRODUCTS: tuple[tuple[str, str, str, float, str], ...] = (
    ("smartphone", "Apple", "iPhone 16", 799, "6.1-inch phone with A18 chip and 48 MP camera"),
    ("smartphone", "Apple", "iPhone 16 Pro", 999, "6.3-inch phone with A18 Pro chip and triple camera"),
    ("smartphone", "Samsung", "Galaxy S25", 799, "6.2-inch Android phone with Snapdragon 8 Elite"),
    ("smartphone", "Samsung", "Galaxy S25 Ultra", 1299, "6.9-inch Android phone with S Pen and 200 MP camera"),
    ("smartphone", "Google", "Pixel 9", 799, "6.3-inch Android phone with Tensor G4 chip"),
    ("smartphone", "Xiaomi", "Xiaomi 15", 899, "6.36-inch Android phone with Leica optics"),
    ("laptop", "Apple", "MacBook Air 13 (M4)", 999, "13.6-inch fanless laptop, 16 GB memory"),
    ("laptop", "Apple", "MacBook Pro 14 (M4)", 1599, "14.2-inch laptop with Liquid Retina XDR display"),
    ("laptop", "Dell", "XPS 13", 1099, "13.4-inch ultraportable Windows laptop"),
    ("laptop", "Lenovo", "ThinkPad X1 Carbon Gen 12", 1699, "14-inch business laptop under 1.1 kg"),
    ("laptop", "ASUS", "Zenbook 14 OLED", 899, "14-inch OLED laptop with long battery life"),
    ("tablet", "Apple", "iPad Air 11 (M2)", 599, "11-inch tablet with Apple Pencil Pro support"),
    ("tablet", "Samsung", "Galaxy Tab S10", 999, "11-inch Android tablet with AMOLED display"),
    ("headphones", "Sony", "WH-1000XM5", 399, "over-ear wireless noise-cancelling headphones"),
    ("headphones", "Bose", "QuietComfort Ultra Headphones", 429, "over-ear noise-cancelling headphones"),
    ("headphones", "Apple", "AirPods Pro 2", 249, "in-ear earbuds with active noise cancellation"),
    ("headphones", "Sony", "WF-1000XM5", 299, "in-ear noise-cancelling earbuds"),
    ("smartwatch", "Apple", "Apple Watch Series 10", 399, "smartwatch with ECG and sleep tracking"),
    ("smartwatch", "Garmin", "Forerunner 265", 449, "GPS running watch with AMOLED display"),
    ("smartwatch", "Samsung", "Galaxy Watch7", 299, "Wear OS smartwatch with health sensors"),
    ("camera", "Sony", "Alpha 7 IV", 2499, "33 MP full-frame mirrorless camera body"),
    ("camera", "Canon", "EOS R50", 679, "24 MP APS-C mirrorless camera body"),
    ("camera", "Fujifilm", "X100VI", 1599, "40 MP compact camera with fixed 23 mm lens"),
    ("action camera", "GoPro", "HERO13 Black", 399, "waterproof 5.3K action camera"),
    ("drone", "DJI", "Mini 4 Pro", 759, "sub-250 g camera drone with 4K HDR video"),
    ("game console", "Nintendo", "Switch 2", 449, "hybrid home and handheld game console"),
    ("game console", "Sony", "PlayStation 5 Slim", 499, "home game console with disc drive"),
    ("game console", "Microsoft", "Xbox Series X", 599, "home game console with 1 TB storage"),
    ("e-reader", "Amazon", "Kindle Paperwhite", 159, "7-inch waterproof e-reader"),
    ("e-reader", "Kobo", "Clara BW", 130, "6-inch e-reader with E Ink Carta 1300 screen"),
    ("speaker", "Sonos", "Era 100", 199, "compact smart speaker with Wi-Fi and Bluetooth"),
    ("speaker", "JBL", "Flip 6", 129, "portable waterproof Bluetooth speaker"),
    ("tv", "LG", "OLED evo C4 55-inch", 1499, "55-inch 4K OLED television"),
    ("tv", "Samsung", "QN90D 65-inch", 1999, "65-inch 4K Neo QLED television"),
    ("power bank", "Anker", "PowerCore 10000", 25, "10,000 mAh pocket power bank"),
    ("travel adapter", "Anker", "Nano Travel Adapter", 30, "universal travel plug adapter with USB-C"),
    ("luggage", "Samsonite", "Proxis Spinner 55", 600, "55 cm carry-on hard-shell suitcase"),
    ("luggage", "Rimowa", "Essential Cabin", 850, "55 cm polycarbonate cabin suitcase"),
)
STORE_NAMES = ("TechMart", "Gadget Hub", "City Electronics", "Digital Plaza", "Travel & Tech")


def generate(conn: sqlite3.Connection, ctx: GenContext) -> None:
    rng = ctx.rng("shopping")
    products = [(i, *item) for i, item in enumerate(PRODUCTS, start=1)]
    stores, inventory = [], []
    for city in CITIES:
        for name in rng.sample(STORE_NAMES, k=rng.choice((2, 3))):
            store_id = len(stores) + 1
            district = rng.choice(city.districts)
            lat, lon = offset_point(city.lat, city.lon, rng.uniform(-3, 3), rng.uniform(-3, 3))
            opens, closes = rng.choice((("09:00", "21:00"), ("10:00", "22:00"), ("10:00", "20:00")))
            stores.append((store_id, city.id, f"{name} {district}", f"{rng.randint(1, 300)} Commerce Street, {district}",
                           lat, lon, opens, closes))
            markup = 0.92 + 0.12 * COST_INDEX[city.id]
            for product_id, _category, _brand, _model, usd, _summary in products:
                if rng.random() < 0.15:
                    continue  # not every shop carries every product
                price = local_price(usd * markup * rng.uniform(0.93, 1.07), city.currency)
                stock = 0 if rng.random() < 0.12 else rng.randint(1, 25)
                inventory.append((store_id, product_id, price, city.currency, stock))
    conn.executemany("INSERT INTO products VALUES (?,?,?,?,?,?)", products)
    conn.executemany("INSERT INTO stores VALUES (?,?,?,?,?,?,?,?)", stores)
    conn.executemany("INSERT INTO inventory VALUES (?,?,?,?,?)", inventory)
