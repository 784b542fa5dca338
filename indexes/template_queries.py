"""A deterministic, model-free stand-in for the augmenter: example requests built from the catalogue text.

The embedded 135M model writes mostly noise (SQL fragments, digit runs; see the closing note of issue 5), and a
real augmenter may not be available offline, so committed caches can be produced by this generator instead.
It only rephrases what the server itself publishes, one short focused text per tool:

- the tool's name as words (``get-bbc-news`` -> "get bbc news"): the one English handle a tool with a Chinese
  description has, and what short step-like requests ("read the excel") resemble most;
- the first sentence of its description, without the usage boilerplate that follows and dilutes the vector;
- the name with its parameter names ("write file path content");
- (v2) the example requests the description quotes after "Use for" ("weather in X tomorrow", kept without its
  placeholders: "weather in tomorrow"), and each item
  of the list its first sentence gives after a colon ("sunrise and sunset (local time)"), prefixed by the
  tool's name: a long description is one vector in which "sunset" is a small part, while a question about
  one item ("what time is sunset in Madrid") matches that item's own short row.

Texts are taken round-robin over the tools (all first sentences first), so the first N cover the most tools.
Queries it writes are labelled in the cache file's ``generator`` field by the callers that save them.
"""

from __future__ import annotations

import re

from indexes.bm25 import split_identifier
from indexes.documents import ServerDoc, ToolDoc

GENERATOR_NAME = "template-v2"
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


_USE_FOR = re.compile(r"\b(?:use (?:it |this )?for|e\.g\.|such as|for example)\s*:?\s*((?:['\"‘“][^'\"’”]{4,120}['\"’”][,;]?\s*"
                      r"(?:or\s+|and\s+)?)+)", re.IGNORECASE)
_QUOTED = re.compile(r"['\"‘“]([^'\"’”]{4,120})['\"’”]")
_LIST_SPLIT = re.compile(r",\s*(?:and\s+|or\s+)?|;\s*")
MAX_LIST_ITEMS = 12
_PLACEHOLDERS = {"X", "Y", "Z"}


def example_requests(description: str) -> list[str]:
    """The requests a description quotes as its uses ("Use for 'weather in X tomorrow', 'how hot next week'");
    quoted identifiers ("e.g. 'HB-000012'") are not requests and are left out."""
    found: list[str] = []
    for match in _USE_FOR.finditer(description):
        for quoted in _QUOTED.findall(match.group(1)):
            words = quoted.split()
            # An example naming places or products ("warmer, Paris or Rome?") would match questions by the
            # name, whatever they ask; placeholders (X, Y) stand for any name.
            named = [w for w in words[1:] if w[:1].isupper() and len(w.strip("?,.!")) > 1]
            # A placeholder is a word to the encoder ("X stock price" scored 0.43 against "tesla stock?",
            # "stock price" 0.50), so it is left out of the row.
            kept = [w for w in words if w.strip("?,.!'") not in _PLACEHOLDERS]
            if len(words) >= 3 and not named and len(kept) >= 2:
                found.append(" ".join(kept))
    return found


def list_items(sentence: str) -> list[str]:
    """The items the first sentence lists after its colon ("high/low in °C, condition, ..., sunrise and
    sunset (local time)"), each two words or more, or one word of five letters or more."""
    if ":" not in sentence:
        return []
    items = [" ".join(i.split()).strip(" .") for i in _LIST_SPLIT.split(sentence.split(":", 1)[1])]
    return [i for i in items if len(i.split()) >= 2 or len(i) >= 5][:MAX_LIST_ITEMS]


def tool_texts(tool: ToolDoc) -> list[str]:
    """A tool's candidate texts, best first."""
    words = " ".join(split_identifier(tool.name))
    sentence = first_sentence(tool.description)
    with_params = " ".join([words, *(" ".join(split_identifier(p)) for p in tool.parameters[:4])])
    english = [sentence] if sentence and mostly_latin(sentence) else []
    other = [sentence] if sentence and not english else []
    examples = example_requests(tool.description) if english else []
    items = [f"{words}: {item}" for item in list_items(sentence)] if english else []
    return [t for t in (*english, words, with_params, *other, *examples, *items) if t]


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
