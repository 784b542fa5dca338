"""The shipped rewriter adapter, on the real embedded model: a follow-up that names neither the place nor what
it asks for in the conversation's words becomes a standalone question that does; the factory serves the
rewriter role on the adapter by default, and the base model when it is switched off."""

from dataclasses import replace

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from graphs.context import Context
from graphs.deps import SHIPPED_REWRITER_ADAPTER, build_dependencies, build_model_factory
from nodes.rewrite import rewrite_standalone

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(not SHIPPED_REWRITER_ADAPTER.is_file(), reason="no rewriter adapter installed")]


async def test_the_distilled_rewriter_carries_the_destination_into_a_hotel_question():
    factory = build_model_factory()
    context = Context(today="2026-11-26")
    distilled = factory.get("rewriter", context)
    assert distilled.distilled and "rewriter.gguf" in distilled.endpoint
    assert not factory.get("rewriter", replace(context, rewriter_adapter=False)).distilled
    turns = [HumanMessage("any planes Berlin -> Rome tmr?"), AIMessage("LH 232 at 09:05 [T1.1].")]
    deps = build_dependencies(None)
    try:  # the kinds of thing the catalogue serves, which a rewrite may name, as the router passes them
        kinds = (await deps.retriever.cue_words()).kinds
    finally:
        await deps.aclose()
    query, problem = await rewrite_standalone(distilled, turns, "need a room at my destination too", context,
                                              kinds=kinds)
    assert problem is None, problem
    assert "rome" in query.lower() and "hotel" in query.lower() and "berlin" not in query.lower(), query
