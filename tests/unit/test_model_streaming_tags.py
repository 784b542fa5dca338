"""No model's tokens reach stream_mode="messages": every role is tagged nostream, and the answer node streams
only the text it has verified (tests/unit/test_verified_stream.py)."""

import pytest
from langchain_core.messages import AIMessage
from langgraph.graph import START, StateGraph, MessagesState

from graphs.context import Context
from nodes.models import ModelFactory


def unreachable_runtime():
    raise AssertionError("the embedded weights must not load for an openai-backend model")


@pytest.mark.parametrize("role", ["router", "decomposer", "planner", "executor", "augmenter", "judge", "answerer"])
def test_every_role_is_tagged_nostream(role):
    factory = ModelFactory(load_runtime=unreachable_runtime)
    model = factory.get(role, Context(model_backend="openai"))
    assert "nostream" in (model.chat.tags or [])


async def test_nostream_tag_keeps_a_model_out_of_the_messages_stream():
    from tests.fakes import ScriptedChat

    hidden = ScriptedChat(['{"route": "fast"}'])
    hidden.tags = ["nostream"]  # the model's own field, as ModelFactory sets it
    shown = ScriptedChat(["the answer"])

    async def node(state):
        await hidden.ainvoke("route?")
        return {"messages": [await shown.ainvoke("answer?")]}

    graph = StateGraph(MessagesState).add_node("n", node).add_edge(START, "n").compile()
    tokens = [chunk.content async for chunk, _ in graph.astream({"messages": []}, stream_mode="messages")
              if isinstance(chunk, AIMessage) or hasattr(chunk, "content")]
    assert "".join(tokens) == "the answer"
