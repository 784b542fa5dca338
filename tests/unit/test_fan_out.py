"""A one-value property gets one call per value the request names; alternatives (expressions) never fan out."""

from datetime import date

from mcp.types import Tool

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.fan_out import remaining_calls

NOW = Tool(name="get_current_time", description="Get current time in a specific timezone", inputSchema={
    "type": "object", "required": ["timezone"],
    "properties": {"timezone": {"type": "string", "description": "IANA timezone name (e.g., 'Europe/London')"}}})
CALCULATE = Tool(name="calculate", description="Evaluates an expression", inputSchema={
    "type": "object", "required": ["expression"], "properties": {"expression": {"type": "string"}}})
TODAY = date(2026, 11, 26)


def test_each_other_zone_gets_its_own_call():
    candidates = gather_candidates(["clock in Oslo and Quito right now"], [], TODAY)
    assert remaining_calls(NOW, [{"timezone": "Europe/Oslo"}], candidates) == [{"timezone": "America/Guayaquil"}]
    assert remaining_calls(NOW, [{"timezone": "Europe/Oslo"}, {"timezone": "America/Guayaquil"}], candidates) == []


def test_only_the_zones_the_question_asks_about():
    candidates = gather_candidates(["Offices in Oslo, Quito and Perth. Time in Quito?"], [], TODAY)
    assert remaining_calls(NOW, [{"timezone": "America/Guayaquil"}], candidates) == []


def test_alternatives_do_not_fan_out():
    candidates = gather_candidates(["15% tip on 80"], [], TODAY)  # two readings of one question
    assert remaining_calls(CALCULATE, [{"expression": "80*(1+15/100)"}], candidates) == []
