"""Standalone rewrite of a follow-up question, using the conversation before it.

Single-turn questions skip the model. When the model fails, the fallback keeps the earlier user turns
in front of the question, so retrieval still sees what "there" meant; the failure is recorded.
"""

from __future__ import annotations

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from graphs.context import Context
from nodes.model_call import ModelUnavailable
from nodes.models import RoleModel
from nodes.prompts.rewrite import REWRITE_EXAMPLES, REWRITE_SYSTEM, REWRITE_USER
from nodes.question import today_of
from nodes.structured import StructuredOutputError, ask_structured

HISTORY_TURNS = 6
TURN_CHARS = 300


class Standalone(BaseModel):
    query: str = Field(min_length=3, max_length=600)


def earlier_turns(messages: list[BaseMessage]) -> list[BaseMessage]:
    """The conversation before the latest human message (empty for a single-turn question)."""
    last_human = max((i for i, m in enumerate(messages) if m.type == "human"), default=-1)
    return [m for m in messages[:last_human] if m.type in ("human", "ai") and m.text.strip()]


def render_history(turns: list[BaseMessage]) -> str:
    lines = []
    for message in turns[-HISTORY_TURNS:]:
        role = "user" if message.type == "human" else "assistant"
        text = " ".join(message.text.split())
        lines.append(f"{role}: {text[:TURN_CHARS]}")
    return "\n".join(lines)


def fallback_rewrite(turns: list[BaseMessage], question: str) -> str:
    """Earlier user questions followed by this one: crude, but keeps the referents in view."""
    asked = [" ".join(m.text.split()) for m in turns if m.type == "human"][-2:]
    return " ".join([*asked, question])


async def rewrite_standalone(
    model: RoleModel, turns: list[BaseMessage], question: str, context: Context
) -> tuple[str, str | None]:
    """(standalone query, error or None)."""
    conversation: list[BaseMessage] = [
        SystemMessage(REWRITE_SYSTEM.format(today=today_of(context.today).isoformat())),
        *[m for user, reply in REWRITE_EXAMPLES for m in (HumanMessage(user), AIMessage(reply))],
        HumanMessage(REWRITE_USER.format(history=render_history(turns), question=question)),
    ]
    try:
        result = await ask_structured(model, conversation, Standalone, retries=context.structured_retries)
    except (StructuredOutputError, ModelUnavailable) as exc:
        return fallback_rewrite(turns, question), f"router: standalone rewrite failed ({exc}); using the turns joined"
    return " ".join(result.query.split()), None
