"""The data the foreign (third-party) MCP servers serve in the benchmark: a small company database for
``mcp-server-sqlite``, a folder of one person's notes for ``@modelcontextprotocol/server-filesystem`` and a
knowledge graph for ``@modelcontextprotocol/server-memory``.

Everything is fixed: the rows, the notes and the graph are written out here (the orders come from a seeded
generator), no date is relative to today, so two builds give the same answers. Building again resets the data
(the servers' write tools may have changed it).

    python -m benchmarks.foreign_data [DIR]     # default: ${TURA_SERVERS_DIR:-~/.cache/tura/servers}/data

Standard library only: ``scripts/foreign_servers.sh`` runs it with any Python 3.11.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import sqlite3
import sys
from pathlib import Path

SEED = 20261102
MARKER = ".tura-foreign-data"  # in the data directory: says the notes folder there is ours to replace


def default_servers_dir() -> Path:
    return Path(os.environ.get("TURA_SERVERS_DIR") or Path.home() / ".cache" / "tura" / "servers")


def default_data_dir() -> Path:
    return default_servers_dir() / "data"


# -- company.db: "Northwind Loom", a fictional textile company ------------------------------------------
DEPARTMENTS = [
    # id, name, floor, budget_usd
    (1, "Engineering", 4, 1_850_000),
    (2, "Sales", 2, 920_000),
    (3, "Marketing", 3, 610_000),
    (4, "Operations", 1, 1_240_000),
    (5, "Finance", 5, 480_000),
    (6, "People", 5, 350_000),
]

EMPLOYEES = [
    # id, name, department_id, title, city, salary_usd, hire_date
    (1, "Ada Whitfield", 1, "VP of Engineering", "Portland", 212_000, "2016-03-14"),
    (2, "Rahul Menon", 1, "Staff Engineer", "Seattle", 186_000, "2017-08-01"),
    (3, "Sofia Castellanos", 1, "Senior Engineer", "Austin", 164_000, "2019-01-21"),
    (4, "Jonas Lindqvist", 1, "Senior Engineer", "Portland", 161_500, "2019-06-10"),
    (5, "Mei-Ling Zhou", 1, "Engineer", "San Francisco", 142_000, "2021-02-15"),
    (6, "Tobias Hartmann", 1, "Engineer", "Denver", 128_000, "2022-09-05"),
    (7, "Priya Raghunathan", 1, "Engineering Manager", "Seattle", 178_000, "2018-11-12"),
    (8, "Liam O'Connell", 1, "Junior Engineer", "Boston", 98_000, "2024-07-01"),
    (9, "Chiara Bellini", 1, "QA Engineer", "Chicago", 112_000, "2020-04-27"),
    (10, "Kwame Mensah", 1, "DevOps Engineer", "Atlanta", 139_000, "2021-10-18"),
    (11, "Harriet Cole", 2, "Head of Sales", "New York", 175_000, "2015-05-04"),
    (12, "Diego Fuentes", 2, "Account Executive", "Miami", 96_000, "2020-08-17"),
    (13, "Yuki Tanaka", 2, "Account Executive", "San Francisco", 101_000, "2021-03-08"),
    (14, "Olivia Brennan", 2, "Sales Manager", "Chicago", 132_000, "2018-02-19"),
    (15, "Marcus Reid", 2, "Sales Development Rep", "Atlanta", 68_000, "2024-01-15"),
    (16, "Fatima Al-Sayed", 2, "Account Executive", "Houston", 94_500, "2022-06-27"),
    (17, "Gregor Novak", 2, "Sales Development Rep", "Denver", 66_000, "2025-02-03"),
    (18, "Nadia Petrova", 3, "Marketing Director", "New York", 158_000, "2017-10-09"),
    (19, "Ethan Brooks", 3, "Content Strategist", "Austin", 88_000, "2022-01-10"),
    (20, "Camille Laurent", 3, "Brand Designer", "Portland", 92_000, "2020-11-30"),
    (21, "Samir Haddad", 3, "Growth Marketer", "Boston", 97_000, "2021-07-19"),
    (22, "Ingrid Solberg", 3, "Marketing Analyst", "Seattle", 84_000, "2023-04-24"),
    (23, "Victor Alves", 3, "Social Media Manager", "Miami", 79_000, "2023-09-11"),
    (24, "Grace Mwangi", 4, "Operations Director", "Charlotte", 151_000, "2016-09-26"),
    (25, "Benjamin Hale", 4, "Warehouse Manager", "Charlotte", 89_000, "2018-05-14"),
    (26, "Lucia Romero", 4, "Logistics Coordinator", "Houston", 72_000, "2021-12-06"),
    (27, "Dmitri Volkov", 4, "Supply Chain Analyst", "Chicago", 86_000, "2020-03-02"),
    (28, "Aisha Bello", 4, "Production Planner", "Charlotte", 78_500, "2022-10-24"),
    (29, "Oscar Lindgren", 4, "Quality Inspector", "Charlotte", 64_000, "2023-06-05"),
    (30, "Hannah Weiss", 4, "Procurement Specialist", "Denver", 81_000, "2019-08-19"),
    (31, "Tomasz Kowalski", 4, "Logistics Coordinator", "Atlanta", 70_500, "2024-03-18"),
    (32, "Eleanor Price", 5, "CFO", "New York", 225_000, "2015-01-12"),
    (33, "Arjun Kapoor", 5, "Financial Analyst", "Boston", 93_000, "2021-05-24"),
    (34, "Rosa Jimenez", 5, "Controller", "Chicago", 138_000, "2017-04-03"),
    (35, "Henrik Dahl", 5, "Accountant", "Portland", 76_000, "2022-02-14"),
    (36, "Zoe Carter", 5, "Payroll Specialist", "Austin", 69_000, "2023-11-06"),
    (37, "Amara Nwosu", 6, "Head of People", "San Francisco", 149_000, "2018-07-23"),
    (38, "Felix Bauer", 6, "Recruiter", "Seattle", 82_000, "2022-08-08"),
    (39, "Isabel Moreau", 6, "People Partner", "New York", 91_000, "2020-10-05"),
    (40, "Noah Fischer", 6, "Recruiter", "Miami", 77_000, "2024-09-16"),
]

PRODUCTS = [
    # id, name, category, price_usd, units_in_stock
    (1, "Harbor Wool Throw", "Blankets", 89.0, 140),
    (2, "Alpine Merino Blanket", "Blankets", 189.0, 42),
    (3, "Cottage Quilt Queen", "Blankets", 159.0, 35),
    (4, "Featherlight Cotton Throw", "Blankets", 59.0, 210),
    (5, "Ember Heated Throw", "Blankets", 129.0, 0),
    (6, "Linen Duvet Cover King", "Bedding", 179.0, 58),
    (7, "Percale Sheet Set Queen", "Bedding", 119.0, 96),
    (8, "Sateen Pillowcase Pair", "Bedding", 39.0, 305),
    (9, "Organic Fitted Sheet Twin", "Bedding", 45.0, 120),
    (10, "Down Alternative Pillow", "Bedding", 49.0, 12),
    (11, "Waffle Bath Towel", "Bath", 29.0, 400),
    (12, "Turkish Hand Towel", "Bath", 18.0, 380),
    (13, "Plush Bath Robe", "Bath", 99.0, 64),
    (14, "Bamboo Bath Mat", "Bath", 35.0, 150),
    (15, "Spa Towel Bundle", "Bath", 119.0, 27),
    (16, "Herringbone Table Runner", "Table Linen", 34.0, 88),
    (17, "Linen Napkin Set of 4", "Table Linen", 32.0, 175),
    (18, "Jacquard Tablecloth 90in", "Table Linen", 79.0, 31),
    (19, "Quilted Placemat Set", "Table Linen", 28.0, 0),
    (20, "Woven Apron", "Table Linen", 26.0, 220),
    (21, "Indigo Yarn Skein", "Yarn & Craft", 12.5, 900),
    (22, "Merino Yarn Bundle", "Yarn & Craft", 48.0, 160),
    (23, "Beginner Weaving Loom", "Yarn & Craft", 69.0, 44),
    (24, "Natural Dye Kit", "Yarn & Craft", 39.0, 73),
    (25, "Crochet Hook Set", "Yarn & Craft", 22.0, 260),
]

CUSTOMERS = [
    "Maple & Finch Home", "Bluewater Hotels", "Cedar Lane Interiors", "Harvest Table Co.",
    "Oakridge Boutique", "Pinecrest Inn", "Saltmarsh Living", "Urban Nest Stores",
    "Willowbrook Crafts", "Copperfield Market", "Lantern House B&B", "Riverside Linens",
]

ORDER_DAYS = 75  # orders fall on 2026-09-01 .. 2026-11-15


def orders() -> list[tuple[int, int, str, int, str, str]]:
    """80 orders, the same every time: (id, product_id, customer, quantity, order_date, status). Orders from
    September and October were delivered (a few cancelled); November's are shipped or still pending."""
    rng = random.Random(SEED)
    rows = []
    for order_id in range(1, 81):
        product_id = rng.randint(1, len(PRODUCTS))
        customer = rng.choice(CUSTOMERS)
        quantity = rng.choice([1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24])
        day = (order_id - 1) * ORDER_DAYS // 80 + rng.randint(0, 1)  # 0 = Sep 1
        month, dom = (9, day + 1) if day < 30 else (10, day - 29) if day < 61 else (11, day - 60)
        if month < 11:
            status = rng.choice(["delivered"] * 7 + ["cancelled"])
        else:
            status = "shipped" if dom <= 9 else "pending"
        rows.append((order_id, product_id, customer, quantity, f"2026-{month:02d}-{dom:02d}", status))
    return rows


SCHEMA = """
PRAGMA foreign_keys = ON;
CREATE TABLE departments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    floor INTEGER NOT NULL,
    budget_usd INTEGER NOT NULL
);
CREATE TABLE employees (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    department_id INTEGER NOT NULL REFERENCES departments(id),
    title TEXT NOT NULL,
    city TEXT NOT NULL,
    salary_usd INTEGER NOT NULL,
    hire_date TEXT NOT NULL
);
CREATE TABLE products (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    category TEXT NOT NULL,
    price_usd REAL NOT NULL,
    units_in_stock INTEGER NOT NULL
);
CREATE TABLE orders (
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products(id),
    customer TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    order_date TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled'))
);
"""


def write_company_db(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in (path, path.with_name(path.name + "-journal"), path.with_name(path.name + "-wal")):
        stale.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    try:
        conn.executescript(SCHEMA)
        conn.executemany("INSERT INTO departments VALUES (?, ?, ?, ?)", DEPARTMENTS)
        conn.executemany("INSERT INTO employees VALUES (?, ?, ?, ?, ?, ?, ?)", EMPLOYEES)
        conn.executemany("INSERT INTO products VALUES (?, ?, ?, ?, ?)", PRODUCTS)
        conn.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)", orders())
        conn.commit()
        bad = conn.execute("PRAGMA foreign_key_check").fetchall()
        if bad:
            raise AssertionError(f"company.db: foreign keys broken: {bad[:3]}")
    finally:
        conn.close()
    return path


# -- notes/: one person's notes (Dana Okafor, product manager at Northwind Loom, lives in Portland) ------
NOTES: dict[str, str] = {
    "wifi.txt": """\
home wifi
---------
network: Okafor-Home-5G
password: lemon-otter-4471

guest network: Okafor-Guest
password: sunflower2026

router admin is at 192.168.1.1 (user admin, password on the sticker under the router)
ISP: Cascade Fiber, account no. CF-88213457, support 503-555-0142
""",
    "recipes/banana-bread.md": """\
# Banana bread (Grandma Ruth's)

Makes one 9x5 loaf.

## Ingredients
- 3 very ripe bananas (about 350 g peeled)
- 115 g butter, melted (1 stick)
- 150 g brown sugar (3/4 cup)
- 1 egg, beaten
- 1 tsp vanilla extract
- 1 tsp baking soda
- a pinch of salt
- 190 g all-purpose flour (1 1/2 cups)
- 60 g chopped walnuts (optional, Sam hates them)

## Method
1. Preheat the oven to 175 °C (350 °F). Butter the loaf pan.
2. Mash the bananas, stir in the melted butter.
3. Mix in soda and salt, then sugar, egg and vanilla.
4. Fold in the flour, then the walnuts.
5. Bake 60 minutes, until a skewer comes out clean. Cool 10 minutes in the pan.

Note to self: 55 minutes is enough in the new oven.
""",
    "recipes/shakshuka.md": """\
# Shakshuka for two

- 1 tbsp olive oil, 1 onion, 1 red pepper, 2 garlic cloves
- 1 tsp cumin, 1 tsp smoked paprika, pinch of chili flakes
- 1 can (400 g) crushed tomatoes
- 4 eggs, feta and parsley on top

Soften onion and pepper 8 minutes, add garlic and spices 1 minute, tomatoes 10 minutes.
Make 4 wells, crack the eggs in, cover and cook 6-7 minutes. Serve with crusty bread.
""",
    "meetings/2026-11-02-roadmap.md": """\
# Roadmap review - 2 Nov 2026

Attendees: Dana Okafor, Priya Raghunathan, Harriet Cole, Ada Whitfield, Ethan Brooks

## Decisions
- **Project Loomwise** (the online pattern designer) launches on **2027-02-15**, not in January.
  Owner: Priya Raghunathan.
- Wholesale portal v2 is paused until Q2 2027; Harriet will tell the three pilot customers.
- We drop the Ember Heated Throw from the spring catalog (supplier problems).
- Budget for the Lisbon trade fair approved: $18,500. Owner: Dana.

## Action items
- [ ] Priya: beta plan for Loomwise with 20 customers by 2026-11-20
- [ ] Harriet: call Bluewater Hotels and Pinecrest Inn about the portal pause by 2026-11-09
- [x] Ethan: draft launch blog post outline (done 2026-11-05)
- [ ] Dana: book Lisbon travel, send the fair schedule to the team by 2026-11-30

Next review: 2026-12-07, 10:00, room Tamarack (4th floor).
""",
    "meetings/2026-10-19-one-on-one-priya.md": """\
1:1 with Priya - Oct 19 2026

- she wants 2 more engineers for Loomwise; I said I'd raise it with Ada
- Kwame is moving to the platform team from Dec 1
- her birthday is March 3, team is planning something
- follow up: ask People (Amara) about the Seattle office lease
""",
    "packing-list.txt": """\
PACKING LIST - Lisbon, Dec 2026

[ ] passport (expires 2031-04-18)
[ ] EU plug adapters x2
[ ] laptop + charger, clicker for the booth demo
[ ] 40 product sample cards, 2 Harbor Wool Throws for the booth
[ ] rain jacket, comfortable walking shoes
[ ] 3 shirts, 2 trousers, 1 blazer
[ ] toiletries (under 100 ml!)
[ ] headphones, book (Piranesi)
[ ] euros: ~150 in cash
""",
    "car.md": """\
# The car

2019 Subaru Outback, dark green
Plate: **7KQM 294** (Oregon)
VIN: 4S4BSANC5K3301847

- Last service: **2026-08-22** at Rose City Auto, oil change + tire rotation, $148.60
- Mileage at that service: 61,240 mi
- Mileage on 2026-11-20: 63,905 mi
- Next service due at 66,000 mi or by 2027-02-22, whichever comes first
- Insurance: Evergreen Mutual, policy EM-4410-2281, renews 2027-01-01
- Tires: Michelin CrossClimate2, bought 2025-10-03
""",
    "books-2026.md": """\
# Books read in 2026

| # | Title | Author | Finished | Rating |
|---|-------|--------|----------|--------|
| 1 | Tomorrow, and Tomorrow, and Tomorrow | Gabrielle Zevin | Jan 14 | 5/5 |
| 2 | The Ministry for the Future | Kim Stanley Robinson | Feb 20 | 3/5 |
| 3 | Braiding Sweetgrass | Robin Wall Kimmerer | Mar 30 | 5/5 |
| 4 | Project Hail Mary | Andy Weir | Apr 22 | 4/5 |
| 5 | The Overstory | Richard Powers | Jun 9 | 4/5 |
| 6 | Klara and the Sun | Kazuo Ishiguro | Jul 18 | 3/5 |
| 7 | Demon Copperhead | Barbara Kingsolver | Sep 2 | 5/5 |
| 8 | The Thursday Murder Club | Richard Osman | Oct 11 | 4/5 |

Currently reading: Piranesi (Susanna Clarke). Goal for the year: 12 books.
""",
    "gym-plan.md": """\
# Gym plan (autumn 2026)

Gym: Pearl District Fitness, locker 118, membership $54/month.

- **Monday** - upper body: bench press 3x8 @ 45 kg, rows 3x10, shoulder press 3x10
- **Wednesday** - run 5 km on the treadmill, target under 28 minutes; core 15 min
- **Friday** - lower body: squats 4x6 @ 60 kg, deadlift 3x5 @ 70 kg, lunges 3x12
- **Sunday** - yoga class at 9:30 with Jess

Personal bests: 5 km in 26:41 (2026-10-08), deadlift 80 kg (2026-09-25).
""",
    "travel/lisbon-trip.md": """\
# Lisbon - Heimtextil Iberia trade fair

Dates: Dec 8 - Dec 12, 2026

## Flights
- Out: **TP 1352**, PDX -> LIS via EWR, Dec 8 2026, dep 07:15, arrives Dec 9 08:40
- Back: **TP 1351**, LIS -> PDX via EWR, Dec 12 2026, dep 11:05, arrives 19:50
- Booking reference: **K7XQ2M**, seat 24A both ways

## Hotel
- **Hotel Baixa Azul**, Rua dos Fanqueiros 112, Lisbon
- Check-in Dec 9, check-out Dec 12 (3 nights), EUR 168/night, breakfast included
- Confirmation code: **HBA-558201**

## Fair
- Booth C14, hall 2, FIL Lisbon; setup Dec 9 from 14:00
- Dinner with Bluewater Hotels buyers Dec 10, 20:00, Cervejaria Ramiro
""",
    "travel/tokyo-2025.txt": """\
Tokyo, April 2025 - notes after the trip

hotel: Hotel Gracery Shinjuku, 5 nights, JPY 21,000/night
favourite meal: the tonkatsu place near Ebisu station (Tonki?)
Suica card still has about 2,300 yen on it - it's in the desk drawer
next time: go in late March for the cherry blossoms, book teamLab two weeks ahead
""",
    "contacts.md": """\
# Contacts

| Name | Who | Phone |
|------|-----|-------|
| Sam Okafor | brother | +1 503-555-0187 |
| Ruth Okafor | grandma | +1 971-555-0123 |
| Dr. Elena Marsh | dentist (Pearl Dental) | +1 503-555-0199 |
| Priya Raghunathan | work, eng manager | +1 206-555-0164 |
| Jess Kim | yoga / neighbour | +1 503-555-0110 |
| Rose City Auto | car service | +1 503-555-0176 |
| Marco Silva | Lisbon fair contact | +351 21 555 0134 |

Emergency contact on file at work: Sam.
""",
    "garden.md": """\
# Garden

Raised beds (3), back yard, 4x8 ft each.

- Bed 1: garlic (planted 2026-10-12, 'Music' variety, 40 cloves), harvest July
- Bed 2: kale and chard, still producing; cover with frost cloth below 0 °C
- Bed 3: empty - plant fava beans as a cover crop
- Tomatoes this year: 9 plants, best was 'Sungold'; worst 'Brandywine' (split)
- Water: drip timer set to 6:00, 20 minutes, every 2 days (off from November)
- Order seeds from Territorial by 2027-01-31
""",
    "budget-november.md": """\
# Budget - November 2026

Take-home pay: $6,420

| Item | Planned | Actual |
|------|---------|--------|
| Rent | $2,150 | $2,150 |
| Groceries | $600 | $548.32 |
| Utilities | $180 | $171.45 |
| Internet (Cascade Fiber) | $70 | $70 |
| Car insurance | $112 | $112 |
| Gym | $54 | $54 |
| Eating out | $250 | $311.80 |
| Gifts | $150 | $89.99 |
| Savings (Lisbon fund) | $500 | $500 |

Total planned: $4,066. Over budget on eating out by $61.80.
""",
    "todo.txt": """\
- renew passport? no - valid until 2031
- call Rose City Auto if the brake light comes back
- send Grandma Ruth the banana bread photos
- pay the December rent by Nov 30
- return the library book (due 2026-12-01)
- ask Jess to water the plants while I'm in Lisbon
""",
    "work/loomwise-ideas.md": """\
# Loomwise - ideas

- pattern designer in the browser, export to PDF and to our loom file format (.nwl)
- pricing idea: free tier with 5 saved patterns, Pro at $8/month
- integrate the Natural Dye Kit colour chart
- beta customers: Willowbrook Crafts and Maple & Finch Home said yes
- risk: the renderer is slow on big patterns (> 400x400 threads) - Jonas is looking at it
""",
}


def write_notes(directory: Path) -> Path:
    if directory.exists():
        shutil.rmtree(directory)
    for relative, text in NOTES.items():
        path = directory / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    return directory


# -- memory.jsonl: the knowledge graph @modelcontextprotocol/server-memory reads ---------------------------
ENTITIES = [
    ("Dana Okafor", "person", [
        "Product manager at Northwind Loom since 2021-04-12",
        "Lives in Portland, Oregon",
        "Birthday: 1991-07-22",
        "Favourite food: shakshuka",
        "Drives a dark green 2019 Subaru Outback",
    ]),
    ("Priya Raghunathan", "person", [
        "Engineering manager at Northwind Loom",
        "Birthday: March 3",
        "Works from the Seattle office",
        "Favourite tea: genmaicha",
    ]),
    ("Ada Whitfield", "person", [
        "VP of Engineering at Northwind Loom",
        "Joined Northwind Loom on 2016-03-14",
        "Runs a marathon every October",
    ]),
    ("Harriet Cole", "person", [
        "Head of Sales at Northwind Loom",
        "Based in New York",
        "Speaks French and Portuguese",
    ]),
    ("Jonas Lindqvist", "person", [
        "Senior engineer at Northwind Loom",
        "Is optimising the Loomwise renderer",
        "Originally from Gothenburg, Sweden",
    ]),
    ("Kwame Mensah", "person", [
        "DevOps engineer at Northwind Loom",
        "Moves to the platform team on 2026-12-01",
    ]),
    ("Sam Okafor", "person", [
        "Dana's younger brother",
        "Birthday: 1995-11-30",
        "Is a nurse at Providence Portland",
        "Dislikes walnuts",
    ]),
    ("Ruth Okafor", "person", [
        "Dana's grandmother",
        "Birthday: 1940-05-09",
        "Taught Dana the banana bread recipe",
    ]),
    ("Jess Kim", "person", [
        "Dana's neighbour",
        "Teaches the Sunday 9:30 yoga class",
        "Has a cat called Miso",
    ]),
    ("Marco Silva", "person", [
        "Organiser at the Heimtextil Iberia trade fair in Lisbon",
        "Email: marco.silva@example.pt",
    ]),
    ("Northwind Loom", "organization", [
        "Fictional textile company founded in 2009",
        "Headquartered in Portland, Oregon",
        "About 40 employees in 6 departments",
    ]),
    ("Bluewater Hotels", "organization", [
        "Hotel chain and a large wholesale customer of Northwind Loom",
        "Buys Waffle Bath Towels and Plush Bath Robes",
    ]),
    ("Project Loomwise", "project", [
        "Online pattern designer for weavers",
        "Launch date: 2027-02-15",
        "Pro plan planned at $8/month",
        "Beta with 20 customers",
    ]),
    ("Wholesale Portal v2", "project", [
        "Paused until Q2 2027",
        "Had three pilot customers",
    ]),
    ("Heimtextil Iberia 2026", "event", [
        "Trade fair in Lisbon, December 8-12, 2026",
        "Northwind Loom has booth C14 in hall 2",
        "Budget: $18,500",
    ]),
]

RELATIONS = [
    ("Dana Okafor", "Northwind Loom", "works_at"),
    ("Priya Raghunathan", "Northwind Loom", "works_at"),
    ("Ada Whitfield", "Northwind Loom", "works_at"),
    ("Harriet Cole", "Northwind Loom", "works_at"),
    ("Jonas Lindqvist", "Northwind Loom", "works_at"),
    ("Kwame Mensah", "Northwind Loom", "works_at"),
    ("Ada Whitfield", "Priya Raghunathan", "manages"),
    ("Priya Raghunathan", "Jonas Lindqvist", "manages"),
    ("Priya Raghunathan", "Kwame Mensah", "manages"),
    ("Priya Raghunathan", "Project Loomwise", "owns"),
    ("Jonas Lindqvist", "Project Loomwise", "works_on"),
    ("Dana Okafor", "Project Loomwise", "works_on"),
    ("Harriet Cole", "Wholesale Portal v2", "owns"),
    ("Dana Okafor", "Heimtextil Iberia 2026", "attends"),
    ("Marco Silva", "Heimtextil Iberia 2026", "organizes"),
    ("Bluewater Hotels", "Northwind Loom", "customer_of"),
    ("Sam Okafor", "Dana Okafor", "sibling_of"),
    ("Ruth Okafor", "Dana Okafor", "grandparent_of"),
    ("Jess Kim", "Dana Okafor", "neighbour_of"),
]


def write_memory(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [
        json.dumps({"type": "entity", "name": name, "entityType": kind, "observations": observations})
        for name, kind, observations in ENTITIES
    ] + [
        json.dumps({"type": "relation", "from": source, "to": target, "relationType": relation})
        for source, target, relation in RELATIONS
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", newline="\n")
    return path


def data_version() -> str:
    """Changes whenever this module (and so the data) changes."""
    return hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]


def build_foreign_data(directory: Path) -> dict[str, Path]:
    """Write company.db, notes/ and memory.jsonl under ``directory`` (replacing earlier copies)."""
    directory = Path(directory).expanduser().resolve()
    directory.mkdir(parents=True, exist_ok=True)
    marker = directory / MARKER
    notes = directory / "notes"
    if notes.exists() and not marker.exists():
        raise FileExistsError(f"{notes} exists and was not written by benchmarks.foreign_data; not replacing it")
    paths = {
        "company_db": write_company_db(directory / "company.db"),
        "notes": write_notes(notes),
        "memory": write_memory(directory / "memory.jsonl"),
    }
    marker.write_text(data_version() + "\n", encoding="utf-8")
    return paths


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        print(__doc__.strip())
        return 0 if args and args[0] in ("-h", "--help") else 2
    directory = Path(args[0]) if args else default_data_dir()
    for name, path in build_foreign_data(directory).items():
        print(f"{name}: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
