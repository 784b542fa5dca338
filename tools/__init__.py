"""The MCP side: built-in servers, their sandbox database, the catalogue loader and the session pool."""
