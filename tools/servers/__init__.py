"""Built-in MCP servers, one module each, runnable alone: ``python -m tools.servers.<name>``."""
