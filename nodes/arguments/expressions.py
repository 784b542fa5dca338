"""The request's arithmetic as expression strings a calculator takes: "7% of 1,250" -> "1250*7/100", "square
root of 144" -> "144**0.5", "average of 3, 4 and 8" -> "(3+4+8)/3".

Why: a calculator's ``expression`` is no span of the request, and the 135M executor asked to write one copies
words or invents numbers (ARCHITECTURE.md decision 11). So code reads the arithmetic and offers the results as
a closed set, best first. The grammar is closed too: only numbers the request writes ("1,250" -> 1250, "12k"
-> 12000, "2.5m" -> 2500000, "$84.50" -> 84.5), the operators + - * / ** and parentheses, ``sqrt`` and the
constants a phrase itself means (100 in a percentage, 1 in "plus 15%", 0.5 and 2 in roots and squares).
The syntax is Python's, which the common calculator servers take (mcp-server-calculator parses it with
``ast`` and knows no functions, hence "x**0.5" before "sqrt(x)"). Where words are ambiguous both readings
are offered: "15% tip on 80" may ask for the total, 80*(1+15/100), or the tip, 80*15/100.
Unit conversions ("how many seconds in 17 days") come from nodes/arguments/unit_conversions.py, the word problems'
shapes ("a 15% tip on 80, split 4 ways") from nodes/arguments/expression_rules.py.
Every candidate is checked with ``evaluate`` (an ``ast`` walk, never ``eval``) and dropped if it fails.
"""

from __future__ import annotations

import re

from nodes.arguments.expression_comparisons import compared_amounts
from nodes.arguments.expression_accrual import accrued_amounts
from nodes.arguments.expression_evaluation import evaluate
from nodes.arguments.expression_party import party_costs
from nodes.arguments.expression_placeholders import N
from nodes.arguments.expression_rules import rules
from nodes.arguments.expression_periods import rate_chain, rescaled_periods
from nodes.arguments.expression_steps import stepped_expressions
from nodes.arguments.expression_tokens import normalise
from nodes.arguments.expression_work_rates import shared_work
from nodes.arguments.number_words import as_digits
from nodes.arguments.stated_formulas import stated_formula_expressions
from nodes.arguments.unit_conversions import conversion_expressions
from nodes.arguments.expression_differences import difference_expressions

_INFIX = {"plus": "+", "+": "+", "minus": "-", "-": "-", "less": "-", "times": "*", "multiplied by": "*",
          "x": "*", "*": "*", "×": "*", "−": "-", "divided by": "/", "over": "/", "/": "/", "÷": "/", "per": "/",
          "to the power of": "**", "**": "**", "^": "**", "raised to": "**", "raised to the power of": "**"}
_OPERATOR = "|".join(re.escape(k) for k in sorted(_INFIX, key=len, reverse=True))
# (a power said after its number: "one half times 9.81 times 3.2 squared")
_POWER = {"squared": "**2", "cubed": "**3"}
_CHAIN = re.compile(rf"(?:\( )*{N}(?: squared| cubed)?(?: \))*(?:(?: ,)?(?: then)? (?:{_OPERATOR}) (?:\( )*{N}"
                    rf"(?: squared| cubed)?(?: \))*)+")
_ROOT_BEFORE = re.compile(r"\b(?:square root|sqrt|root) of $")
_OPERAND_OF = re.compile(r"\b(?:of|root|sqrt) $")
_RATE_AFTER = re.compile(r"^(?: (?![NP]\d)[a-z]+){0,4}? (?P<off>P\d+)(?: (?![NP]\d)[a-z]+)? (?:off|discount|cut)\b|"
                         r"^ (?:plus|\+|with|and) (?P<on>P\d+)(?= (?:tax|tip|on top|vat|gst|service)\b)")
_AMOUNT_BEFORE = re.compile(r"\b(N\d+)(?: (?![NP]\d)[a-z]+){0,3} (?:(?P<at>at|@)|(?:up |down )?by a factor of) $")
_STEP_BREAK = re.compile(r" ,(?: then)? | then ")


def _chains(normalised: str) -> list[tuple[str, bool]]:
    """Written arithmetic: numbers joined by operator words or symbols ("12 plus 3 times 2", "(5+3)/2"), each with
    whether it stands alone (not the operand of a phrase before it: "square root of 81 minus 4")."""
    found = []
    for match in _CHAIN.finditer(normalised):
        # a step set apart by a comma or "then" works on everything before it: "(18.5 + 27.25) x 3.2, minus 14"
        steps = _STEP_BREAK.split(match.group())
        expression = steps[0]
        for step in steps[1:]:
            expression = f"( {expression} ) {step}"
        for word in sorted(_INFIX, key=len, reverse=True):
            expression = re.sub(rf"(?<![\w*]){re.escape(word)}(?![\w*])", f" {_INFIX[word]} ", expression)
        expression = re.sub(r" (squared|cubed)\b", lambda m: _POWER[m[1]], expression)
        expression = "".join(expression.split())
        alone = _OPERAND_OF.search(normalised[:match.start()]) is None
        if _ROOT_BEFORE.search(normalised[:match.start()]) and "**2" in expression:
            # "the square root of 11 squared plus 17 squared" is a hypotenuse ("square root of 81 minus 4" is not)
            expression, alone = f"({expression})**0.5", True
        if (before := _AMOUNT_BEFORE.search(normalised[:match.start()])) and expression[0] in "NP":
            # "9 shirts at 34.99 plus 12.50 shipping", "scale 225 grams up by a factor of 7/4": the count or amount
            # written before multiplies the arithmetic's first term, or all of it
            expression = (f"{before[1]}*{expression}" if before["at"] else f"{before[1]}*({expression})")
            alone = True
        if rate := _RATE_AFTER.match(normalised[match.end():]):
            # "340 times 12.50 once you take 18% off": the rate applies to the whole written arithmetic
            sign, pct = ("-", rate["off"]) if rate["off"] else ("+", rate["on"])
            found.append((f"({expression})*(1{sign}{pct}/100)", alone))
        found.append((expression, alone))
    return found


def arithmetic_expressions(texts: list[str]) -> list[str]:
    """The arithmetic the texts ask for, as expressions best first; each one evaluates."""
    return [expression for expression, _ in _ranked(texts)]


_FACTORIAL = re.compile(r"fact\((\d+)\)")
MAX_FACTORIAL = 20


def _factorials(expression: str) -> str:
    """"fact(5)" written out as "1*2*3*4*5" (a calculator takes no "!"); a larger one is left unreadable, and so
    dropped when the candidate is evaluated."""
    return _FACTORIAL.sub(lambda m: "*".join(str(k) for k in range(1, int(m[1]) + 1))
                          if 1 <= int(m[1]) <= MAX_FACTORIAL else m.group(), expression)


def is_one_calculation(text: str) -> bool:
    """Whether the whole request is one calculation: its best expression takes every number it writes, two or
    more ("jacket is 129.99, 30% off, then 8.25% tax on the discounted price"). The words between the numbers are
    steps of it, not other questions."""
    written = set(re.findall(r"\b[NP]\d+\b", normalise(as_digits(text))[0]))
    ranked = _ranked([text])
    return len(written) >= 2 and bool(ranked) and ranked[0][1] >= written


def _ranked(texts: list[str]) -> list[tuple[str, set[str]]]:
    """(expression, the placeholders of the request's numbers it takes), best first."""
    candidates: dict[str, set[str]] = {}
    chained: set[str] = set()  # the arithmetic written out with operators, as templates
    written_out: set[str] = set()
    for text in texts:
        text = as_digits(text)
        normalised, numbers = normalise(text)
        # an amount with the steps written after it covers more of the request than any one step's rule
        # a formula the request writes out, with its variable's value put in, is the arithmetic it asks for
        formulas = [(e, set(numbers)) for e in stated_formula_expressions(text)]
        placeholders: list[str] = [*stepped_expressions(normalised, numbers), *rescaled_periods(normalised, numbers),
                                   *rate_chain(normalised, numbers), *compared_amounts(normalised, numbers),
                                   *party_costs(normalised), *accrued_amounts(normalised), *shared_work(normalised)]
        for pattern, build in rules():
            for match in pattern.finditer(normalised):
                placeholders.extend(build(match))
        written = _chains(normalised)
        placeholders.extend(t for t, _ in written)
        chained.update(t for t, alone in written if alone and len(re.findall(r"[NP]\d+", t)) >= 2)
        built = [(_factorials(re.sub(r"[NP]\d+", lambda m, numerals=numbers: numerals[m.group()], template)),
                  set(re.findall(r"[NP]\d+", template))) for template in placeholders]
        written_out.update(_factorials(re.sub(r"[NP]\d+", lambda m, numerals=numbers: numerals[m.group()], t))
                           for t in chained)
        # "the gap between 17.5% of 4,860 and 12% of 6,275": each side read alone, the larger less the smaller
        differences = [(e, set(numbers)) for e in difference_expressions(text, _side_expressions, evaluate)]
        for expression, taken in [*differences, *formulas, *built,
                                  *((e, set()) for e in conversion_expressions(text))]:
            try:
                evaluate(expression)
            except ValueError:
                continue  # "5/0" is no answer to offer
            candidates.setdefault(expression, taken)
    ordered = _covering_first(list(candidates))
    # Arithmetic the request writes out ("what's 412 divided by 13.6", "crunch 37.5 × 52 − 25 × 7.5") is what it
    # asks, before any word problem's reading of the same numbers or fewer: the story around it ("his truck does 30
    # miles to the gallon") is context, not operands.
    widest = max((len(taken) for taken in candidates.values()), default=0)
    literal = [e for e in ordered if e in written_out and len(candidates[e]) >= widest
               and not any(e != other and _part_of(e, other) for other in candidates)]  # not "5/16" of "5/16*100"
    ordered = [*literal, *(e for e in ordered if e not in literal)]
    return [(expression, candidates[expression]) for expression in ordered]


def _side_expressions(text: str) -> list[str]:
    """One side of a difference read alone: its expressions, or the one number it writes."""
    found = [expression for expression, _ in _ranked([text])]
    if found:
        return found
    numbers = list(normalise(as_digits(text))[1].values())
    return numbers if len(numbers) == 1 else []


def _covering_first(candidates: list[str]) -> list[str]:
    """A candidate that is part of a longer one goes after it: "(45+15)*3/4-2**3" before its "2**3"."""
    return sorted(candidates, key=lambda c: any(c != other and _part_of(c, other) for other in candidates))


def _part_of(expression: str, other: str) -> bool:
    """Whether ``expression`` is written inside ``other`` as a whole: "2**3" in "(45+15)*3/4-2**3", but "4.5*2.2"
    is not in "4.5*2.20462262185"."""
    return re.search(rf"(?<![\d.]){re.escape(expression)}(?![\d.])", other) is not None
