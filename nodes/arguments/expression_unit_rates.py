"""Rates in units per unit and conversions at a rate the request states, as word problems over the normalised
request (numbers as N<i>, nodes/arguments/expressions.py): "412 miles on 13.8 gallons, what's my mpg" is
412/13.8, "rent 2,850/mo for 1,140 sq ft, cost per sq ft" 2850/1140, "26.2 miles and 1 mile = 1.609344 km"
26.2*1.609344.

Why its own module: these read one unit against another, whatever the units are; expression_rules.py reads
money and shares, and takes these rules in at their place in its order.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]


def _units_per_unit(m: re.Match[str]) -> list[str]:
    """The first number written with the first unit over the one written with the second ("412 miles ... 11.5
    gallons ... miles per gallon"), plurals either way; none unless both are written with a number."""
    def counted(unit: str) -> re.Match[str] | None:
        stem = unit[:-1] if unit.endswith("s") and len(unit) > 3 else unit
        return re.search(rf"(N\d+) {re.escape(stem)}s?\b", m.string)
    top, bottom = counted(m[1]), counted(m[2])
    given = re.search(r"(?:\bat|@|\busing|\bwith|\bof) (N\d+) $", m.string[:m.start()])
    if given and bottom and bottom[1] != given[1]:
        # the rate is given, not asked: "10 miles at 1.609 km per mile" is 10*1.609
        return [f"{bottom[1]}*{given[1]}"]
    written = re.search(r"(N\d+) $", m.string[:m.start()])
    if written and bottom and bottom[1] != written[1]:
        # the rate is written with its number: "168 euros a night and I'm staying 3 nights" is 168*3
        return [f"{written[1]}*{bottom[1]}"]
    return [f"{top[1]}/{bottom[1]}"] if top and bottom and top[1] != bottom[1] else []


def _amount_per_unit(m: re.Match[str]) -> list[str]:
    """The one other number over the number written with the unit asked ("1,140 sq ft"); none unless the request
    writes exactly two numbers."""
    numbers = list(dict.fromkeys(re.findall(r"N\d+", m.string)))
    # the unit may be one word of the two read ("how much per night is that": "night", not "night is")
    sized = (re.search(rf"(N\d+) {re.escape(m[1])}s?\b", m.string)
             or re.search(rf"(N\d+) {re.escape(m[1].split()[0])}s?\b", m.string))
    if len(numbers) != 2 or sized is None:
        return []
    other = next(n for n in numbers if n != sized[1])
    return [f"{other}/{sized[1]}"]


def unit_rate_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders), best first."""
    return [
        # a rate: "412 miles on 13.8 gallons, what's my mpg" / "300 km per 25 litres"
        (re.compile(rf"{N} (?:\w+ )?(?:on|using|with|from) {N} (?:\w+)(?=.* (?:mpg|per|each|average|rate)\b)"),
         lambda m: [f"{m[1]}/{m[2]}"]),
        # a rate in units per unit: "drove 412 miles and used 11.5 gallons, fuel economy in miles per gallon"
        (re.compile(r"\b([a-z]{2,}) (?:per|a|an|/) ([a-z]{2,})\b"), _units_per_unit),
        # an amount over a size, asked per unit of the size: "rent 2,850/mo for 1,140 sq ft - cost per sq ft"
        (re.compile(r"\b(?:cost|price|rent|rate|charge|spend|paying|pay|how much)(?: \S+){0,2}? "
                    r"per ([a-z]+(?: [a-z]+)?)\b"),
         _amount_per_unit),
        # a conversion at the rate the request states: "26.2 miles and 1 mile = 1.609344 km", or the rate first
        (re.compile(rf"{N} (?P<unit>[a-z]{{2,}}?)(?:es|s)?\b(?: \S+){{0,4}}? (?:{N}|one|an?) (?P=unit)(?:es|s)?"
                    rf"(?: (?:is|equals|makes|are))? {N} [a-z]+"), lambda m: [f"{m[1]}*{m[4]}/{m[3] or 1}"]),
        (re.compile(rf"(?:\b{N}|\b(?:one|an?)) (?P<unit>[a-z]{{2,}}?)(?:es|s)?(?: (?:is|equals|makes|are))? "
                    rf"{N} [a-z]+\b"
                    rf"(?: \S+){{0,8}}? {N} (?P=unit)(?:es|s)?\b"), lambda m: [f"{m[4]}*{m[3]}/{m[1] or 1}"]),
        # a conversion at a factor the request states: "4.5 kg to lb (x 2.2)"
        (re.compile(rf"{N} [a-z]+ (?:to|in|into) [a-z]+ (?:\( )?(?:x|×|\*|times|/|÷|divided by) {N}"),
         lambda m: [f"{m[1]}{'/' if re.search(r'/|÷|divided', m.group()) else '*'}{m[2]}"]),
        # a product with the unit written between: "1,264 miles x 0.67 reimbursement"
        (re.compile(rf"{N} [a-z]+ (?:x|×|\*|times) {N}\b"), lambda m: [f"{m[1]}*{m[2]}"]),
    ]
