"""Amounts written per period, read over another period or a chain of them: "47.99 a month, over a whole year" is
47.99*12, "85k a year, per month" 85000/12, "28.50 an hour, 37.5 hours a week, over 48 weeks" 28.50*37.5*48.

Why apart from expression_formulas.py: a period is a calendar fact (12 months a year, 52 weeks), and reading which
period an amount is written in and which is asked is one concern with its own vocabulary.
"""

from __future__ import annotations

import re

# how many of each period a year holds, by the calendar people budget with (a month of weeks is no whole count,
# so a weekly amount is never turned into a monthly one)
_PER_YEAR = {"year": 1, "yr": 1, "annum": 1, "quarter": 4, "month": 12, "fortnight": 26, "week": 52, "wk": 52,
             "day": 365}
_ADVERBS = {"yearly": "year", "annually": "year", "annual": "year", "quarterly": "quarter", "monthly": "month",
            "fortnightly": "fortnight", "biweekly": "fortnight", "weekly": "week", "daily": "day"}
_PERIOD = r"(?:year|yr|annum|quarter|month|fortnight|week|wk|day)"
_ADVERB = "|".join(_ADVERBS)
# the period an amount is written in: "47.99 a month", "250 every two weeks", "15.49, 11.99 and 39, all monthly"
# (number words are digits by now: "every two weeks" reads "every N1 weeks")
_EACH = re.compile(rf"\b(?:(?:a|an|per|each|every|/) (?P<unit>{_PERIOD})|every (?P<count>N\d+|other|two) (?P<units>{_PERIOD})s|"
                   rf"(?P<adverb>{_ADVERB}))\b")
# the period asked for after it: "over a whole year", "per yr", "in a year total", "annually", "after a year"
_ASKED = re.compile(rf"\b(?:(?:a|an|per|each|every|the|in a|over a|for a|after a|one) (?:whole |full |entire |single )?"
                    rf"(?P<unit>{_PERIOD})|(?P<adverb>{_ADVERB}))\b")
_SUMMED = re.compile(r"\b(?:all|those|these|them|total|altogether|combined|together)\b")


_COUNT_UNIT = re.compile(r"(?:hour|hr|day|shift|week|month)s?")
# a rate chain: "28.50 an hour, 37.5 hours a week, over a full 52-week year", "4.75 a day, 5 days a week, over 48
# working weeks": an amount per unit, then counts of that unit per a longer one, then how many of the last
_UNIT = r"(hour|hr|day|shift|week|month)"
_FIRST_RATE = re.compile(rf"(N\d+) (?:[a-z]+ )?(?:an|a|per|each|every|/) {_UNIT}\b")
# (the longer unit after "a", "per", "in": "21 days in month", or as an adverb: "7.5 hours daily")
_COUNT_PER = (r"(N\d+) (?:[a-z]+ ){{0,2}}{unit}s? (?:(?:an|a|per|each|every|/|in|in a|in the) "
              r"(hour|hr|day|shift|week|month|year)\b|(daily|weekly|monthly|yearly))")
_SPAN = r"\b(?:over|for|in|across|during|after)(?: a| the)?(?: full| whole)? (N\d+)(?: -)? (?:[a-z]+ )?{unit}s?\b"


def rate_chain(normalised: str, numbers: dict[str, str]) -> list[str]:
    """An amount per unit times each count of that unit per a longer one, times the span of the last unit written
    ("over 48 weeks", "a 52-week year") or the periods of a year asked ("how much a year"); nothing without a
    count after the first rate."""
    first = _FIRST_RATE.search(normalised)
    if first is None:
        return []
    factors, unit, at = [first[1]], first[2], first.end()
    while (count := re.compile(_COUNT_PER.format(unit=unit)).search(normalised, at)) is not None:
        factors.append(count[1])
        unit, at = count[2] or _ADVERBS[count[3]], count.end()
    if len(factors) < 2:
        return []
    if (span := re.compile(_SPAN.format(unit=unit)).search(normalised, at)) is not None:
        return ["*".join([*factors, span[1]])]
    asked = _ASKED.search(normalised, at)
    if asked is not None and unit in _PER_YEAR and (target := _times_a_year(asked, numbers)) is not None \
            and _PER_YEAR[unit] > target and _PER_YEAR[unit] % target == 0:
        return ["*".join([*factors, str(_PER_YEAR[unit] // target)])]
    return ["*".join(factors)]


def _times_a_year(match: re.Match[str], numbers: dict[str, str]) -> int | None:
    """How many times a year the period ``match`` writes comes round; None when not a whole number of times."""
    if match["unit"]:
        return _PER_YEAR[match["unit"]]
    if match["adverb"]:
        return _PER_YEAR[_ADVERBS[match["adverb"]]]
    every = 2.0 if match["count"] in ("other", "two") else float(numbers.get(match["count"], "0"))
    times = _PER_YEAR[match["units"]] / every if every > 0 else 0
    return int(times) if times >= 1 and times == int(times) else None


def rescaled_periods(normalised: str, numbers: dict[str, str]) -> list[str]:
    """An amount each period asked over another period: "47.99 a month, over a whole year" is 47.99*12, "250 every
    two weeks ... after a year" 250*26, "85k a year, per month" 85000/12; several amounts of one period are summed
    when the request asks for them together ("15.49, 11.99 and 39, all monthly ... in a year total"). Nothing
    when a number follows (a count of periods: "_per_period" below) or between a week and a month (no whole count)."""
    each = _EACH.search(normalised)
    if each is None:
        return []
    rest = normalised[each.end():]
    # the period asked after the amount, else before it ("the whole year's rent ... at 1,475 a month"); a number
    # of periods after it is a count of them (_per_period below); any other number ("i'm 34") says nothing here
    asked = _ASKED.search(rest) or _ASKED.search(normalised[:each.start()])
    if asked is None or re.search(rf"N\d+ (?:- )?(?:[a-z]+ )?{_PERIOD}s?\b", rest):
        return []
    source, target = _times_a_year(each, numbers), _times_a_year(asked, numbers)
    if source is None or target is None or source == target or max(source, target) % min(source, target):
        return []
    amounts = re.findall(r"N\d+", normalised[:each.start()])
    if not amounts:
        return []
    gap = normalised[normalised.rindex(amounts[-1]) + len(amounts[-1]):each.start()].split()
    summed = len(amounts) > 1 and _SUMMED.search(normalised) is not None
    if len([w for w in gap if w != ","]) > 2 and not summed:
        return []  # "250 for the tv and a phone a month": the amount is not the period's
    if gap and _COUNT_UNIT.fullmatch(gap[0]):
        return []  # "30 an hour, 40 hours a week": a count of hours, not an amount (rate_chain below)
    value = f"({'+'.join(amounts)})" if summed else amounts[-1]
    return [f"{value}*{source // target}" if source > target else f"{value}/{target // source}"]


_EACH_AFTER = re.compile(rf"^(?: [a-z]+){{0,2}}? {_EACH.pattern}")


def period_scale(rest: str, numbers: dict[str, str]) -> tuple[str, int] | None:
    """The factor that takes an amount written each period (in the words just after it: "per seat per month") to
    the period asked later in ``rest`` ("what would a year cost"): "*12", "/4"; and where the period's words end.
    None when no period follows the amount, none other is asked, or the two hold no whole count of each other."""
    each = _EACH_AFTER.search(rest)
    if each is None:
        return None
    asked = _ASKED.search(rest, each.end())
    source, target = _times_a_year(each, numbers), _times_a_year(asked, numbers) if asked else None
    if source is None or target is None or source == target or max(source, target) % min(source, target):
        return None
    return (f"*{source // target}" if source > target else f"/{target // source}"), each.end()
