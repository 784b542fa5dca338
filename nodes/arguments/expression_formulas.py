"""Formulas a request names by a word, over its own numbers: a circle's area or circumference (pi is what
"circle" means), a factorial, an amount per period over a longer time, a loan's monthly payment, a right
triangle's side (a rectangle's diagonal: "corner to corner"), a yearly amount per hour worked, a rectangle's area,
money at a stated rate, durations summed in minutes, a body mass index. (Amounts per period read over another
period: nodes/arguments/expression_periods.py.)

Why apart from expression_rules.py: these are formulas a word stands for, not the shapes of a word problem; the
constants (pi, 12 months a year) come from the word, never from the model.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_PI = repr(math.pi)
# periods in a longer time, where the count is exact ("a week for 3 months" is not: months differ in weeks)
_PERIODS = {("month", "years"): 12, ("week", "years"): 52, ("day", "years"): 365, ("day", "weeks"): 7,
            ("month", "months"): 1, ("week", "weeks"): 1}
# the adverb of a period: "collect 18000 in 15 months, how much monthly"
_ADVERB_OF = {"month": "monthly", "week": "weekly", "year": "yearly", "day": "daily"}
_LOSS = re.compile(r"\b(?:lost|lose|losing|loss|down|drop|dropped|fell|fallen|decrease|decreased|declined?|cheaper)\b")


def _percent_change(m: re.Match[str]) -> list[str]:
    """The change from a price then to a price now, in percent of the first: a loss as a positive share when the
    request asks what was lost ("bought at 142, now 118.50, what % have i lost")."""
    if "percent" not in m.string:
        return []
    then, now = m[1], m[2]
    return [f"({then}-{now})/{then}*100" if _LOSS.search(m.string) else f"({now}-{then})/{then}*100"]


def _circle(m: re.Match[str]) -> list[str]:
    """Area or circumference of a circle from its radius or diameter (area unless the request asks the other)."""
    kind, value = (m[1], m[2]) if m[1] else (m[4], m[3])
    radius = value if kind == "radius" else f"{value}/2"
    if re.search(r"circumference|perimeter|around", m.string):
        return [f"2*{_PI}*{radius}" if kind == "radius" else f"{_PI}*{value}"]
    return [f"{_PI}*({radius})**2"] if re.search(r"\barea\b|\bhow big\b|\bsize\b", m.string) else []


def _per_period(m: re.Match[str]) -> list[str]:
    """An amount each period times the periods in the time written: "250 a month for 3 years" is 250*12*3."""
    factor = _PERIODS.get((m[2], m[4]))
    return [f"{m[1]}*{factor}*{m[3]}" if factor != 1 else f"{m[1]}*{m[3]}"] if factor else []


def _loan_payment(m: re.Match[str]) -> list[str]:
    """The level monthly payment of an amortised loan: P*r/(1-(1+r)**-n), r the monthly rate, n the months."""
    if not re.search(r"monthly|a month|per month|each month|payment|instal", m.string):
        return []
    months = f"{m[4]}*12" if m[5] == "years" else m[4]
    rate = f"{m[3]}/100/12"
    return [f"{m[1] or m[2]}*{rate}/(1-(1+{rate})**(-{months}))"]


def _right_triangle(m: re.Match[str]) -> list[str]:
    """Pythagoras over the two numbers written: the diagonal from two sides when the last question asked names it
    ("how long is the ladder (hypotenuse)?"), else the missing side from the diagonal and the other side."""
    if legs := re.search(r"\blegs (?:of |are |measuring |measure )?(N\d+) (?:and|&|,) (N\d+)", m.string):
        # the two legs named as such, whatever other number the request writes ("my kid says the long side is 42")
        return [f"sqrt({legs[1]}**2+{legs[2]}**2)"]
    numbers = list(dict.fromkeys(re.findall(r"N\d+", m.string)))
    if len(numbers) != 2:
        return []
    asking = list(re.finditer(r"\b(?:how|what|find|calculate|compute|work out)\b", m.string))
    clause = m.string[asking[-1].start():] if asking else ""  # the words of the last question asked
    if re.search(r"\b(?:diagonal|hypotenuse)\b", clause) or re.search(r"\b(?:diagonal|hypotenuse) of\b", m.string) \
            or re.search(r"\b(?:corner to corner|diagonally)\b", m.string) \
            or re.search(r"\blegs\b|\bright angles? (?:between|to each other)\b|\bat right angles\b", m.string):
        # across a rectangle, or over both legs (the sides that meet at the right angle): the diagonal
        return [f"sqrt({numbers[0]}**2+{numbers[1]}**2)"]
    # the diagonal is the longer: the reading with the shorter one has no real value and is dropped
    return [f"sqrt({numbers[0]}**2-{numbers[1]}**2)", f"sqrt({numbers[1]}**2-{numbers[0]}**2)"]


def _hourly(m: re.Match[str]) -> list[str]:
    """A yearly amount over the weeks worked a year and the hours a week: "85k a year ... 52 weeks a year and 40
    hours a week ... per hour" is 85000/(52*40)."""
    if not re.search(r"\b(?:per|an|a|each) hour\b|\bhourly\b", m.string[m.end():] + " " + m.string[:m.start()]):
        return []
    weeks, hours = (m[2], m[3]) if m[2] else (m[5], m[4])
    return [f"{m[1]}/({weeks}*{hours})"]


def _minutes_total(m: re.Match[str]) -> list[str]:
    """Every "N h M min" the request writes, in minutes and summed, when it asks for minutes."""
    if not re.search(r"\bhow many minutes\b|\bin minutes\b|\btotal minutes\b", m.string):
        return []
    spans = re.findall(rf"{N} (?:h|hr|hrs|hours?) {N} (?:m|min|mins|minutes?)\b", m.string)
    return ["+".join(f"{hours}*60+{minutes}" for hours, minutes in spans)]


def _rectangle(m: re.Match[str]) -> list[str]:
    """A rectangle's area when the request asks for one, times a price per square unit when it writes one ("4.2 m by
    3.6 m, flooring at 38 per square metre")."""
    if not re.search(r"\barea\b|\bsquare\b|\bsq\b|m2|ft2|\bcarpet|\btiles?\b|\bflooring\b", m.string):
        return []
    priced = re.search(rf"{N} (?:[a-z]+ )?(?:per|a|an|/) (?:square|sq)\b", m.string[m.end():])
    return [f"{m[1]}*{m[2]}*{priced[1]}", f"{m[1]}*{m[2]}"] if priced else [f"{m[1]}*{m[2]}"]


def _bmi(m: re.Match[str]) -> str:
    height = m[2] if not m[3].startswith(("c",)) else f"({m[2]}/100)"
    return f"{m[1]}/{height}**2"


def formula_rules() -> list[tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]]:
    """(pattern over the normalised text, its expressions with placeholders), as in expression_rules.py."""
    return [
        # a price then and now, asked as a percent: "bought a stock at 142 and its now 118.50, what % have i lost"
        (re.compile(rf"\b(?:at|for|from|was|paid) {N}(?: \S+){{0,5}}? (?:now|today|currently)(?: \S+){{0,3}}? {N}\b"),
         _percent_change),
        # a share held back from an amount, asked what is left: "a 4,200 bonus, but 28% of it gets withheld for
        # tax. How much actually lands in my account?"
        (re.compile(rf"{N}(?: \S+){{0,10}}? {P} (?:of (?:it|that|this) )?(?:\S+ ){{0,2}}?(?:withheld|deducted|taken|"
                    rf"taking|takes|held back|goes to|go to)\b"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)"] if re.search(r"\b(?:lands?|take home|left|keep|net|actually|after|end up|"
                                                           r"get|receive|stays?|remains?|in (?:the |my )?hand)\b", m.string[m.end():]) else []),
        # the share named after the verb: "tax is taking 23 percent. How much stays for me in the hand"
        (re.compile(rf"{N}(?: \S+){{0,10}}? (?:withheld|deducted|taken|taking|takes|take) (?:off |out )?{P}"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)"] if re.search(r"\b(?:lands?|take home|left|keep|net|stays?|remains?|"
                                                           r"in (?:the |my )?hand)\b", m.string[m.end():]) else []),
        # an amount gathered over a span, asked per period: "collect 18000 for a used car in 15 months, how much
        # every month"
        (re.compile(rf"{N}(?: \S+){{0,8}}? (?:in|within|over) {N} (month|week|year|day)s\b"),
         lambda m: [f"{m[1]}/{m[2]}"] if re.search(rf"\b(?:every|each|per|a|an) {m[3]}\b|\b{_ADVERB_OF[m[3]]}\b",
                                                   m.string[m.end():]) else []),
        # raises one after another: "72,000 now, a 3% raise this year and 3.5% next year, what after both"
        (re.compile(rf"{N}(?: \S+){{0,12}}? {P} (?:raise|increase|rise|bump|pay rise|growth)(?: \S+){{0,4}}? and "
                    rf"(?:(?:a|an) )?{P}"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)*(1+{m[3]}/100)"]),
        # a circle by its radius or diameter ("the area of a circle with a radius of 4"): pi is what the word means
        (re.compile(rf"\bcircle(?: \S+){{0,6}}? (radius|diameter) (?:of |is |= )?{N}|{N} (?:\S+ )?(radius|diameter)\b"),
         _circle),
        # "15 factorial", "7!"
        # (written out by nodes/arguments/expressions.py once the number is known: most calculators lack "!")
        (re.compile(rf"{N} (?:factorial|!)"), lambda m: [f"fact({m[1]})"]),
        # an amount each month (week, day) over years (months, weeks): "save 250 a month for 3 years"
        (re.compile(rf"{N}(?: (?:bucks|dollars|euros|pounds|quid))? (?:a|per|each|every) (month|week|day)\b"
                    rf"(?: \S+){{0,6}}? (?:for|over|in|after) {N} "
                    rf"(years|months|weeks)\b"), _per_period),
        # a loan paid monthly: "the monthly payment on a 20000 loan at 6% over 5 years"
        (re.compile(rf"(?:{N}(?: \S+){{0,3}}? (?:loan|mortgage)|(?:loan|mortgage) (?:of|for) {N})\b(?: \S+){{0,3}}? {P}"
                    rf"(?: \S+){{0,4}}? (?:over|for|in) {N} (years|months)\b"), _loan_payment),
        # simple interest: "10,000 at 3% simple interest over 4 years" (the interest; the total when asked)
        (re.compile(rf"{N}(?: \S+){{0,4}}? {P} (?:a year |per year |annual )?simple interest(?: \S+){{0,3}}? {N} "
                    rf"(?:years?|yrs?)\b"),
         lambda m: [f"{m[1]}+{m[1]}*{m[2]}/100*{m[3]}", f"{m[1]}*{m[2]}/100*{m[3]}"]
         if re.search(r"\b(?:total|end up|have|balance|worth)\b", m.string) else
         [f"{m[1]}*{m[2]}/100*{m[3]}"]),
        # what is left over: "the remainder when 100 is divided by 7", "100 mod 7"
        (re.compile(rf"(?:remainder|left over|leftover) (?:when |of |after )?{N} (?:is )?divided by {N}|"
                    rf"{N} (?:mod|modulo) {N}|"
                    rf"(?:remainder|left over|leftover) (?:is there |do you get |when |if |after )?(?:you |we |i )?"
                    rf"divid(?:e|ing) {N} by {N}"),
         lambda m: [f"{m[1] or m[3] or m[5]}%{m[2] or m[4] or m[6]}"]),
        # how many spells of some minutes fit in some hours: "how many 45-minute sessions fit in 6 hours"
        (re.compile(rf"{N}(?: - | )(?:minute|min) [a-z]+s? (?:fit |are there |can i do |can we do )?in {N} hours?\b"),
         lambda m: [f"{m[2]}*60/{m[1]}"]),
        # a right triangle: "a 55-inch TV (the diagonal) is 48 inches wide, how tall", "hypotenuse of 3 and 4"
        (re.compile(r"\b(?:diagonal|diagonally|hypotenuse|pythagoras|pythagorean|corner to corner)\b|"
                    r"\bright(?: - | )?(?:angled? )?triangle\b.*\blegs\b|\bright angles? (?:between|to each other)\b|"
                    r"\bat right angles\b"), _right_triangle),
        # money at a stated rate: "450 euros to dollars at a rate of 1.087 USD per EUR"
        (re.compile(rf"{N} [a-z]+ (?:to|into|in) [a-z]+ at (?:an? |the )?(?:exchange )?(?:rate )?(?:of )?{N}"),
         lambda m: [f"{m[1]}*{m[2]}"]),
        # durations summed in minutes: "3 h 47 min on Monday and 2 h 38 min on Tuesday, how many minutes"
        (re.compile(rf"{N} (?:h|hr|hrs|hours?) {N} (?:m|min|mins|minutes?)\b"), _minutes_total),
        # a yearly amount per hour: "85k a year, assuming 52 weeks a year and 40 hours a week, per hour"
        (re.compile(rf"{N} (?:a|per|each) year\b(?: \S+){{0,30}}? (?:{N} weeks(?: (?:a|per|each) year)?\b(?: \S+){{0,3}}? "
                    rf"{N} hours (?:a|per|each) week|{N} hours (?:a|per|each) week\b(?: \S+){{0,3}}? {N} weeks"
                    rf"(?: (?:a|per|each) year)?)\b"), _hourly),
        # a rectangle's area: "a bedroom 4.2 m by 3.65 m, how many square metres", "5 x 4 ft, what's the area"
        (re.compile(rf"{N} ?(?:[a-z]{{1,6}} )?(?:by|x|\*|×) {N}\b"),
         _rectangle),
        # body mass index: weight in kg over height in metres squared
        (re.compile(rf"{N} (?:kg|kgs|kilos?|kilograms?)\b(?: \S+){{0,6}}? {N} (m|cm|metres?|meters?|centimetres?|"
                    rf"centimeters?)\b"), lambda m: [_bmi(m)] if re.search(r"\bbmi\b|body mass", m.string) else []),
    ]
