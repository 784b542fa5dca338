"""The word problems a request may pose, as patterns over its normalised text (nodes/arguments/expressions.py
writes each number as N<i>, a percentage as P<i>) and the expressions each asks for: "7% of 1,250",
"5 of us split a 243.75 bill with a 20% tip", "22.50 an hour, 38 hours and 41.5 hours".

Why a separate file: these shapes are the part that grows with every writer's phrasing; reading the numbers,
written arithmetic and checking an expression (expressions.py) do not. Distances, speeds and fuel
(expression_travel.py), bills shared by a party (expression_party.py), formulas a word names
(expression_formulas.py), roots and powers (expression_powers.py), percentages of an amount
(expression_percentages.py), rates in units per unit (expression_unit_rates.py), prices, recipes and pay
(expression_prices.py), lists (expression_lists.py), discounts (expression_discounts.py), fractions
(expression_fractions.py), changes (expression_changes.py), operations named in words
(expression_operations.py) and interest (expression_interest.py) keep their own rules, taken in here in the
order they are tried: the order is the rules' meaning (an earlier rule's reading comes first), so what is left
here is what sits between those families.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from nodes.arguments.expression_business import business_rules
from nodes.arguments.expression_changes import change_by_rules, percent_change_rules
from nodes.arguments.expression_discounts import discount_rules
from nodes.arguments.expression_formulas import formula_rules
from nodes.arguments.expression_fractions import fraction_rules
from nodes.arguments.expression_growth import growth_rules
from nodes.arguments.expression_interest import compound_rules, decline_and_repayment_rules
from nodes.arguments.expression_lists import list_rules
from nodes.arguments.expression_operations import operation_rules, split_rules
from nodes.arguments.expression_party import bill_rules
from nodes.arguments.expression_percentages import ASKS_TOTAL, percent_readings, percent_rules
from nodes.arguments.expression_placeholders import N, NOT_NUMBER, P, STEP_WORDS
from nodes.arguments.expression_powers import power_rules
from nodes.arguments.expression_prices import price_rules
from nodes.arguments.expression_travel import travel_rules
from nodes.arguments.expression_unit_rates import unit_rate_rules

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


@lru_cache(maxsize=1)
def rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), best first."""
    return [
        # a formula a word names ("mortgage", "diagonal", "bmi", "AOV") reads the request as a whole: first
        *formula_rules(),
        *business_rules(),
        # two shares, one after the other: "40% of 250 minus 15% of 80"
        (re.compile(rf"{P} of {N} (plus|minus|times|divided by|and) {P} of {N}"),
         lambda m: [f"{m[2]}*{m[1]}/100{STEP_WORDS.get(m[3], '+')}{m[5]}*{m[4]}/100"]),
        # minutes at an hourly rate: "45 minutes at 28 dollars an hour"
        (re.compile(rf"{N} (?:minutes?|mins?)\b(?: \S+){{0,3}}? (?:at|@|for) {N} (?:[a-z]+ )?(?:an|a|per|/) (?:hour|hr)\b"),
         lambda m: [f"{m[1]}/60*{m[2]}"]),
        # roots, squares and cubes (expression_powers.py)
        *power_rules(),
        # averages and totals of a list (expression_lists.py)
        *list_rules(),
        # a percent "on that": "dinner came to 86.40, what's a 15% tip on that"
        (re.compile(rf"(?P<base>N\d+)(?: \S+){{0,12}}? (?P<pct>P\d+) (?:\w+ ){{0,2}}?(?:on|of|for) (?:that|it|this|the bill|"
                    rf"the total)\b"), percent_readings("+", by_cue=True)),
        # discounts one after another, the price before a change (expression_discounts.py)
        *discount_rules(),
        # an hourly rate over hours, with tax on top: "bills 95/hour and logged 37.5 hours, there's 8% tax on top"
        (re.compile(rf"{N} (?:an|a|per|/) ?(?:hour|hr)\b(?: \S+){{0,4}}? {N} (?:hours|hrs|h)\b(?: \S+){{0,6}}? {P} "
                    rf"(?:tax|vat|gst|sales tax)"), lambda m: [f"{m[1]}*{m[2]}*(1+{m[3]}/100)"]),
        # a price and a rate of tax or tip: "240 before tax, sales tax here is 8.25%. total?"
        # (the nearest amount before the word: "dinner for 6 came to 237.60 before tip, adding 20%" taxes 237.60)
        (re.compile(rf"(?P<base>N\d+)(?: {NOT_NUMBER}){{0,8}}? (?:tax|vat|gst|tip|service|surcharge)(?: \S+){{0,4}}? "
                    rf"(?P<pct>P\d+)"), percent_readings("+", by_cue=True)),
        # an hourly rate over hours worked in two spells: "22.50 an hour, 38 hours last week and 41.5 this week"
        (re.compile(rf"{N} (?:an|a|per) (?:hour|hr)\b(?: \S+){{0,8}}? {N} (?:hours|hrs|h)\b(?: \S+){{0,6}}? {N}\b"
                    rf"(?! (?:[a-z]+ ){{0,2}}?(?:weeks?|days?|months?|years?)\b)"),
         lambda m: [f"{m[1]}*({m[2]}+{m[3]})"] if ASKS_TOTAL.search(m.string) else []),
        # growth over years, a rise then a fall, a budget's remainder, a part held back, a target reached
        # (expression_growth.py): before a bill shared, which "4,500 across 6 people, holding back 10%" also reads
        *growth_rules(),
        # bills shared by a party (expression_party.py)
        *bill_rules(),
        # fractions of an amount, the whole a part is of (expression_fractions.py)
        *fraction_rules(),
        # an amount raised or cut by a percentage or a figure (expression_changes.py)
        *change_by_rules(),
        # an amount over stated hours and weeks: "74,880 a year and I work 40 hrs a week, 52 weeks, per hour"
        (re.compile(rf"{N} (?:a|per|each) year(?: \S+){{0,6}}? {N} (?:hours|hrs|hr|h) (?:a|per|each) week(?: \S+){{0,3}}? "
                    rf"{N} weeks"), lambda m: [f"{m[1]}/({m[2]}*{m[3]})"] if re.search(r"per hour|hourly|an hour|"
                                                                                    r"a hour", m.string) else []),
        # a right triangle's long side: "a ladder 12 ft up the wall, its foot 5 ft out: how long is the ladder"
        (re.compile(rf"{N}(?: \S+){{0,12}}? {N}(?= .*\b(?:ladder|hypotenuse|diagonal)\b)|"
                    rf"(?<=(?:adder|enuse|gonal) )(?:\S+ ){{0,12}}?{N}(?: \S+){{0,12}}? {N}"),
         lambda m: [f"({m[1] or m[3]}**2+{m[2] or m[4]}**2)**0.5"]
         if re.search(r"\b(?:ladder|hypotenuse|diagonal)\b", m.string) else []),
        # a proportion: "250 g of flour for 12 cookies, how much for 30 cookies"
        (re.compile(rf"{N} (?:\S+ ){{0,4}}?(?:for|makes?|serves?|per) {N} ([a-z]+)\b.*?\b(?:for|makes?|serves?|need|needs|"
                    rf"want|wants|bake|baking|make|making|feed|feeding) {N} \3\b"),
         lambda m: [f"{m[1]}/{m[2]}*{m[4]}"]),
        # distances, speeds and fuel (expression_travel.py)
        *travel_rules(),
        # a rate per period over a count of periods written later: "parking is 24.75 a day and I'll be gone 5 days"
        (re.compile(rf"{N} (?:a|an|per|/|each|every) (day|night|week|month|hour|hr|year)\b(?: {NOT_NUMBER}){{0,12}} {N} "
                    rf"\2s?\b"), lambda m: [f"{m[1]}*{m[3]}"]),
        # an hourly rate over stated hours and weeks: "23.75 an hour, 37.5 hours a week, over 52 weeks"
        (re.compile(rf"{N} (?:an|a|per) (?:hour|hr)\b(?: \S+){{0,3}}? {N} (?:hours|hrs|hr|h) (?:a|per|each) week"
                    rf"(?: \S+){{0,5}}? {N} (?:[a-z]+ ){{0,2}}?weeks"), lambda m: [f"{m[1]}*{m[2]}*{m[3]}"]),
        # a rate of tax on an amount described first: "18% GST on an invoice value of 4,35,000"
        (re.compile(rf"(?P<pct>P\d+) (?:sales tax|tax|vat|gst|tip|service charge|surcharge) on(?: (?![NP]\d)\S+){{0,6}}? "
                    rf"(?P<base>N\d+)"), percent_readings("+", by_cue=True)),
        # a rate added to a price: "the total price of a 149 item once 8.25% sales tax is added"
        # (or a raise on a pay: "my salary is 72,500 and I'm getting a 6% raise, the new salary?")
        (re.compile(rf"(?P<base>N\d+)(?: \S+){{0,8}}? (?P<pct>P\d+) (?:[a-z]+ ){{0,2}}?(?:tax|vat|gst|tip|service|"
                    rf"surcharge|raise|pay rise|rise)\b"),
         percent_readings("+", by_cue=True)),
        # a share of a whole: "I earn 4200 a month and rent is 1350. what share of my income goes on rent?" (a share
        # is the smaller of the two over the larger)
        (re.compile(rf"{N}(?: \S+){{0,10}}? {N}(?: \S+){{0,8}}? (?:what|which) (?:share|percent|percentage|proportion|"
                    rf"fraction|part) of\b"),
         lambda m: [f"{m[2]}/{m[1]}*100", f"{m[1]}/{m[2]}*100"]),
        # prices per piece and for some, recipes scaled, pay over hours, amounts shared out (expression_prices.py)
        *price_rules(),
        # arithmetic named in words (expression_operations.py)
        *operation_rules(),
        # shares, discounts and rates added to an amount, in words a percentage is read in (expression_percentages.py)
        *percent_rules(),
        *split_rules(),
        # a change in percent (expression_changes.py)
        *percent_change_rules(),
        # a count at a price each, words between: "37 FTEs at an avg loaded cost of 118.5k each"
        (re.compile(rf"{N} (?:[a-z]+ ){{1,3}}?(?:at|@) (?:[a-z]+ ){{1,5}}?{N} (?:each|apiece|a head|per head|per person)\b"),
         lambda m: [f"{m[1]}*{m[2]}"]),
        # the root of a number written before: "variance came out at 2,916. std dev = sqrt of that"
        (re.compile(rf"{N}(?: (?![NP]\d)\S+){{0,8}}? (?:sqrt|square root|root) of (?:that|it|this)\b"),
         lambda m: [f"{m[1]}**0.5"]),
        # interest that earns interest (expression_interest.py)
        *compound_rules(),
        # a tip left on a bill: "my bill was 58.40 and I want to leave 18 percent, how much is the tip"
        (re.compile(rf"(?P<base>N\d+)(?: \S+){{0,8}}? (?:leave|leaving|tip|tipping|give|giving) (?:a |an )?(?P<pct>P\d+)"),
         percent_readings("+", by_cue=True)),
        # a value lost each period, a debt paid off (expression_interest.py)
        *decline_and_repayment_rules(),
        # rates in units per unit, and conversions at a rate the request states (expression_unit_rates.py)
        *unit_rate_rules(),
        # a holder's part of an amount: "profit 86,900, I hold 3 of 11 shares, my cut"
        (re.compile(rf"{N}(?: {NOT_NUMBER}){{0,10}}? {N} (?:of|out of) (?:the )?{N} (?:shares|parts|stakes|portions|"
                    rf"units)\b|{N} (?:of|out of) (?:the )?{N} (?:shares|parts|stakes|portions|units)\b"
                    rf"(?: {NOT_NUMBER}){{0,10}}? {N}\b"),
         lambda m: ([f"{m[1]}*{m[2]}/{m[3]}"] if m[1] else [f"{m[6]}*{m[4]}/{m[5]}"])
         if re.search(r"\b(?:cut|share|get|entitled|payout|portion|due|owed?)\b", m.string) else []),
        (re.compile(rf"{N} (?:to the power of|raised to(?: the power of)?|to the|\*\*|\^) {N}"),
         lambda m: [f"{m[1]}**{m[2]}"]),
    ]
