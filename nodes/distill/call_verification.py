"""Whether a teacher's call answered a synthesised request: its output bears out every mention (the zone named,
the computed number, the answer of the question's own SELECT, the named thing), and is no error written as output.
Kept apart from the search (nodes/distill/search_teacher.py): what counts as right, not how calls are found.
"""

from __future__ import annotations

import re
from typing import Any

from nodes.distill.mention import Mention

_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


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
