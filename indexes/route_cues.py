"""Structural cues for the route classifier: how many of the catalogue's servers a query touches, and whether
it says that one step depends on another.

Why: a sentence embedding mostly encodes the *topic* of a query, while the route depends on its *structure*
(one need, several independent needs, or a chain). Measured on the held-out split, MiniLM embeddings alone
reach about 0.80 accuracy; these few cues next to them lift it (see benchmarks/results/router.md).

The words that say which server a query touches are not written here: ``derive_cue_words`` reads them from
the catalogue in use (ARCHITECTURE.md decision 11), from each server's description and category, its tools'
names, descriptions, parameter names and parameter descriptions, its ``examples``, the names its listing
tools return and the codes its parameters allow (so an all-caps symbol counts only when a server lists or
takes it). A word most of the catalogue's
servers share says nothing about which one a query needs and is left out. The connectives and reference
words are ordinary English.

Measured (benchmarks/router.py, the built-in catalogue, int8 MiniLM): held-out accuracy 0.912 with these
derived words against 0.907 with the hand-written word lists they replace and 0.892 with no server words;
in 5-fold cross-validation on the train split, grouped by template, 0.901 against 0.891 and 0.879.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from indexes.bm25 import STOPWORDS, plural_stem, split_identifier
from indexes.documents import ServerDoc
from indexes.entities import GENERIC_NAME_WORDS, fold

# Words of any API's documentation: they say how a tool is called, not what it is about.
GENERIC_WORDS = frozenset("""about above after again against all also any api args argument arguments array
    available based before being below between both boolean call called calls case default defaults
    description detail details each either else every example examples false field fields first following
    format found further given gives here however id ids include includes including info information input
    instead integer item items just json key keys last least less like list lists many may more most much
    must name names need needed new next none not null number object one only optional other otherwise
    output over own param parameter parameters per provide provided provides rather required result results
    return returned returns same see set several should show shows since some specific specified string such
    than them there these they those through tool tools true two type types under until upon used user users
    uses value values very via want way well whether while within without would yes""".split()) | frozenset(
    # Calendar words say when, not what: every dated tool's documentation has some.
    """monday tuesday wednesday thursday friday saturday sunday january february march april may june july
    august september october november december today tomorrow tonight yesterday weekend week weeks day days
    date dates""".split())
MIN_WORD = 3
# A word held by more of the catalogue's servers than this share (and more than two) names none of them.
SHARED_SHARE = 0.5

_WORD = re.compile(r"[^\W_]+")
_DOUBLED = re.compile(r"([b-df-hj-km-np-rtv-z])\1$")  # "hott" -> "hot"; not l, s or z ("spell", "pass")


def stem(word: str) -> str:
    """A light, dictionary-free stem: plural, -ing, -ed, -er, -est (both query and catalogue words get it, so
    "raining" meets "rain" and "cheapest" meets "cheap"; a wrong stem is the same wrong stem on both sides)."""
    word = plural_stem(word)
    for suffix, keep in (("ing", 3), ("est", 4), ("ed", 3), ("er", 4)):
        if word.endswith(suffix) and len(word) - len(suffix) >= keep:
            word = word[: -len(suffix)]
            doubled = _DOUBLED.search(word)
            return word[:-1] if doubled else word
    return word


def cue_tokens(text: str) -> list[str]:
    """The content words of a text as cue words: folded, identifiers split, function and API words dropped,
    stemmed."""
    words = split_identifier(fold(text))
    return [stem(w) for w in words if len(w) >= MIN_WORD and w not in STOPWORDS and w not in GENERIC_WORDS
            and not w.isdigit()]


_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n\s*\n")
# "Not for live data (prices, availability): use the dedicated servers": what a server does not do.
_NOT_FOR = re.compile(r"^\s*(?:not for|not to be used|do not use|don't use|never use)\b", re.IGNORECASE)
_PROSE_WORD = re.compile(r"(?<![\w'])([^\W\d_][^\W_]*)")


def prose_words(text: str) -> list[str]:
    """The cue words of documentation prose, without the names it mentions (a capitalised word or acronym
    after a sentence's first word: "e.g. 'Paris', 'NYC'") and without its "not for ..." sentences."""
    words: list[str] = []
    for sentence in _SENTENCE.split(text):
        if _NOT_FOR.match(sentence):
            continue
        for i, match in enumerate(_PROSE_WORD.finditer(sentence)):
            word = match.group(1)
            if i and word[:1].isupper():
                continue
            words.extend(cue_tokens(word))
    return words


def server_words(server: ServerDoc) -> set[str]:
    """The words of what a server does: those of its names (server, category, tools, parameters), its
    description, its examples and its tools' first sentences; and the words its longer documentation (the
    rest of the tools' descriptions, the parameters' descriptions) repeats, since a word said once there is
    as often an aside ("plus the change over the period") as a topic."""
    strong = [*cue_tokens(server.name), *cue_tokens(server.category)]
    strong += [w for text in (server.description, *server.examples) for w in prose_words(text)]
    weak: list[str] = []
    for tool in server.tools:
        strong += cue_tokens(tool.name) + [w for p in tool.parameters for w in cue_tokens(p)]
        head, *rest = _SENTENCE.split(tool.description.strip(), maxsplit=1) or [""]
        strong += prose_words(head)
        weak += [w for text in (*rest, *tool.parameter_descriptions) for w in prose_words(text)]
    return set(strong) | {w for w, n in Counter(weak).items() if n >= 2}


@dataclass(frozen=True)
class CueWords:
    """Which of the catalogue's servers each cue word belongs to: ``servers_of`` for the words of what the
    servers do, ``listed_by`` for the words of the names they list; ``digest`` identifies both (the route
    classifier's cache key)."""

    servers_of: Mapping[str, frozenset[str]] = field(default_factory=dict)
    listed_by: Mapping[str, frozenset[str]] = field(default_factory=dict)
    codes: frozenset[str] = frozenset()  # capitalised values parameters allow ("USD"), lower case
    digest: str = "none"
    # The words too many servers use to be a cue ("time", "list"), with those servers: such a word is no server's
    # own, though ``servers_of`` leaves it out ("next time" in a Tokyo note does not make "time in Tokyo?" a note)
    common: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # The kinds of thing the catalogue serves, stemmed: the words of its servers', categories' and tools' names
    # ("note", "calculat", "query"): a follow-up's rewrite may name one the user did not write
    kinds: frozenset[str] = frozenset()

    def __len__(self) -> int:
        return len(self.servers_of) + len(self.listed_by)


NO_CUE_WORDS = CueWords()


def derive_cue_words(servers: Sequence[ServerDoc], listed: Mapping[str, Iterable[str]] | None = None) -> CueWords:
    """The catalogue's cue words: each server's own words (``server_words``), the words of the names its
    listing tools returned (``listed``: server -> names) and the codes its parameters allow, without those
    most servers share."""
    owners: dict[str, set[str]] = {}
    listers: dict[str, set[str]] = {}
    codes: set[str] = set()
    kinds: set[str] = set()
    for server in servers:
        kinds.update(cue_tokens(server.name), cue_tokens(server.category),
                     (w for tool in server.tools for w in cue_tokens(tool.name)))
        for word in server_words(server):
            owners.setdefault(word, set()).add(server.name)
        for name in (listed or {}).get(server.name, ()):
            for word in cue_tokens(name):
                if word not in GENERIC_NAME_WORDS:
                    listers.setdefault(word, set()).add(server.name)
        for code in server_codes(server):
            listers.setdefault(code, set()).add(server.name)
            codes.add(code)
    limit = max(2, int(SHARED_SHARE * len(servers)))
    servers_of = {word: frozenset(found) for word, found in owners.items() if len(found) <= limit}
    common = {word: frozenset(found) for word, found in owners.items() if len(found) > limit}
    listed_by = {word: frozenset(found) for word, found in listers.items() if len(found) <= limit}
    payload = [*(sorted((w, sorted(f)) for w, f in table.items()) for table in (servers_of, listed_by)), sorted(codes)]
    digest = hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode()).hexdigest()[:16]
    return CueWords(servers_of, listed_by, frozenset(codes), digest, common, frozenset(kinds))


def server_codes(server: ServerDoc) -> set[str]:
    """The codes a server's parameters allow: enum values written in capitals ("USD", "CHF"), lower case."""
    return {value.lower() for tool in server.tools for values in tool.parameter_values for value in values
            if len(value) >= 2 and value.isalpha() and value.isupper()}


def domains_of(query: str, words: CueWords = NO_CUE_WORDS) -> set[str]:
    """The catalogue's servers a query names: each server holding a word of the query that no other server
    holds. A word several servers share says the query needs one of them, not which, and is not counted.

    A listed name (or a code a parameter allows) is a need of its own only when typed in capitals ("AAPL",
    "USD"); otherwise it is what a need is about ("trains to Dubai" is one need, though a forecast server
    lists Dubai). Counting a lone lower-case name ("nestle?") as well measured 0.907 against 0.912."""
    tokens = cue_tokens(query)
    found = {next(iter(words.servers_of[w])) for w in tokens if len(words.servers_of.get(w, ())) == 1}
    capitals = {w for raw in _WORD.findall(query) if len(raw) >= 2 and raw.isupper() for w in cue_tokens(raw)}
    names = [w for w in tokens if len(words.listed_by.get(w, ())) == 1 and w in capitals]
    return found | {next(iter(words.listed_by[w])) for w in names}


# A later step needs an earlier result: sequence words, conditions, choosing by a result, references.
DEPENDENCY = re.compile(
    r"\bthen\b|\bif\b|\botherwise\b|\bwhichever\b|\bwhich (?:city|day|one|of)\b|\bonce\b|\bafter\b|\bfirst\b|"
    r"\busing (?:it|its|that)\b|\bthat (?:day|one|city|place)\b|\bthere\b|\bit\b|\bits\b|"
    r"\bbest\b|\btop-rated\b|\bmost\b|\bleast\b|\b(?:more|less) \w+ than\b|\b\w+er than\b|"
    r"\bwhich (?:is|one is|city is|day is|of them is) (?:the )?\w+(?:er|est)\b",
    re.IGNORECASE,
)
# Superlatives choose by a result ("the cheapest", "the earliest"): a word ending in -est, but not these.
_NOT_SUPERLATIVE = frozenset("""best interest interests request requests test tests suggest forest guest guests
    west rest contest protest invest manifest honest modest harvest arrest chest nest pest vest quest digest
    priest fest lest zest crest jest wrest pretest southwest northwest midwest""".split())
_SUPERLATIVE = re.compile(r"\b([a-z]{2,}est)\b", re.IGNORECASE)
# "that shop", "that restaurant": a reference to an earlier result, when the noun is one of the catalogue's words.
_THAT_NOUN = re.compile(r"\bthat (\w+)\b", re.IGNORECASE)
# "the price in CHF", "convert it to JPY": a result wanted in another of the codes a tool takes.
_IN_CODE = re.compile(r"\b(?:in|to|into) ([A-Za-z]{2,})\b")
# Independent needs side by side.
JOINERS = re.compile(r"\band\b|,|;|\balso\b|\bplus\b|\bas well as\b|\bthree things\b", re.IGNORECASE)

CUE_NAMES = ("one_domain", "two_domains", "three_domains", "dependency_words", "any_dependency",
             "joiners", "any_joiner")


def dependency_count(query: str, words: CueWords = NO_CUE_WORDS) -> int:
    """How many times the query says a step depends on an earlier result."""
    found = len(DEPENDENCY.findall(query))
    found += sum(1 for w in _SUPERLATIVE.findall(query) if w.lower() not in _NOT_SUPERLATIVE)
    found += sum(1 for w in _THAT_NOUN.findall(query) if stem(w.lower()) in words.servers_of
                 and w.lower() not in ("day", "one", "city", "place"))
    found += sum(1 for w in _IN_CODE.findall(query) if w.lower() in words.codes)
    return found


def cue_vector(query: str, words: CueWords = NO_CUE_WORDS) -> np.ndarray:
    """The cues as numbers, in CUE_NAMES order; ``words``: the catalogue's (``derive_cue_words``)."""
    domains = len(domains_of(query, words))
    dependency = dependency_count(query, words)
    joiners = len(JOINERS.findall(query))
    return np.array([domains == 1, domains == 2, domains >= 3, min(dependency, 3) / 3, dependency > 0,
                     min(joiners, 3) / 3, joiners > 0], dtype=np.float32)
