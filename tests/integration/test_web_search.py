"""The web_search server for real over stdio: the offline BM25 corpus, and the Tavily path against a local
stand-in for the Tavily API (no network), including the API failing."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from tools.catalog import Catalog, load_catalog
from tools.pool import SessionPool

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

REPO = Path(__file__).resolve().parents[2]
QUESTION = "When was the Forbidden City built?"
# The shape of a real Tavily /search answer (fields as the API documents them), with made-up content.
RECORDED = {
    "query": QUESTION,
    "follow_up_questions": None,
    "answer": None,
    "images": [],
    "results": [
        {"url": "https://www.britannica.com/topic/Forbidden-City", "title": "Forbidden City | History & Facts",
         "content": "Construction of the Forbidden City began in 1406 and was completed in 1420 under the Yongle "
                    "Emperor.", "score": 0.91, "raw_content": None},
        {"url": "https://www.dpm.org.cn/about", "title": "The Palace Museum",
         "content": "The Palace Museum was established in 1925 in the former imperial palace.", "score": 0.74,
         "raw_content": None},
    ],
    "response_time": 0.83,
    "request_id": "recorded-0001",
}


class TavilyStandIn:
    """A local HTTP server that answers like the Tavily API and remembers what it was asked."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.status, self.payload = 200, RECORDED
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server's naming)
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                stand_in.requests.append({"path": self.path, "headers": dict(self.headers),
                                          "json": json.loads(body or b"{}")})
                data = json.dumps(stand_in.payload).encode()
                self.send_response(stand_in.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass  # keep test output clean

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def answer(self, status: int, payload: dict[str, Any]) -> None:
        self.status, self.payload = status, payload
        self.requests.clear()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture(scope="module")
def stand_in():
    server = TavilyStandIn()
    yield server
    server.close()


@pytest.fixture
def tavily_api(stand_in):
    stand_in.answer(200, RECORDED)
    return stand_in


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pool(stand_in):
    """Two web_search servers as the catalogue starts them: one offline, one with a Tavily key and base URL."""
    builtin = load_catalog().servers["web_search"]
    tavily_env = {"TAVILY_API_KEY": "test-key", "TAVILY_API_BASE_URL": stand_in.url,
                  "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
    catalog = Catalog(servers={
        "offline": builtin.model_copy(update={"name": "offline", "cwd": str(REPO)}),
        "tavily": builtin.model_copy(update={"name": "tavily", "cwd": str(REPO), "env": tavily_env}),
    })
    async with SessionPool(catalog, connect_timeout_s=60) as session_pool:
        yield session_pool


async def test_offline_search_finds_the_passage_with_its_source(pool):
    outcome = await pool.call("offline", "search_web", {"query": QUESTION, "max_results": 3})
    assert outcome.ok, outcome.error
    answer = outcome.structured
    assert answer["query"] == QUESTION and 1 <= len(answer["results"]) <= 3
    top = answer["results"][0]
    assert top["title"] == "Forbidden City"
    assert top["url"] == "https://en.wikipedia.org/wiki/Forbidden_City" and "1420" in top["text"]
    assert answer["source"].startswith("offline corpus")
    scores = [r["score"] for r in answer["results"]]
    assert scores == sorted(scores, reverse=True) and scores[-1] > 0


async def test_offline_search_without_matching_words_returns_no_results(pool):
    outcome = await pool.call("offline", "search_web", {"query": "qwxzv plmokn"})
    assert outcome.ok and outcome.structured["results"] == []


async def test_open_page_returns_a_search_result_in_full(pool):
    found = await pool.call("offline", "search_web", {"query": "Tokyo climate", "max_results": 1})
    url = found.structured["results"][0]["url"]
    page = await pool.call("offline", "open_page", {"url": url})
    assert page.ok, page.error
    assert page.structured["url"] == url and page.structured["title"].startswith("Tokyo")
    assert page.structured["text"] and page.structured["source"].startswith("offline corpus")


async def test_open_page_with_an_unknown_url_is_a_clear_error(pool):
    outcome = await pool.call("offline", "open_page", {"url": "https://example.com/not-in-the-corpus"})
    assert not outcome.ok
    assert "no page with url 'https://example.com/not-in-the-corpus'" in outcome.error


async def test_empty_query_is_rejected(pool):
    outcome = await pool.call("offline", "search_web", {"query": "   "})
    assert not outcome.ok and "query is empty" in outcome.error


async def test_tavily_results_and_source_come_from_the_api(pool, tavily_api):
    outcome = await pool.call("tavily", "search_web", {"query": QUESTION, "max_results": 2, "topic": "general"})
    assert outcome.ok, outcome.error
    answer = outcome.structured
    assert answer["source"] == "Tavily web search"
    assert [(r["title"], r["url"], r["text"], r["score"]) for r in answer["results"]] == [
        (r["title"], r["url"], r["content"], r["score"]) for r in RECORDED["results"]]
    [request] = tavily_api.requests
    assert request["path"] == "/search"
    assert request["headers"]["Authorization"] == "Bearer test-key"
    assert request["json"]["query"] == QUESTION
    assert (request["json"]["max_results"], request["json"]["topic"]) == (2, "general")


async def test_tavily_server_says_it_reaches_the_open_world(pool):
    tools = {t.name: t for t in await pool.list_tools("tavily")}
    assert tools["search_web"].annotations.openWorldHint is True
    offline = {t.name: t for t in await pool.list_tools("offline")}
    assert offline["search_web"].annotations.openWorldHint is False


async def test_tavily_server_error_is_a_clear_tool_error(pool, tavily_api):
    tavily_api.answer(500, {"detail": {"error": "internal error"}})
    outcome = await pool.call("tavily", "search_web", {"query": QUESTION})
    assert not outcome.ok
    assert "Tavily search failed" in outcome.error and "500" in outcome.error
    assert len(tavily_api.requests) == 1  # asked once, not silently answered from the offline corpus


async def test_tavily_rejecting_the_key_is_a_clear_tool_error(pool, tavily_api):
    tavily_api.answer(401, {"detail": {"error": "Unauthorized: missing or invalid API key."}})
    outcome = await pool.call("tavily", "search_web", {"query": QUESTION})
    assert not outcome.ok
    assert "Tavily search failed: InvalidAPIKeyError" in outcome.error and "invalid API key" in outcome.error
