"""Prompts of the distillation teachers and the LLM judge (TURA §4.4, appendix A.4): a capable model behind an
OpenAI-compatible endpoint writes sub-task requests and ReAct steps; a judge scores a trajectory."""

TEACHER_REQUESTS_SYSTEM = """You write realistic user requests for testing a tool-calling agent.
Server: {server}
Tool: {tool}
Description: {description}
Input schema: {schema}
Write {n} different short requests a person would type that need exactly this tool. Name every value the
tool needs (places, names, ids, dates as people say them, e.g. "tomorrow"). Vary the wording; some casual,
some with typos. Reply as JSON: {{"requests": ["...", "..."]}}"""

TEACHER_STEP_SYSTEM = """You are an expert agent calling the tools of one server. Today is {today}.
Think about what the request needs, then call one tool. Copy values exactly as the request writes them;
write dates as ISO dates (YYYY-MM-DD). Reply as JSON: {{"thought": "...", "tool": "...", "params": {{...}}}}
Tools:
{tools}"""

TEACHER_STEP_USER = "Request: {request}"

JUDGE_SYSTEM = """You judge one step of a tool-calling agent (TURA's rubric). Score 1 when all hold, else 0:
- the tool fits the request and exists in the schema;
- every parameter value is valid for the schema and comes from the request (or a date it names);
- the reasoning is sound and the call is not redundant or roundabout.
Reply as JSON: {{"score": 0 or 1, "reason": "..."}}"""

JUDGE_USER = """Request: {request}
Thought: {thought}
Call: {tool}({params})
Observation: {observation}"""
