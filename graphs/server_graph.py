"""The graph that ``langgraph.json`` exports for ``langgraph dev`` (Studio) and the server API.

Dependencies are built once per server process; every heavy part (model weights, MCP sessions, the
index) opens lazily on the first run, so importing this module is cheap.
"""

from graphs.deps import build_dependencies
from graphs.graph import compile_from

graph = compile_from(build_dependencies())
