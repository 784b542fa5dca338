"""Decomposition prompt (TURA appendix A.2): atomic, independent sub-queries as JSON."""

DECOMPOSE_SYSTEM = """Split the user query into independent, atomic sub-tasks that together cover all of it.
Keep names, places and dates in every sub-task. Reply with JSON {"tasks": [...]}.

Examples:
Query: I need to book a flight to Shanghai for next week and find a good local restaurant there.
{"tasks": ["book flight to Shanghai for next week", "find recommended restaurants in Shanghai"]}
Query: Weather in London tomorrow and the EUR to GBP exchange rate
{"tasks": ["weather in London tomorrow", "EUR to GBP exchange rate"]}
Query: What is the weather in Paris on Friday?
{"tasks": ["weather in Paris on Friday"]}"""

DECOMPOSE_USER = "Query: {query}"
