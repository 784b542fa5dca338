"""A word problem read as an amount and the steps then applied to it, in the order the request writes them:
"3 pizzas at 14.50 each and 2 drinks at 3.25, then 8% sales tax on the whole thing" is (3*14.50+2*3.25)*(1+8/100);
"a third of 2,475, minus 120" is 2475/3-120; "37.5 hrs a week at 23.40 an hour, in 4 weeks" is 37.5*23.40*4;
"... paying with a twenty, how much change" is 20-(...).

Why: the single-shape rules (nodes/arguments/expression_rules.py) each read one step, and a request that adds a
step after it ("minus 120", "then tax") lost it. Steps compose: a step reads only its own words and the amount
before it, so a new phrasing of one step does not need a rule for every combination.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_periods import period_scale
from nodes.arguments.expression_placeholders import N as _N, P as _P
from nodes.arguments.unit_conversions import same_unit

# quantities at a unit price, "each" optional before a list separator: "3 pizzas at 14.50 each and 2 drinks at 3.25,"
_ITEM = re.compile(rf"{_N} (?:[a-z]+ ){{0,3}}?(?:at|@|for|costing|priced at) {_N}"
                   rf"(?: (?:per|a|an|each|apiece|/)\b| [a-z]+ each\b|(?= , | and | then |$))")
_SHARE = re.compile(rf"(?:(N\d+) / (N\d+)|half|a quarter) of {_N}")
_PERCENT_OF = re.compile(rf"{_P} of {_N}")
# one written operation whose next step is set apart ("1,200 divided by 16, then times 3"); a plain chain ("45 minus
# 17 times 2") is written arithmetic, read with its precedence by nodes/arguments/expressions.py
# (a unit word may follow the first number: "98.6 fahrenheit minus 32, then times 5 over 9")
_FIRST_STEP = re.compile(rf"{_N}(?: [a-z]+)? (divided by|times|multiplied by|plus|minus) {_N}(?= ,| then| and then)")
_OPERATORS = {"divided by": "/", "times": "*", "multiplied by": "*", "plus": "+", "minus": "-"}
_TIME_UNITS = ("hour", "day", "night", "week", "month", "year")
_WORD = r"(?![NP]\d)\S+"  # a word that is no other number: a step's rate is the nearest one
_PEOPLE = r"(?:of us|people|persons|friends|guests|ways)"
_STEPS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"^(?: ,| and| then| but)* (?:minus|less|take away|subtract|take off) {_N}"), "({amount})-{0}"),
    # a count of amounts: "plus two $45 dinner allowances" (the currency sign gone, two numbers side by side)
    (re.compile(rf"^(?: ,| and| then)* (?:plus|add|and add|and) {_N} {_N}\b"), "({amount})+{0}*{1}"),
    (re.compile(rf"^(?: ,| and| then)* (?:plus|add|and add)(?: a| an| the)? {_N}"), "({amount})+{0}"),
    (re.compile(rf"^(?: ,| and| then)* (?:times|multiplied by) {_N}"), "({amount})*{0}"),
    (re.compile(rf"^(?: ,| and| then)* (?:divided by|over) {_N}(?! (?:[a-z]+ )?(?:years?|months?|weeks?|days?|hours?|"
                rf"nights?)\b)"), "({amount})/{0}"),
    # _FIRST_RATE_STEP: the steps that may follow a bare number (a rate, a markup, a fee, or a party's share)
    # "186.40 plus 20% of it, divided by 6": a rate of the amount itself
    (re.compile(rf"^(?: ,| and| then)* (?:plus|add|and add) {_P} of (?:it|that|this|the (?:bill|total|amount))\b"),
     "({amount})*(1+{0}/100)"),
    (re.compile(rf"^(?: {_WORD}){{0,6}}? {_P} (?:[a-z]+ )?(?:tax|vat|gst|tip|service|gratuity|surcharge|bonus|"
                rf"commission|raise|uplift|premium)\b"),
     "({amount})*(1+{0}/100)"),
    # "sales tax here is 8.25%": the rate written after the word
    (re.compile(rf"^(?: {_WORD}){{0,6}}? (?:tax|vat|gst|tip|gratuity|surcharge)(?: (?:here|there|rate|of|is|at|"
                rf"will be|would be|comes to)){{0,3}} {_P}(?! of\b| (?:[a-z]+ )?(?:off|discount))"),
     "({amount})*(1+{0}/100)"),
    # (the next number, however many words before it: "and now it's in the sale at 25% off")
    (re.compile(rf"^(?: {_WORD}){{0,10}}? {_P} (?:off|discount)\b"), "({amount})*(1-{0}/100)"),
    # "marked it up 40%", "a 15% markup"
    (re.compile(rf"^(?: {_WORD}){{0,6}}? (?:(?:marked|mark|marks|marking|bumped|put) (?:it |them |the price )?up "
                rf"(?:by )?{_P}|{_P} (?:markup|mark - up|mark up|increase|rise)\b)"), "({amount})*(1+{0}/100)"),
    # "and a 10 coupon that comes off after the discount"
    (re.compile(rf"^(?: {_WORD}){{0,8}}? (?:a |an )?{_N} (?:[a-z]+ )?(?:coupon|voucher|gift card|store credit|rebate)\b"),
     "({amount})-{0}"),
    # hours worked, then paid by the hour: "7.5 hours a day for 5 days this week at 22.40 an hour"
    # (a currency code may come between: "at AUD 62.40 an hour")
    (re.compile(rf"^(?: {_WORD}){{0,4}}? (?:at|@|paid) (?:[a-z]{{3}} )?{_N} (?:an|a|per|/) (?:hour|hr)\b"), "({amount})*{0}"),
    # "and a one-off 35 resort fee", "plus a flat 25 handling fee"
    (re.compile(rf"^(?: {_WORD}){{0,6}}? (?:plus|and|with|add|adding) (?:a |an |the )?(?:(?:one - off|one off|flat|"
                rf"fixed|extra|additional|separate|single) )?{_N} (?:{_WORD} ){{0,3}}?(?:fee|charge|surcharge|deposit|"
                rf"delivery|shipping|postage|handling|stipend|allowance)\b"), "({amount})+{0}"),
    # "before tip. We're adding 20%"
    (re.compile(rf"^(?: {_WORD}){{0,6}}? (?:add|adding|plus|including) (?:a |an )?{_P}(?! of\b| (?:[a-z]+ )?(?:off|discount))"),
     "({amount})*(1+{0}/100)"),
    # "..., four of us splitting it equally"
    (re.compile(rf"^(?: {_WORD}){{0,4}}? {_N} {_PEOPLE}\b(?: \S+){{0,2}}? (?:split|splitting|sharing|share|shared)\b"),
     "({amount})/{0}"),
    # "then split between 2", "shared among 4 people", "split 3 ways"
    (re.compile(rf"^(?: ,| and| then)* (?:split|divided|shared|share it|split it) (?:evenly )?(?:between|among|by|into|"
                rf"across) (?:the )?{_N}\b|^(?: ,| and| then)* split (?:it )?{_N} ways\b|"
                rf"^(?: ,| and| then)* (?:between|among) (?:the )?{_N} (?:people|of us|friends|persons|guests)\b"),
     "({amount})/{0}"),
]
# "splitting it evenly" with the party counted elsewhere: "dinner for 6 ...", "the 5 of us ..."
_SPLIT_EVENLY = re.compile(r"^(?: ,| and| then)*(?: we| they| you| i)? (?:split|splitting|divide|dividing|share|sharing)"
                           r"(?: it| the bill| the total| that| this)?(?: evenly| equally)?\b"
                           r"(?! (?:between|among|by|into|across|in)\b| N\d| \S+ ways\b)")
_HEADCOUNT = re.compile(rf"\b(?:for|among|between) {_N}(?: {_PEOPLE})?\b(?! [a-z]+ (?:each|apiece)\b)|{_N} {_PEOPLE}\b")
_FIRST_RATE_STEP = 5
_TRAILING_WORDS = re.compile(r"^(?: [a-z]+){1,2}(?= ,| then\b| and\b)")
_OVER = re.compile(rf"\b(?:in|for|over|across) {_N} ({'|'.join(_TIME_UNITS)})s\b")
_PER = r"\b(?:a|an|per|each|every) {unit}\b"
_PAYING = re.compile(rf"\b(?:paying|pay|paid|hand(?:ing)? over|giv(?:e|ing)(?: them)?) with (?:a |an )?{_N}|"
                     rf"\b(?:hand(?:ing)? over|giv(?:e|ing)) (?:a |an )?{_N}")


# a rate over a span: "142 euros a night for 4 nights", "65 a day over 12 days"
_RATE_SPAN = re.compile(rf"{_N} (?:[a-z]+ ){{0,2}}?(?:a|an|per|each|every|/) ({'|'.join(_TIME_UNITS)})\b"
                        rf"(?: {_WORD}){{0,3}}? (?:for|over|across|in) {_N} \2s?\b")
# a rate per unit and a quantity of that unit written elsewhere: "3.40 per kilo ..., and the pallet is 142 kg"
_RATE_PER = re.compile(rf"{_N} (?:[a-z]+ )?(?:a|an|per|/) ([a-z]+)\b")
# a charge on each of the items priced: "3 tickets at 429.99 each, and each of us pays a 35 bag fee on top"
_EXTRA_EACH = re.compile(rf"^(?: {_WORD}){{0,8}}? (?:(?:each|every) (?:of us|one|person|passenger|guest|ticket)|"
                         rf"per (?:person|head|ticket|item|passenger)) (?:[a-z]+ ){{0,2}}?(?:a |an |another |an extra )?{_N}|"
                         rf"^(?: {_WORD}){{0,6}}? (?:plus|and|with) (?:a |an )?{_N} (?:[a-z]+ ){{0,2}}?(?:each|"
                         rf"per (?:person|head|ticket|item|passenger)|apiece|a head)\b")
# one item at a price: "and a pair of jeans for 45"
_ONE_ITEM = re.compile(rf"(?:(?<= and)|(?<= plus)|(?<= ,)) (?:a|an|one) (?:[a-z]+ ){{0,4}}?(?:at|for|costing|priced at) {_N}\b")


def _amount(normalised: str) -> tuple[str, int] | None:
    """The first amount the request builds, and where its words end: priced items summed, else the first of a
    share of a number, a percentage of one, or one written operation; None when it holds none."""
    items = list(_ITEM.finditer(normalised))
    span = _RATE_SPAN.search(normalised)
    if span and items and span.start() < items[0].start():  # "7.5 hours a day for 5 days ... at 22.40 an hour"
        return f"{span[1]}*{span[3]}", span.end()
    if len(items) == 1 and (extra := _EXTRA_EACH.search(normalised[items[0].end():])) is not None:
        return f"{items[0][1]}*({items[0][2]}+{extra[1] or extra[2]})", items[0].end() + extra.end()
    if items:
        ones = [m for m in _ONE_ITEM.finditer(normalised) if m.start() >= items[0].end()]
        end = max([items[-1].end(), *(m.end() for m in ones)])
        return "+".join([*(f"{m[1]}*{m[2]}" for m in items), *(m[1] for m in ones)]), end
    share = _SHARE.search(normalised)
    percent, first = _PERCENT_OF.search(normalised), _FIRST_STEP.search(normalised)
    starts = [m.start() for m in (share, percent, first, span) if m]
    if span and span.start() == min(starts):
        return f"{span[1]}*{span[3]}", span.end()
    if not starts and (quantity := _rate_and_quantity(normalised)) is not None:
        return quantity
    if percent and percent.start() == min(starts):  # "15% of 80 plus 12"
        return f"{percent[2]}*{percent[1]}/100", percent.end()
    if first and first.start() == min(starts):  # "1,200 divided by 16 then times 3"
        return f"{first[1]}{_OPERATORS[first[2]]}{first[3]}", first.end()
    if share:
        if share[1]:
            return f"{share[3]}*{share[1]}/{share[2]}", share.end()
        return f"{share[3]}*{'1/2' if share.group().startswith('half') else '1/4'}", share.end()
    return None


def _rate_and_quantity(normalised: str) -> tuple[str, int] | None:
    """A rate per unit times the one quantity of that unit the request writes elsewhere, and where the rate ends."""
    for rate in _RATE_PER.finditer(normalised):
        unit = rate[2]
        quantities = [m[1] for m in re.finditer(r"(N\d+) ([a-z]+)\b", normalised)
                      if m[1] != rate[1] and not normalised[m.end():].startswith((" a ", " an ", " per "))
                      and same_unit(m[2], unit)]
        if len(quantities) == 1:
            return f"{quantities[0]}*{rate[1]}", rate.end()
    return None


def _steps_after(amount: str, rest: str, normalised: str) -> tuple[str, int]:
    """``amount`` with each step ``rest`` writes applied in order, and how many there were."""
    steps = 0
    progressed = True
    while progressed:
        progressed = False
        rest = _TRAILING_WORDS.sub("", rest)  # "20% off coupon, then split": the step's own noun
        for pattern, template in _STEPS:
            match = pattern.search(rest)
            if match:
                operands = [group for group in match.groups() if group]  # the alternative that matched
                amount, rest = template.format(*operands, amount=amount), rest[match.end():]
                steps, progressed = steps + 1, True
                break
        evenly, party = _SPLIT_EVENLY.search(rest), _HEADCOUNT.search(normalised)
        if not progressed and evenly and party:
            amount, rest = f"({amount})/{party[1] or party[2]}", rest[evenly.end():]
            steps, progressed = steps + 1, True
    return amount, steps


def stepped_expressions(normalised: str, numbers: dict[str, str]) -> list[str]:
    """The expression over placeholders (N<i>, P<i>) of an amount and the steps written after it; [] when the
    request writes no amount, or no step after it (the single rules read those). With no amount of a known
    shape, the first number that two steps or more follow is the amount ("jacket is 129.99, 30% off, then 8.25%
    tax")."""
    found = _amount(normalised)
    if found is not None:
        amount, end = found
        scaled = 0
        if (scale := period_scale(normalised[end:], numbers)) is not None:  # "76 per seat per month ... a year"
            amount, end, scaled = f"({amount}){scale[0]}", end + scale[1], 1
        amount, steps = _steps_after(amount, normalised[end:], normalised)
        steps += scaled
    else:  # only a rate or a split may follow a bare number: "12 plus 3 times 2" is written arithmetic
        first = next((n for n in re.finditer(r"N\d+", normalised)
                      if any(pattern.search(normalised[n.end():]) for pattern, _ in _STEPS[_FIRST_RATE_STEP:])), None)
        if first is None:
            return []
        end = first.end()
        amount, steps = _steps_after(first.group(), normalised[end:], normalised)
        if steps < 2:  # one rate after a bare number is a single rule's shape ("62.50, an 18% tip on that")
            return []
    for over in _OVER.finditer(normalised[end:]):
        if re.search(_PER.format(unit=over[2]), normalised[:end + over.start()]):
            amount, steps = f"({amount})*{over[1]}", steps + 1
    if "+" in amount and not steps and re.search(r"\b(?:total|altogether|in all|sum|spend|spent|cost|owe|pay)\b",
                                                  normalised):
        steps = 1  # "4 shirts at 19.99 and a pair of jeans for 45, total?": the sum is the answer
    paying = _PAYING.search(normalised[end:])
    if paying and re.search(r"\bchange\b|\bback\b|\bleft\b", normalised):
        amount, steps = f"{paying[1] or paying[2]}-({amount})", steps + 1
    return [amount] if steps else []
