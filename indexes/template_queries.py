"""A deterministic, model-free stand-in for the augmenter: example requests built from the catalogue text.

The embedded 135M model writes mostly noise (SQL fragments, digit runs; see the closing note of issue 5), and a
real augmenter may not be available offline, so committed caches can be produced by this generator instead.
It only rephrases what the server itself publishes, one short focused text per tool:

- the tool's name as words (``get-bbc-news`` -> "get bbc news"): the one English handle a tool with a Chinese
  description has, and what short step-like requests ("read the excel") resemble most;
- the first sentence of its description, without the usage boilerplate that follows and dilutes the vector;
- the name with its parameter names ("write file path content").

Texts are taken round-robin over the tools (all first sentences first), so the first N cover the most tools.
Queries it writes are labelled in the cache file's ``generator`` field by the callers that save them.
"""

from __future__ import annotations

import re

from indexes.bm25 import split_identifier
from indexes.documents import ServerDoc, ToolDoc

GENERATOR_NAME = "template-v1"
_SENTENCE_END = re.compile(
    r"(?<=[.!?。！？])(?<!e\.g\.)(?<!i\.e\.)(?<!etc\.)\s|\n\s*\n|\n(?=\s*[-*#]|\s*Args:|\s*Returns:)"
)
_LATIN = re.compile(r"[A-Za-z]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")


def first_sentence(text: str, limit: int = 200) -> str:
    """The description's first sentence (or paragraph), whitespace-collapsed and clipped at a word."""
    head = _SENTENCE_END.split(text.strip(), maxsplit=1)[0] if text.strip() else ""
    head = " ".join(head.split())
    if len(head) > limit:
        head = head[:limit].rsplit(" ", 1)[0]
    return head


def mostly_latin(text: str) -> bool:
    """True when Latin letters outnumber CJK characters (MiniLM only reads the former well)."""
    return len(_LATIN.findall(text)) >= len(_CJK.findall(text))


def tool_texts(tool: ToolDoc) -> list[str]:
    """A tool's candidate texts, best first."""
    words = " ".join(split_identifier(tool.name))
    sentence = first_sentence(tool.description)
    with_params = " ".join([words, *(" ".join(split_identifier(p)) for p in tool.parameters[:4])])
    english = [sentence] if sentence and mostly_latin(sentence) else []
    other = [sentence] if sentence and not english else []
    return [t for t in (*english, words, with_params, *other) if t]


def template_queries(server: ServerDoc, n: int) -> list[str]:
    """Up to ``n`` distinct texts for ``server``, round-robin over its tools, then its description."""
    columns = [tool_texts(t) for t in server.tools]
    server_line = first_sentence(server.description)
    ordered = [col[i] for i in range(max((len(c) for c in columns), default=0)) for col in columns if i < len(col)]
    if server_line:
        ordered.insert(min(len(columns), len(ordered)), server_line)
    seen: set[str] = set()
    out = []
    for text in ordered:
        key = text.casefold()
        if key not in seen:
            seen.add(key)
            out.append(text)
        if len(out) == n:
            break
    return out


async def template_generate(server: ServerDoc, n: int) -> list[str]:
    """``indexes.augment.Generate`` over ``template_queries`` (cheap: no thread needed)."""
    return template_queries(server, n)
