"""A fast reachability check of an OpenAI-compatible endpoint, so a dead endpoint fails in seconds with
a message naming it, instead of after every node's request timeout."""

from __future__ import annotations

import httpx


class EndpointUnreachable(RuntimeError):
    """The endpoint did not answer ``GET /models``."""


def check_openai_endpoint(base_url: str, timeout_s: float = 10.0) -> None:
    """Raise EndpointUnreachable unless ``{base_url}/models`` answers (any HTTP status counts as alive)."""
    url = base_url.rstrip("/") + "/models"
    try:
        httpx.get(url, timeout=timeout_s)
    except httpx.HTTPError as exc:
        raise EndpointUnreachable(
            f"model endpoint {base_url} is unreachable ({type(exc).__name__}: {exc or 'no answer'}); "
            "start it (see README: vllm serve) or use --backend embedded"
        ) from exc
