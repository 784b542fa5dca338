"""The asker's situation, told around the question: "I'm standing in the changing room at the gym and totally
blanking. Which locker is mine?" is one question in its context, not two intents. Read by the intent splitter
(nodes/intent_split.py).
"""

from __future__ import annotations

import re

from nodes.asking import ASKS, ASKS_INVERTED, REQUESTS, SENTENCE_END

# A part that tells the asker's situation and asks nothing ("I'm standing in the changing room at the gym and
# totally blanking. Which locker is mine?"): context of the question after it, not an intent. "I need", "I want"
# and "I'd like" ask for something, so they are not telling.
TELLS = re.compile(r"^\s*(?:i|i'm|im|i've|ive|i was|we|we're|we've|my|our)\b(?!\s+(?:need|needs|want|wanna|would like|'d like|"
                   r"like|am looking|'m looking|wonder|wondered|was wondering))", re.I)

# where the asker is, said before the request: "at the front desk in lisbon, need my confirmation number"
WHERE_I_AM = re.compile(r"^\s*(?:(?:i'm|im|i am|we're|were|we are|currently|right now|just)\s+)?(?:at|in|on|outside|"
                        r"inside|stuck at|standing at|sitting at|here at)\s+(?:the|a|my|our)\b", re.I)


_TURN_TO_ASKING = re.compile(r",?\s+so\s*[:,]\s+")


def told_and_asked(question: str) -> tuple[str, str] | None:
    """(the sentences that only tell the asker's situation, the one sentence that asks) of a message of several
    sentences with no other question or request in them; None otherwise."""
    sentences = [s for s in SENTENCE_END.split(question.strip()) if s.strip(" .!?")]
    if len(sentences) < 2:
        return None
    asking = [s for s in sentences if ASKS.search(s)]
    told = [s for s in sentences if s is not asking[0]] if len(asking) == 1 else []
    if not told or any(REQUESTS.search(s) or ASKS_INVERTED.search(s) for s in told):
        return None
    asked = asking[0]
    # "The relatives fly in from everywhere and I'm doing the logistics, so: what's ...": the head before "so:" tells
    if (turn := _TURN_TO_ASKING.search(asked)) is not None and not ASKS.search(asked[:turn.start()]) \
            and not REQUESTS.search(asked[:turn.start()]):
        told.append(asked[:turn.start()])
        asked = asked[turn.end():]
    return " ".join(told), asked


def with_context_told(pieces: list[str]) -> list[str]:
    """``pieces`` with each one that only tells the asker's situation joined to the piece after it: "I'm at the
    gym" and "which locker is mine" are one question."""
    if not pieces:
        return []
    joined: list[str] = []
    pending = ""
    for piece in pieces[:-1]:
        if (TELLS.match(piece) or (WHERE_I_AM.match(piece) and not REQUESTS.search(piece))) and not ASKS.search(piece):
            pending = f"{pending}{piece}, "
        else:
            joined.append(pending + piece)
            pending = ""
    return [*joined, pending + pieces[-1]]
