"""SELECT candidates built over a described schema run on a real (in-memory) SQLite database and answer the
question; schemas are read from what SQL servers print; only a single read-only SELECT passes the guard."""

import json
import sqlite3

import pytest

from nodes.arguments.sql import (
    TableSchema,
    candidate_queries,
    is_select_only,
    parse_rows,
    parse_table_description,
    parse_table_listing,
)
from tests.sql_described import database_fixtures, described_tables, opened, printed_rows

SCHEMA = """
CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);
CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, department_id INTEGER, salary REAL,
                        hire_date TEXT);
CREATE TABLE projects (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL, start_date TEXT);
CREATE TABLE assignments (employee_id INTEGER, project_id INTEGER, hours INTEGER);
INSERT INTO departments VALUES (1, 'Engineering', 500000), (2, 'Sales', 200000), (3, 'Human Resources', 100000);
INSERT INTO employees VALUES (1, 'Alice Smith', 1, 120000, '2019-03-01'), (2, 'Bob Jones', 2, 70000, '2021-06-15'),
    (3, 'Carol White', 1, 95000, '2023-01-10'), (4, 'Dan Brown', 2, 65000, '2018-11-20'),
    (5, 'Eve Black', 3, 60000, '2024-02-01'), (6, 'Frank Green', 1, 105000, '2020-08-30');
INSERT INTO projects VALUES (1, 'Apollo', 300000, '2022-01-01'), (2, 'Borealis', 120000, '2020-05-01'),
    (3, 'Cosmos', 80000, '2024-03-01');
INSERT INTO assignments VALUES (1, 1, 100), (1, 2, 40), (3, 1, 80), (2, 3, 20), (6, 2, 60), (1, 3, 10);
"""


database, tables = database_fixtures(SCHEMA)


@pytest.mark.parametrize(("question", "answer"), [
    ("How many employees are there?", [(6,)]),
    ("How many employees work in Engineering?", [(3,)]),
    ("how many employees in engineering", [(3,)]),  # the stored spelling is used
    ("What is the average salary in Sales?", [(67500.0,)]),
    ("Who has the highest salary?", [("Alice Smith", 120000.0)]),
    ("Which employee was hired most recently?", [("Eve Black", "2024-02-01")]),
    ("List all departments", [("Engineering",), ("Sales",), ("Human Resources",)]),
    ("What is the total budget of all projects?", [(500000.0,)]),
    ("What's the cheapest project?", [("Cosmos", 80000.0)]),
    ("Which employees earn more than 100,000?", [("Alice Smith",), ("Frank Green",)]),
    ("What's the oldest project?", [("Borealis", "2020-05-01")]),
    ("How many projects does Alice Smith work on?", [(3,)]),
    ("Which department is Bob Jones in?", [("Sales",)]),
    ("What is Alice Smith's salary?", [("Alice Smith", 120000.0)]),
    ("Which department has the highest average salary?", [("Engineering", pytest.approx(106666.67, rel=1e-4))]),
    ("Which department has the most employees?", [("Engineering", 3)]),
    ("which department has the largest number of employees", [("Engineering", 3)]),  # "most", in other words
    ("total hours Alice Smith worked", [(150,)]),
    # a place ending a told sentence is no name running on into the next ("Lisbon. What")
    ("I'm presenting it in Lisbon. What is the budget of Cosmos?", [("Cosmos", 80000.0)]),
    # a comparison the asker checks the answer against is no condition
    ("how many projects does Alice Smith work on, more than 2?", [(3,)]),
    ("has Alice Smith worked on projects more than 5 times? count pls", [(3,)]),
    ("add up the hours Alice Smith worked, is it over 100?", [(150,)]),
    # a long message's scene-setting sentences name no condition in lower case ("the sales folks")
    ("The sales folks keep joking that engineering gets all the money, and I promised to dig into it before "
     "Friday's meeting. What is the average salary of employees in Engineering?", [(pytest.approx(106666.67, rel=1e-4),)]),
    # nor a table ("the projects") or a negation of a name the question then asks about
    ("I have the badges printed for everyone except Carol White, and the projects board is a mess after the "
     "reshuffle. Which department is Carol White in?", [("Engineering",)]),
    # a guess about a named row is checked, not a filter
    ("Bob Jones was hired in 2019 if I remember right. When exactly was he hired?", [("Bob Jones", "2021-06-15")]),
])
def test_the_best_candidate_answers(database, tables, question, answer):
    queries = candidate_queries(question, tables)
    assert queries, question
    assert database.execute(queries[0]).fetchall() == answer
    assert all(is_select_only(q, [t.name for t in tables]) for q in queries)


def test_what_a_thing_is_sold_for_is_its_price():
    shop = opened("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL, stock INTEGER);"
                  "INSERT INTO items VALUES (1, 'Oak Stool', 45.5, 3), (2, 'Pine Shelf', 80, 0);")
    for question in ("A friend wants an Oak Stool for Oslo. What do we list it for?",
                     "how much do we sell the Oak Stool for", "the Oak Stool goes for how much?"):
        assert shop.execute(candidate_queries(question, described_tables(shop))[0]).fetchall() == [("Oak Stool", 45.5)]
    shop.close()


def test_average_per_group(database, tables):
    best = candidate_queries("average salary per department", tables)[0]
    assert dict(database.execute(best).fetchall()) == {"Engineering": pytest.approx(106666.67, rel=1e-4),
                                                        "Sales": 67500.0, "Human Resources": 60000.0}


def test_samples_may_come_apart_from_the_tables(database, tables):
    bare = [TableSchema(t.name, t.columns) for t in tables]
    samples = {(t.name, column): values for t in tables for column, values in t.samples.items()}
    assert candidate_queries("How many employees work in Sales?", bare, samples) == candidate_queries(
        "How many employees work in Sales?", tables)


def test_a_request_naming_nothing_of_the_schema_gets_nothing(tables):
    assert candidate_queries("what's the weather in Paris", tables) == []


def test_schema_readers_take_the_forms_servers_print():
    assert parse_table_listing("[{'name': 'departments'}, {'name': 'employees'}]") == ["departments", "employees"]
    assert parse_table_listing(json.dumps({"tables": ["a", "b"]})) == ["a", "b"]
    assert parse_table_listing("Tables:\n- orders\n- customers") == ["orders", "customers"]
    pragma = ("[{'cid': 0, 'name': 'id', 'type': 'INTEGER', 'notnull': 0, 'dflt_value': None, 'pk': 1}, "
              "{'cid': 1, 'name': 'name', 'type': 'TEXT', 'notnull': 1, 'dflt_value': None, 'pk': 0}]")
    schema = parse_table_description("departments", pragma)
    assert [(c.name, c.type, c.primary_key) for c in schema.columns] == [("id", "INTEGER", True),
                                                                          ("name", "TEXT", False)]
    created = parse_table_description("employees", "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, "
                                                   "dept INTEGER REFERENCES departments(id))")
    assert [c.name for c in created.columns] == ["id", "name", "dept"]
    assert [(k.column, k.table, k.target) for k in created.foreign_keys] == [("dept", "departments", "id")]
    lines = parse_table_description("t", "column | type\nid | INTEGER\ntitle | VARCHAR(80)")
    assert [(c.name, c.type) for c in lines.columns] == [("id", "INTEGER"), ("title", "VARCHAR(80)")]
    assert parse_table_description("t", "Error: no such table") is None
    assert parse_rows({"rows": [{"n": 1}]}) == [{"n": 1}] and parse_rows("no rows") == []


def test_a_declared_foreign_key_is_followed_even_when_its_name_says_nothing(database):
    tables = [parse_table_description("departments", "CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT)"),
              parse_table_description("staff", "CREATE TABLE staff (id INTEGER PRIMARY KEY, name TEXT, "
                                               "dept INTEGER REFERENCES departments(id))")]
    tables[0].samples["name"] = ["Sales"]
    best = candidate_queries("how many staff in Sales", tables)[0]
    assert "JOIN departments ON staff.dept = departments.id" in best


@pytest.mark.parametrize(("sql", "ok"), [
    ("SELECT COUNT(*) FROM employees", True),
    ("WITH e AS (SELECT * FROM employees) SELECT name FROM e", True),
    ("SELECT 1; DROP TABLE employees", False),
    ("DELETE FROM employees", False),
    ("INSERT INTO employees SELECT * FROM employees", False),
    ("PRAGMA table_info(employees)", False),
    ("ATTACH DATABASE 'x.db' AS x", False),
    ("SELECT load_extension('evil')", False),
    ("SELECT * FROM secrets", False),  # not a known table
    ("SELEC nonsense", False),
])
def test_only_a_single_read_of_known_tables_passes(sql, ok):
    assert is_select_only(sql, ["employees", "departments"]) is ok


@pytest.mark.parametrize(("question", "answer"), [
    # a negated stored value is excluded, not asked for
    ("how many employees are not in Engineering", "[{'COUNT(*)': 3}]"),
    ("how many employees excluding Sales", "[{'COUNT(*)': 4}]"),
    ("how many employees are not working in Engineering", "[{'COUNT(*)': 3}]"),
    ("how many employees do we have? leave out anyone that is in Sales", "[{'COUNT(*)': 4}]"),
    # "when" / "what year" asks for the date column of the named row
    ("when was Dan Brown taken on", "[{'name': 'Dan Brown', 'hire_date': '2018-11-20'}]"),
    # a year or a month filters the date column
    ("how many employees were hired in 2019", "[{'COUNT(*)': 1}]"),
    ("employees hired in june 2021", "[{'name': 'Bob Jones', 'hire_date': '2021-06-15'}]"),
    ("how many people work in Sales", "[{'COUNT(*)': 2}]"),  # what refers to the Sales row is counted
])
def test_negations_dates_and_references(database, tables, question, answer):
    assert printed_rows(database, candidate_queries(question, tables)[0]) == answer


def _one_table(create_and_fill: str, table: str) -> tuple[sqlite3.Connection, list[TableSchema]]:
    db = sqlite3.connect(":memory:")
    db.executescript(create_and_fill)
    return db, [parse_table_description(table, printed_rows(db, f"PRAGMA table_info({table})"))]


@pytest.mark.parametrize(("script", "table", "question", "answer"), [
    ("CREATE TABLE parts (id INTEGER PRIMARY KEY, label TEXT, qty_on_hand INTEGER);"
     "INSERT INTO parts VALUES (1, 'bolt', 0), (2, 'nut', 12), (3, 'washer', 0);", "parts",
     "which parts are out of qty on hand",  # "out of" a column: zero
     "[{'label': 'bolt', 'qty_on_hand': 0}, {'label': 'washer', 'qty_on_hand': 0}]"),
    ("CREATE TABLE tickets (id INTEGER PRIMARY KEY, requester TEXT, opened TEXT);"
     "INSERT INTO tickets VALUES (1, 'ana', '2026-01-02'), (2, 'bo', '2026-01-03'), (3, 'ana', '2026-02-01');",
     "tickets", "which requester opened the most tickets",  # rows grouped by the column "which" names
     "[{'requester': 'ana', 'COUNT(*)': 2}]"),
    ("CREATE TABLE rooms (id INTEGER PRIMARY KEY, name TEXT, floor INTEGER);"
     "INSERT INTO rooms VALUES (1, 'Fjord', 3), (2, 'Tundra', 4), (3, 'Delta', 3);", "rooms",
     "list the rooms on floor 3",  # a number written with a numeric column's name is its value
     "[{'name': 'Fjord', 'floor': 3}, {'name': 'Delta', 'floor': 3}]"),
    ("CREATE TABLE tickets (id INTEGER PRIMARY KEY, requester TEXT, status TEXT);"
     "INSERT INTO tickets VALUES (1, 'ana', 'open'), (2, 'bo', 'open'), (3, 'ana', 'closed');",
     "tickets", "how many different requesters have open tickets",  # distinct values of the named column
     "[{'COUNT(DISTINCT tickets.requester)': 2}]"),
    ("CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT, genre TEXT);"
     "INSERT INTO books VALUES (1, 'A', 'crime'), (2, 'B', 'poetry'), (3, 'C', 'crime');",
     "books", "the most common book genre by number of books?",  # "which genre has the most books"
     "[{'genre': 'crime', 'COUNT(*)': 2}]"),
])
def test_zero_columns_and_grouping_by_a_named_column(script, table, question, answer):
    db, schema = _one_table(script, table)
    assert printed_rows(db, candidate_queries(question, schema)[0]) == answer


def test_a_named_row_with_no_named_column_is_read_whole(database, tables):
    best = candidate_queries("tell me about Carol White", tables)[0]
    assert "'salary': 95000" in printed_rows(database, best)


def test_a_table_reads_as_the_words_of_its_columns_for_the_index():
    from nodes.arguments.server_data import record_fields

    table = parse_table_description("employees", "CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, "
                                    "department_id INTEGER, salary_usd REAL, hireDate TEXT, paid INTEGER)")
    assert record_fields(table) == "employees: name, department, salary usd, hire date, paid"
