"""A request without the names its server's own description writes: "what budget has Marketing at Northwind Loom"
asks the database described in mcp.json as "at Northwind Loom" about Marketing, not about a row named Northwind Loom.

Why apart from sql_request.py: the description is the catalogue's, not the request's or the schema's; the discovery
(nodes/arguments/discovery.py) drops such names before any statement is read.
"""

from __future__ import annotations

import re

from nodes.arguments.sql_literals import WRITTEN_NAME


def without_described_names(request: str, description: str) -> str:
    """``request`` without the names written mid-sentence that the server's own description writes, with the
    word that places them: "what budget has Marketing at Northwind Loom" asks the database described as "at
    Northwind Loom" about Marketing, not about a row named Northwind Loom."""
    if not description:
        return request
    described = " ".join(description.lower().split())
    for name in reversed(list(WRITTEN_NAME.finditer(request))):
        written = name.group().rstrip(".'’&-")  # "... at Northwind Loom.": the sentence's full stop is no part
        if re.search(rf"(?<!\w){re.escape(' '.join(written.lower().split()))}(?!\w)", described):
            start = name.start()
            placing = re.search(r"\b(?:at|of|for|in|from|within)\s+$", request[:start], re.IGNORECASE)
            request = request[:placing.start() if placing else start].rstrip() + request[start + len(written):]
    return request
