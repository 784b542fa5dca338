"""Whether a teacher's call answered a synthesised request: its output bears out every mention (the zone named,
the computed number, the answer of the question's own SELECT, the named thing), and is no error written as output;
and whether it is the call the request was written for (its tool, each mention in its own property). Kept apart
from the search (nodes/distill/search_teacher.py): what counts as right, not how calls are found.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from nodes.arguments.value_kinds import ValueKind
from nodes.distill.catalog_requests import SynthRequest
from nodes.distill.mention import Mention, mark_of, mention_marks

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
# The most a call of the request's own tool with a value out of place scores: call_space.INTENDED_BONUS times
# the rest (0.2 x 0.3) is more than label_choice.NEAR_TIE, so the call as written is never a near tie of it.
PARTLY_INTENDED = 0.7


def named_value_fit(arguments: dict[str, Any], mentions: tuple[Mention, ...]) -> float:
    """1 when a value is exactly one the request names ("orders", "America/Lima"), 0.5 when it only holds one
    ("re orders"), else 0."""
    texts = [str(v).lower() for value in arguments.values() for v in (value if isinstance(value, list) else [value])]
    marks = [m.words.lower() for m in mentions] + [e.lower() for m in mentions for e in m.evidence]
    if any(mark and mark == text for text in texts for mark in marks):
        return 1.0
    return 0.5 if any(mark and mark in text for text in texts for mark in marks) else 0.0


_ERROR_TEXT = re.compile(r"^\W*(?:\w+ )?(?:error|exception|traceback|failed|invalid|not found|unknown)\b",
                         re.IGNORECASE)


def reads_as_an_error(output: str) -> bool:
    """A server that reports a failure as its output ("Database error: near ...") answered nothing."""
    return bool(_ERROR_TEXT.match(output[:80]))


def bears_on_mentions(output: str, arguments: dict[str, Any], evidence: list[list[str]],
                      mentions: tuple[Mention, ...]) -> bool:
    """Every mention is borne out: its evidence is in the output, or the call names it exactly (a table
    described, whose description does not repeat its name)."""
    for marks, mention in zip(evidence, mentions):
        if marks and not holds_evidence(output, marks) and named_value_fit(arguments, (mention,)) < 1.0:
            return False
    return True


def numbers_in(text: str) -> set[float]:
    return {round(float(n), 2) for n in _NUMBER.findall(text)}


def holds_evidence(output: str, evidence: list[str]) -> bool:
    """The output names one of the evidence strings; a number matches a number (to two decimals)."""
    lowered = output.lower()
    found = numbers_in(output)
    for mark in evidence:
        if _NUMBER.fullmatch(mark.strip()):
            if round(float(mark), 2) in found:
                return True
        elif mark.lower() in lowered:
            return True
    return False


def slot_marks(request: SynthRequest) -> dict[str, frozenset[str]]:
    """Each property the request was written to fill -> its mentions' marks (``mark_of``; a list's several)."""
    found: dict[str, frozenset[str]] = {}
    for slot, mention in zip(request.slots, request.mentions):
        found[slot] = found.get(slot, frozenset()) | mention_marks(mention)
    return found


def misplaced(request: SynthRequest, tool: str, arguments: dict[str, Any]) -> bool:
    """Whether a call of the request's own tool gives a property a value the request names for another one:
    "from Zurich to Seoul" for "Seoul into Zurich", a hotel's name as the city. Such a call answers another
    request; when the one as written found nothing (no flight today), it was the label, backwards."""
    if tool != request.tool:
        return False
    own = slot_marks(request)
    for prop, value in arguments.items():
        for v in value if isinstance(value, list) else [value]:
            mark = mark_of(str(v))
            if mark not in own.get(prop, frozenset()) and any(mark in marks for slot, marks in own.items()
                                                               if slot != prop):
                return True
    return False


def _said(value: Any, mention: Mention) -> bool:
    """The argument value is the mention's words or evidence (``mark_of``; a number as a number)."""
    marks = mention_marks(mention)
    for v in value if isinstance(value, list) else [value]:
        if mark_of(str(v)) in marks:
            return True
        if isinstance(v, (int, float)) and any(numbers_in(m) == {round(float(v), 2)} for m in marks):
            return True
    return False


def _plain(text: str) -> str:
    return " ".join(text.split()).strip(" ?!.").casefold()


def intended_fit(request: SynthRequest, tool: str, arguments: dict[str, Any],
                 kinds: dict[str, ValueKind] | None = None, whole_request: Collection[str] | None = None) -> float:
    """1 for the call the request was written for (its tool, each mention in its own property), 0.5 to
    ``PARTLY_INTENDED`` for its tool with some values elsewhere, 0 for another tool. A free-text query in
    ``whole_request`` (all of them when not given) takes the request itself, as a search engine does; one that
    names a record (nodes/arguments/schema.names_a_record: optional, beside a tool's filters) takes the words
    naming it ("search products MacBook Pro 14 (M4)" -> "MacBook Pro 14 (M4)"). A call with one value out of place
    stays ``1 - PARTLY_INTENDED`` below: with a day beside an amount and two currencies, one swap used to cost an
    eighth, a near tie, and the shorter output of the swapped conversion was the label of four in ten dated
    requests."""
    if tool != request.tool:
        return 0.0
    slots = list(zip(request.slots, request.mentions))
    if not slots:
        return 1.0
    queries = {slot for slot, _ in slots if (kinds or {}).get(slot) is ValueKind.QUERY
               and (whole_request is None or slot in whole_request)}
    said = [_plain(str(arguments.get(slot))) == _plain(request.request) if slot in queries
            else _said(arguments.get(slot), m) for slot, m in slots]
    return 1.0 if all(said) else 0.5 + (PARTLY_INTENDED - 0.5) * sum(said) / len(slots)
