"""One way to call a role's model: maps transport failures to a clear ``ModelUnavailable`` naming the
endpoint, and remembers an unreachable endpoint for a short while so a run fails once, not once per node.

Only a refused or failed connection marks an endpoint unreachable. A request that timed out fails alone: a
server that answers one request slowly (a long prompt, a queue behind other requests) is still there, and
marking it down made every request of the next 30 s fail without being sent (seen with llama.cpp's server,
which serves one request at a time)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
from langchain_core.messages import AIMessage, AIMessageChunk, BaseMessage

from nodes.models import RoleModel
from nodes.stage_costs import charge

_DOWN_FOR_S = 30.0
_down_until: dict[str, tuple[float, str]] = {}


class ModelUnavailable(RuntimeError):
    """The model endpoint could not be reached or did not answer in time."""


def _openai_errors() -> tuple[tuple[type, ...], tuple[type, ...]]:
    """The openai client's connection and timeout errors, imported only when a call failed (the openai
    backend is optional, and importing it costs start-up time on the embedded path)."""
    try:
        import openai
    except ImportError:
        return (), ()
    return (openai.APIConnectionError,), (openai.APITimeoutError,)


def _is_transport_failure(exc: BaseException) -> bool:
    connection, timeout = _openai_errors()
    return isinstance(exc, (*connection, *timeout, httpx.TransportError, ConnectionError, TimeoutError))


def _is_timeout(exc: BaseException) -> bool:
    _, timeout = _openai_errors()
    return isinstance(exc, (*timeout, httpx.TimeoutException, TimeoutError))


def _unavailable(model: RoleModel, exc: Exception) -> ModelUnavailable | None:
    """The clear failure for a transport error (remembering a refused endpoint); None for any other error."""
    if not _is_transport_failure(exc):
        return None
    reason = f"{type(exc).__name__}: {exc}"
    if _is_timeout(exc):
        return ModelUnavailable(f"model endpoint {model.endpoint} did not answer in time: {reason}")
    _down_until[model.endpoint] = (time.monotonic() + _DOWN_FOR_S, reason)
    return ModelUnavailable(f"model endpoint {model.endpoint} is unreachable: {reason}")


def _refuse_if_down(model: RoleModel) -> None:
    down = _down_until.get(model.endpoint)
    if down and down[0] > time.monotonic():
        raise ModelUnavailable(f"model endpoint {model.endpoint} is unreachable: {down[1]}")


async def call_model(model: RoleModel, messages: list[BaseMessage], **bind: Any) -> AIMessage:
    """Invoke ``model`` once; raise ModelUnavailable (naming the endpoint) if it cannot be reached."""
    _refuse_if_down(model)
    runnable = model.chat.bind(**bind) if bind else model.chat
    started = time.perf_counter()
    try:
        reply = await runnable.ainvoke(messages)
    except Exception as exc:
        if (unavailable := _unavailable(model, exc)) is None:
            raise
        raise unavailable from exc
    _down_until.pop(model.endpoint, None)
    charge_model_time(reply, time.perf_counter() - started)
    return reply


async def stream_model(model: RoleModel, messages: list[BaseMessage]) -> AsyncIterator[AIMessageChunk]:
    """``model``'s reply a chunk at a time, with call_model's failures; the last chunk carries the call's
    metadata (finish reason, prompt seconds). The chunks reach no chat client: the role is tagged nostream."""
    _refuse_if_down(model)
    started, merged = time.perf_counter(), None
    try:
        async for chunk in model.chat.astream(messages):
            merged = chunk if merged is None else merged + chunk
            yield chunk
    except Exception as exc:
        if (unavailable := _unavailable(model, exc)) is None:
            raise
        raise unavailable from exc
    _down_until.pop(model.endpoint, None)
    charge_model_time(merged or AIMessageChunk(content=""), time.perf_counter() - started)


def charge_model_time(reply: AIMessage | AIMessageChunk, seconds: float) -> None:
    """Charge a call to the stage's ledger: prompt processing and generation apart where the model reports
    them (the embedded model), else the whole call as ``model``."""
    metadata = reply.response_metadata or {}
    prompt_s = metadata.get("prompt_seconds")
    if prompt_s is None:
        charge("model", seconds)
        return
    charge("model_prompt", prompt_s)
    charge("model_generate", max(0.0, seconds - prompt_s))
