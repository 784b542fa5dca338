"""Decoding schemas dispatch on a property's value kind: the reference time server, a calculator, a currency
converter without enums, a filesystem and a SQL server get resolved values, not spans; spans stay spans."""

from dataclasses import replace
from datetime import date

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.direction import order_by_request
from nodes.arguments.schema import constrain_property, constrain_tool_schema

TODAY = date(2026, 11, 23)
CONVERT_TIME = {"type": "object", "required": ["source_timezone", "time", "target_timezone"], "properties": {
    "source_timezone": {"type": "string", "description": "Source IANA timezone name (e.g., 'America/New_York')"},
    "time": {"type": "string", "description": "Time to convert in 24-hour format (HH:MM)"},
    "target_timezone": {"type": "string", "description": "Target IANA timezone name (e.g., 'Asia/Tokyo')"}}}


def test_the_time_servers_convert_time_takes_zones_and_times():
    text = "what time is it in Lima when it's 9am in Madrid"
    schema = constrain_tool_schema(CONVERT_TIME, gather_candidates([text], [], TODAY))
    assert schema["properties"]["source_timezone"]["enum"] == ["America/Lima", "Europe/Madrid"]
    assert schema["properties"]["time"]["enum"] == ["09:00"]
    decoded = {"source_timezone": "America/Lima", "time": "09:00", "target_timezone": "Europe/Madrid"}
    assert order_by_request(decoded, [text]) == {"source_timezone": "Europe/Madrid", "time": "09:00",
                                                 "target_timezone": "America/Lima"}
    tokyo = {"source_timezone": "Europe/Berlin", "time": "15:00", "target_timezone": "Asia/Tokyo"}
    assert order_by_request(tokyo, ["3pm in Tokyo in Berlin time"]) == {
        "source_timezone": "Asia/Tokyo", "time": "15:00", "target_timezone": "Europe/Berlin"}


def test_a_place_with_no_zone_makes_the_zone_tool_uncallable():
    assert constrain_tool_schema(CONVERT_TIME, gather_candidates(["3pm in Gotham in Berlin time"], [], TODAY)) \
        is not None  # Berlin is a zone: both properties may take it (the step check refuses one value twice)
    now = {"type": "object", "required": ["timezone"], "properties": {
        "timezone": {"type": "string", "description": "IANA timezone name"}}}
    assert constrain_tool_schema(now, gather_candidates(["what time is it in Gotham"], [], TODAY)) is None


def test_one_zone_to_give_takes_the_zone_the_question_asks_about():
    now = {"type": "object", "required": ["timezone"], "properties": {
        "timezone": {"type": "string", "description": "IANA timezone name"}}}
    text = "My sisters live in Perth, Denver and Accra. What's the time in Denver?"
    candidates = gather_candidates([text], [], TODAY)
    assert constrain_tool_schema(now, candidates)["properties"]["timezone"]["enum"] == ["America/Denver"]
    conversion = "My flight leaves Perth at 9am. What time is that in Accra?"
    both = constrain_tool_schema(CONVERT_TIME, gather_candidates([conversion], [], TODAY))["properties"]
    assert both["source_timezone"]["enum"] == ["Africa/Accra", "Australia/Perth"]  # a conversion keeps both


def test_a_calculator_takes_the_requests_arithmetic():
    calculate = {"type": "object", "required": ["expression"], "properties": {"expression": {"type": "string"}}}
    schema = constrain_tool_schema(calculate, gather_candidates(["what is 7% of 1,250"], [], TODAY))
    assert schema["properties"]["expression"]["enum"] == ["1250*7/100"]


def test_currency_codes_without_an_enum_are_resolved_but_an_enum_stays_an_enum():
    free = {"type": "string", "description": "The base currency code (e.g., NOK, USD)"}
    candidates = gather_candidates(["convert 20 Swiss francs to yen"], [], TODAY)
    assert constrain_property("baseCurrency", free, candidates)["enum"] == ["CHF", "JPY"]
    listed = {"type": "string", "enum": ["USD", "EUR", "CHF"]}
    assert constrain_property("baseCurrency", listed, gather_candidates(["100 usd to EUR"], [], TODAY))["enum"] == [
        "USD", "EUR"]


def test_paths_and_sql_come_from_what_the_server_listed():
    read = {"type": "object", "required": ["path"], "properties": {"path": {"type": "string"}}}
    candidates = gather_candidates(["what's my wifi password"], [], TODAY)
    assert constrain_tool_schema(read, candidates) is None  # nothing listed: no invented path
    listed = replace(candidates, listed={"path": ["/notes/wifi.txt"]})
    assert constrain_tool_schema(read, listed)["properties"]["path"]["enum"] == ["/notes/wifi.txt"]
    query = {"type": "object", "required": ["query"], "properties": {
        "query": {"type": "string", "description": "SELECT SQL query to execute"}}}
    sql = replace(candidates, listed={"sql": ["SELECT COUNT(*) FROM employees"]})
    assert constrain_tool_schema(query, sql)["properties"]["query"]["enum"] == ["SELECT COUNT(*) FROM employees"]
    assert constrain_tool_schema(query, candidates) is None


def test_a_url_the_request_or_an_output_writes():
    fetch = {"type": "object", "required": ["url"], "properties": {"url": {"type": "string", "format": "uri"}}}
    candidates = gather_candidates(["summarise https://example.com/post"], ['{"link": "https://x.org/a"}'], TODAY)
    assert constrain_tool_schema(fetch, candidates)["properties"]["url"]["enum"] == [
        "https://example.com/post", "https://x.org/a"]


def test_names_and_queries_stay_spans():
    search = {"type": "object", "required": ["query"], "properties": {
        "query": {"type": "string"}, "city": {"type": "string"}}}
    schema = constrain_tool_schema(search, gather_candidates(["museums in Lima"], [], TODAY))
    assert "museums in Lima" in schema["properties"]["query"]["enum"]
    assert "Lima" in schema["properties"]["city"]["enum"]


def test_an_optional_query_beside_filters_names_the_record_and_a_required_one_keeps_the_request():
    text = "could you check how much a PlayStation 5 Slim costs rn"
    candidates = gather_candidates([text], [], TODAY)
    optional = {"type": "object", "properties": {"query": {"type": "string", "description": "Product name"},
                                                 "in_stock": {"type": "boolean"}}}
    offered = constrain_tool_schema(optional, candidates)["properties"]["query"]["enum"]
    assert text not in offered and "PlayStation 5 Slim" in offered
    required = {**optional, "required": ["query"]}
    assert constrain_tool_schema(required, candidates)["properties"]["query"]["enum"][0] == text
    one_word = gather_candidates(["headphones"], [], TODAY)  # no span of two words: the request is the last resort
    assert constrain_tool_schema(optional, one_word)["properties"]["query"]["enum"] == ["headphones"]
    alone = {"type": "object", "properties": {"query": {"type": "string"}}}  # a search tool's only input
    assert constrain_tool_schema(alone, candidates)["properties"]["query"]["enum"][0] == text


def test_a_time_written_after_a_place_makes_it_the_source():
    text = "landing in Lima at 7:15 am, what time is it in Oslo then"
    decoded = {"source_timezone": "Europe/Oslo", "time": "07:15", "target_timezone": "America/Lima"}
    assert order_by_request(decoded, [text]) == {"source_timezone": "America/Lima", "time": "07:15",
                                                 "target_timezone": "Europe/Oslo"}


def test_a_code_enum_takes_the_codes_the_request_names_in_words():
    spec = {"type": "string", "enum": ["USD", "EUR", "HKD", "EGP", "THB"], "description": "ISO 4217 currency code"}
    candidates = gather_candidates(["how much is 2000 Egyptian pounds in dollars"], [], TODAY)
    assert constrain_property("from_currency", spec, candidates)["enum"] == ["EGP", "USD"]
    candidates = gather_candidates(["convert 80 USD to Thai baht"], [], TODAY)  # a code written and one in words
    assert constrain_property("to_currency", spec, candidates)["enum"] == ["USD", "THB"]
    candidates = gather_candidates(["what's the rate today"], [], TODAY)  # none named: the whole enum, as before
    assert constrain_property("to_currency", spec, candidates)["enum"] == spec["enum"]
