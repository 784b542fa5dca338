"""SQL by meaning: every simple statement over a described schema gets a phrase; the nearest phrase is offered only
when near enough and clearly nearest, with the request's own values as conditions (the encoder is a fake here; the
real MiniLM choice runs in tests/integration/test_foreign_executor.py)."""

import numpy as np
import pytest

from nodes.arguments.sql_by_meaning import MeaningIndex, described_statements, record_questions
from tests.sql_described import described_tables, opened

SCHEMA = """
CREATE TABLE departments (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);
CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, department_id INTEGER REFERENCES departments(id),
                        salary REAL, hire_date TEXT);
INSERT INTO departments VALUES (1, 'Engineering', 500000), (2, 'Sales', 200000);
INSERT INTO employees VALUES (1, 'Alice Smith', 1, 120000, '2019-03-01'), (2, 'Bob Jones', 2, 70000, '2021-06-15'),
    (3, 'Carol White', 1, 95000, '2023-01-10'), (4, 'Dan Brown', 2, 130000, '2018-11-20');
"""


@pytest.fixture(scope="module")
def database():
    db = opened(SCHEMA)
    yield db
    db.close()


class KeywordEncoder:
    """A phrase's vector points along the first keyword it holds; the request words in ``aliases`` count as it."""

    def __init__(self, keywords, aliases, *, blur=0.0):
        self.keywords, self.aliases, self.blur = keywords, aliases, blur

    def __call__(self, texts):
        vectors = []
        for text in texts:
            words = [self.aliases.get(w, w) for w in text.lower().replace("'", " ").split()]
            vector = np.full(len(self.keywords), self.blur)
            for i, keyword in enumerate(self.keywords):
                if keyword in " ".join(words):
                    vector[i] = 1.0
                    break
            norm = np.linalg.norm(vector)
            vectors.append(vector / norm if norm else vector)
        return vectors


def test_each_table_gets_a_count_and_each_measured_or_dated_column_its_extremes_never_an_id(database):
    phrases = [phrase for phrase, *_ in described_statements(described_tables(database))]
    assert "how many employees are there" in phrases
    assert {"the employee with the highest salary", "the employee with the lowest salary",
            "the total salary of all employees", "the average salary of employees",
            "the most recent employee by hire date", "the earliest employee by hire date"} <= set(phrases)
    assert not any("id" in phrase.split() for phrase in phrases)
    # indexed as rows table by table in turn, so a capped share still covers every table
    assert record_questions(described_tables(database))[:2] == ["how many departments are there",
                                                                 "how many employees are there"]
    assert sorted(record_questions(described_tables(database))) == sorted(phrases)


def test_the_nearest_phrase_becomes_its_statement_with_the_requests_values_joined(database):
    keywords = ["highest salary", "lowest salary", "most recent employee", "how many employees"]
    encode = KeywordEncoder(keywords, {"paid": "salary", "best": "highest"})
    index = MeaningIndex(described_tables(database), encode)
    [top] = index.queries("who's the best paid person")
    assert database.execute(top).fetchall() == [("Dan Brown", 130000.0)]
    [in_engineering] = index.queries("who's the best paid person in Engineering")
    assert database.execute(in_engineering).fetchall() == [("Alice Smith", 120000.0)]


def test_nothing_is_offered_below_the_floor_or_without_a_clear_margin(database):
    tables = described_tables(database)
    far = MeaningIndex(tables, KeywordEncoder(["highest salary"], {}))
    assert far.queries("what's the weather in Paris") == []
    # every phrase equally near: no statement is clearly the one asked for
    tied = MeaningIndex(tables, KeywordEncoder(["nothing"], {}, blur=1.0))
    assert tied.nearest("who's the best paid person") is None


def test_a_measure_the_request_does_not_name_among_several_is_left_to_meaning():
    from nodes.arguments.sql import candidate_queries

    db = opened("CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, price REAL, stock INTEGER);"
                "INSERT INTO products VALUES (1, 'Mat', 20, 0), (2, 'Towel', 9, 40);")
    tables = described_tables(db)
    assert candidate_queries("what's the lowest thing we sell", tables) == []  # price or stock? not by words
    [implied] = candidate_queries("what's the cheapest thing we sell", tables)  # "cheapest" is about price
    assert db.execute(implied).fetchall() == [("Towel", 9.0)]
    [named, *_] = candidate_queries("which product has the lowest price", tables)
    assert db.execute(named).fetchall() == [("Towel", 9.0)]
    encode = KeywordEncoder(["lowest price", "lowest stock"], {"thing": "price"})
    [by_meaning] = MeaningIndex(tables, encode).queries("what's the lowest thing we sell")
    assert db.execute(by_meaning).fetchall() == [("Towel", 9.0)]
    db.close()


def test_a_word_that_reads_clearly_as_one_table_or_column_is_reworded_as_it(database):
    encode = KeywordEncoder(["employees", "salary", "budget", "departments"], {"workers": "employees",
                                                                             "wage": "salary"})
    index = MeaningIndex(described_tables(database), encode)
    assert index.reworded("how many workers earn a wage above 100000") == (
        "how many employees earn a salary above 100000")
    assert index.reworded("what's the weather in Paris") == "what's the weather in Paris"  # near nothing
    assert index.reworded("how many employees work in Engineering") == "how many employees work in Engineering"


def test_by_number_of_after_most_says_nothing_new():
    from nodes.arguments.sql import candidate_queries

    db = opened("CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, quantity INTEGER);"
                "INSERT INTO orders VALUES (1, 'Ann', 1), (2, 'Bo', 5), (3, 'Bo', 2);")
    [top, *_] = candidate_queries("which customer placed the most orders (by number of orders)", described_tables(db))
    assert db.execute(top).fetchall() == [("Bo", 2)]
    db.close()


def test_two_tasks_rewording_at_once_never_see_the_words_before_their_vectors(database):
    import threading
    import time

    inner = KeywordEncoder(["employee", "salary", "department", "budget"], {"workers": "employee", "wage": "salary"})

    calls = []

    def slow(texts):
        calls.append(len(texts))
        if len(calls) == 2:  # after the statements: the first task is still embedding the schema's words
            time.sleep(0.3)
        return inner(texts)

    index = MeaningIndex(described_tables(database), slow)
    results, failures = [], []

    def reword():
        try:
            results.append(index.reworded("how many workers earn a wage above 100000"))
        except Exception as error:  # the failure under test: a matrix read before it was filled
            failures.append(error)

    threads = [threading.Thread(target=reword) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(results) == 2 and len(set(results)) == 1


def test_a_count_of_rows_out_of_what_a_column_holds_them_in_comes_after_the_tables_count():
    db = opened("CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL, units_in_bin INTEGER, weight REAL);"
                "INSERT INTO parts VALUES (1, 'Hinge', 0, 0.2), (2, 'Bolt', 40, 0.01), (3, 'Latch', 0, 0.3);")
    try:
        tables = described_tables(db)
        phrases = [phrase for phrase, *_ in described_statements(tables)]
        assert phrases[:2] == ["how many parts are there", "how many parts are out of bin"]
        assert not any("out of weight" in phrase for phrase in phrases)  # "weight" holds nothing "in" anything
        index = MeaningIndex(tables, KeywordEncoder(["out of bin", "how many parts are there"], {}))
        found = index.queries("how many parts are out of bin right now")
        assert found and db.execute(found[0]).fetchone()[0] == 2, found
    finally:
        db.close()
