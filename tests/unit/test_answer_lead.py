"""The direct answer picked by code: the fields the question asks about, with labels, units and markers."""

import json

from nodes.answering.answer_lead import lead_lines, output_lead

FORECAST = json.dumps({"city": "Toronto", "days": [{"date": "2026-11-28", "high_c": 5.7, "low_c": -2.6,
                                                    "precip_chance": 10, "sunrise": "07:30", "sunset": "16:43"}]})
QUOTE = json.dumps({"symbol": "TSLA", "name": "Tesla, Inc.", "currency": "USD", "last": 390.07,
                    "prev_close": 392.28, "day_high": 394.57, "volume": 25497797})


def evidence(output: str, marker: str = "T1.1") -> list[dict]:
    return [{"marker": marker, "output": output, "full_output": output}]


def test_the_field_the_question_names_is_the_lead_with_its_record_and_marker():
    assert lead_lines("what time is sunset in Toronto this saturday", evidence(FORECAST)) == [
        "Toronto, Sat 2026-11-28 — sunset: 16:43 [T1.1]"]  # the weekday computed from the date
    assert lead_lines("will it rain in toronto", evidence(FORECAST)) == [
        "Toronto, Sat 2026-11-28 — precip chance: 10% [T1.1]"]


def test_prices_carry_their_currency_and_at_most_two_fields():
    assert lead_lines("tesla stock price", evidence(QUOTE, "T2.1")) == [
        "Tesla, Inc. — last: 390.07 USD; prev close: 392.28 USD [T2.1]"]


def test_a_question_that_names_no_measure_gets_the_one_records_first_fields():
    assert lead_lines("tell me about Toronto", evidence(FORECAST)) == [
        "Toronto, Sat 2026-11-28 — high: 5.7°C; low: -2.6°C; precip chance: 10% [T1.1]"]
    two_days = json.dumps({"city": "Toronto", "days": [{"date": "2026-11-28", "high_c": 5.7},
                                                       {"date": "2026-11-29", "high_c": 3.1}]})
    # a few days of one shape ("this weekend"): each day's line, as one day's would be
    assert lead_lines("tell me about Toronto", evidence(two_days)) == [
        "Toronto, Sat 2026-11-28 — high: 5.7°C [T1.1]", "Toronto, Sun 2026-11-29 — high: 3.1°C [T1.1]"]
    rows = json.dumps({"results": [{"name": "A", "price": 1}, {"name": "B", "price": 2}]})
    assert lead_lines("tell me about these", evidence(rows)) == []  # records that are no days: which one is not said


def test_a_value_that_only_repeats_the_records_own_name_is_no_answer():
    zoned = json.dumps({"city": "Lyon", "timezone": "Europe/Lyon_Test", "days": [
        {"date": "2026-11-28", "high_c": 9.1, "low_c": 2.0, "condition": "sunny"}]})
    # "Europe/Lyon_Test" shares only "Lyon" with the question, the record's own name: the day is the answer
    assert lead_lines("weather in Lyon tomorrow", evidence(zoned)) == [
        "Lyon, Sat 2026-11-28 — high: 9.1°C; low: 2°C; condition: sunny [T1.1]"]


def test_a_plain_text_output_that_names_nothing_asked_gets_no_lead():
    assert lead_lines("sunset in Toronto", evidence("The sun sets late in June.")) == []


def test_a_value_the_call_was_given_is_no_answer():
    """"seoul - after midnight rn?" names Seoul, so the output's "timezone" field matches it best; but the call was
    given that value, and the lead states the clock reading instead."""
    output = json.dumps({"timezone": "Asia/Seoul", "datetime": "2026-11-28T17:18:47+09:00",
                         "day_of_week": "Saturday", "is_dst": False})
    [line] = output_lead("seoul - after midnight rn or nah", {"output": output, "marker": "T1.1",
                                                              "arguments": {"timezone": "Asia/Seoul"}})
    assert "17:18" in line and "Asia/Seoul" not in line


def test_a_field_repeating_a_value_the_call_was_given_is_no_answer():
    converted = json.dumps({"amount": 80.0, "from_currency": "USD", "to_currency": "THB", "rate": 32.4,
                            "converted": 2592.0})
    item = {"marker": "T1.1", "output": converted, "full_output": converted,
            "arguments": {"amount": 80.0, "from_currency": "USD", "to_currency": "THB"}}
    assert lead_lines("convert 80 USD to Thai baht", [item]) == ["rate: 32.4; converted: 2592 [T1.1]"]


def test_a_plural_names_its_measure_as_the_singular_does():
    assert lead_lines("quotes for TSLA", evidence(QUOTE)) == [
        "Tesla, Inc. — last: 390.07 USD; prev close: 392.28 USD [T1.1]"]


def test_another_citys_zone_is_no_answer_and_each_task_answers_its_own_part():
    beijing = json.dumps({"city": "Beijing", "timezone": "Asia/Shanghai",
                          "days": [{"date": "2026-11-30", "high_c": 5.0, "low_c": -3.0, "condition": "sunny"}]})
    # "Asia/Shanghai" shares "Shanghai" with the question, but names Beijing's zone
    assert lead_lines("weather tomorrow for Beijing, Shanghai and HK please", evidence(beijing)) == [
        "Beijing, Mon 2026-11-30 — high: 5°C; low: -3°C; condition: sunny [T1.1]"]
    rows = json.dumps({"city": "Rome", "restaurants": [{"name": "Cheap Eats", "rating": 3.1, "avg_price": 10},
                                                       {"name": "Top Table", "rating": 4.9, "avg_price": 90}]})
    question = "Going to Rome: the top rated restaurant, and the cheapest hotel"
    item = {**evidence(rows)[0], "task_id": "T1"}
    whole = lead_lines(question, [item])
    own = lead_lines(question, [item], {"T1": "Going to Rome: the top rated restaurant"})
    assert "Top Table" in own[0] and own != whole


def test_each_concept_the_question_names_gets_a_field():
    day = json.dumps({"city": "Zurich", "days": [{"date": "2026-11-30", "high_c": 5.0, "low_c": -0.8,
                                                  "condition": "light rain", "precip_chance": 80, "wind_kph": 10}]})
    [line] = lead_lines("Zurich tomorrow? Tell me the high, the low and what the sky is doing", evidence(day))
    assert "high: 5" in line and "low: -0.8" in line and "condition: light rain" in line and "precip" not in line


def test_a_flat_record_asked_as_a_whole_opens_with_its_measured_fields():
    quote = json.dumps({"symbol": "0700.HK", "name": "Tencent Holdings Limited", "exchange": "HKEX", "last": 674.04,
                        "prev_close": 670.0, "currency": "HKD"})
    [line] = lead_lines("tencent stock, but give it to me in yuan", evidence(quote))
    assert line.startswith("Tencent Holdings Limited — last: 674.04") and "[T1.1]" in line


def test_a_flat_record_asked_in_words_no_field_matches_still_opens_with_its_measured_fields():
    converted = json.dumps({"amount": 5000, "from_currency": "INR", "to_currency": "GBP", "date": "2026-11-29",
                            "rate": 0.008568, "converted": 42.84})
    [line] = lead_lines("5000 rupees in pounds", evidence(converted))  # "pounds" weighs; no field is named
    assert "converted: 42.84" in line and "[T1.1]" in line


def test_an_id_field_is_no_lead_for_a_question_that_names_the_thing():
    hotels = json.dumps({"city": "Singapore", "hotels": [{"name": "Lantern Hostel", "hotel_id": 93, "stars": 2},
                                                          {"name": "Marina Inn", "hotel_id": 92, "stars": 3}]})
    assert not any("hotel id" in line for line in lead_lines("hotels in Singapore for 4 guests", evidence(hotels)))
    assert any("hotel id: 93" in line for line in lead_lines("what is the hotel id of Lantern Hostel", evidence(hotels)))


def test_a_sum_written_as_people_write_it_is_no_answer_of_its_own():
    converted = json.dumps({"amount": 250000.0, "from_currency": "KRW", "to_currency": "JPY", "date": "2026-11-29",
                            "rate": 0.106164, "converted": 26541.1})
    [line] = lead_lines("250k won to yen??", evidence(converted))
    assert "converted: 26541.1" in line and "amount" not in line


def test_a_passage_about_what_the_question_names_leads_over_one_that_mentions_it():
    pages = json.dumps({"results": [
        {"title": "Qutub Minar", "text": "Qutub Minar in Delhi is a 73-metre minaret begun around 1199 by Qutb ud-Din "
                                         "Aibak, the first Sultan of Delhi."},
        {"title": "Delhi: culture", "text": "Delhi has three UNESCO World Heritage Sites: the Red Fort, Qutub Minar "
                                            "and Humayun's Tomb."}]})
    [line] = lead_lines("who was qutub minar built by", evidence(pages))
    assert line.startswith("Qutub Minar in Delhi is a 73-metre minaret")


def test_a_phrase_says_which_of_sunrise_and_sunset_is_asked():
    assert lead_lines("what time does the sun come up in Toronto? I hate running in the dark",
                      evidence(FORECAST)) == ["Toronto, Sat 2026-11-28 — sunrise: 07:30 [T1.1]"]


def test_a_question_naming_only_what_the_call_was_given_gets_the_records_measured_fields():
    item = {"marker": "T2.1", "tool": "get_quote", "arguments": {"ticker_or_name": "TSLA"}, "output": QUOTE,
            "full_output": QUOTE}
    assert output_lead("what's TSLA at", item) == ["Tesla, Inc. — last: 390.07 USD; prev close: 392.28 USD [T2.1]"]
