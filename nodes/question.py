"""Finding the user's question in the state: a plain ``query`` or the latest human message."""

from __future__ import annotations

import unicodedata
from datetime import date
from typing import Any

MAX_QUERY_CHARS = 2000  # a plan task holds at most 2,000 characters of query (graphs/plan.py)


class InvalidQuery(ValueError):
    """The input holds no usable question."""


def latest_question(state: dict[str, Any]) -> str:
    """The question to answer now; raises InvalidQuery when it is empty."""
    text = state.get("query") or ""
    if not text.strip():
        for message in reversed(state.get("messages") or []):
            if getattr(message, "type", "") == "human":
                text = message.text
                break
    text = " ".join(without_control_characters(text).split())
    if not text:
        raise InvalidQuery("the question is empty: send a non-empty 'query' or a human message")
    return text


def without_control_characters(text: str) -> str:
    """The text with control and format characters (C0, C1, zero-width, soft hyphens, bidi overrides) as spaces:
    they carry no question, and inside a decoding grammar built from the question's spans they crashed
    llama.cpp."""
    return "".join(" " if unicodedata.category(c) in ("Cc", "Cf", "Cs") else c for c in text)


def clip_query(text: str) -> tuple[str, str | None]:
    """Huge inputs are cut to a size the models can take; returns the note to record when cut."""
    if len(text) <= MAX_QUERY_CHARS:
        return text, None
    return text[:MAX_QUERY_CHARS], f"the question was {len(text)} characters; only the first {MAX_QUERY_CHARS} were used"


def today_of(context_today: str) -> date:
    """The run's 'today': the context's ISO date if set, else the machine's date."""
    return date.fromisoformat(context_today) if context_today else date.today()
