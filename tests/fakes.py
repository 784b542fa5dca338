"""Fakes for unit tests of logic: scripted chat models per role, an in-memory tool caller, a fixed
retriever. Never used by the product."""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from mcp.types import Tool, ToolAnnotations

from graphs.context import Context
from indexes.server_index import ServerHit
from nodes.models import SHARED_CONTEXT, RoleModel
from tools.tool_outcome import ToolOutcome

Reply = str | dict | Callable[[list[BaseMessage]], str]


class ScriptedChat(BaseChatModel):
    """Replies from a script (the last entry repeats); a callable entry sees the messages it answers.
    Records every prompt, unless ``record`` is off (a soak would otherwise measure this log growing)."""

    script: list[Any]
    prompts: list[list[BaseMessage]]
    call_kwargs: list[dict]  # the per-call options (temperature, max_tokens, ...) of each non-streamed call
    repeat_last: bool = True
    record: bool = True
    calls_made: int = 0

    def __init__(self, script: Sequence[Reply], repeat_last: bool = True, record: bool = True):
        super().__init__(script=list(script), prompts=[], call_kwargs=[], repeat_last=repeat_last, record=record)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def _next(self, messages: list[BaseMessage]) -> str:
        self.calls_made += 1
        if self.record:
            self.prompts.append(list(messages))
        made = self.calls_made
        index = min(made - 1, len(self.script) - 1) if self.repeat_last else made - 1
        reply = self.script[index]
        if callable(reply):
            reply = reply(messages)
        return json.dumps(reply) if isinstance(reply, dict) else reply

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        from langchain_core.outputs import ChatGeneration, ChatResult

        if self.record:
            self.call_kwargs.append(dict(kwargs))
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=self._next(messages)))])

    async def _agenerate(self, messages, stop=None, run_manager=None, **kwargs):
        # A scripted reply costs nothing: answer on the event loop rather than hop to a worker thread, so
        # benchmarks of the graph's own overhead do not count the fake's thread hand-off.
        return self._generate(messages, stop=stop, **kwargs)

    def _stream(self, messages, stop=None, run_manager=None, **kwargs):
        from langchain_core.messages import AIMessageChunk
        from langchain_core.outputs import ChatGenerationChunk

        text = self._next(messages)
        for piece in [text[i : i + 8] for i in range(0, len(text), 8)] or [""]:
            chunk = ChatGenerationChunk(message=AIMessageChunk(content=piece))
            if run_manager:
                run_manager.on_llm_new_token(piece, chunk=chunk)
            yield chunk


class ScriptedModels:
    """A ModelProvider whose roles answer from scripts."""

    def __init__(self, record: bool = True, **scripts: Sequence[Reply]):
        self.chats = {role: ScriptedChat(script, record=record) for role, script in scripts.items()}
        for chat in self.chats.values():
            chat.tags = ["nostream"]  # as ModelFactory tags every role: no model's tokens reach chat clients

    def get(self, role: str, context: Context, server_fingerprint: str | None = None) -> RoleModel:
        scripted = role if role in self.chats else SHARED_CONTEXT.get(role, role)  # the rewriter: the router's
        if scripted not in self.chats:
            raise AssertionError(f"role {role} was not expected to be called")
        return RoleModel(role=role, chat=self.chats[scripted], backend="fake", endpoint=f"fake:{scripted}")

    def calls(self, role: str) -> int:
        return self.chats[role].calls_made if role in self.chats else 0


def make_tool(name: str, properties: dict[str, Any] | None = None, *, read_only: bool = True,
              required: list[str] | None = None, description: str = "") -> Tool:
    schema = {"type": "object", "properties": properties or {}, "required": required or []}
    return Tool(name=name, description=description or f"{name} tool", inputSchema=schema,
                annotations=ToolAnnotations(readOnlyHint=read_only, destructiveHint=not read_only))


ToolBehaviour = Callable[[dict[str, Any]], Any]


class FakeTools:
    """A ToolCaller over in-memory tools; behaviours may be async (sleep, wait on a barrier, raise)."""

    def __init__(self, tools: dict[str, dict[str, tuple[Tool, ToolBehaviour]]]):
        self.tools = tools
        self.calls: list[tuple[str, str, dict]] = []
        self._ids = itertools.count(1)

    async def list_tools(self, server: str) -> list[Tool]:
        return [tool for tool, _ in self.tools.get(server, {}).values()]

    async def call(self, server: str, tool: str, arguments: dict | None = None, *, timeout_s: float = 15.0):
        arguments = arguments or {}
        self.calls.append((server, tool, arguments))
        call_id = f"call_{next(self._ids)}"
        _, behaviour = self.tools[server][tool]
        try:
            result = behaviour(arguments)
            if asyncio.iscoroutine(result):
                result = await asyncio.wait_for(result, timeout_s)
        except TimeoutError:
            return ToolOutcome(call_id=call_id, server=server, tool=tool, arguments=arguments, ok=False,
                               error=f"timed out after {timeout_s} s")
        except ValueError as exc:
            return ToolOutcome(call_id=call_id, server=server, tool=tool, arguments=arguments, ok=False,
                               error=str(exc))
        return ToolOutcome(call_id=call_id, server=server, tool=tool, arguments=arguments, ok=True,
                           text=json.dumps(result))


class FixedRetriever:
    """Returns the same ranked servers for any query; records the sub-queries it saw."""

    def __init__(self, hits: list[ServerHit]):
        self.hits = hits
        self.seen: list[list[str]] = []

    async def search(self, sub_queries, *, top_k: int, top_n: int) -> list[ServerHit]:
        self.seen.append(list(sub_queries))
        return self.hits[:top_k]


class BagOfWordsEmbedding:
    """A deterministic fake embedding: hashed bag of words, L2-normalised (for index logic tests)."""

    dims = 256

    def __call__(self, input):
        import hashlib

        import numpy as np

        vectors = []
        for text in input:
            v = np.zeros(self.dims, dtype=np.float32)
            for word in text.lower().replace(":", " ").replace(".", " ").split():
                v[int(hashlib.md5(word.encode()).hexdigest(), 16) % self.dims] += 1.0
            norm = np.linalg.norm(v)
            vectors.append(v / norm if norm else v)
        return vectors

    def embed_query(self, input):
        return self(input)

    @staticmethod
    def name() -> str:
        return "bag-of-words-test"

    def is_legacy(self) -> bool:
        return False


class TopicEncoder:
    """A text's vector points along the first topic it mentions (a request word may stand for a topic)."""

    TOPICS = ["isp", "plate", "tomatoes"]
    SAME = {"internet": "isp", "licence": "plate"}

    def __init__(self):
        self.seen: list[str] = []

    def __call__(self, texts):
        self.seen += list(texts)
        vectors = []
        for text in texts:
            words = [self.SAME.get(w, w) for w in text.lower().replace(":", " ").replace("'", " ").split()]
            vector = np.zeros(len(self.TOPICS) + 1)
            hit = next((i for i, topic in enumerate(self.TOPICS) if topic in words), None)
            vector[hit if hit is not None else -1] = 1.0
            vectors.append(vector)
        return vectors
