"""Percentages of an amount: "what percent of 80 is 12", "15% off 40", "add 20% to 300", "149.99 with 35% off",
"7% of 1,250", "3/8 as a percentage", and how to read a rate added to or taken off an amount: the part ("a 15%
tip on 80") or the result ("15% tip on 80, total?").

Why its own module: a percentage is the most common word problem, and whether the part or the result is asked
is one decision, shared by every rule that reads a rate against an amount (expression_rules.py uses it too).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]
_DECREASE = r"(?:off|discount|discounted|less|minus|reduction|decrease|cut|markdown)"
ASKS_TOTAL = re.compile(r"\b(?:total|altogether|in all|all in|overall|with (?:the )?(?:tip|tax)|including|"
                        r"after (?:the )?(?:tip|tax)|final|pay|owe|each|per person|comes? to|"
                        r"new (?:figure|salary|price|amount|total|rate|pay|wage)|added on|on top|"
                        r"(?:tax|tip|vat|gst|surcharge) (?:is |was |gets )?added)\b")
_ASKS_PART = re.compile(r"\b(?:save|saving|savings|discount amount|amount off|how much off|how much less)\b")


def percent_readings(sign: str, *, by_cue: bool = False) -> Callable[[re.Match[str]], list[str]]:
    """Both readings of a rate (group ``pct``) against an amount (group ``base``), the asked one first."""
    def readings(m: re.Match[str]) -> list[str]:
        result, part = f"{m['base']}*(1{sign}{m['pct']}/100)", f"{m['base']}*{m['pct']}/100"
        # "a 15% tip on 80" asks for the tip, "15% tip on 80, total?" for the sum; "20% off 50" for the
        # price, "how much do I save" for the part; "add 20% to 300" always for the result
        if sign == "+":
            # "1.234,56 plus 19% VAT": the rate added to the amount is the sum
            added = re.search(r"(?:\bplus|\+)\s*$", m.string[:m.start("pct")]) is not None
            wants_part = by_cue and ASKS_TOTAL.search(m.string) is None and not added
        else:
            wants_part = bool(_ASKS_PART.search(m.string))
        return [part, result] if wants_part else [result, part]
    return readings


def percent_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), in the order they are tried."""
    return [
    # a share owed less what is paid already: "a 15% deposit on a 12,400 car and I've handed over 500, how much more"
    (re.compile(rf"{P} (?:deposit|down ?payment|downpayment|retainer|share)\b(?: \S+){{0,2}}? (?:on|of|for) (?:a |an |the )?"
                rf"{N}(?: \S+){{0,12}}? (?:paid|handed over|put down|given|gave|sent|transferred|deposited) (?:\S+ ){{0,2}}?{N}"),
     lambda m: [f"{m[2]}*{m[1]}/100-{m[3]}"] if re.search(r"\b(?:more|left|still|remaining|remains|owe|outstanding|"
                                                          r"balance|rest)\b", m.string) else []),
    (re.compile(rf"what (?:percent|percentage) (?:of {N} is {N}|is {N} of {N})"),
     lambda m: [f"{m[2]}/{m[1]}*100" if m[1] else f"{m[3]}/{m[4]}*100"]),
    (re.compile(rf"{N} (?:is what|as a) (?:percent|percentage) of {N}"), lambda m: [f"{m[1]}/{m[2]}*100"]),
    (re.compile(rf"(?P<pct>P\d+) (?:\w+ ){{0,2}}?{_DECREASE} (?:on |of |from )?(?:a |an |the )?(?P<base>N\d+)"),
     percent_readings("-")),
    (re.compile(r"(?P<pct>P\d+) (?:\w+ ){0,2}?on (?:a |an |the |my |our |your |his |her |their )?(?P<base>N\d+)"),
     percent_readings("+", by_cue=True)),
    (re.compile(r"(?:add|plus|increase by) (?P<pct>P\d+) (?:to|on) (?P<base>N\d+)"), percent_readings("+")),
    (re.compile(r"(?:take|subtract|minus) (?P<pct>P\d+) (?:off|from) (?P<base>N\d+)"), percent_readings("-")),
    # "a 240 jacket is marked 35% off": a price, then its discount a few words on
    (re.compile(rf"(?P<base>N\d+)(?: (?![NP]\d)\S+){{1,4}}? (?P<pct>P\d+) (?:off|discount)\b"),
     percent_readings("-")),
    # "149.99 with 35% off": a price with a discount
    (re.compile(rf"(?P<base>N\d+) (?:with|at|and|minus)(?: \S+){{0,4}}? (?:a |an )?(?P<pct>P\d+) {_DECREASE}\b"),
     percent_readings("-")),
    (re.compile(rf"(?P<base>N\d+) (?:plus|\+|increased by|with|and) (?:a )?(?P<pct>P\d+)(?! {_DECREASE}\b)"),
     percent_readings("+")),
    (re.compile(r"(?P<base>N\d+) (?:minus|-|less|decreased by|reduced by) (?:a )?(?P<pct>P\d+)"), percent_readings("-")),
    (re.compile(rf"{P} of {N}"), lambda m: [f"{m[2]}*{m[1]}/100"]),
    # a fraction as a percentage: "what is 3/8 as a percentage"
    (re.compile(rf"{N} / {N} (?:as|in|into|to) (?:a )?(?:percent|percentage|%)"), lambda m: [f"{m[1]}/{m[2]}*100"]),
    ]
