"""Progress events on LangGraph's ``custom`` stream: route chosen, servers retrieved, plan made and the
plan tasks' lifecycle. Chat apps and ``tura chat`` show them while the answer is still being made."""

from __future__ import annotations

from typing import Any

from langgraph.config import get_stream_writer


def emit(event: str, **fields: Any) -> None:
    """Send ``{"event": event, **fields}`` on the ``custom`` stream (a no-op outside a streaming run)."""
    try:
        writer = get_stream_writer()
    except RuntimeError:  # called outside a runnable context: nobody is listening
        return
    writer({"event": event, **fields})
