"""Money over time: interest that earns interest, a value lost by a share each period, a debt paid off in equal
instalments: "5,000 at 4.2% a year, compounded, after 6 years", "a car for 24,000 loses 15% of its value every
year", "how many months to pay off 5000 if I pay 250 a month".

Why its own module: these read an amount, a rate and a count of periods together; nodes/arguments/
expression_rules.py takes compounding in before a tip left on a bill, and losses and repayments after it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]

# interest that earns interest: "compounded", or said in words ("interest is added every year on top")
_COMPOUNDED = re.compile(r"compound|interest (?:is |gets )?added|added (?:to it )?(?:every|each) year|reinvest")


def compound_rules() -> list[_Rule]:
    """Compound growth, and compound against simple interest, in the order they are tried."""
    return [
        # compound growth: "5,000 at 4.2% a year, compounded, after 6 years"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P}(?: \S+){{0,20}}? {N} (?:years?|yrs?)\b"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)**{m[3]}"] if _COMPOUNDED.search(m.string) else []),
        # compound against simple interest: "how much more would I have if it's compounded instead of simple"
        (re.compile(rf"{N}(?: \S+){{0,8}}? {P}(?: \S+){{0,14}}? {N} (?:years?|yrs?)\b"),
         lambda m: [f"{m[1]}*(1+{m[2]}/100)**{m[3]}-({m[1]}+{m[1]}*{m[2]}/100*{m[3]})"]
         if "compound" in m.string and "simple" in m.string else []),
    ]


def decline_and_repayment_rules() -> list[_Rule]:
    """A value lost each period, and a debt paid off in instalments, in the order they are tried."""
    return [
        # a value lost by a share each period: "bought a car for 24,000, it loses 15% of its value every year,
        # worth after 3 years"
        (re.compile(rf"{N}(?: \S+){{0,10}}? (?:loses|lose|drops|falls|depreciates|declines|shrinks)(?: \S+){{0,3}}? {P}"
                    rf"(?: \S+){{0,14}}? {N} (?:years?|yrs?|months?)\b"), lambda m: [f"{m[1]}*(1-{m[2]}/100)**{m[3]}"]),
        # a debt paid off in equal instalments: "how many months to pay off 5000 if I pay 250 a month"
        (re.compile(rf"(?:pay off|repay|clear|pay back) (?:\S+ ){{0,3}}?{N}(?: \S+){{0,6}}? {N} (?:a|per|each|every) "
                    rf"(?:month|week|year)\b"), lambda m: [f"{m[1]}/{m[2]}"]),
    ]
