"""ChatOpenAI for self-hosted OpenAI-compatible servers: the token bound is sent under both of its names.

langchain-openai sends the bound only as OpenAI's newer ``max_completion_tokens``. llama.cpp's server (and other
self-hosted ones) read only ``max_tokens``, and without it generate until the context is full: a 200-token answer
became a two-minute, 3,800-token one that outlived the request timeout and kept the server busy for the next
request. vLLM reads either name. OpenAI's own API refuses ``max_tokens`` on some models, so it gets the new name
alone.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from langchain_openai import ChatOpenAI

OPENAI_HOSTS = frozenset({"api.openai.com"})


def sends_legacy_bound(base_url: str | None) -> bool:
    """Whether requests to ``base_url`` also carry ``max_tokens`` (every endpoint but OpenAI's own)."""
    return bool(base_url) and urlparse(base_url).hostname not in OPENAI_HOSTS


class CompatibleChatOpenAI(ChatOpenAI):
    """ChatOpenAI whose request also names the token bound ``max_tokens`` on a self-hosted endpoint."""

    def _get_request_payload(self, input_: Any, *, stop: list[str] | None = None, **kwargs: Any) -> dict:
        payload = super()._get_request_payload(input_, stop=stop, **kwargs)
        if "max_completion_tokens" in payload and sends_legacy_bound(self.openai_api_base):
            payload["max_tokens"] = payload["max_completion_tokens"]
        return payload
