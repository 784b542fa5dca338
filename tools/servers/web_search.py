"""Web search MCP server: Tavily when ``TAVILY_API_KEY`` is set, else BM25 over the shipped offline corpus.

The offline corpus holds a few hundred encyclopedia-style passages about the sandbox's cities and
landmarks, so static-knowledge questions ("when was the Forbidden City built?") have a source to cite
without a network. ``TAVILY_API_BASE_URL`` points the Tavily client elsewhere (a proxy, or a local
stand-in in tests).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import unicodedata
from pathlib import Path
from typing import Annotated, Any, Literal

import bm25s
from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from tools.corpus.passages import Passage, load_passages
from tools.servers.launcher import serve_standalone

OFFLINE_SOURCE = "offline corpus (tura's shipped encyclopedia passages; not live web results)"
TAVILY_SOURCE = "Tavily web search"
Query = Annotated[str, Field(min_length=2, max_length=400, description="What to search for, in plain words")]
MaxResults = Annotated[int, Field(ge=1, le=10, description="Most results to return (1-10)")]


class OfflineSearch:
    """BM25 (bm25s) over the passages' titles and texts; built once when the server starts."""

    def __init__(self, passages: tuple[Passage, ...]) -> None:
        self.passages = passages
        self.by_url = {p.url: p for p in passages}
        self.retriever = bm25s.BM25()
        tokens = bm25s.tokenize([_searchable(f"{p.title} {p.title} {p.text}", p) for p in passages], stopwords="en",
                                show_progress=False)
        self.retriever.index(tokens, show_progress=False)

    def search(self, query: str, max_results: int) -> list[dict[str, Any]]:
        tokens = bm25s.tokenize([_folded(query)], stopwords="en", show_progress=False)
        if not tokens.vocab or not any(tokens.ids[0]):
            return []
        k = min(max_results, len(self.passages))
        ids, scores = self.retriever.retrieve(tokens, k=k, show_progress=False, n_threads=1)
        return [{**self.passages[int(i)].as_dict(), "score": round(float(s), 3)}
                for i, s in zip(ids[0], scores[0], strict=True) if s > 0]


_HYPHENATED = re.compile(r"\b\w+(?:-\w+)+\b")
_NAME_WORD = re.compile(r"[A-Z][\w]*")


def _folded(text: str) -> str:
    """``text`` without accents: "Shitennō-ji" is found by "shitenno-ji"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _searchable(text: str, passage: Passage) -> str:
    """A passage's indexed text: folded, with each hyphenated word also written joined ("Shitenno-ji" is found by
    "shitennoji") and the initials of its title and page name ("CST" for Chhatrapati_Shivaji_Terminus).

    Why: people type names the way they say them; BM25 matches whole tokens only."""
    folded = _folded(text)
    joined = [m.group().replace("-", "") for m in _HYPHENATED.finditer(folded)]
    page = passage.url.rsplit("/", 1)[-1].split("#")[0].replace("_", " ")
    initials = []
    for name in (passage.title.split(":")[0], page):
        words = _NAME_WORD.findall(_folded(name))
        if len(words) >= 2:
            initials.append("".join(w[0] for w in words))
    return " ".join([folded, *joined, *initials])


def _respond(payload: dict[str, Any]) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(payload, ensure_ascii=False))],
                          structuredContent=payload)


def build(offline: OfflineSearch | None = None, tavily_key: str | None = None,
          tavily_base_url: str | None = None, **settings: Any) -> FastMCP:
    """The server; with ``tavily_key`` searches go to Tavily, else to ``offline``."""
    offline = offline or OfflineSearch(load_passages())
    mcp = FastMCP("web_search", instructions="Search the web for static knowledge: facts, history, "
                  "definitions, background on places and landmarks.", **settings)
    read = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True,
                           openWorldHint=bool(tavily_key))

    async def tavily_search(query: str, max_results: int, topic: str) -> list[dict[str, Any]]:
        from tavily import AsyncTavilyClient

        # One client per call, closed afterwards: an unclosed one leaks its httpx connection pool.
        async with AsyncTavilyClient(api_key=tavily_key, api_base_url=tavily_base_url) as client:
            try:
                found = await client.search(query, max_results=max_results, topic=topic, timeout=20)
            except Exception as exc:  # tavily raises its own, httpx's and builtin errors; report them all
                raise ToolError(f"Tavily search failed: {type(exc).__name__}: {exc}") from exc
        return [{"title": r.get("title", ""), "url": r.get("url", ""), "text": r.get("content", ""),
                 "score": r.get("score")} for r in found.get("results", [])]

    @mcp.tool(annotations=read.model_copy(update={"title": "Web search"}))
    async def search_web(
        query: Query,
        max_results: MaxResults = 5,
        topic: Annotated[Literal["general", "news", "finance"], Field(description="Kind of search")] = "general",
    ) -> Annotated[CallToolResult, dict[str, Any]]:
        """Search the web for static knowledge: facts, history, definitions, how-to, background on cities,
        landmarks and companies. Returns passages with title, url and text to cite. Not for live data
        (weather, prices, availability): use the dedicated servers for those."""
        if not query.strip():
            raise ToolError("query is empty")
        if tavily_key:
            results = await tavily_search(query, max_results, topic)
            return _respond({"query": query, "results": results, "source": TAVILY_SOURCE})
        results = await asyncio.to_thread(offline.search, query, max_results)
        return _respond({"query": query, "results": results, "source": OFFLINE_SOURCE})

    @mcp.tool(annotations=read.model_copy(update={"title": "Open a search result"}))
    async def open_page(
        url: Annotated[str, Field(min_length=8, max_length=500, pattern=r"^https?://",
                                  description="A url returned by search_web")],
    ) -> Annotated[CallToolResult, dict[str, Any]]:
        """The full text of a page that search_web returned (offline corpus pages only)."""
        page = offline.by_url.get(url)
        if page is None:
            raise ToolError(f"no page with url '{url}' in the offline corpus; use a url from search_web")
        return _respond({**page.as_dict(), "source": OFFLINE_SOURCE})

    return mcp


def build_from_environment(**settings: Any) -> FastMCP:
    """The server as configured by this process's environment (it runs as its own program)."""
    corpus = os.environ.get("TURA_WEB_CORPUS")  # another facts directory (tests use a poisoned copy)
    offline = OfflineSearch(load_passages(Path(corpus))) if corpus else None
    return build(offline=offline, tavily_key=os.environ.get("TAVILY_API_KEY") or None,
                 tavily_base_url=os.environ.get("TAVILY_API_BASE_URL") or None, **settings)


def main() -> None:
    serve_standalone("web_search", build_from_environment)


if __name__ == "__main__":
    main()
