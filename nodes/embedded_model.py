"""A LangChain chat model over llama.cpp running in this process (the offline default backend).

One ``LlamaRuntime`` holds the loaded GGUF weights; several chat models (one per role, each with its own
temperature) share it. llama.cpp contexts are not thread-safe, so calls are serialised by a lock; the
async paths inherited from BaseChatModel run the blocking work in a thread, off the event loop.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from pydantic import ConfigDict, PrivateAttr

_ROLE_BY_TYPE = {"human": "user", "ai": "assistant", "system": "system", "tool": "user"}


class LlamaRuntime:
    """Loaded llama.cpp weights plus the lock that serialises access to them."""

    def __init__(self, model_path: Path, *, n_ctx: int = 4096, n_threads: int | None = None, seed: int = 7,
                 lora_path: Path | None = None):
        from llama_cpp import Llama  # imported lazily: loading the shared library is slow

        # A LoRA adapter (a distilled role's) is applied on the original quantised file: merging it and
        # re-quantising lost most of the gain (ARCHITECTURE.md decision 9).
        self.llama = Llama(
            model_path=str(model_path), n_ctx=n_ctx, n_threads=n_threads, seed=seed, verbose=False,
            lora_path=str(lora_path) if lora_path else None,
        )
        self.lock = threading.Lock()

    def reset_counters(self) -> None:
        """Zero llama.cpp's per-context counters before a call (the caller holds ``lock``)."""
        import llama_cpp

        llama_cpp.llama_perf_context_reset(self.llama.ctx)

    def prompt_work(self) -> tuple[float, int]:
        """Seconds llama.cpp spent evaluating prompt tokens since ``reset_counters``, and how many it evaluated
        (with a reused prefix, only the new ones)."""
        import llama_cpp

        counters = llama_cpp.llama_perf_context(self.llama.ctx)
        return counters.t_p_eval_ms / 1000.0, int(counters.n_p_eval)


def to_llama_messages(messages: list[BaseMessage]) -> list[dict[str, str]]:
    """Map LangChain messages to llama.cpp's OpenAI-style dicts (tool outputs become user turns)."""
    converted = []
    for message in messages:
        role = _ROLE_BY_TYPE.get(message.type, "user")
        converted.append({"role": role, "content": message.text})
    return converted


class EmbeddedChatModel(BaseChatModel):
    """Chat model backed by a shared ``LlamaRuntime``.

    Structured output: bind ``response_format={"type": "json_object", "schema": {...}}``; llama.cpp turns
    the schema into a grammar, so the text always parses as JSON of that shape.
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    temperature: float = 0.2
    max_tokens: int = 384
    repeat_penalty: float = 1.15
    _source: Callable[[], LlamaRuntime] = PrivateAttr()
    _loaded: LlamaRuntime | None = PrivateAttr(default=None)
    _label: str = PrivateAttr(default="embedded")

    def __init__(self, runtime: LlamaRuntime | Callable[[], LlamaRuntime], *, label: str = "embedded", **kwargs: Any):
        super().__init__(**kwargs)
        # A loader is called on the first generation, which the async paths run in a worker thread: loading
        # weights (and finding the file) is blocking work that must not stall the event loop (langgraph dev
        # rejects it, and every other run would wait).
        self._source = runtime if callable(runtime) else (lambda: runtime)
        self._loaded: LlamaRuntime | None = None
        self._label = label

    @property
    def runtime(self) -> LlamaRuntime:
        """The weights this model runs on, loaded on first use (blocking: call it off the event loop)."""
        if self._loaded is None:
            self._loaded = self._source()
        return self._loaded

    @property
    def _llm_type(self) -> str:
        return "llama-cpp-embedded"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        # Read on the event loop by LangChain's callbacks: a label, not the loaded runtime's paths.
        return {"model": self._label, "temperature": self.temperature}

    def _request(self, messages: list[BaseMessage], stop: list[str] | None, kwargs: dict) -> dict[str, Any]:
        request: dict[str, Any] = {
            "messages": to_llama_messages(messages),
            "temperature": kwargs.get("temperature", self.temperature),
            "max_tokens": kwargs.get("max_tokens", self.max_tokens),
            "stop": stop,
            # A 135M model loops ("The sun is shining ... The sun is shining"); a mild penalty stops that.
            "repeat_penalty": kwargs.get("repeat_penalty", self.repeat_penalty),
        }
        if "response_format" in kwargs:
            request["response_format"] = kwargs["response_format"]
        return request

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        request = self._request(messages, stop, kwargs)
        runtime = self.runtime
        with runtime.lock:
            runtime.reset_counters()
            started = time.perf_counter()
            response = runtime.llama.create_chat_completion(**request)
            seconds = time.perf_counter() - started
            prompt_s, evaluated = runtime.prompt_work()
        prompt_s = min(seconds, prompt_s)
        choice = response["choices"][0]
        usage = response.get("usage") or {}
        message = AIMessage(
            content=choice["message"].get("content") or "",
            response_metadata={"finish_reason": choice.get("finish_reason"), "model": self._llm_type,
                               "prompt_seconds": prompt_s, "generate_seconds": seconds - prompt_s,
                               "prompt_tokens_evaluated": evaluated},
            usage_metadata={
                "input_tokens": usage.get("prompt_tokens", 0),
                "output_tokens": usage.get("completion_tokens", 0),
                "total_tokens": usage.get("total_tokens", 0),
            },
        )
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        request = self._request(messages, stop, kwargs)
        finish_reason = None
        runtime = self.runtime
        with runtime.lock:
            runtime.reset_counters()
            started = time.perf_counter()
            for part in runtime.llama.create_chat_completion(**request, stream=True):
                finish_reason = part["choices"][0].get("finish_reason") or finish_reason
                delta = part["choices"][0].get("delta", {}).get("content")
                if not delta:
                    continue
                chunk = ChatGenerationChunk(message=AIMessageChunk(content=delta))
                if run_manager:
                    run_manager.on_llm_new_token(delta, chunk=chunk)
                yield chunk
            seconds = time.perf_counter() - started
            prompt_s, evaluated = runtime.prompt_work()
        prompt_s = min(seconds, prompt_s)
        # the last chunk carries no text, only what the merged message reports about the call
        yield ChatGenerationChunk(message=AIMessageChunk(content="", response_metadata={
            "finish_reason": finish_reason, "model": self._llm_type,
            "prompt_seconds": prompt_s, "generate_seconds": seconds - prompt_s, "prompt_tokens_evaluated": evaluated}))
