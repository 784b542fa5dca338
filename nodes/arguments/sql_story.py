"""What a database request only tells or supposes, kept out of its conditions: the scene-setting sentences of a
long message ("a lot of our operations people live around there, and guess who got stuck ordering the
sandwiches. How many of our employees are based in Charlotte?") and a value guessed about a row the request
names ("Nadia Petrova is our Head of Sales, I think. What's her actual title?").

Why: the statement builder (nodes/arguments/sql.py) reads every stored value, table word and date a request
writes as part of the question; outside batches of long and guessing messages showed the story and the guess
becoming conditions ("departments.name IN ('Operations', 'People')", "title = 'Head of Sales'").
"""

from __future__ import annotations

import re
from dataclasses import replace

from nodes.arguments.sql_literals import RequestLiteral
from nodes.arguments.sql_names import identifier_words
from nodes.arguments.sql_request import RequestIntent
from nodes.arguments.sql_schema import TableSchema

_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+|$)")
# a sentence that asks or tells what to look up is no story, whatever else it says: "For the monthly report I need
# the revenue from delivered orders"
_ASKS = re.compile(r"\b(?:need|want|wanna|would like|'d like)\b|\b(?:tell|give|show|find|get|pull|check|look)\b|:",
                   re.IGNORECASE)
STORY_MIN_CHARS = 120


def story_spans(request: str) -> list[tuple[int, int]]:
    """The sentences of a long message that only set the scene: before its last question, asking nothing."""
    sentences = [(m.start(), m.end()) for m in _SENTENCE.finditer(request) if m.group().strip()]
    if len(request) < STORY_MIN_CHARS or len(sentences) < 2 or not request[sentences[-1][0]:].rstrip().endswith("?"):
        return []
    return [(a, b) for a, b in sentences[:-1] if not request[a:b].rstrip().endswith("?") and not _ASKS.search(request[a:b])]


def _spans_of(request: str, story: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """``request`` cut into the story spans and the text between them, in order."""
    cuts = sorted({0, len(request), *(x for span in story for x in span)})
    return list(zip(cuts, cuts[1:]))


def without_story_values(request: str, written: list[tuple[int, int, RequestLiteral]]
                         ) -> tuple[str, list[tuple[int, int, RequestLiteral]]]:
    """``request`` with its story sentences blanked but for the stored names they write capitalised, and its
    stored values without the rest: "a lot of our operations people live around there, and guess who got stuck
    ordering the sandwiches. How many of our employees are based in Charlotte?" counts no department and no
    orders, and "the Alpine Merino Blanket, which sold out at a pop-up two winters ago. How many have we got?"
    asks no zero stock; the blanket's name is what the question refers back to ("those blankets") and stays.
    Offsets are kept: ``written`` still points into the text."""
    spans = story_spans(request)
    if not spans:
        return request, written
    inside = lambda start: any(a <= start < b for a, b in spans)  # noqa: E731
    outside = "".join(request[a:b] if not inside(a) else " " * (b - a) for a, b in _spans_of(request, spans))
    # (a name the story negates is the story's: "everyone's address except Tobias Hartmann's. Where is Tobias?")
    kept = [(start, end, replace(lit, negated=False) if inside(start) else lit) for start, end, lit in written
            if not inside(start) or request[start:start + 1].isupper()
            or re.search(rf"(?<!\w){re.escape(request[start:end])}(?!\w)", outside, re.IGNORECASE)]
    names = [(start, end) for start, end, _ in kept if inside(start)]
    masked = "".join(c if not inside(i) or any(a <= i < b for a, b in names) else " " for i, c in enumerate(request))
    return masked, kept


def without_guesses(literals: list[RequestLiteral], asked: TableSchema | None,
                    intent: RequestIntent) -> tuple[list[RequestLiteral], bool]:
    """``literals`` without the asker's guesses, and whether a row was named (its dates are guesses too). A row
    named by its name column is found by the name alone: "I was under the impression Nadia Petrova is our Head of
    Sales. What's her actual title?" and "works out of denver i think? which city is he really in" check a value,
    they do not filter by it (nor does "joined in 2020 if memory serves - when exactly did he start?")."""
    if asked is None:
        return literals, False
    named = [lit for lit in literals if lit.table.name == asked.name and not lit.negated
             and "name" in identifier_words(lit.column.name)]
    if not named or intent.order or intent.aggregate is not None:
        return literals, False
    kept_columns = {lit.column.name for lit in named}
    return [lit for lit in literals if lit.table.name != asked.name or lit.column.name in kept_columns], True
