"""The model factory: each role gets a LangChain chat model chosen by the run's context.

Two backends behind one interface (ARCHITECTURE.md decision 2): ``embedded`` (llama.cpp in process,
SmolLM2-135M-Instruct) and ``openai`` (any OpenAI-compatible endpoint, above all vLLM). The factory
reads no environment itself: graphs/deps.py passes in the API key and per-role overrides.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from langchain_core.language_models import BaseChatModel

from graphs.context import Context
from nodes.embedded_model import EmbeddedChatModel, LlamaRuntime

Role = Literal["router", "rewriter", "decomposer", "planner", "executor", "answerer", "augmenter", "judge"]
ROLES: tuple[Role, ...] = ("router", "rewriter", "decomposer", "planner", "executor", "answerer", "augmenter", "judge")
# Roles whose base model shares another role's llama.cpp context: the follow-up rewriter is asked in the router
# node, one call after the router's, and had that context before it was a role of its own.
SHARED_CONTEXT: dict[str, str] = {"rewriter": "router"}

# Augmentation wants diverse queries; everything else wants the most likely, parseable answer.
ROLE_TEMPERATURE: dict[str, float] = {"augmenter": 0.9}
ROLE_MAX_TOKENS: dict[str, int] = {"answerer": 200, "augmenter": 512, "planner": 384}


@dataclass(frozen=True)
class RoleOverride:
    """Per-role endpoint settings that replace the context's (e.g. a bigger planner model)."""

    backend: str | None = None
    base_url: str | None = None
    model: str | None = None


@dataclass(frozen=True)
class RoleModel:
    """A role's chat model plus what the structured-output helper needs to know about it."""

    role: str
    chat: BaseChatModel
    backend: str  # "embedded" | "openai" | anything else (e.g. "fake" in tests: no decoding constraints)
    endpoint: str  # where the model lives, for error messages
    distilled: bool = False  # on a distilled LoRA adapter (prompted without few-shot examples)


@dataclass(frozen=True)
class RoleAdapter:
    """A distilled LoRA adapter for one role: its name (shown in the endpoint), how to load the base weights with
    it, and the fingerprints of the servers it was trained on (nodes/distill/adapter_store.py); None serves
    every server (an adapter the user chose by path, or a role whose prompt names no tool)."""

    name: str
    load: Callable[[], LlamaRuntime]
    servers: frozenset[str] | None = None

    def covers(self, server_fingerprint: str | None) -> bool:
        return self.servers is None or (server_fingerprint is not None and server_fingerprint in self.servers)


# The roles a distilled adapter can serve, each with the context field that switches it.
ADAPTER_SWITCHES: dict[str, str] = {"executor": "executor_adapter", "rewriter": "rewriter_adapter"}


def adapter_wanted(role: str, context: Context) -> bool:
    """Whether the run's context asks for ``role``'s distilled adapter (where one is installed)."""
    return role in ADAPTER_SWITCHES and getattr(context, ADAPTER_SWITCHES[role])


class ModelProvider(Protocol):
    """What nodes depend on: a chat model per role for this run's context."""

    def get(self, role: Role, context: Context, server_fingerprint: str | None = None) -> RoleModel: ...


class ModelFactory:
    """Builds and caches chat models per role and settings.

    The embedded backend gives each role its own llama.cpp context, loaded lazily (the weights are
    memory-mapped, so contexts share them). Why: llama.cpp keeps a context's evaluated tokens and evaluates a
    new prompt only from the first token that differs. With one context for all roles, every call followed a
    call of another role and paid for its whole prompt again; with one per role, a role's fixed system prompt
    and few-shot examples are evaluated once per process and each call pays for its new tokens only. The
    contexts share one lock: they share the cores, and one computation at a time is the fastest on them."""

    def __init__(
        self,
        *,
        load_runtime: Callable[[], LlamaRuntime],
        api_key: str = "EMPTY",
        overrides: dict[str, RoleOverride] | None = None,
        adapters: dict[str, RoleAdapter | list[RoleAdapter]] | None = None,
    ):
        self._load_runtime = load_runtime
        self._runtimes: dict[str, LlamaRuntime] = {}
        # The base weights with a role's distilled LoRA adapter (the executor's, the rewriter's): that role only.
        # Several executor adapters may be installed, one per catalogue: a task gets the one trained on its server.
        self._adapters: dict[str, list[RoleAdapter]] = {
            role: list(found) if isinstance(found, list) else [found] for role, found in (adapters or {}).items()}
        self._adapter_runtimes: dict[tuple[str, str], LlamaRuntime] = {}
        self._api_key = api_key
        self._overrides = overrides or {}
        self._cache: dict[tuple, RoleModel] = {}
        self._lock = threading.Lock()
        self._compute_lock = threading.Lock()

    def _shared(self, runtime: LlamaRuntime) -> LlamaRuntime:
        runtime.lock = self._compute_lock
        return runtime

    def runtime(self, role: str = "answerer") -> LlamaRuntime:
        """The embedded model's context for ``role``, loaded on first use."""
        with self._lock:
            if role not in self._runtimes:
                self._runtimes[role] = self._shared(self._load_runtime())
            return self._runtimes[role]

    def has_adapter(self, role: str) -> bool:
        return bool(self._adapters.get(role))

    def adapter_runtime(self, role: str, adapter: RoleAdapter | None = None) -> LlamaRuntime:
        """The weights with ``role``'s adapter (its first when none is given), loaded on first use."""
        chosen = adapter or self._adapters[role][0]
        with self._lock:
            if (role, chosen.name) not in self._adapter_runtimes:
                self._adapter_runtimes[(role, chosen.name)] = self._shared(chosen.load())
            return self._adapter_runtimes[(role, chosen.name)]

    def get(self, role: Role, context: Context, server_fingerprint: str | None = None) -> RoleModel:
        """``role``'s model for this context. With ``server_fingerprint`` (the executor of one server's task), a
        distilled adapter serves only when it was trained on that server; without it, only an adapter that
        covers every server does (a catalogue's adapter is never given tools it did not see)."""
        override = self._overrides.get(role, RoleOverride())
        backend = override.backend or context.model_backend
        temperature = ROLE_TEMPERATURE.get(role, 0.0)
        max_tokens = ROLE_MAX_TOKENS.get(role, 256)
        adapter = next((a for a in self._adapters.get(role, []) if a.covers(server_fingerprint)), None)
        distilled = backend == "embedded" and adapter is not None and adapter_wanted(role, context)
        if backend == "embedded":
            key: tuple = (role, backend, adapter.name if distilled else None)
        elif backend == "openai":
            base_url = override.base_url or context.openai_base_url
            model = override.model or context.openai_model
            key = (role, backend, base_url, model, context.request_timeout_s)
        else:
            raise ValueError(f"unknown model backend '{backend}' for role {role}; use 'embedded' or 'openai'")
        # No model's tokens reach stream_mode="messages" (chat UIs): the answer node streams only verified text
        # (nodes/answering/verified_stream.py), and other roles write JSON.
        tags = ["nostream"]
        if key not in self._cache:
            if backend == "embedded":
                # The weights load on the model's first call, in the thread that runs it: get() is called on
                # the event loop, and loading (finding the file, mapping the weights) blocks.
                load = ((lambda: self.adapter_runtime(role, adapter)) if distilled
                        else (lambda: self.runtime(SHARED_CONTEXT.get(role, role))))
                endpoint = "embedded llama.cpp" + (f" + {adapter.name}" if distilled else "")
                chat: BaseChatModel = EmbeddedChatModel(load, label=endpoint, temperature=temperature,
                                                          max_tokens=max_tokens, tags=tags)
            else:
                from nodes.compatible_chat import CompatibleChatOpenAI as ChatOpenAI

                # max_retries=0: an unreachable endpoint must fail within one timeout, not several.
                chat = ChatOpenAI(
                    base_url=base_url,
                    model=model,
                    api_key=self._api_key,
                    timeout=context.request_timeout_s,
                    max_retries=0,
                    temperature=temperature,
                    max_tokens=max_tokens,
                    tags=tags,
                )
                endpoint = f"{base_url} (model {model})"
            self._cache[key] = RoleModel(role=role, chat=chat, backend=backend, endpoint=endpoint,
                                         distilled=distilled)
        return self._cache[key]
