"""The values a task's executor may decode its arguments from, gathered the way a run gathers them.

One function for the run (nodes/execute.py) and for distillation (nodes/distill/, benchmarks/distill.py): the
distilled executor must be trained and measured on the same closed sets it meets in a run, so the spans of
the request, resolved dates, dependency outputs, and what the server's own listing tools return (paths,
SELECTs over the described tables, listed names) all come from here.
"""

from __future__ import annotations

from datetime import date

from mcp.types import Tool

from graphs.context import Context
from nodes.arguments.candidates import Candidates, gather_candidates
from nodes.arguments.listed_values import names_in_request
from nodes.arguments.listing_gate import listing_context
from nodes.arguments.string_values import LISTED_NAMES
from nodes.tool_caller import ToolCaller, listed_values, own_listings


async def task_candidates(server: str, available: list[Tool], tools: ToolCaller, trusted: set[str],
                          request_texts: list[str], dependency_texts: list[str], today: date,
                          context: Context) -> Candidates:
    """The closed sets for one task on ``server``: those of its words and dependencies, and, when arguments are
    constrained, what the server's read-only or trusted listing tools return for the request."""
    candidates = gather_candidates(request_texts, dependency_texts, today, context.user_name)
    if context.constrain_arguments:  # paths a listing returns, SELECTs over the described tables
        candidates.listed.update(await listed_values(server, available, tools, trusted, request_texts, context))
        listings = await own_listings(tools, server)
        candidates.listed[LISTED_NAMES] = names_in_request([n for found in listings.values() for n in found],
                                                           request_texts)
        candidates.listed.update(listing_context(listings))  # what a listed thing's property may take
    return candidates
