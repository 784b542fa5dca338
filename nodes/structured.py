"""Structured output on every backend: constrain decoding where the backend can, validate with pydantic,
and re-ask a bounded number of times with the validation error.

- vLLM (``openai`` backend): ``response_format`` of type ``json_schema`` (guided decoding; vLLM's documented
  structured-output request, also OpenAI's own).
- llama.cpp (``embedded``): ``response_format`` of type ``json_object`` with a ``schema`` (a grammar).
- An OpenAI-compatible server that rejects ``json_schema`` with an error naming the response format
  (llama-cpp-python's ``llama_cpp.server`` answers 500 "response_format.type: Input should be 'text' or
  'json_object'") is asked again at once in llama.cpp's shape, and that
  endpoint keeps the shape for the rest of the process (``_ENDPOINT_SHAPE``).
- anything else (test fakes): no constraint, validation only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from pydantic import BaseModel, ValidationError

from nodes.model_call import call_model
from nodes.models import RoleModel

SchemaT = TypeVar("SchemaT", bound=BaseModel)


class StructuredOutputError(RuntimeError):
    """The model gave no valid output after every allowed attempt; keeps the last raw text."""

    def __init__(self, role: str, schema: str, attempts: int, last_error: str, last_text: str):
        super().__init__(
            f"{role} model gave no valid {schema} after {attempts} attempt(s): {last_error}"
            f" (last output: {last_text[:160]!r})"
        )
        self.last_text = last_text


# Endpoints (RoleModel.endpoint) that accept only llama.cpp's request shape, learnt from their refusal.
_ENDPOINT_SHAPE: dict[str, str] = {}


def decoding_constraint(
    backend: str, schema: type[BaseModel], json_schema: dict[str, Any] | None = None, *, endpoint: str = ""
) -> dict[str, Any]:
    """The bind() arguments that make ``backend`` emit JSON of ``schema``'s shape (or of ``json_schema``,
    a tighter schema for decoding, e.g. one built from a tool's input schema)."""
    json_schema = json_schema or schema.model_json_schema()
    if backend == "openai" and _ENDPOINT_SHAPE.get(endpoint) == "json_object":
        return {"response_format": {"type": "json_object", "schema": grammar_safe(json_schema)}}
    if backend == "openai":
        return {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": schema.__name__, "schema": json_schema},
            }
        }
    if backend == "embedded":
        return {"response_format": {"type": "json_object", "schema": grammar_safe(json_schema)}}
    return {}


_PATTERN_CLASSES = {r"\d": "[0-9]", r"\w": "[A-Za-z0-9_]", r"\s": "[ ]"}


def grammar_safe(schema: Any) -> Any:
    """A copy of ``schema`` that llama.cpp's schema-to-grammar converter accepts: it rejects escapes such as
    ``\\d`` in ``pattern``, so known classes are spelled out and any other escaped pattern is dropped
    (decoding gets looser there; pydantic/jsonschema validation afterwards still enforces the pattern)."""
    if isinstance(schema, list):
        return [grammar_safe(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    safe = {}
    for key, value in schema.items():
        if key == "pattern" and isinstance(value, str):
            for escape, spelled in _PATTERN_CLASSES.items():
                value = value.replace(escape, spelled)
            if "\\" in value:
                continue
        if key == "enum" and isinstance(value, list):
            value = [v for v in value if _grammar_literal_ok(v)]
            if not value:
                continue  # looser decoding; the step check still holds the call to the original set
        elif key == "const" and not _grammar_literal_ok(value):
            continue
        safe[key] = grammar_safe(value) if key != "const" and key != "enum" else value
    return safe


def _grammar_literal_ok(value: Any) -> bool:
    """Whether llama.cpp's converter takes ``value`` as a literal: a string holding a quote, a backslash or a
    control character makes a grammar it cannot parse, and llama.cpp then crashes the process (a pasted
    ``{"status":"ok"}`` in a hostile request became such an enum value)."""
    return not isinstance(value, str) or not any(c in value for c in '"\\') and all(ord(c) >= 32 for c in value)


def parse_json_reply(text: str, schema: type[SchemaT]) -> SchemaT:
    """Validate a reply; tolerates a fenced code block around the JSON, nothing looser."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.strip("`")
        stripped = stripped[stripped.find("{") :] if "{" in stripped else stripped
    return schema.model_validate_json(stripped)


async def ask_structured(
    model: RoleModel,
    messages: list[BaseMessage],
    schema: type[SchemaT],
    *,
    retries: int = 2,
    json_schema: dict[str, Any] | None = None,
    check: Callable[[SchemaT], None] | None = None,
) -> SchemaT:
    """Ask ``model`` for an instance of ``schema``; re-ask up to ``retries`` times with the error.

    ``check`` adds rules pydantic cannot express (raise ValueError to re-ask with its message).
    """
    conversation = list(messages)
    last_error, last_text = "", ""
    for attempt in range(1, retries + 2):
        reply = await _call_constrained(model, conversation, schema, json_schema)
        last_text = reply.text
        try:
            parsed = parse_json_reply(last_text, schema)
            if check is not None:
                check(parsed)
            return parsed
        except (ValidationError, json.JSONDecodeError, ValueError) as exc:
            last_error = _short_error(exc)
            if attempt == retries + 1:
                break
            conversation = [
                *conversation,
                AIMessage(content=last_text),
                HumanMessage(content=f"That output was invalid: {last_error}. Reply with corrected JSON only."),
            ]
    raise StructuredOutputError(model.role, schema.__name__, retries + 1, last_error, last_text)


def rejects_response_format(exc: BaseException) -> bool:
    """The server refused the request because of its ``response_format`` (a 400, 422 or, from llama.cpp's
    server, 500 whose message names it)."""
    status = getattr(exc, "status_code", None)
    return status in (400, 422, 500) and "response_format" in str(exc)


async def _call_constrained(model: RoleModel, conversation: list[BaseMessage], schema: type[BaseModel],
                            json_schema: dict[str, Any] | None) -> AIMessage:
    """One constrained call; an OpenAI-compatible server that refuses ``json_schema`` is asked in llama.cpp's
    shape instead, once, and remembered."""
    constraint = decoding_constraint(model.backend, schema, json_schema, endpoint=model.endpoint)
    try:
        return await call_model(model, conversation, **constraint)
    except Exception as exc:
        # Decided by the shape this call sent, not by what is remembered now: two calls sent at once in vLLM's
        # shape are both refused, and the second learns of the refusal after the first has recorded it.
        sent = constraint.get("response_format", {}).get("type")
        if model.backend != "openai" or sent != "json_schema" or not rejects_response_format(exc):
            raise
        _ENDPOINT_SHAPE[model.endpoint] = "json_object"
    return await call_model(model, conversation,
                            **decoding_constraint(model.backend, schema, json_schema, endpoint=model.endpoint))


def _short_error(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        parts = [f"{'.'.join(str(p) for p in e['loc']) or 'root'}: {e['msg']}" for e in exc.errors()[:4]]
        return "; ".join(parts)
    return str(exc).splitlines()[0][:200]
