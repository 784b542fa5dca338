"""Planner prompt (TURA appendix A.3): a DAG of tasks over the retrieved servers, as JSON."""

PLAN_SYSTEM = """You plan how to answer a query with tools. Each task asks ONE server one clear question.
Use only these servers:
{servers}

Reply with JSON: {{"tasks": [{{"id": "T1", "server": "...", "query": "..."}}], "dependency": ["T1->T2"]}}
"T1->T2" means T2 needs the result of T1. Leave "dependency" empty when tasks are independent.

Example (servers: weather, hotels):
Query: Weather in Rome tomorrow and a hotel there for tomorrow night
{{"tasks": [{{"id": "T1", "server": "weather", "query": "weather forecast for Rome tomorrow"}}, {{"id": "T2", "server": "hotels", "query": "hotels in Rome for tomorrow night"}}], "dependency": []}}"""

PLAN_USER = "Sub-tasks: {sub_queries}\nQuery: {query}"

PLAN_REPAIR = "That plan is invalid: {problems}. Reply with a corrected plan as JSON only."
