"""The answer model's draft, a sentence at a time as each is complete, so each can be verified and shown before
the model has finished.

A 135M model repeats itself and is cut off at its token limit: repeats are left out, and so is a last sentence
cut off mid-word. At most ``MAX_SENTENCES`` are read; the rest of the reply is drained, not abandoned (the embedded
model holds its lock until its generator ends)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from langchain_core.messages import AIMessageChunk

from nodes.answering.claims import SENTENCE_END
from nodes.answering.figures import MARKER

MAX_SENTENCES = 4
_COMPLETE = (".", "!", "?", "]", ")")


async def draft_sentences(chunks: AsyncIterator[AIMessageChunk]) -> AsyncIterator[str]:
    """Each complete sentence of the streamed reply once, whitespace collapsed."""
    buffer, seen, read, finish = "", set(), 0, None

    def fresh(sentence: str) -> str | None:
        nonlocal read
        sentence = " ".join(sentence.split())
        if not sentence or read >= MAX_SENTENCES:
            return None
        read += 1
        key = " ".join(MARKER.sub("", sentence).lower().split())
        if not key or key in seen:
            return None
        seen.add(key)
        return sentence

    async for chunk in chunks:
        finish = (chunk.response_metadata or {}).get("finish_reason") or finish
        buffer += chunk.text
        *complete, buffer = SENTENCE_END.split(buffer)
        for sentence in complete:
            if (kept := fresh(sentence)) is not None:
                yield kept
    last = " ".join(buffer.split())
    if last and (finish != "length" or last.endswith(_COMPLETE)) and (kept := fresh(last)) is not None:
        yield kept
