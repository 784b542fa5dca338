"""Paths, URLs and ids earlier calls returned, read from the forms servers print them in, and the values a
failed call's error offers."""

import json

import pytest

from nodes.arguments.error_values import values_listed_in_error
from nodes.arguments.listed_values import listed_ids, listed_paths, listed_urls, paths_for_request, paths_written

LISTINGS = [
    ({}, "Allowed directories:\n/home/u/notes\n/home/u/docs"),
    ({"path": "/home/u/notes"}, "[FILE] wifi.txt\n[DIR] recipes\n[FILE] todo list.md"),
    ({"path": "/home/u/notes/recipes"},
     "[FILE] banana-bread.md                 1.20 KB\n[FILE] pancakes.md    300 B\n\nTotal: 2 files, 0 directories"),
    ({"path": "/home/u/docs"}, json.dumps([{"name": "taxes", "type": "directory",
                                            "children": [{"name": "2024.pdf", "type": "file"}]},
                                           {"name": "cv.docx", "type": "file"}])),
    ({"path": "/home/u", "pattern": "wifi"}, "/home/u/notes/wifi.txt\n/home/u/old/wifi-backup.txt"),
    ({"path": "/home/u", "pattern": "zzz"}, "No matches found"),
]


def test_listed_paths_join_the_folder_that_was_listed():
    assert listed_paths(LISTINGS) == [
        "/home/u/notes/", "/home/u/docs/", "/home/u/notes/wifi.txt", "/home/u/notes/recipes/",
        "/home/u/notes/todo list.md", "/home/u/notes/recipes/banana-bread.md", "/home/u/notes/recipes/pancakes.md",
        "/home/u/docs/taxes/", "/home/u/docs/taxes/2024.pdf", "/home/u/docs/cv.docx", "/home/u/old/wifi-backup.txt"]


@pytest.mark.parametrize(("request_text", "best"), [
    ("what is the wifi password", "/home/u/notes/wifi.txt"),
    ("my banana bread recipe", "/home/u/notes/recipes/banana-bread.md"),
    ("the 2024 taxes", "/home/u/docs/taxes/2024.pdf"),
])
def test_paths_for_request_rank_by_shared_name_words(request_text, best):
    ranked = paths_for_request(listed_paths(LISTINGS), [request_text])
    assert ranked[0] == best


def test_paths_sharing_no_word_are_left_out():
    assert paths_for_request(listed_paths(LISTINGS), ["what's the weather"]) == []


def test_paths_urls_and_ids_written_in_texts():
    assert paths_written(["read /tmp/a.txt and save as report.pdf; see https://x.com/a.html"]) == [
        "/tmp/a.txt", "report.pdf"]
    assert listed_urls(["see https://example.com/a?b=1, and (https://x.org/y)."]) == [
        "https://example.com/a?b=1", "https://x.org/y"]
    assert listed_ids(['{"results": [{"id": 12, "name": "a"}, {"story_id": "abc"}]}', "Task ID: task-7 created"]) == [
        "12", "abc", "task-7"]


@pytest.mark.parametrize(("error", "values"), [
    ("'lima' is not one of ['America/Lima', 'Europe/Madrid']", ["America/Lima", "Europe/Madrid"]),
    ("unit must be one of: metric, imperial, standard", ["metric", "imperial", "standard"]),
    ("Valid values are celsius or fahrenheit.", ["celsius", "fahrenheit"]),
    ("Input should be 'economy', 'business' or 'first'", ["economy", "business", "first"]),
    ("no such table: staff. Available tables: departments, employees", ["departments", "employees"]),
    ("unknown ticker 'xyz'; sandbox tickers are: AAPL, MSFT", ["AAPL", "MSFT"]),
    ('Invalid value. Expected one of ["a", "b"]', ["a", "b"]),
    ("Unknown city. Did you mean Zurich?", ["Zurich"]),
    ("Invalid timezone: 'lima'", []),
    ("Something failed", []),
])
def test_values_listed_in_error(error, values):
    assert values_listed_in_error(error) == values
