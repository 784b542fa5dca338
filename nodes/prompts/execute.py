"""Executor prompt (TURA appendix A.4.2, infer without thought): one tool call per step, as JSON.

The examples are chat turns, not prose: a 135M model copies the shape of earlier assistant turns far
more reliably than it follows instructions."""

EXECUTE_SYSTEM = """You call tools. Today is {today}. Reply with JSON naming one tool and its params.
Copy names, places and dates from the task exactly as written (words like "tomorrow" are allowed).
Tools:
{tools}"""

EXECUTE_EXAMPLES = [
    ("Task: weather forecast for Rome tomorrow", '{"tool": "get_forecast", "params": {"city": "Rome", "dates": "tomorrow"}}'),
    ("Task: hotels in Oslo for Friday night", '{"tool": "search_hotels", "params": {"city": "Oslo", "check_in": "friday"}}'),
]

EXECUTE_USER = "Task: {query}{context}"

EXECUTE_CONTEXT = "\nResults of earlier tasks:\n{results}"

EXECUTE_RETRY = "The call failed: {error}. Reply with a corrected tool call as JSON."
