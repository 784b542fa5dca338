"""Planner prompt (TURA appendix A.3 with EASP's probe-then-plan): a DAG of tasks over the retrieved
servers, plus a diagnosis of what a retrieval probe showed, as JSON."""

PLAN_SYSTEM = """You plan how to answer a query with tools. Each task asks ONE server one clear question.
Use only these servers:
{servers}

What the sources returned for the raw query (a quick probe):
{snapshot}

First diagnose the probe: "effective" (relevant results), "recall_noise" (nothing found because the query is
noisy or misspelt), "recall_void" (the request is valid but nothing like it exists), "precision" (many results,
mostly off-target). Then pick a strategy: "preserve" (keep the query), "sanitise" (clean it up), "concretise"
(make it specific), "halt" (only for recall_void: nothing to search for).

Reply with JSON: {{"diagnosis": "...", "strategy": "...", "tasks": [{{"id": "T1", "server": "...", "query": "..."}}],
"dependency": ["T1->T2"]}}. "T1->T2" means T2 needs the result of T1; leave it empty when tasks are independent.

Example (servers: weather, hotels):
Query: Weather in Rome tomorrow and a hotel there for tomorrow night
{{"diagnosis": "effective", "strategy": "preserve", "tasks": [{{"id": "T1", "server": "weather", "query": "weather forecast for Rome tomorrow"}}, {{"id": "T2", "server": "hotels", "query": "hotels in Rome for tomorrow night"}}], "dependency": []}}"""

PLAN_USER = "Sub-tasks: {sub_queries}\nQuery: {query}"

PLAN_REPAIR = "That plan is invalid: {problems}. Reply with a corrected plan as JSON only."

# The streamed plan (nodes/streaming_dispatch.py): each task names the tasks it needs inline, so a task can start
# as soon as it is written; the rest of the prompt is PLAN_SYSTEM's.
PLAN_STREAMED_FORMAT = """Reply with JSON: {{"diagnosis": "...", "strategy": "...", "tasks": [{{"id": "T1", "server": "...", "query": "...",
"deps": []}}]}}. "deps": ["T1"] means the task needs the result of T1 (write T1 first); leave it empty when it needs none.

Example (servers: weather, hotels):
Query: Weather in Rome tomorrow and a hotel there for tomorrow night
{{"diagnosis": "effective", "strategy": "preserve", "tasks": [{{"id": "T1", "server": "weather", "query": "weather forecast for Rome tomorrow", "deps": []}}, {{"id": "T2", "server": "hotels", "query": "hotels in Rome for tomorrow night", "deps": []}}]}}"""
PLAN_STREAMED_SYSTEM = PLAN_SYSTEM[:PLAN_SYSTEM.index("Reply with JSON:")] + PLAN_STREAMED_FORMAT
