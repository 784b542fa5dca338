"""The figures business shorthand names, read as their formulas over the request's own numbers: average order
value (revenue over orders), an annualised run-rate (a month's figure times 12), gross margin (revenue less cost
of goods, over revenue), months of runway (cash over monthly burn), and compound annual growth (CAGR).

Why its own module: these are formulas a word names, like BMI or a loan payment (expression_formulas.py), but
they come from one register, office shorthand ("what's our AOV?", "months of runway?"), and grow together.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_placeholders import N

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]
_GAP = r"(?: (?![NP]\d)\S+)"


def _when(pattern: str) -> Callable[[re.Match[str]], bool]:
    return lambda m: re.search(pattern, m.string) is not None


def business_rules() -> list[_Rule]:
    """(pattern over the normalised text, its expressions with placeholders)."""
    aov, run_rate = _when(r"\baov\b|\baverage order value\b"), _when(r"\bannuali[sz]ed\b|\brun - rate\b|\brun rate\b|\barr\b")
    margin, runway = _when(r"\bmargin\b"), _when(r"\brunway\b")
    cagr = _when(r"\bcagr\b|\bcompound(?:ed)? annual growth\b")
    return [
        # "1.84m on 12,400 orders. what's our AOV?"
        (re.compile(rf"{N}{_GAP}{{0,4}}? (?:on|over|from|across) {N} orders\b"),
         lambda m: [f"{m[1]}/{m[2]}"] if aov(m) else []),
        # "MRR is sitting at 212k. annualised run-rate?"
        (re.compile(rf"\b(?:mrr|monthly(?: recurring)?(?: revenue)?)\b{_GAP}{{0,4}}? {N}"),
         lambda m: [f"{m[1]}*12"] if run_rate(m) else []),
        # "revenue 780k, COGS 491.4k. gross margin %?"
        (re.compile(rf"\b(?:revenue|rev|sales)\b{_GAP}{{0,3}}? {N}{_GAP}{{0,4}}? (?:cogs|cost of goods(?: sold)?|costs?)"
                    rf"{_GAP}{{0,3}}? {N}"), lambda m: [f"({m[1]}-{m[2]})/{m[1]}*100"] if margin(m) else []),
        # "burn is 145k/mo and we've got 2.3m in the bank. months of runway?"
        (re.compile(rf"\bburn(?: rate)?{_GAP}{{0,3}}? {N}{_GAP}{{0,8}}? {N}"),
         lambda m: [f"{m[2]}/{m[1]}"] if runway(m) else []),
        (re.compile(rf"{N}{_GAP}{{0,6}}? (?:in the bank|cash|in cash){_GAP}{{0,6}}? burn(?: rate)?{_GAP}{{0,3}}? {N}"),
         lambda m: [f"{m[1]}/{m[2]}"] if runway(m) else []),
        # "rev grew from 2.1m to 3.4m over 3 yrs. CAGR as a %?"
        (re.compile(rf"from {N} to {N} (?:over|in) {N} (?:years?|yrs?)\b"),
         lambda m: [f"(({m[2]}/{m[1]})**(1/{m[3]})-1)*100"] if cagr(m) else []),
    ]
