"""The answer as a chat client sees it: streamed piece by piece, each piece only once it is final.

A chat client (agent-chat-ui, ``tura chat``) shows the tokens of ``stream_mode="messages"`` as they arrive. When
the answer model's draft streamed there, a client showed invented text for seconds before the checked answer
replaced it, and fragments of it sometimes stayed. So no model's tokens reach that stream (every role is tagged
``nostream``, nodes/models.py); the answer node writes its own text here instead, a piece at a time once code has
verified it, as the tokens of one chat-model run. The pieces joined are the answer, and the message the node
returns has the same id, so LangGraph does not send it again and nothing a client showed is withdrawn.
"""

from __future__ import annotations

from uuid import uuid4

from langchain_core.callbacks.manager import AsyncCallbackManagerForLLMRun
from langchain_core.messages import AIMessage, AIMessageChunk, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, LLMResult
from langchain_core.runnables.config import get_async_callback_manager_for_config
from langgraph.config import get_config

RUN_NAME = "verified_answer"


def _node_config() -> dict | None:
    """The running node's config; None when the node is called on its own, outside a graph (unit tests), where
    there is no stream to write to."""
    try:
        return get_config()
    except RuntimeError:  # LangGraph's own signal: "called outside of a runnable context"
        return None


class AnswerStream:
    """Appends verified pieces of the answer and streams each as it is appended; ``text`` is all of them."""

    def __init__(self, question: str) -> None:
        self.message_id = f"answer-{uuid4()}"
        self._question = question
        self._pieces: list[str] = []
        self._run: AsyncCallbackManagerForLLMRun | None = None
        self._opened = False

    @property
    def text(self) -> str:
        return "".join(self._pieces)

    async def _open(self) -> None:
        self._opened = True
        config = _node_config()
        if config is None:
            return
        manager = get_async_callback_manager_for_config(config)
        runs = await manager.on_chat_model_start({"name": RUN_NAME}, [[HumanMessage(self._question)]],
                                                 name=RUN_NAME, invocation_params={"model": RUN_NAME})
        self._run = runs[0] if runs else None

    async def write(self, piece: str) -> None:
        """Stream ``piece`` as it is: it is part of the answer from now on."""
        if not piece:
            return
        if not self._opened:
            await self._open()
        self._pieces.append(piece)
        if self._run is not None:
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=piece, id=self.message_id))
            await self._run.on_llm_new_token(piece, chunk=chunk)

    async def block(self, text: str) -> None:
        """A paragraph: set off from what came before by a blank line, streamed a line at a time."""
        if not text:
            return
        for n, line in enumerate(text.split("\n")):
            separator = ("\n\n" if self._pieces else "") if n == 0 else "\n"
            await self.write(separator + line)

    async def close(self) -> AIMessage:
        """End the streamed run; the message to return from the node, with the streamed pieces' id."""
        message = AIMessage(self.text, id=self.message_id)
        if self._run is not None:
            await self._run.on_llm_end(LLMResult(generations=[[ChatGeneration(message=message)]]))
            self._run = None
        return message
