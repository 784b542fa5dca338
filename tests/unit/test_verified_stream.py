"""The answer streams only verified text: what a chat client receives on stream_mode="messages" joins up to the
final answer exactly, a piece at a time, and a sentence the cited output does not support never reaches it."""

import pytest
from langchain_core.messages import AIMessageChunk
from langgraph.graph import START, MessagesState, StateGraph

from graphs.context import Context
from graphs.graph import build_graph
from indexes.server_index import ServerHit
from nodes.answering.draft_sentences import MAX_SENTENCES, draft_sentences
from nodes.answering.verified_stream import AnswerStream
from tests.fakes import FakeTools, FixedRetriever, ScriptedModels, make_tool

SKY = "Rayleigh scattering favours short wavelengths, and 450 nm light scatters most."


async def answer_chunks(graph, question: str) -> tuple[list[str], dict]:
    chunks, final = [], {}
    async for mode, part in graph.astream({"query": question}, context=Context(),
                                          stream_mode=["messages", "values"]):
        if mode == "messages":
            message, metadata = part
            if metadata.get("langgraph_node") == "answer":
                assert isinstance(message, AIMessageChunk), message  # no whole message sent after the pieces
                chunks.append(message.content)
            else:
                # other nodes send whole messages (the question, tool calls and results), no model's tokens
                assert not isinstance(message, AIMessageChunk), (metadata, message)
        else:
            final = part
    return chunks, final


def search_graph(answerer: list[str]):
    tools = FakeTools({"web_search": {"search_web": (make_tool("search_web", {"query": {"type": "string"}}),
                                                     lambda arguments: SKY)}})
    models = ScriptedModels(router=[{"route": "fast"}], answerer=answerer,
                            executor=[{"tool": "search_web", "params": {"query": "why is the sky blue"}}])
    retriever = FixedRetriever([ServerHit(server="web_search", score=0.9, tools=[], best_for=[0])])
    return build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile(), models


async def test_the_model_sentences_that_pass_stream_and_an_unsupported_one_never_shows():
    graph, models = search_graph(["Light at 450 nm scatters most [T1.1]. It was discovered in 1234 by aliens [T1.1]."])
    chunks, final = await answer_chunks(graph, "why is the sky blue")
    assert models.calls("answerer") == 1
    assert "".join(chunks) == final["answer"] == final["messages"][-1].content
    assert chunks[0] == "Light at 450 nm scatters most [T1.1]."  # the checked sentence came first, alone
    assert not any("1234" in c or "aliens" in c for c in chunks)
    assert "<details><summary>Sources</summary>" in final["answer"]  # a sentence was left out, so the facts follow


async def test_an_answer_found_by_code_streams_line_by_line_without_asking_the_model():
    tools = FakeTools({"weather": {"get_forecast": (make_tool("get_forecast", {"city": {"type": "string"}}),
                                                    lambda arguments: {"city": "Madrid", "high_c": 18})}})
    models = ScriptedModels(router=[{"route": "fast"}], answerer=["Madrid is 99 degrees [T1.1]."],
                            executor=[{"tool": "get_forecast", "params": {"city": "Madrid"}}])
    retriever = FixedRetriever([ServerHit(server="weather", score=0.9, tools=[], best_for=[0])])
    graph = build_graph(models, retriever, tools, classify=lambda q: ("fast", 0.9, True)).compile()
    chunks, final = await answer_chunks(graph, "how warm is Madrid tomorrow")
    assert models.calls("answerer") == 0
    assert chunks[0] == "Madrid — high: 18°C [T1.1]" and len(chunks) >= 3
    assert "".join(chunks) == final["answer"]


async def test_the_stream_pieces_are_the_returned_message_with_its_id():
    async def node(state):
        stream = AnswerStream("q")
        await stream.block("first line\nsecond line")
        await stream.write(" more")
        await stream.block("next paragraph")
        return {"messages": [await stream.close()]}

    graph = StateGraph(MessagesState).add_node("answer", node).add_edge(START, "answer").compile()
    parts = [(chunk.content, chunk.id) async for chunk, _ in graph.astream({"messages": []}, stream_mode="messages")]
    final = await graph.ainvoke({"messages": []})
    assert [text for text, _ in parts] == ["first line", "\nsecond line", " more", "\n\nnext paragraph"]
    assert len({id_ for _, id_ in parts}) == 1
    assert final["messages"][-1].content == "first line\nsecond line more\n\nnext paragraph"


async def test_outside_a_graph_the_stream_only_collects():
    stream = AnswerStream("q")
    await stream.write("text")
    assert (await stream.close()).content == "text"


async def chunks_of(*texts: str, finish: str | None = None):
    for text in texts:
        yield AIMessageChunk(content=text)
    yield AIMessageChunk(content="", response_metadata={"finish_reason": finish})


@pytest.mark.parametrize(("pieces", "finish", "expected"), [
    (("It is 5 °C", ". It is 5 °C. Rain at 3", " pm."), "stop", ["It is 5 °C.", "Rain at 3 pm."]),
    (("Sunny [T1.1]. Cold and", " win"), "length", ["Sunny [T1.1]."]),  # cut off mid-word
    (("Sunny.\nCold.",), "length", ["Sunny.", "Cold."]),
    (tuple(f"S{i}. " for i in range(MAX_SENTENCES + 2)), "stop", [f"S{i}." for i in range(MAX_SENTENCES)]),
])
async def test_draft_sentences_come_whole_once_and_never_cut_off(pieces, finish, expected):
    assert [s async for s in draft_sentences(chunks_of(*pieces, finish=finish))] == expected
