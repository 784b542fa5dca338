"""Whether a request asks for a listing (nodes/arguments/tool_roles.py): a listing of files or tables, not a
value inside one that happens to follow the word "file"."""

import pytest

from nodes.arguments.tool_roles import asks_listing


@pytest.mark.parametrize("request_text", ["which files are in my notes folder", "list all tables",
                                          "what documents do I have about the garden"])
def test_a_listing_asked(request_text):
    assert asks_listing([request_text])


@pytest.mark.parametrize("request_text", ["what file extension did I pick for the export format",
                                          "which file format did the vendor say they need",
                                          "what's the wifi password"])
def test_a_value_inside_a_file_is_no_listing(request_text):
    assert not asks_listing([request_text])
