"""The constraints a question states, applied by code to the rows an output returns: "a 4-star hotel", "under
$150", "rated at least 8", "in stock", and the order its superlative asks for ("cheapest", "top-rated",
"earliest", "most expensive").

Why: a tool applies what its arguments can say, and no more. Asked for "the cheapest 4-star hotel in Paris",
the hotel server took ``min_stars: 4`` and returned 5-star hotels first; the answer opened with them, without a
word that no 4-star hotel was there. Here the rows that meet every stated constraint go first, ordered by the
superlative's field; when no row meets one, the answer says so in a line of its own and keeps the rows, so the
user sees what there is instead. The fields are found by what they measure (nodes/field_vocabulary.py), not by
any server's field names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nodes.field_vocabulary import field_concepts, superlative_order

_AMOUNT = r"[$€£¥]?\s?(\d[\d,]*(?:\.\d+)?)\s?(k)?"


@dataclass(frozen=True)
class Constraint:
    """A stated bound on what a field measures: ``concept`` (nodes/field_vocabulary.py) or a field-name ``word``."""

    words: str  # as the question writes it ("4-star", "under $150")
    op: str  # "=", "<=", ">=", "present"
    value: float = 0.0
    concept: str = ""
    word: str = ""

    def fields(self, row: dict[str, Any]) -> list[str]:
        """The row's fields this constraint bounds."""
        if self.word:
            return [k for k in row if self.word in k.lower() and _number(row[k]) is not None]
        return [k for k in _concept_keys(row, self.concept) if _number(row[k]) is not None or isinstance(row[k], bool)]

    def met_by(self, row: dict[str, Any]) -> bool | None:
        """Whether the row meets it; None when the row has no field it bounds."""
        keys = self.fields(row)
        if not keys:
            return None
        value = row[keys[0]]
        if self.op == "present":
            return bool(value) if isinstance(value, bool) else (_number(value) or 0) > 0
        number = _number(value)
        if number is None:
            return None
        return {"=": number == self.value, "<=": number <= self.value, ">=": number >= self.value}[self.op]


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return None


def _amount(digits: str, thousands: str | None) -> float:
    return float(digits.replace(",", "")) * (1000 if thousands else 1)


def stated_constraints(question: str) -> list[Constraint]:
    """The bounds ``question`` states on rows (see the module docstring)."""
    found: list[Constraint] = []
    text = question.lower()
    if m := re.search(r"\b(?:at least|min(?:imum)?|over)\s+(\d)[- ]?stars?\b|\b(\d)\+[- ]?stars?\b|"
                      r"\b(\d)[- ]?stars? (?:or (?:more|better|above|up))\b", text):
        found.append(Constraint(m.group(0), ">=", float(next(g for g in m.groups() if g)), word="star"))
    elif m := re.search(r"\b(\d)[- ]?stars?\b", text):
        found.append(Constraint(m.group(0), "=", float(m.group(1)), word="star"))
    if m := re.search(rf"\b(?:under|below|less than|cheaper than|max(?:imum)?|up to|no more than|within|budget(?: of)?)"
                      rf"\s+{_AMOUNT}", text):
        found.append(Constraint(m.group(0), "<=", _amount(m.group(1), m.group(2)), concept="price"))
    if m := re.search(r"\brat(?:ed|ing)\s+(?:of\s+)?(?:above|over|at least|\d+\s*\+|>=?)\s*(\d+(?:\.\d+)?)", text):
        found.append(Constraint(m.group(0), ">=", float(m.group(1)), concept="rating"))
    if m := re.search(r"\b(?:in stock|has (?:one|some|any) in stock|available|free (?:room|seat|table)s?)\b", text):
        found.append(Constraint(m.group(0), "present", concept="availability"))
    return found


def _concept_keys(row: dict[str, Any], concept: str) -> list[str]:
    """The row's fields that measure ``concept``, those named by it first ("rating" before "stars")."""
    keys = [k for k in row if concept in field_concepts((k,)) and row[k] is not None]
    return sorted(keys, key=lambda k: concept not in k.lower())


def _sort_key(row: dict[str, Any], concept: str) -> Any:
    keys = [k for k in _concept_keys(row, concept) if not isinstance(row[k], bool)]
    return row[keys[0]] if keys else None


@dataclass
class Applied:
    """Rows put in the order the question asks, and the constraints no row met (said in the answer)."""

    data: Any
    unmet: list[Constraint]


def apply_constraints(data: Any, question: str) -> Applied:
    """``data`` with every list of rows reordered: rows meeting every stated constraint first (only those, when
    some do), ordered by the superlative's field; the constraints no row of a list met."""
    constraints = stated_constraints(question)
    order = superlative_order(question)
    if not constraints and order is None:
        return Applied(data, [])
    unmet: list[Constraint] = []

    def visit(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: visit(v) for k, v in value.items()}
        if isinstance(value, list) and len(value) > 1 and all(isinstance(r, dict) for r in value):
            return _reordered(value, constraints, order, unmet)
        return value

    return Applied(visit(data), unmet)


def _reordered(rows: list[dict[str, Any]], constraints: list[Constraint], order: tuple[str, bool] | None,
               unmet: list[Constraint]) -> list[dict[str, Any]]:
    bounding = [c for c in constraints if any(c.met_by(r) is not None for r in rows)]
    for constraint in bounding:
        if not any(constraint.met_by(r) for r in rows):
            unmet.append(constraint)
    kept = [r for r in rows if all(c.met_by(r) is not False for c in bounding if c not in unmet)] or rows
    if order is not None:
        concept, ascending = order
        keyed = [r for r in kept if isinstance(_sort_key(r, concept), (int, float, str))]
        if len(keyed) == len(kept) and len({type(_sort_key(r, concept)) for r in kept}) == 1:
            kept = sorted(kept, key=lambda r: _sort_key(r, concept), reverse=not ascending)
    return kept


def unmet_line(constraint: Constraint, marker: str) -> str:
    """The answer's line for a constraint no row met ("No result is 4-star; these are the nearest")."""
    return f"No result meets \"{constraint.words}\"; the results found are shown instead [{marker}]"
