"""An optional number the request writes only inside a name (a listed one, or the span another argument holds)
is no value of its own."""

from nodes.arguments.numbers_in_names import without_numbers_of_names, without_parts_of_names
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


PRODUCTS = make_tool("search_products", {
    "query": {"type": "string", "description": "Words to look for in brand, model, category or summary"},
    "brand": {"type": "string", "description": "Only this brand"},
    "category": {"type": "string", "enum": ["laptops", "tablets"], "description": "Only this category"}})


def test_an_optional_name_written_only_inside_another_arguments_span_is_dropped():
    params = {"query": "MacBook Pro 14 (M4)", "brand": "MacBook Pro"}
    request = ["could you check shopping for a MacBook Pro 14 (M4), what are my options?"]
    assert without_parts_of_names(params, PRODUCTS, request) == {"query": "MacBook Pro 14 (M4)"}
    step = settle_arguments(ToolStep(tool="search_products", params={"query": "ipad air 11 (m2)", "brand": "m2"}),
                            PRODUCTS, ["i need shopping for a ipad air 11 (m2), what are my optons asap"], [])
    assert step.params == {"query": "ipad air 11 (m2)"}


def test_a_name_also_written_outside_the_span_a_typed_value_or_a_whole_request_query_stays():
    both = {"query": "Galaxy S25", "brand": "Samsung"}
    assert without_parts_of_names(both, PRODUCTS, ["Samsung Galaxy S25 deals"]) == both  # not inside the query
    apart = {"query": "MacBook Pro 14", "brand": "MacBook"}
    assert without_parts_of_names(apart, PRODUCTS, ["a MacBook Pro 14, any MacBook really"]) == apart
    typed = {"query": "laptops under 900", "category": "laptops"}
    assert without_parts_of_names(typed, PRODUCTS, ["laptops under 900"]) == typed  # an enum choice
    request = "hi! explain the origins of prado museum and its founders today"
    whole = {"query": request, "brand": "prado museum"}
    assert without_parts_of_names(whole, PRODUCTS, [request]) == whole  # a whole request is no name
    required = make_tool("search", {"name": {"type": "string"}, "city": {"type": "string"}},
                         required=["name", "city"])
    kept = {"name": "Hong Kong Park", "city": "Hong Kong"}
    assert without_parts_of_names(kept, required, ["hong kong park opening hours"]) == kept
