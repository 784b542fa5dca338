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

- (v3) the tool's name as a question ("get current time" -> "what is the current time", "read text file" ->
  "what is in the text file", "list tables" -> "show me the tables"), by the name's leading verb: a rule of
  English, the same for every catalogue; each parameter's description, after the tool's name ("get current
  time: IANA timezone name"), and the values it quotes as examples, as words ("get current time america new
  york"); and, for a server with listing tools, "what is <name>" for some of the names they listed (the
  running graph passes them: graphs/catalog_index.py); and the things the server's own description lists
  ("notes: wifi passwords", "notes: recipes").

Texts are taken round-robin over the tools (all first sentences first), so the first N cover the most tools.
Queries it writes are labelled in the cache file's ``generator`` field by the callers that save them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from indexes.bm25 import split_identifier
from indexes.documents import ServerDoc, ToolDoc

GENERATOR_NAME = "template-v3"
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


_PARENTHESES = re.compile(r"\(([^()]*)\)")


def description_items(name: str, description: str) -> list[str]:
    """What a server's description lists, after a colon or in parentheses ("notes folder: wifi passwords,
    recipes, ..."; "database (departments, employees, products)"), each after the server's name: like a tool's
    list items, a short row per thing a question may ask about."""
    head = " ".join(description.split())
    found = [" ".join(i.split()).strip(" .") for inner in _PARENTHESES.findall(head) if "," in inner
             for i in _LIST_SPLIT.split(inner)]
    if ":" in head:
        after = _PARENTHESES.sub("", head.split(":", 1)[1])
        found += [" ".join(i.split()).strip(" .") for i in _LIST_SPLIT.split(after)]
    words = " ".join(split_identifier(name))
    items = [i for i in dict.fromkeys(found) if len(i.split()) >= 2 or len(i) >= 5]
    return [f"{words}: {item}" for item in items[:MAX_LIST_ITEMS]]


# How a request asks for what a tool named "<verb> <object>" does: English, not any catalogue's domain.
_ASKS = {
    **dict.fromkeys(("get", "fetch", "retrieve", "lookup", "return", "show", "describe"), "what is the {}"),
    **dict.fromkeys(("read", "open", "view", "load"), "what is in the {}"),
    **dict.fromkeys(("list", "browse", "enumerate"), "show me the {}"),
    **dict.fromkeys(("search", "find", "query"), "find {}"),
}
PARAMETER_CHARS = 80
MAX_NAME_ROWS = 8  # "what is <name>" rows per server, at most; the entity directory knows every name


def as_question(words: list[str]) -> str:
    """A tool's name words as a request, by its leading verb; "" when the name has no object or known verb."""
    if len(words) < 2:
        return ""
    template = _ASKS.get(words[0])
    return template.format(" ".join(words[1:])) if template else ""


def quoted_values(description: str) -> list[str]:
    """Values a parameter's description quotes as examples ('America/New_York'), as words ("america new york")."""
    return [" ".join(split_identifier(v)) for v in _QUOTED.findall(description) if len(v.split()) <= 4][:2]


def parameter_texts(tool: ToolDoc, words: str) -> list[str]:
    """The tool's name words with each parameter's description, then with the values those quote."""
    described, valued = [], []
    for text in tool.parameter_descriptions:
        head = first_sentence(text, PARAMETER_CHARS)
        if head and mostly_latin(head):
            described.append(f"{words}: {head}")
        valued.extend(f"{words} {value}" for value in quoted_values(text) if value)
    return described + valued


def tool_texts(tool: ToolDoc) -> list[str]:
    """A tool's candidate texts, best first."""
    split = split_identifier(tool.name)
    words = " ".join(split)
    sentence = first_sentence(tool.description)
    params = [" ".join(split_identifier(p)) for p in tool.parameters[:4]]
    with_params = " ".join([words, *params])
    question = as_question(split)
    asked = f"{question} for {params[0]}" if question and params else ""
    english = [sentence] if sentence and mostly_latin(sentence) else []
    other = [sentence] if sentence and not english else []
    examples = example_requests(tool.description) if english else []
    items = [f"{words}: {item}" for item in list_items(sentence)] if english else []
    return [t for t in (*english, words, question, with_params, *other, *examples, asked,
                        *parameter_texts(tool, words), *items) if t]


def name_rows(listed: Sequence[str], limit: int = MAX_NAME_ROWS) -> list[str]:
    """ "what is <name>" for the first ``limit`` distinct names a server's listing tools returned."""
    names = list(dict.fromkeys(" ".join(n.split()) for n in listed if isinstance(n, str) and n.strip()))
    return [f"what is {name}" for name in names[:limit]]


def template_queries(server: ServerDoc, n: int, listed: Sequence[str] = (), fields: Sequence[str] = (),
                     questions: Sequence[str] = ()) -> list[str]:
    """Up to ``n`` distinct texts for ``server``, round-robin over its tools, then its description; with
    ``listed`` (names its listing tools returned), up to a quarter of them are "what is <name>" rows; with
    ``fields`` (what each kind of its records holds: "employees: name, city, hire date"), up to a quarter more
    lines come first, and with ``questions`` (what its records answer: "the employee with the highest salary usd")
    up to half more: a data server's topics are in its records, not in its tools' words."""
    names = name_rows(listed, min(MAX_NAME_ROWS, n // 4))
    records = list(dict.fromkeys(f for f in fields if f.strip()))[: n // 4]
    records += list(dict.fromkeys(q for q in questions if q.strip()))[: n // 2]
    columns = [tool_texts(t) for t in server.tools]
    server_line = first_sentence(server.description)
    ordered = [col[i] for i in range(max((len(c) for c in columns), default=0)) for col in columns if i < len(col)]
    if server_line:
        at = min(len(columns), len(ordered))
        ordered[at:at] = [server_line, *description_items(server.name, server.description)]
    seen: set[str] = set()
    out = []
    for text in ordered:
        if len(out) == n - len(names):
            break
        key = text.casefold()
        if key not in seen:
            seen.add(key)
            out.append(text)
    out += [text for text in names if text.casefold() not in seen]
    return [*records, *out[:n]]


async def template_generate(server: ServerDoc, n: int) -> list[str]:
    """``indexes.augment.Generate`` over ``template_queries`` (cheap: no thread needed)."""
    return template_queries(server, n)
