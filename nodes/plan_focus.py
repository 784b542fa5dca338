"""Focus a plan: a task that only repeats a one-part question on a server retrieval ranked clearly below the best
one is dropped before it runs.

Why: a plan that puts the whole question on every retrieved server sends calls that cannot fit. The planning
search did exactly that ("what's 18% of 2,450": the calculator at 0.40, a typed expression only it takes, then a
weather server at 0.27 with the country "18% of 2,450", then an attractions server whose call failed; its retry
rule is in nodes/server_choice.py), and a 135M planner may write the same plan. Beside the built-in servers,
14% of the calls sent on the foreign benchmark's dev split failed this way, and their facts crowded the answer.
A repeat is kept when its server matched about as well as the best (within CONTESTED_MARGIN, the margin at which
the fast path asks a runner-up too), unless the best server's match rests on its own data (a record it lists, a
document it holds, a typed value only its tool takes) and the repeat's does not. A task the planner wrote in its
own words, or one that is part of a dependency chain, is the planner's decision and stays.

A task the planner wrote in words that are not the question's is dropped as well (nodes/grounding.py): the 135M
planner turned "shell and hsbc share prices?" into "hotel share prices" on a hotel server and a web search for
"shell and hsbc shares price of 30,568.49%". A task in a dependency chain may name the output it waits for, so
it stays.
"""

from __future__ import annotations

import re
from typing import Any

from graphs.plan import Plan
from nodes.grounding import content_words, made_of
from nodes.server_choice import DATA_EVIDENCE, best_server_for, matches_about_as_well


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def focus_plan(plan: Plan, sub_queries: list[str], servers: list[dict[str, Any]]) -> tuple[Plan, list[str]]:
    """``plan`` without the tasks that repeat a one-part question on a clearly weaker server, and a line per
    dropped task saying why."""
    if len(sub_queries) != 1 or len(plan.tasks) < 2:
        return plan, []
    best = best_server_for(servers)
    if best is None:
        return plan, []
    by_name = {s["server"]: s for s in servers}
    asked = {_words(sub_queries[0]), *(_words(t.request) for t in plan.tasks if t.request)}
    needed = {dep for task in plan.tasks for dep in task.deps}
    kept, notes = [], []
    for task in plan.tasks:
        other = by_name.get(task.server)
        repeat = _words(task.query) in asked and not task.deps and task.id not in needed
        if other is None or task.server == best["server"] or not repeat:
            kept.append(task)
            continue
        if matches_about_as_well(other, best):
            kept.append(task)
            continue
        why = (f"{best['server']}'s own data matches it" if best.get("evidence") in DATA_EVIDENCE else
               f"it matched {other.get('score', 0.0):.2f} against {best['server']}'s {best.get('score', 0.0):.2f}")
        notes.append(f"plan: dropped {task.id} on {task.server}, which only repeated the question ({why})")
    if not any(task.server == best["server"] for task in kept):
        return plan, []
    return plan.model_copy(update={"tasks": kept}), notes


def grounded_plan(plan: Plan, question: str) -> tuple[Plan, list[str]]:
    """``plan`` without the tasks outside a dependency chain whose query is not made of the question's words,
    and a line per dropped task; the plan may be left with no task."""
    asked = content_words(question)
    needed = {dep for task in plan.tasks for dep in task.deps}
    kept, notes = [], []
    for task in plan.tasks:
        if task.deps or task.id in needed or made_of(content_words(task.query), asked):
            kept.append(task)
        else:
            notes.append(f"plan: dropped {task.id} on {task.server}: its query '{task.query}' is not made of the "
                         "question's words")
    return plan.model_copy(update={"tasks": kept}), notes
