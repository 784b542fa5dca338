"""The fields of a structured output that answer a question, as lead lines (nodes/answering/answer_lead.py tries
them in order): fields sharing a concept with the question, fields whose names hold a question word, the string
values of its records, and a flat record's measured fields. A field repeating a value the call was given (the
``amount`` converted) echoes the question and answers nothing.
"""

from __future__ import annotations

import re
from typing import Any

from nodes.answering.fact_rendering import value_text
from nodes.answering.lead_candidates import Candidate, label_of, pieces, terms
from nodes.answering.lead_records import MAX_FIELDS, fields_line, first_text_key, records, scalar, title_key_of
from nodes.answering.row_constraints import Constraint
from nodes.arguments.property_kinds import is_id_property
from nodes.field_vocabulary import field_concepts

_ASKS_ID = frozenset({"id", "ids", "number", "reference", "ref", "code"})


def _key_terms(key: str) -> set[str]:
    return terms(re.sub(r"(?<=[a-z])(?=[A-Z])|_", " ", key))


def _key_matches(key: str, asked: set[str]) -> bool:
    """A field name that names what the question asks: a shared word, or a compound whose head it is
    ("time" -> ``datetime``)."""
    words = _key_terms(key)
    return bool(words & asked) or any(w.endswith(a) for w in words for a in asked if len(a) >= 4)


def leaf_candidates(data: Any) -> list[Candidate]:
    """The string values of a structured output (a memory server's observations, a page's snippet), each with
    its record's title and its field's name as context. Titles themselves are not answers."""
    root = data if isinstance(data, dict) else {"results": data}
    found: list[Candidate] = []
    for title, record in records(root):
        title_key = title_key_of(record)
        for key, value in record.items():
            if key == title_key:
                continue
            values = [value] if isinstance(value, str) else \
                [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
            context = terms(title) | _key_terms(key)
            for text in values:
                for piece in pieces(" ".join(text.split())):
                    found.append(Candidate(piece, context, title, label_of(piece), len(found), in_record=True))
    return found


def given_values(item: dict[str, Any]) -> set[str]:
    """The scalar values the call was given, as written and as shown: a field repeating one (the ``amount``
    converted, the ``timezone`` asked for) echoes the question, it does not answer it."""
    values = [v for v in (item.get("arguments") or {}).values() if scalar(v)]
    return {" ".join(text.lower().split()) for v in values for text in (str(v), value_text(v))}


def concept_lines(data: dict[str, Any], named: set[str], marker: str, given: set[str] = frozenset(),
                   first: str = "", bounds: list[Constraint] = ()) -> list[str]:
    """Fields whose names share a concept with the question ("sunset" -> ``sunset``, "price" -> ``last``), but
    for those that repeat a value the call was given ("convert 80 USD to THB": ``rate`` and ``converted``, not
    ``amount``); those measuring ``first`` (what the superlative orders by: "cheapest 4-star" -> price) first,
    and a field a stated constraint bounds ("4-star" -> ``stars``) shown too."""
    lines = []
    for title, record in records(data):
        picked = [k for k, v in record.items() if scalar(v) and field_concepts((k,)) & named
                  and value_text(v).lower() not in given]
        picked = sorted(picked, key=lambda k: first not in field_concepts((k,)))
        # each concept the question names gets a field: "the high, the low and what the sky is doing" -> high_c,
        # low_c and condition (two fields of one concept, one more for each further concept)
        covering = [k for n, k in enumerate(picked) if field_concepts((k,)) & named
                    - set().union(*(field_concepts((o,)) for o in picked[:n]))]
        chosen = set(covering) | set(picked[:MAX_FIELDS])
        picked = [k for k in picked if k in chosen]
        picked += [k for c in bounds for k in c.fields(record)[:1] if k not in picked]
        if picked:
            lines.append(fields_line(title, record, picked, marker))
    return lines


def named_field_lines(data: dict[str, Any], asked: set[str], marker: str, *, rows: bool = False) -> list[str]:
    """Fields whose names hold a word of the question ("what is Ana Ruiz's salary" -> ``salary_usd``). A row of
    a result that is a list of rows (``rows``: a SQL result) without a known title key is labelled by its first,
    text field ("customer: Lantern House B&B"), which is then no answer of its own."""
    lines = []
    for title, record in records(data):
        title_key = title_key_of(record) or (first_text_key(record) if rows else None)
        # "the cheapest flight" names the flight, not its ``flight_id``: an id answers only a question about ids
        picked = [key for key, value in record.items()
                  if scalar(value) and key != title_key and _key_matches(key, asked)
                  and (not is_id_property(key) or asked & _ASKS_ID)][:MAX_FIELDS]
        if picked:
            label = title or (str(record[title_key]) if title_key else "")
            lines.append(fields_line(label, record, picked, marker))
    return lines


def measured_line(record: dict[str, Any], given: set[str], marker: str) -> str | None:
    """A flat record asked for as a whole ("tencent stock, but give it to me in yuan"): its first measured fields
    (numbers the call was not given), under its title; None when it has nested records or no such field."""
    if any(isinstance(v, (dict, list)) for v in record.values()):
        return None
    measured = [k for k, v in record.items() if isinstance(v, (int, float)) and not isinstance(v, bool)
                and value_text(v).lower() not in given][:MAX_FIELDS]
    title, _ = next(records(record))
    return fields_line(title, record, measured, marker) if measured else None


def echoing_fields(record: dict[str, Any], given: set[str]) -> set[str]:
    return {k for k, v in record.items() if isinstance(v, str) and " ".join(v.lower().split()) in given}
