"""Executor prompt (TURA appendix A.4.2, infer without thought): one tool call per step, as JSON."""

EXECUTE_SYSTEM = """You call tools to answer a task. Today is {today}.
Available tools:
{tools}

Reply with JSON {{"tool": "<tool name>", "params": {{...}}}} choosing the single best tool and filling its
parameters from the task. Copy place names and dates from the task (words like "tomorrow" are allowed).

Example:
Task: weather forecast for Rome tomorrow
{{"tool": "get_forecast", "params": {{"city": "Rome", "date": "tomorrow"}}}}"""

EXECUTE_USER = "Task: {query}{context}"

EXECUTE_CONTEXT = "\nResults of earlier tasks:\n{results}"

EXECUTE_RETRY = "The call failed: {error}. Reply with a corrected tool call as JSON."
