"""What an output says once at its top reaches its records: local clock times, the currency of prices."""

import json

from nodes.answering.answer_lead import lead_lines
from nodes.answering.claims import figure_claims
from nodes.answering.fact_rendering import render_output
from nodes.answering.output_context import output_zone, with_output_context

FORECAST = json.dumps({"city": "Toronto", "tz": "America/Toronto", "days": [
    {"date": "2026-11-28", "high_c": 4.0, "sunrise": "07:22", "sunset": "16:43"}]})


def evidence(output: str) -> list[dict]:
    return [{"marker": "T1.1", "task_id": "T1", "server": "s", "tool": "t", "tool_call_id": "c1",
             "arguments": {"city": "Toronto"}, "output": output, "full_output": output}]


def test_the_opening_labels_the_sunset_local_and_passes_the_figure_check():
    [lead] = lead_lines("when is sunset in toronto on saturday", evidence(FORECAST))
    assert "sunset: 16:43 local time" in lead and "Sat 2026-11-28" in lead
    assert all(why is None for _, why in figure_claims(lead, {"T1.1": FORECAST}, "sunset toronto saturday"))


def test_the_listing_labels_every_clock_of_the_output():
    [line] = [line for line in render_output(FORECAST, "T1.1") if "sunrise" in line]
    assert "sunrise: 07:22 local time" in line and "sunset: 16:43 local time" in line


def test_without_a_named_zone_or_for_a_full_date_time_nothing_is_added():
    assert with_output_context({"city": "Toronto", "sunset": "16:43"}) == {"city": "Toronto", "sunset": "16:43"}
    timed = {"timezone": "America/Lima", "datetime": "2026-11-20T09:14:05-05:00", "note": "Not/AZone"}
    assert with_output_context(timed) == timed and output_zone({"where": "Not/AZone"}) is None


def test_a_record_takes_its_parents_currency_and_keeps_its_own():
    data = {"currency": "USD", "days": [{"date": "2026-11-30", "price": 94.7}, {"price": 80, "currency": "EUR"}]}
    filled = with_output_context(data)
    assert filled["days"] == [{"date": "2026-11-30", "price": 94.7, "currency": "USD"},
                              {"price": 80, "currency": "EUR"}]
    assert any("price: 94.7 USD" in line for line in render_output(json.dumps(data), "T1.1"))
