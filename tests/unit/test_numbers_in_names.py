"""An optional number the request writes only inside a name (a listed one, or the span another argument holds)
is no value of its own."""

from nodes.arguments.numbers_in_names import without_numbers_of_names
from nodes.arguments.step_rules import ToolStep, settle_arguments
from tests.fakes import make_tool

SEARCH = make_tool("search_products", {"query": {"type": "string"}, "max_price_usd": {"type": "number"},
                                       "limit": {"type": "integer"}}, required=["query"])
LISTED = ["MacBook Pro 14 (M4)", "iPad Air 11 (M2)", "Flip 6", "Kindle Paperwhite"]


def test_a_number_inside_a_listed_name_fills_no_optional_property():
    params = {"query": "MacBook Pro 14 (M4)", "max_price_usd": 14.0, "limit": 14}
    assert without_numbers_of_names(params, SEARCH, ["shopping for a MacBook Pro 14 (M4), what are my options?"],
                                    LISTED) == {"query": "MacBook Pro 14 (M4)"}
    # case and spacing aside, and through the step's settling
    step = settle_arguments(ToolStep(tool="search_products", params={"query": "ipad air 11 (m2)", "limit": 11}),
                            SEARCH, ["i need  ipad air 11 (m2) options"], LISTED)
    assert step.params == {"query": "ipad air 11 (m2)"}


def test_a_number_also_written_outside_the_name_or_required_or_with_nothing_listed_stays():
    params = {"query": "MacBook Pro 14 (M4)", "max_price_usd": 2000.0, "limit": 14}
    assert without_numbers_of_names(params, SEARCH, ["MacBook Pro 14 (M4) under 2000"], LISTED) == {
        "query": "MacBook Pro 14 (M4)", "max_price_usd": 2000.0}
    both = {"query": "Flip 6", "limit": 6}
    assert without_numbers_of_names(both, SEARCH, ["6 offers for the Flip 6"], LISTED) == both
    # the span another argument holds is a name too; a whole request as a query is not
    assert without_numbers_of_names(both, SEARCH, ["offers for the Flip 6"], []) == {"query": "Flip 6"}
    whole = {"query": "the 3 best offers for noise cancelling earbuds", "limit": 3}
    assert without_numbers_of_names(whole, SEARCH, [whole["query"]], []) == whole
    counted = make_tool("offers", {"query": {"type": "string"}, "limit": {"type": "integer"}},
                        required=["query", "limit"])
    assert without_numbers_of_names(both, counted, ["offers for the Flip 6"], LISTED) == both  # no default
    assert without_numbers_of_names({"query": "Flip", "limit": 6}, SEARCH, ["Flip 6"], []) == {"query": "Flip",
                                                                                            "limit": 6}
    # a name the request does not write whole ("Flip 65") masks nothing
    assert without_numbers_of_names({"query": "x", "limit": 6}, SEARCH, ["Flip 65 under 6"], LISTED) == {
        "query": "x", "limit": 6}
