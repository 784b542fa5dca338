"""Two structured calls sent at once to a server that refuses vLLM's shape are both asked again in llama.cpp's."""

import asyncio

from langchain_core.messages import AIMessage, HumanMessage
from pydantic import BaseModel

import nodes.structured as structured
from nodes.models import RoleModel


class Step(BaseModel):
    tool: str


class Refusal(Exception):
    status_code = 500

    def __str__(self) -> str:
        return "1 validation error for CreateChatCompletionRequest response_format"


def test_calls_refused_together_are_each_asked_again(monkeypatch):
    sent: list[str] = []

    async def server(model, conversation, **constraint):
        shape = constraint["response_format"]["type"]
        sent.append(shape)
        await asyncio.sleep(0.01)  # both requests are in flight before either refusal arrives
        if shape == "json_schema":
            raise Refusal()
        return AIMessage('{"tool": "get_forecast"}')

    monkeypatch.setattr(structured, "call_model", server)
    model = RoleModel(role="executor", chat=None, backend="openai", endpoint="http://127.0.0.1:1/v1 (model m)")
    structured._ENDPOINT_SHAPE.pop(model.endpoint, None)

    async def both():
        return await asyncio.gather(*(structured._call_constrained(model, [HumanMessage("q")], Step, None)
                                      for _ in range(2)))

    try:
        replies = asyncio.run(both())
    finally:
        structured._ENDPOINT_SHAPE.pop(model.endpoint, None)
    assert [r.content for r in replies] == ['{"tool": "get_forecast"}'] * 2
    assert sent == ["json_schema", "json_schema", "json_object", "json_object"]
