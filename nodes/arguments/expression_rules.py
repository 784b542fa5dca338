"""The word problems a request may pose, as patterns over its normalised text (nodes/arguments/expressions.py
writes each number as N<i>, a percentage as P<i>) and the expressions each asks for: "7% of 1,250",
"5 of us split a 243.75 bill with a 20% tip", "22.50 an hour, 38 hours and 41.5 hours".

Why a separate file: these shapes are the part that grows with every writer's phrasing; reading the numbers,
written arithmetic and checking an expression (expressions.py) do not. Distances, speeds and fuel
(expression_travel.py), bills shared by a party (expression_party.py), formulas a word names
(expression_formulas.py), roots and powers (expression_powers.py), percentages of an amount
(expression_percentages.py), rates in units per unit (expression_unit_rates.py) and prices, recipes and pay
(expression_prices.py) keep their own rules, taken in here in the order they are tried.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from nodes.arguments.expression_business import business_rules
from nodes.arguments.expression_formulas import formula_rules
from nodes.arguments.expression_growth import growth_rules
from nodes.arguments.expression_party import bill_rules
from nodes.arguments.expression_percentages import ASKS_TOTAL, percent_readings, percent_rules
from nodes.arguments.expression_placeholders import LIST, N, NOT_NUMBER, P, STEP_WORDS
from nodes.arguments.expression_powers import power_rules
from nodes.arguments.expression_prices import price_rules
from nodes.arguments.expression_travel import travel_rules
from nodes.arguments.expression_unit_rates import unit_rate_rules

# interest that earns interest: "compounded", or said in words ("interest is added every year on top")
_COMPOUNDED = re.compile(r"compound|interest (?:is |gets )?added|added (?:to it )?(?:every|each) year|reinvest")


def _listed(group: str) -> list[str]:
    return re.findall(r"N\d+", group)


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
        (re.compile(rf"(?:average|mean|avg) (?:of )?(?:[a-z]+ ){{0,6}}?{LIST}"),
         lambda m: [f"({'+'.join(_listed(m[1]))})/{len(_listed(m[1]))}"]),
        # "scores were 82, 91, 77, 88 and 95. what's her average"
        (re.compile(rf"{LIST}(?: \S+){{0,12}}? (?:average|mean|avg)\b"),
         lambda m: [f"({'+'.join(_listed(m[1]))})/{len(_listed(m[1]))}"]),
        (re.compile(rf"(?:sum|total) of {LIST}|(?:add|sum|total) up {LIST}|add together {LIST}"),
         lambda m: ["+".join(_listed(m[1] or m[2] or m[3]))]),
        # "total the following travel claims for me : 1,245.50 , 389.75 and 76.25", "total these up : ..."
        (re.compile(rf"\b(?:total|sum|tally|add)\b(?: (?![NP]\d)\S+){{1,8}}? {LIST}"),
         lambda m: ["+".join(_listed(m[1]))]),
        # a percent "on that": "dinner came to 86.40, what's a 15% tip on that"
        (re.compile(rf"(?P<base>N\d+)(?: \S+){{0,12}}? (?P<pct>P\d+) (?:\w+ ){{0,2}}?(?:on|of|for) (?:that|it|this|the bill|"
                    rf"the total)\b"), percent_readings("+", by_cue=True)),
        # (or the first written before the price: "15% discount on a jacket costing 129,90, then extra 10%")
        (re.compile(rf"{P} (?:discount|off|reduction|markdown)\b(?: (?![NP]\d)\S+){{0,6}}? {N}(?: (?![NP]\d)\S+){{0,12}}? "
                    rf"(?:extra|another|additional|further|second) {P}"),
         lambda m: [f"{m[2]}*(1-{m[1]}/100)*(1-{m[3]}/100)"]),
        # two discounts one after the other: "180, 35% off, then an extra 10% off"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P} off(?: \S+){{0,10}}? {P} off"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)*(1-{m[3]}/100)"]),
        # the price before a change: "paid 92 after a 20% discount, what was the original price"
        (re.compile(rf"{N}(?: \S+){{0,6}}? after (?:a |an |the )?{P} (?:discount|off|reduction|cut|markdown)"),
         lambda m: [f"{m[1]}/(1-{m[2]}/100)"] if re.search(r"original|before|full|regular|was it", m.string) else []),
        (re.compile(rf"{N}(?: \S+){{0,6}}? after (?:a |an |the )?{P} (?:increase|raise|rise|markup|tip|tax)"),
         lambda m: [f"{m[1]}/(1+{m[2]}/100)"] if re.search(r"original|before|was it", m.string) else []),
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
        # a share of a share: "half of 3/4 of 960"
        (re.compile(rf"{N} / {N} of {N} / {N} of {N}"), lambda m: [f"{m[5]}*{m[3]}/{m[4]}*{m[1]}/{m[2]}"]),
        # "a third of 90" (1/3 of 90, nodes/arguments/number_words.py), "3/4 of 1,200"
        (re.compile(rf"{N} / {N} of {N}"), lambda m: [f"{m[3]}*{m[1]}/{m[2]}"]),
        # "45 out of 60, what percentage is that", "3,420 done out of 4,750"
        (re.compile(rf"{N}(?: [a-z]+)? out of {N}"), lambda m: [f"{m[1]}/{m[2]}*100"] if re.search(r"percent|%", m.string) else []),
        # "30% of what is 45", "45 is 30% of what"
        (re.compile(rf"{P} of what (?:is|equals|=|makes|gives) {N}"), lambda m: [f"{m[2]}*100/{m[1]}"]),
        (re.compile(rf"{N} is {P} of what"), lambda m: [f"{m[1]}*100/{m[2]}"]),
        # "increase 80 by 15%", "cut 2,400 by 12.5%", "raise 40 by 5"
        (re.compile(rf"(?:increase|raise|grow|up|mark up) {N} by {P}"), lambda m: [f"{m[1]}*(1+{m[2]}/100)"]),
        (re.compile(rf"(?:decrease|reduce|cut|lower|drop|discount|mark down) {N} by {P}"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)"]),
        (re.compile(rf"(?:increase|raise|grow) {N} by {N}"), lambda m: [f"{m[1]}+{m[2]}"]),
        (re.compile(rf"(?:decrease|reduce|cut|lower) {N} by {N}"), lambda m: [f"{m[1]}-{m[2]}"]),
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
        (re.compile(rf"product of {LIST}"), lambda m: ["*".join(_listed(m[1]))]),
        (re.compile(rf"difference between {N} and {N}"), lambda m: [f"{m[1]}-{m[2]}", f"{m[2]}-{m[1]}"]),
        (re.compile(rf"add {N} (?:and|to|plus) {N}"), lambda m: [f"{m[1]}+{m[2]}"]),
        (re.compile(rf"subtract {N} from {N}"), lambda m: [f"{m[2]}-{m[1]}"]),
        (re.compile(rf"multiply {N} (?:by|and|with) {N}"), lambda m: [f"{m[1]}*{m[2]}"]),
        (re.compile(rf"divide {N} (?:by|into|between|among) {N}"), lambda m: [f"{m[1]}/{m[2]}"]),
        # shares, discounts and rates added to an amount, in words a percentage is read in (expression_percentages.py)
        *percent_rules(),
        (re.compile(rf"split {N} (?:between|among|by|across|into|in) {N}|{N} split (?:between |among |by |into )?{N}"),
         lambda m: [f"{m[1]}/{m[2]}" if m[1] else f"{m[3]}/{m[4]}"]),
        (re.compile(rf"{N} divided (?:equally |evenly )?(?:by|into|between|among) {N}"), lambda m: [f"{m[1]}/{m[2]}"]),
        # a change in percent: "went up from 1,820 to 1,975, what percentage increase"
        # (or the percent asked first: "what percent gain is it when a stock climbs from 84.20 to 97.83")
        (re.compile(rf"(?:from|went|grew|rose|fell|dropped|jumped|climbed|moved) {N} (?:\( \S+ \) )?(?:[a-z]+ ){{0,2}}to "
                    rf"{N}(?= .*\bpercent|.*%)|percent(?:age)? (?:\w+ )?from {N} to {N}|"
                    rf"percent(?:age)? (?:gain|loss|increase|decrease|change|rise|drop|growth|jump|fall|up|down)\b"
                    rf"(?: (?![NP]\d)\S+){{0,12}}? (?:from )?{N} (?:[a-z]+ ){{0,2}}to {N}"),
         lambda m: [f"({m[2]}-{m[1]})/{m[1]}*100" if m[1] else f"({m[4]}-{m[3]})/{m[3]}*100" if m[3]
                    else f"({m[6]}-{m[5]})/{m[5]}*100"]),
        # two figures set against each other, then the change asked in percent: "4.6m last FY vs 5.29m this FY.
        # growth in %?"
        (re.compile(rf"{N}(?: [a-z]+){{0,3}} (?:vs|versus|against|compared to|compared with) {N}"
                    rf"(?=.*\b(?:growth|change|increase|decrease|up|down)\b)(?=.*\bpercent)"),
         lambda m: [f"({m[2]}-{m[1]})/{m[1]}*100"]),
        # a count at a price each, words between: "37 FTEs at an avg loaded cost of 118.5k each"
        (re.compile(rf"{N} (?:[a-z]+ ){{1,3}}?(?:at|@) (?:[a-z]+ ){{1,5}}?{N} (?:each|apiece|a head|per head|per person)\b"),
         lambda m: [f"{m[1]}*{m[2]}"]),
        # the root of a number written before: "variance came out at 2,916. std dev = sqrt of that"
        (re.compile(rf"{N}(?: (?![NP]\d)\S+){{0,8}}? (?:sqrt|square root|root) of (?:that|it|this)\b"),
         lambda m: [f"{m[1]}**0.5"]),
        # compound growth: "5,000 at 4.2% a year, compounded, after 6 years"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P}(?: \S+){{0,20}}? {N} (?:years?|yrs?)\b"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)**{m[3]}"] if _COMPOUNDED.search(m.string) else []),
        # compound against simple interest: "how much more would I have if it's compounded instead of simple"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P}(?: \S+){{0,14}}? {N} (?:years?|yrs?)\b"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)**{m[3]}-({m[1]}+{m[1]}*{m[2]}/100*{m[3]})"]
         if "compound" in m.string and "simple" in m.string else []),
        # a tip left on a bill: "my bill was 58.40 and I want to leave 18 percent, how much is the tip"
        (re.compile(rf"(?P<base>N\d+)(?: \S+){{0,8}}? (?:leave|leaving|tip|tipping|give|giving) (?:a |an )?(?P<pct>P\d+)"),
         percent_readings("+", by_cue=True)),
        # a value lost by a share each period: "bought a car for 24,000, it loses 15% of its value every year,
        # worth after 3 years"
        (re.compile(rf"{N}(?: \S+){{0,10}}? (?:loses|lose|drops|falls|depreciates|declines|shrinks)(?: \S+){{0,3}}? {P}"
                    rf"(?: \S+){{0,14}}? {N} (?:years?|yrs?|months?)\b"), lambda m: [f"{m[1]}*(1-{m[2]}/100)**{m[3]}"]),
        # a debt paid off in equal instalments: "how many months to pay off 5000 if I pay 250 a month"
        (re.compile(rf"(?:pay off|repay|clear|pay back) (?:\S+ ){{0,3}}?{N}(?: \S+){{0,6}}? {N} (?:a|per|each|every) "
                    rf"(?:month|week|year)\b"), lambda m: [f"{m[1]}/{m[2]}"]),
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
