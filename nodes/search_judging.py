"""How the planning search loop (nodes/search_loop.py) judges a step and where it asks next: the share of the
question a step's results cover, whether a step's results are poor, whether a server was chosen for its own data or
answered with values code resolved (then its output bears on the question whatever the compressor says), and which
retrieved server is asked after a poor step.
"""

from __future__ import annotations

import re
from typing import Any

from nodes.probe import count_results
from nodes.server_choice import DATA_EVIDENCE, entry, retry_server

_WORD = re.compile(r"[a-z0-9]+")
_QUESTION_WORDS = frozenset("""a an and are as at be by can do does for from get give how i in is it its me my of
    on or please pls show tell that the then there this to was what whats when where which who will with
    you your much many find look up rn now today""".split())


def coverage(question: str, found: str) -> float:
    """The share of the question's content words that the results contain (1.0 for a question of none)."""
    asked = {w for w in _WORD.findall(question.lower()) if w not in _QUESTION_WORDS and len(w) > 1}
    if not asked:
        return 1.0
    seen = set(_WORD.findall(found.lower()))
    return len(asked & seen) / len(asked)


def is_poor(result: dict[str, Any], useful: bool) -> bool:
    """Poor results: the step failed, the output holds an empty list, or compress found nothing useful."""
    if result["status"] != "ok" or not useful:
        return True
    last = result["observations"][-1]
    return count_results(last.get("text", "")) == 0


def matched_by_data(servers: list[dict[str, Any]], server: str) -> bool:
    """Retrieval chose ``server`` for its own data (a record it lists, a document it holds, a typed value only its
    tool takes). Its non-empty output then bears on the question whatever the 135M compressor says: "441" for
    "18% of 2,450" was judged not useful, and the question went on to web search."""
    return (entry(servers, server) or {}).get("evidence") in DATA_EVIDENCE


def answered_with_resolved_values(result: dict[str, Any], *texts: str) -> bool:
    """Whether the step's answering call took a value code resolved for the request rather than its words
    ("Asia/Tehran" for "what hour it is over there" in Tehran, an expression, a SELECT, a listed path): decoding
    offers a typed property only such values (nodes/arguments/schema.py), so the call was made for this request
    and its output bears on it, whatever the 135M compressor says. ``texts`` are the question and the step's
    query (a model's rewrite): their words are no resolved value."""
    if result["status"] != "ok" or not result["observations"]:
        return False
    last = result["observations"][-1]
    written = " ".join(texts).lower()
    values = [v for v in (last.get("arguments") or {}).values() if isinstance(v, str) and v.strip()]
    return last.get("ok", False) and any(v.lower() not in written for v in values)


def retry_elsewhere(servers: list[dict[str, Any]], failed: str, asked: set[str]) -> str | None:
    """The retrieved server to ask the question next after a poor step on ``failed``: one that matched about as
    well, else search when the match was loose (nodes/server_choice.py); never one retrieval ranked clearly below.
    A server the loop picked for a rewritten query is judged against the question's best server. After search
    itself found nothing, the best dynamic server not asked yet is next: search came first only because none
    matched well ("whats amd worth in EUR": the quote server)."""
    if (entry(servers, failed) or {}).get("search"):
        return next((s["server"] for s in servers if s["server"] not in asked | {failed} and not s.get("search")),
                    None)
    reference = failed if entry(servers, failed) is not None else servers[0]["server"]
    return retry_server(servers, reference, asked | {failed})
