"""The locate node: a place the question points at through a thing it names is looked up in the catalogue and
written into the question before retrieval (nodes/thing_places.py says how).

Runs after the router on every route; a question without such a reference passes through untouched, without a
call. At most ``MAX_LOOKUPS`` read-only calls are made, on the servers retrieval ranks first for the thing's name.
"""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from graphs.context import Context
from nodes.events import emit
from nodes.retrieve import ServerRetriever
from nodes.thing_places import lookup_property, place_in, place_reference, with_place
from nodes.timing import timed
from nodes.tool_caller import ToolCaller

MAX_LOOKUPS = 4  # over all the things the question may name
LOOKUP_SERVERS = 8  # "Forbidden City" ranks the servers of cities first; only lookup-by-name tools cost a call


def make_locator(tools: ToolCaller, retriever: ServerRetriever):
    """Build the locate node."""

    async def locate_thing(things: list[str], context: Context) -> tuple[str, str, str, str] | None:
        """(thing, place, server, tool) of the first lookup that gives a thing's city, the most name-like thing
        first; at most ``MAX_LOOKUPS`` calls in all."""
        lookups = 0
        for thing in things:
            hits = await retriever.search([thing], top_k=LOOKUP_SERVERS, top_n=context.top_n_rows)
            for hit in hits:
                for tool in await tools.list_tools(hit.server):
                    prop = lookup_property(tool)
                    if prop is None or lookups >= MAX_LOOKUPS:
                        continue
                    lookups += 1
                    outcome = await tools.call(hit.server, tool.name, {prop: thing}, timeout_s=context.tool_timeout_s)
                    if outcome.ok and (place := place_in(outcome.text)):
                        return thing, place, hit.server, tool.name
        return None

    async def locate(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        """Untimed when it passes through: a run without a lookup has no ``locate`` stage to show."""
        return await look_up(state, runtime) if place_reference(state.get("standalone_query") or "") else {}

    @timed("locate")
    async def look_up(state: dict[str, Any], runtime: Runtime[Context]) -> dict[str, Any]:
        question = state.get("standalone_query") or ""
        reference, things = place_reference(question)
        context = runtime.context or Context()
        try:
            located = await locate_thing(things, context)
        except Exception as exc:  # a lookup is a help, not a step of the answer: say so and go on
            return {"errors": [f"locate: {things[0]}: {type(exc).__name__}: {exc}"]}
        if located is None:
            return {}
        thing, place, server, tool = located
        emit("place_located", thing=thing, place=place, server=server, tool=tool)
        return {"standalone_query": with_place(question, reference, place, thing), "located": {thing: place}}

    return locate


def route_after_locate(state: dict[str, Any]) -> str:
    """As after the router: only ``parallel`` decomposes."""
    return "decompose" if state.get("route") == "parallel" else "retrieve"
