"""Which of the verified calls for a synthesised request is its label: of calls that answer alike, one label every
time, with the values as the request writes them, whole and without filler. The search teacher
(nodes/distill/search_teacher.py) runs the calls; this only chooses among those it verified.

Why: the executor copies what it reads. Labels that changed with the order the calls were ranked in, that kept
part of a name ("Statue") or a filler word ("asap"), or that wrote a listed capital for a lower-case request,
taught it to do the same.
"""

from __future__ import annotations

import re
from typing import Any

NEAR_TIE = 0.05  # retrieval scores this close do not tell two tools apart
_WORD = re.compile(r"[^\W\d_]+")  # a value's words, numbers aside


def chosen_call(verified: list[tuple[float, str, dict[str, Any], str]],
                request: str = "") -> tuple[str, dict[str, Any], str]:
    """Of the verified calls (score, tool, arguments, output), the one with the shortest output among those
    scored within ``NEAR_TIE`` of the best. Calls that return the very same output are one answer, scored as
    the best of them and labelled by the first tool name: where two tools answer alike ("search nodes" and
    "open nodes" for a name), the label is the same every time, not whichever description the wording grazed.
    Of one tool's calls that answer alike, one with its values as ``request`` writes them ("samsung",
    not the listed "Samsung Electronics Co., Ltd."): the executor copies what it reads, every time; and then
    the one whose values the output bears out best (``label_fit``)."""
    answers: dict[str, tuple[float, str, dict[str, Any], str]] = {}
    for score, tool, arguments, output in sorted(verified, key=lambda call: call[1]):
        held = answers.get(output)
        if held is None:
            answers[output] = (score, tool, arguments, output)
            continue
        better = tool == held[1] and label_fit(arguments, output, request) > label_fit(held[2], output, request)
        answers[output] = (max(score, held[0]), held[1], arguments if better else held[2], output)
    best = max(score for score, *_ in answers.values())
    near = [call for call in answers.values() if call[0] >= best - NEAR_TIE]
    _, tool, arguments, output = min(near, key=lambda call: (len(call[3]), -call[0]))
    return tool, arguments, output


def label_fit(arguments: dict[str, Any], output: str, request: str) -> tuple[bool, int, bool, int, int]:
    """How well a call's values label the request, best highest: written as the request writes them; then
    fewer of their words that the output never says ("Statue of Liberty asap": "asap"); then in the request's
    own letters ("samsung", not the listed "Samsung ...": a model that learnt to write the listed capital for a
    lower-case request can only go on with the long listed name); then fewer arguments (a route's start that is
    its first place anyway, a day that is the default); then more words the output says ("Statue of Liberty",
    not "Statue", for one attraction's details). The whole name as written, and no filler."""
    said = set(_WORD.findall(output.casefold()))  # whole words: "so" is not borne out by "person"
    words = [w for value in _strings(arguments) if value.casefold() in request.casefold()
             for w in _WORD.findall(value.casefold())]
    borne = sum(w in said for w in words)
    as_typed = all(value in request for value in _strings(arguments))
    return written_values(arguments, request), borne - len(words), as_typed, -len(arguments), borne


def _strings(arguments: dict[str, Any]) -> list[str]:
    return [v for value in arguments.values() for v in (value if isinstance(value, list) else [value])
            if isinstance(v, str)]


def written_values(arguments: dict[str, Any], request: str) -> bool:
    """Whether the request writes every string value of the call (and every string of a list), case aside."""
    said = request.casefold()
    return all(v.casefold() in said for v in _strings(arguments))
