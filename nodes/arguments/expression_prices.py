"""Prices, quantities and pay as word problems over the normalised request (numbers as N<i>, percentages as P<i>:
nodes/arguments/expressions.py): a pack's price per piece, a price for some asked for more, quantities at a unit
price, a recipe scaled to the table, an hourly rate over hours, an amount paid out in equal parts, money at a rate
the request states. "a 12 pack of soda is 6.99, price per can" is 6.99/12.

Why its own module: these read counts against prices; expression_rules.py takes them in at their place in its
order (after travel, before the explicit operations), so the order of rules is unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nodes.arguments.expression_percentages import ASKS_TOTAL
from nodes.arguments.expression_placeholders import N, NOT_NUMBER, P

_Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], list[str]]]
_ASKS_REST = re.compile(r"\b(?:left|remains?|remaining|rest|leftover|left over)\b")
# a quantity at a unit price: "5 kg of apples at 2.40 per kg", "3 shirts at 12 each", "4 tickets @ 35 apiece"
_MONEY_WORD = r"(?:(?:euros?|eur|dollars?|usd|pounds?|gbp|bucks|quid|zloty|yen|francs?|pesos?|rupees?) )?"
_PRICED = rf"(N\d+) (?:[a-z]+ ){{0,3}}?(?:at|@|for) (N\d+) {_MONEY_WORD}(?:per|a|an|each|apiece|/)\b"


def _priced_items(text: str) -> list[str]:
    """Each quantity times its unit price, and their sum when the request lists several."""
    items = [f"{m[1]}*{m[2]}" for m in re.finditer(_PRICED, text)]
    return ["+".join(items), *items] if len(items) > 1 else items


def price_rules() -> list[_Rule]:
    """(pattern, its expressions with placeholders), in the order they are tried."""
    return [
        # a unit's size given: "2.75 cups if a cup is 236.6 ml"
        (re.compile(rf"{N} ([a-z]+?)e?s? (?:if|when|and|with|given|where) (?:a|an|one|each|1) \2 (?:is|=|equals|holds|has|"
                    rf"weighs) {N}"), lambda m: [f"{m[1]}*{m[3]}"]),
        # a recipe scaled to the people at the table: "recipe for 4 people needs 600 g of rice but we are 7"
        (re.compile(rf"(?:for|serves|feeds) {N} (?:people|persons|servings|guests|portions)\b(?: {NOT_NUMBER}){{0,4}} {N}\b"
                    rf"(?: {NOT_NUMBER}){{0,10}} (?:we are|we re|there are|there will be|we will be|we ll be|feeding|"
                    rf"serving|cooking for|expecting) {N}\b"),
         lambda m: [f"{m[2]}/{m[1]}*{m[3]}"] if re.search(r"how much|how many", m.string) else []),
        # a recipe scaled: "for 4 people uses 300 g of flour, I'm cooking for 12"
        (re.compile(rf"for {N} ([a-z]+)\b(?: \S+){{0,4}}? {N}(?: \S+){{0,10}}? for (?:a |an )?{N}\b"),
         lambda m: [f"{m[3]}/{m[1]}*{m[4]}"] if re.search(r"how much|how many", m.string) else []),
        # what is left after spending a share: "I have 1200 and spend 35% on rent, how much is left"
        (re.compile(rf"{N}(?: \S+){{0,6}}? (?:spend|spent|pay|paid|use|used|give|gave|lose|lost|put|save|saved|"
                    rf"set aside) (?:\S+ ){{0,2}}?{P}"),
         lambda m: [f"{m[1]}*(1-{m[2]}/100)", f"{m[1]}*{m[2]}/100"] if _ASKS_REST.search(m.string) else []),
        # a pack's price per piece: "a 12 pack of soda is 6.99, price per can", "a box of 24 for 9.60, each"
        # (or its price first: "a 29.97 3-pack of travel adapters, per adapter")
        (re.compile(rf"{N} {N}(?: -)? ?(?:pack|pk|count|ct)\b|{N}(?: -)? ?(?:pack|pk|count|ct)\b(?: \S+){{0,6}}? {N}|"
                    rf"(?:pack|box|bag|case|set|carton) of {N}(?: \S+){{0,6}}? {N}"),
         lambda m: ([f"{m[1]}/{m[2]}"] if m[1] else [f"{m[4] or m[6]}/{m[3] or m[5]}"])
         if re.search(r"\b(?:per|each|apiece|a piece|unit)\b", m.string) else []),
        # a price for some, asked for more: "3 dozen eggs if one dozen costs 4.20" (dozens read as 36 and 12)
        (re.compile(rf"{N} (?:[a-z]+ ){{0,2}}?(?:if|when|given|where) (?:[a-z]+ ){{0,2}}?{N} (?:[a-z]+ )?(?:costs?|is|are|"
                    rf"=|sells? for|goes for) {N}"), lambda m: [f"{m[1]}/{m[2]}*{m[3]}"]),
        # a price for one, over a count of them asked in total: "I pay 12,50 for one lunch and I have 22 working days
        # this month, how much in total" (the request's only two numbers)
        (re.compile(rf"{N} (?:[a-z]+ ){{0,2}}?(?:for|per) (?:one|a|an|each|every|1) [a-z]+\b(?: (?![NP]\d)\S+){{0,8}}? {N}\b"),
         lambda m: [f"{m[1]}*{m[2]}"] if ASKS_TOTAL.search(m.string) and len(set(re.findall(r"[NP]\d+", m.string))) == 2
         else []),
        # quantities at a unit price, summed: "5 kg of apples at 2.40 per kg plus 3 kg of pears at 3.10 per kg"
        (re.compile(_PRICED), lambda m: _priced_items(m.string)),
        # an hourly rate over hours: "28 an hour and work 37.5 hours a week"
        (re.compile(rf"{N} (?:an|a|per) (?:hour|hr)\b(?: \S+){{0,4}}? {N} (?:hours|hrs|h)\b"),
         lambda m: [f"{m[1]}*{m[2]}"]),
        # two charges per one unit, over a count of it: "142 a night plus a 4 euro city tax per night, 3 nights"
        (re.compile(rf"{N}(?: [a-z]+){{0,2}} (?:a|per) ([a-z]+) plus (?:a |an )?{N}(?: [a-z]+){{0,4}} (?:a|per) \2 ,? "
                    rf"{N} \2s?\b"), lambda m: [f"({m[1]}+{m[3]})*{m[4]}"]),
        # an amount paid out in equal parts: "a salary of 78,000 a year paid in 26 equal paychecks"
        (re.compile(rf"{N}(?: {NOT_NUMBER}){{0,4}}? (?:paid|split|divided|spread|broken) (?:out |up |evenly |equally )?"
                    rf"(?:in|into|over|across) {N} (?:equal |even |monthly |weekly )?[a-z]+"),
         lambda m: [f"{m[1]}/{m[2]}"]),
        # the same, the verb first: "splitting a 1.25m pot evenly over 7 teams"
        (re.compile(rf"\b(?:split|splitting|divide|dividing|spread|spreading|share|sharing) (?:a |an |the |our |my )?{N}"
                    rf"(?: {NOT_NUMBER}){{0,3}}? (?:evenly |equally )?(?:over|between|among|across|into|by) {N}\b"),
         lambda m: [f"{m[1]}/{m[2]}"]),
        # money at a rate the request states: "if one US dollar buys 0.92 euros, how many euros do I get for 250"
        (re.compile(rf"(?:\b{N}|\b(?:one|an?)) (?:[a-z]+ ){{0,2}}?(?:buys|gets|is worth|equals|=|converts to|is|are) {N} "
                    rf"([a-z]+)\b(?: \S+){{0,10}}? how (?:many|much) \3\b(?: \S+){{0,8}}? {N}"),
         lambda m: [f"{m[4]}*{m[2]}/{m[1]}" if m[1] else f"{m[4]}*{m[2]}"]),
        # (or "at 0.92 euros to the dollar, how many euros do I get for 1,850")
        (re.compile(rf"\bat {N} ([a-z]+) (?:to|per|for) (?:the|a|an|one|each|every|1) [a-z]+\b(?: \S+){{0,10}}? how "
                    rf"(?:many|much) \2\b(?: \S+){{0,8}}? {N}"),
         lambda m: [f"{m[3]}*{m[1]}"]),
    ]
