"""The sentence of a message that asks, apart from the sentences (or the "..., so" clause) that tell its context.

Why: people write "I cracked a filling on a popcorn kernel. What's the number for my dentist?". Compared whole, the
first sentence pulls the message away from every line that answers it (the contacts note's dentist line); the
asked sentence alone is the question. Only a message of two sentences or more, one of them a question, has one.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Za-z\"'])")
_ASKS = re.compile(r"\?\s*$|^\s*(?:what|which|who|whose|whom|when|where|why|how|is|are|was|were|do|does|did|can|could|"
                   r"would|will|should|tell me|remind me|give me|find|show me|look up|check)\b", re.IGNORECASE)
MIN_WORDS = 3
# "Sam's house-sitting while I'm away, so what's the guest wifi password again?", "Chipped a tooth on a pretzel —
# what's my dentist's number?": a told reason, then the question
_SO_ASKS = re.compile(r"(?:[,;]\s+(?:and\s+)?so|\s+[—–]|\s+-{1,2})\s+"
                      r"(?=(?:what|which|who|whose|when|where|how|is|are|can|could|do|does)\b)", re.IGNORECASE)


def asked_sentence(message: str) -> str | None:
    """The last sentence of ``message`` that asks (ends with "?" or opens like a question), when the message has
    other sentences too; None for a one-sentence message or one whose asking sentence is under three words."""
    sentences = [part.strip() for s in _SENTENCE_END.split(message.strip()) for part in _SO_ASKS.split(s)
                 if part.strip()]
    if len(sentences) < 2:
        return None
    asking = [s for s in sentences if _ASKS.search(s)]
    if not asking or len(asking[-1].split()) < MIN_WORDS:
        return None
    return asking[-1]
