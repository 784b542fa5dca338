"""Secrets stay out: the values of API keys, tokens and auth headers a catalogue gives its servers never
reach a prompt, the state, a checkpoint, a stream event, a log or ``--json``.

Why here: every byte a server sends (a tool's output, its error, its tool descriptions) enters the run
through the session pool, so the pool redacts there, once, before anything else sees it. A server that
echoes the token it was started with, or an error quoting an ``Authorization`` header, is then harmless.
What counts as a secret: ``env`` values whose name says key / token / secret / password / auth /
credential, every ``headers`` value whose name says auth / key / token / cookie, and TAVILY_API_KEY;
values shorter than 6 characters are left alone (they would redact ordinary text).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from mcp.types import Tool

from tools.catalog import Catalog
from tools.tool_outcome import ToolOutcome

REDACTED = "[redacted]"
MIN_SECRET_CHARS = 6
_SECRET_NAME = re.compile(r"key|token|secret|passw|auth|credential|cookie|session", re.IGNORECASE)


def catalog_secrets(catalog: Catalog, extra_env: Mapping[str, str] | None = None) -> list[str]:
    """Every secret value the catalogue and the servers' shared environment hold."""
    found: list[str] = []
    for spec in catalog.servers.values():
        found += [v for k, v in spec.env.items() if _SECRET_NAME.search(k)]
        found += [v for k, v in spec.headers.items() if _SECRET_NAME.search(k)]
    found += [v for k, v in (extra_env or {}).items() if _SECRET_NAME.search(k)]
    # "Bearer abc..." is also redacted as its token alone, wherever that appears.
    found += [v.split(" ", 1)[1] for v in list(found) if " " in v.strip()]
    return sorted({v.strip() for v in found if len(v.strip()) >= MIN_SECRET_CHARS}, key=len, reverse=True)


class Redactor:
    """Replaces known secret values in text, outcomes and tool descriptions."""

    def __init__(self, secrets: Iterable[str]):
        values = [s for s in secrets if len(s) >= MIN_SECRET_CHARS]
        self._pattern = re.compile("|".join(map(re.escape, values))) if values else None

    def text(self, value: str | None) -> str | None:
        if value is None or self._pattern is None:
            return value
        return self._pattern.sub(REDACTED, value)

    def outcome(self, outcome: ToolOutcome) -> ToolOutcome:
        if self._pattern is None:
            return outcome
        raw = outcome.model_dump_json()
        if not self._pattern.search(raw):
            return outcome
        return ToolOutcome.model_validate_json(self._pattern.sub(REDACTED, raw))

    def tool(self, tool: Tool) -> Tool:
        if self._pattern is None:
            return tool
        raw = tool.model_dump_json()
        return Tool.model_validate_json(self._pattern.sub(REDACTED, raw)) if self._pattern.search(raw) else tool
