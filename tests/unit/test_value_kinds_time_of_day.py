"""Times of day as "HH:MM", read by code."""

import pytest

from nodes.arguments.time_of_day import times_of_day


@pytest.mark.parametrize(("text", "expected"), [
    ("3pm in Tokyo", ["15:00"]),
    ("9:30 am", ["09:30"]),
    ("9:30 a.m. in Berlin", ["09:30"]),
    ("at noon", ["12:00"]),
    ("midnight", ["00:00"]),
    ("17:45 in Paris", ["17:45"]),
    ("12am", ["00:00"]),
    ("between 9am and 5pm", ["09:00", "17:00"]),
    ("half past 2", ["14:30", "02:30"]),  # ambiguous: both, the afternoon first for 1-6
    ("meet at 7", ["07:00", "19:00"]),
    ("at 7 in the evening", ["19:00"]),
    ("quarter to 3 in the afternoon", ["14:45"]),
    ("flight 14h30", ["14:30"]),
    ("0745 Cairo time, what's that in Lima", ["07:45"]),  # four digits before "<place> time"
    ("report at 2200 hrs", ["22:00"]),
    ("a call at 9.15 Oslo time with Lima", ["09:15"]),
    ("the shop closes at 17.30 local time", ["17:30"]),
])
def test_times_of_day(text, expected):
    assert times_of_day([text]) == expected


@pytest.mark.parametrize("text", ["the score was 3:2", "I have 3 apples", "on 2026-11-23", "at 25:00",
                                  "the 2026 budget", "back in 2019 Berlin time was different",
                                  "3 shirts at 12.50 each", "it costs 9.15 in total"])
def test_no_time_of_day(text):
    assert times_of_day([text]) == []


@pytest.mark.parametrize(("text", "expected"), [
    ("twenty past six in the evening in Oslo, what's that in Perth?", ["18:20"]),
    ("what is 6.45pm Dublin time in Seoul", ["18:45"]),
    ("4 in the afternoon Denver = what in Kyiv", ["16:00"]),
    ("half past eleven in the morning in Lima", ["11:30"]),
])
def test_times_written_in_words_with_a_dot_or_with_the_part_of_the_day_alone(text, expected):
    assert times_of_day([text]) == expected
