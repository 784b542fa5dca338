"""Dates in the words people type, resolved by code relative to a fixed today (Monday 2026-11-23)."""

from datetime import date

import pytest

from nodes.date_mentions import find_date_mentions

TODAY = date(2026, 11, 23)  # a Monday


@pytest.mark.parametrize(("text", "expected"), [
    ("Weather in Zurich tomorrow?", "2026-11-24"),
    ("weather tmrw", "2026-11-24"),
    ("forecast tmr", "2026-11-24"),
    ("hotel tomorrow night", "2026-11-24"),
    ("rain tommorow morning?", "2026-11-24"),
    ("table for tonight", "2026-11-23"),
    ("anything this evening", "2026-11-23"),
    ("what about today", "2026-11-23"),
    ("the day after tomorrow", "2026-11-25"),
    ("in 2 days", "2026-11-25"),
    ("in a week", "2026-11-30"),
    ("in 2 weeks", "2026-12-07"),
    ("this friday", "2026-11-27"),
    ("on friday", "2026-11-27"),
    ("friday evening", "2026-11-27"),
    ("next fri", "2026-11-27"),
    ("this coming saturday", "2026-11-28"),
    ("next monday", "2026-11-30"),
    ("on sunday", "2026-11-29"),
    ("thurs", "2026-11-26"),
    ("sunset next mondday", "2026-11-30"),  # typed one letter off
    ("satruday", "2026-11-28"),
    ("tueday", "2026-11-24"),
    ("Dec 24", "2026-12-24"),
    ("24 December", "2026-12-24"),
    ("June 10", "2027-06-10"),
    ("jun 10th", "2027-06-10"),
    ("2026-12-01", "2026-12-01"),
    ("this weekend", "2026-11-28 to 2026-11-29"),
    ("next weekend", "2026-12-05 to 2026-12-06"),
    ("next week", "2026-11-30 to 2026-12-06"),
    ("the next 3 days", "2026-11-23 to 2026-11-25"),
    ("June 10-15", "2027-06-10 to 2027-06-15"),
    ("between June 10 and June 12", "2027-06-10 to 2027-06-12"),
    ("Dec 30 to Jan 2", "2026-12-30 to 2027-01-02"),
    ("2026-12-01 to 2026-12-03", "2026-12-01 to 2026-12-03"),
])
def test_a_phrase_resolves_to_its_iso_date(text, expected):
    [mention] = find_date_mentions(text, TODAY)
    assert mention.as_argument() == expected


def test_the_day_after_counts_from_the_date_named_before_it():
    mentions = find_date_mentions("weather in Madrid tmrw? and the day after?", TODAY)
    assert [(m.phrase, m.as_argument()) for m in mentions] == [("tmrw", "2026-11-24"), ("the day after", "2026-11-25")]


@pytest.mark.parametrize("text", ["the sun will set at 7:29", "convert 100 USD to EGP", "what now",
                                  "I sat down", "may I ask", "EUR and USD",
                                  "money talks", "a sunny day"])
def test_words_that_only_look_like_dates_are_not_dates(text):
    assert find_date_mentions(text, TODAY) == []


def test_a_date_among_other_words_keeps_its_phrase():
    [mention] = find_date_mentions("cheapest flight paris to rome next tuesday pls", TODAY)
    assert (mention.phrase, mention.as_argument()) == ("next tuesday", "2026-11-24")  # the first one after today


def test_that_night_is_the_day_named_before():
    from datetime import date as _date

    from nodes.date_mentions import find_date_mentions

    found = find_date_mentions("weather in Paris tomorrow\nhotels there for that night", _date(2026, 11, 23))
    assert [(m.phrase, m.first.isoformat()) for m in found] == [("tomorrow", "2026-11-24"), ("that night", "2026-11-24")]


def test_a_holiday_is_its_next_day():
    from datetime import date as _date

    today = _date(2026, 11, 29)
    [christmas] = find_date_mentions("What will the weather be in Paris on Christmas Day?", today)
    assert (christmas.phrase, christmas.first.isoformat()) == ("Christmas Day", "2026-12-25")
    [eve] = find_date_mentions("hotels in rome for new year's eve", today)
    assert eve.first.isoformat() == "2026-12-31"
    # passed this year: next year's
    [halloween] = find_date_mentions("any events on halloween", today)
    assert halloween.first.isoformat() == "2027-10-31"


@pytest.mark.parametrize(("text", "phrase", "day"), [
    ("UV index for Dubai on the 3rd", "the 3rd", "2026-12-03"),
    ("cheapest flights beijing->shanghai on monday the 7th", "on monday the 7th", "2026-12-07"),
    ("Seoul, Tuesday the 8th of December - how cold", "Tuesday the 8th of December", "2026-12-08"),
    ("humidity in sydney wed?", "wed", "2026-12-02"),
    ("any rooms in Oslo sat night", "sat", "2026-12-05"),
    ("paris wed — percent chance of showers?", "wed", "2026-12-02"),
    ("Lowest fare Melbourne to Bangkok on Monday 7 Dec, and in AUD?", "on Monday 7 Dec", "2026-12-07"),
    ("Monday, Dec 7th: forecast for Rome", "Monday, Dec 7th", "2026-12-07"),
    ("Need Saturday's forecast for Amsterdam", "Saturday's", "2026-12-05"),
])
def test_a_day_of_the_month_or_a_short_weekday_is_read_as_a_date(text, phrase, day):
    from datetime import date as _date

    [mention] = find_date_mentions(text, _date(2026, 11, 29))
    assert (mention.phrase, mention.as_argument()) == (phrase, day)


@pytest.mark.parametrize("text", ["where I sat?", "enjoy the sun", "3 nights in Rome", "we wed in June", "I sat — then"])
def test_a_short_weekday_after_a_pronoun_or_article_is_no_date(text):
    from datetime import date as _date

    assert [m.phrase for m in find_date_mentions(text, _date(2026, 11, 29)) if m.phrase.lower() in ("sat", "sun", "wed")] == []


def test_on_a_sunday_sunday_after_a_later_day_and_the_weekend_look_ahead():
    sunday = date(2026, 11, 29)
    said = [(m.phrase, m.as_argument()) for m in find_date_mentions(
        "lowest hotel price in Berlin for Saturday night and sunday night?", sunday)]
    assert said == [("for Saturday night", "2026-12-05"), ("sunday night", "2026-12-06")]
    assert [m.as_argument() for m in find_date_mentions("weather on saturday and sunday", sunday)] == [
        "2026-12-05", "2026-12-06"]
    assert [m.as_argument() for m in find_date_mentions("what about the weekend?", sunday)] == [
        "2026-12-05 to 2026-12-06"]
    assert [m.as_argument() for m in find_date_mentions("is it sunny today, sunday?", sunday)] == [
        "2026-11-29", "2026-11-29"]  # nothing later was named before: today
    assert [m.as_argument() for m in find_date_mentions("this weekend", date(2026, 11, 28))] == [
        "2026-11-28 to 2026-11-29"]  # on a Saturday the weekend is under way


def test_a_day_written_with_a_slash_is_the_nearer_coming_reading():
    today = date(2026, 11, 29)
    assert [m.as_argument() for m in find_date_mentions("Toronto to DC on 12/7", today)] == ["2026-12-07"]
    assert [m.as_argument() for m in find_date_mentions("back on 3/12", today)] == ["2026-12-03"]
    assert [m.as_argument() for m in find_date_mentions("due 12/7/2026", today)] == ["2026-12-07"]
    assert find_date_mentions("add 3/4 cup of flour", today) == []  # no day cue, no year: a fraction
