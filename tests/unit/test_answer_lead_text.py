"""The opening sentence for outputs that are not JSON objects: plain text (files, directory listings), Python
literals (SQLite servers print ``str(rows)``), bare numbers (calculators) and JSON text from third-party
servers. Each opening states the value asked for, before the fact listing, and passes the figure checks."""

import asyncio
import json
from types import SimpleNamespace

import pytest

from graphs.context import Context
from nodes.answer import make_answerer
from nodes.answering.answer_lead import lead_lines, subject_of
from nodes.answering.claims import figure_claims
from nodes.answering.fact_rendering import parse_output, render_output, value_text
from tests.fakes import ScriptedModels

WIFI_NOTE = """\
home wifi
---------
network: Okafor-Home-5G
password: lemon-otter-4471

guest network: Okafor-Guest
password: sunflower2026

router admin is at 192.168.1.1 (user admin, password on the sticker under the router)
"""
RECIPE = """\
# Banana bread

Makes one loaf.

## Ingredients
- 3 ripe bananas
- 1/3 cup melted butter
- 3/4 cup sugar
- 2 eggs
- 1 tsp baking soda

## Method
1. Preheat the oven to 175 °C.
2. Mash the bananas, then beat in the eggs and the sugar.
3. Bake 60 minutes.
"""
CONTACTS = """\
# Contacts

| Name | Who | Phone |
|------|-----|-------|
| Sam Okafor | brother | +1 503-555-0187 |
| Dr. Elena Marsh | dentist | +1 503-555-0199 |
"""
LISTING = "[FILE] budget.md\n[FILE] todo.txt\n[FILE] wifi.txt\n[DIR] recipes\n[DIR] travel"
TIME_NOW = json.dumps({"timezone": "America/Lima", "datetime": "2026-11-20T09:14:05-05:00", "is_dst": False},
                      indent=2)
MEMORY = json.dumps({"entities": [{"type": "entity", "name": "Priya Raghunathan", "entityType": "person",
                                   "observations": ["Engineering manager at Northwind Loom", "Birthday: March 3",
                                                    "Works from the Seattle office"]}],
                     "relations": [{"type": "relation", "from": "Ada Whitfield", "to": "Priya Raghunathan",
                                    "relationType": "manages"}]}, indent=2)

# (question, tool output, the opening sentence it gets)
CASES = [
    ("what's the wifi password", WIFI_NOTE, "home wifi — password: lemon-otter-4471 [T1.1]"),
    ("what is the guest wifi password", WIFI_NOTE, "home wifi — password: sunflower2026 [T1.1]"),
    ("how many eggs in banana bread", RECIPE, "Banana bread — 2 eggs [T1.1]"),
    ("what's my dentist's phone number", CONTACTS,
     "Name: Dr. Elena Marsh; Who: dentist; Phone: +1 503-555-0199 [T1.1]"),
    ("is there a wifi file in my notes", LISTING, "[FILE] wifi.txt [T1.1]"),
    ("what is 1250*7/100", "87.5", "1250*7/100 = 87.5 [T1.1]"),
    ("what's 7% of 1250?", "87.5", "7% of 1250 = 87.5 [T1.1]"),
    ("how many employees work in sales", "[{'COUNT(*)': 7}]", "Employees work in sales: 7 [T1.1]"),
    ("who is the best paid engineer", "[{'name': 'Ana Ruiz', 'salary_usd': 98000}]",
     "Ana Ruiz — salary: 98000 USD [T1.1]"),
    ("what is Ana Ruiz's salary", "[{'name': 'Ana Ruiz', 'salary_usd': 98000}]",
     "Ana Ruiz — salary: 98000 USD [T1.1]"),
    ("average order quantity", "[(6.5125,)]", "Average order quantity: 6.51 [T1.1]"),
    ("which departments are there", "[{'name': 'Engineering'}, {'name': 'Sales'}, {'name': 'People'}]",
     "name: Engineering, Sales, People [T1.1]"),
    ("what time is it in Lima", TIME_NOW, "datetime: 09:14 on Fri 2026-11-20 (UTC-05:00) [T1.1]"),
    ("when is Priya's birthday", MEMORY, "Priya Raghunathan — Birthday: March 3 [T1.1]"),
]


def evidence(output: str, marker: str = "T1.1", tool: str = "read", arguments: dict | None = None) -> list[dict]:
    return [{"marker": marker, "output": output, "full_output": output, "tool": tool, "arguments": arguments or {}}]


@pytest.mark.parametrize(("question", "output", "lead"), CASES, ids=[c[0] for c in CASES])
def test_the_opening_states_the_value_asked_for_and_every_figure_comes_from_the_output(question, output, lead):
    assert lead_lines(question, evidence(output)) == [lead]
    assert all(why is None for _, why in figure_claims(lead, {"T1.1": output}, question))


def answer_for(question: str, outputs: list[tuple[str, str, dict, str]]) -> str:
    """The answer node's text when the model's own sentence fails the claim check (an invented figure), so
    the opening is the one picked by code. ``outputs``: (server, tool, arguments, text) per call."""
    observations = [{"ok": True, "server": server, "tool": tool, "call_id": f"c{i}", "arguments": arguments,
                     "text": text} for i, (server, tool, arguments, text) in enumerate(outputs)]
    state = {"standalone_query": question,
             "task_results": {"T1": {"task_id": "T1", "server": outputs[0][0], "status": "ok",
                                     "observations": observations}}}
    node = make_answerer(ScriptedModels(answerer=["The answer is 424242."]))
    return asyncio.run(node(state, SimpleNamespace(context=Context())))["answer"]


@pytest.mark.parametrize(("question", "output", "lead"), CASES, ids=[c[0] for c in CASES])
def test_the_answer_opens_with_that_sentence_before_the_fact_listing(question, output, lead):
    answer = answer_for(question, [("files", "read", {}, output)])
    opening, listing = answer.split("\n\n<details><summary>Sources</summary>\n\n", 1)
    assert opening == lead
    assert "424242" not in answer and listing.startswith("files (read):\n- ")


def test_two_bare_values_are_told_apart_by_their_calls():
    answer = answer_for("what is 1250*7/100 and 1250*0.07", [
        ("calc", "calculate", {"expression": "1250*7/100"}, "87.5"),
        ("calc", "calculate", {"expression": "1250*0.07"}, "87.5")])
    opening = answer.split("<details><summary>Sources</summary>")[0]
    assert opening.strip().splitlines() == ["calculate (1250*7/100) = 87.5 [T1.1]",
                                            "calculate (1250*0.07) = 87.5 [T1.2]"]


def test_an_argument_with_a_figure_the_question_lacks_is_not_shown():
    [line] = lead_lines("what is 7% of 1250", evidence("87.5", tool="calculate",
                                                      arguments={"expression": "1250*7/100"}))
    assert line == "7% of 1250 = 87.5 [T1.1]"  # one output: the question's own subject
    lines = lead_lines("what is 7% of 1250 and of 90", [
        *evidence("87.5", "T1.1", "calculate", {"expression": "1250*7/100"}),
        *evidence("6.3", "T1.2", "calculate", {"expression": "90*0.07"})])
    assert lines == ["calculate: 87.5 [T1.1]", "calculate: 6.3 [T1.2]"]  # 100 and 0.07 are nobody's words


def test_a_list_of_equally_good_lines_and_a_text_that_shares_no_word_get_no_opening():
    assert lead_lines("which files are in my notes folder", evidence(LISTING)) == []
    assert lead_lines("what is the capital of Peru", evidence(RECIPE)) == []
    assert lead_lines("sunset in Toronto", evidence("The sun sets late in June.")) == []
    # a heading only repeats the question: "# Banana bread" is no answer to "how many eggs in banana bread"
    assert lead_lines("banana bread recipe", evidence("# Banana bread recipe\n\n")) == []


def test_python_literals_parse_like_json_and_text_renders_line_by_line():
    assert parse_output("[{'COUNT(*)': 7}]") == [{"COUNT(*)": 7}]
    assert parse_output("[(1, 'a')]") == [[1, "a"]]
    assert parse_output("[FILE] wifi.txt\n[DIR] recipes") is None
    assert parse_output("Infinity") is None and parse_output("56") == 56
    assert render_output("[{'COUNT(*)': 7}]", "T1.1") == ["- COUNT(*): 7 [T1.1]"]
    assert render_output(LISTING, "T2.1")[:2] == ["- [FILE] budget.md [T2.1]", "- [FILE] todo.txt [T2.1]"]
    assert "- 2 eggs [T1.1]" in render_output(RECIPE, "T1.1")
    long = "\n".join(f"line {i}" for i in range(20))
    assert render_output(long, "T1.1")[-1] == "- … and 8 more lines [T1.1]"


def test_a_long_text_shows_the_lines_holding_the_question_first_in_its_own_order():
    note = "\n".join([*(f"step {i}: stir" for i in range(16)), "Tip: the grill takes 12 minutes less", "the end"])
    shown = render_output(note, "T1.1", "how long on the grill?")
    assert "- Tip: the grill takes 12 minutes less [T1.1]" in shown  # line 17 of 18, past the first twelve
    assert shown[0] == "- step 0: stir [T1.1]" and shown[-1] == "- … and 6 more lines [T1.1]"
    assert len(shown) == 13


def test_figures_in_python_literal_outputs_keep_their_field_checks():
    # read as text, 4 would be a figure of no field and pass as a salary
    outputs = {"T1.1": "[{'name': 'Ana Ruiz', 'salary_usd': 98000, 'rating': 4}]"}
    assert [why for _, why in figure_claims("Ana Ruiz earns 98000 USD [T1.1].", outputs, "")] == [None]
    [(_, why)] = figure_claims("Ana Ruiz earns 4 USD [T1.1].", outputs, "")
    assert why == "4 is the rating in the source, not the price"


def test_the_subject_of_a_question_is_its_own_words_without_the_question_form():
    assert subject_of("What's 15% of 86.40?") == "15% of 86.40"
    assert subject_of("how many employees are in engineering") == "Employees in engineering"
    assert subject_of("Calculate 1250*7/100") == "1250*7/100"


@pytest.mark.parametrize("output", ['{"entities": [], "relations": []}', "[]", '{"rows": [], "meta": {}}',
                                    '{"count": 0, "matches": []}'])
def test_an_output_holding_nothing_opens_with_what_was_not_found(output):
    lines = lead_lines("when is Marta Ilves's name day? it should be in the graph", evidence(output, tool="search_nodes"))
    assert lines == ["Nothing found for Marta Ilves's name day: search nodes returned no results [T1.1]"]


def test_an_output_with_a_note_or_a_zero_is_not_nothing():
    for output in ('{"results": [], "note": "no product matches"}', '[{"n": 0}]', '{"count": 0}'):
        assert not any(line.startswith("Nothing found") for line in lead_lines("any blue mugs", evidence(output)))


def test_one_tool_run_for_several_values_labels_each_line_with_its_value():
    first = evidence(json.dumps({"datetime": "2026-11-26T07:53:00-05:00"}), "T1.1", "get_current_time",
                     {"timezone": "America/Bogota"})
    second = evidence(json.dumps({"datetime": "2026-11-26T21:53:00+09:00"}), "T1.2", "get_current_time",
                      {"timezone": "Asia/Seoul"})
    lines = lead_lines("time in Bogota and Seoul", first + second)
    assert [line.split(" — ")[0] for line in lines] == ["America/Bogota", "Asia/Seoul"]


def test_a_fraction_below_one_keeps_its_digits_and_a_price_keeps_two_decimals():
    assert value_text(0.125) == "0.125"  # 1/8, not 0.12
    assert value_text(2 / 3) == "0.6667"
    assert value_text(12.675) == "12.68" and value_text(17400.0) == "17400" and value_text(0.0) == "0"


def test_a_line_stating_figures_is_no_heading_and_abbreviated_months_meet_the_question():
    allotment = ("Plot A: shallots (sown 2026-03-02, 'Red Sun', 60 sets), lift in August\n"
                 "Plot B: rhubarb, leave alone\n"
                 "Leeks this year: 14 plants, best was 'Musselburgh'")
    [line] = lead_lines("how many shallot sets did I sow in the plot this year?", evidence(allotment))
    assert "60 sets" in line
    films = "| # | Title | Watched |\n|---|---|---|\n| 1 | Past Lives | Feb 9 |\n| 2 | Perfect Days | Mar 21 |"
    [line] = lead_lines("which film did I watch in march", evidence(films))
    assert "Perfect Days" in line


def test_a_few_labelled_rows_open_with_each_row_by_its_label():
    rows = [{"studio": "Ceramics", "COUNT(*)": 4}, {"studio": "Glassworks", "COUNT(*)": 2}]
    [line] = lead_lines("staff per studio?", evidence(str(rows)))
    assert line.index("Ceramics") < line.index("4") < line.index("Glassworks") < line.index("2")


def test_a_row_without_a_title_field_is_labelled_by_its_first_text_column():
    rows = [{"borrower": "Atelier Vo", "SUM(loans.days)": 41}]
    [line] = lead_lines("which borrower kept lamps the most days?", evidence(str(rows)))
    assert line.startswith("Atelier Vo") and "41" in line
