"""Zone abbreviations after a clock time resolve through the time zone database, the most populous zone first."""

import pytest

from nodes.arguments.direction import should_swap
from nodes.arguments.timezones import zone_values
from nodes.arguments.zone_abbreviations import abbreviated_zones


@pytest.mark.parametrize(("text", "zone"), [
    ("the call is at 4pm PT", "America/Los_Angeles"),  # generic: PST in winter, PDT in summer
    ("kick-off 20:00 ET", "America/New_York"),
    ("09:30 JST tomorrow", "Asia/Tokyo"),
    ("dinner at 7pm AEST", "Australia/Sydney"),
    ("standup 10am IST", "Asia/Kolkata"),  # India, Ireland and Israel share it: the most people win
    ("a call booked for 9:30 am PST. What time in London?", "America/Los_Angeles"),  # kept in 3 countries, the
    # Philippines' PST in one; the "am" between the clock and the abbreviation is skipped
    ("14:00 CET -> mumbai time?", "Europe/Berlin"),
])
def test_an_abbreviation_after_a_clock_time_names_a_zone(text, zone):
    assert [z for _, _, z in abbreviated_zones(text)] == [zone]


@pytest.mark.parametrize(("text", "zone"), [
    ("the webinar starts 11am Eastern. when is that for me in Lagos?", "America/New_York"),
    ("pickup is 6:45 pacific time", "America/Los_Angeles"),
    ("kick-off 19:00 Central European Time, so in Chicago?", "Europe/Berlin"),
    ("my shift ends at 5pm Mountain", "America/Denver"),
])
def test_a_zone_written_by_its_everyday_name_after_a_clock_time_names_it(text, zone):
    assert [z for _, _, z in abbreviated_zones(text)] == [zone]


@pytest.mark.parametrize("text", ["ask IT at 3", "the PT session is at noon", "4pm XYZ", "at 4pm et al",
                                  "meet at 5pm central station", "lunch at 1pm eastern market"])
def test_other_capital_words_name_no_zone(text):
    assert abbreviated_zones(text) == []


def test_the_abbreviated_zone_is_the_source_of_a_conversion():
    text = "if it's 11am PT what time is that in Madrid"
    assert zone_values([text]) == ["America/Los_Angeles", "Europe/Madrid"]
    assert should_swap(text, "Europe/Madrid", "America/Los_Angeles")

