"""A property that names a thing the server lists takes a value that its listing could hold.

Why: a server with a listing tool (``list_companies``, ``list_regions``) says which things its other tools know.
"what time is it in Genovia right now?" reached a share-price server (its "what is trading at right now" row
was the best match), and a quote for 'Genovia' then its history failed: the listing holds no Genovia, so neither
call could answer, and each failed call is a call the user's server had to refuse. "how many items r totally
out of stock" asked it for 'r'. The closed set is typed by the listing.

Which properties: one whose name holds the noun of one of the server's listing tools (``company_or_symbol``
beside ``list_companies``, ``region`` beside ``list_regions``). A span may fill it when it holds a word of a listed
name (accents folded, one letter off allowed in longer words: "nestle", "tesal"), or is written as a code in
capitals ("NYC", "AAPL"), which the server may know beyond its names. A property whose spans all fail keeps
no value, so the tool is not offered and the task reports that nothing the server lists was named.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from indexes.bm25 import plural_stem
from indexes.entities import fold, name_words

LISTING_NOUNS = "listing_nouns"  # Candidates.listed key: the nouns of the server's listing tools
LISTED_WORDS = "listed_words"  # Candidates.listed key: the words of the names those tools returned
LISTING_TOOLS = "listing_tools"  # Candidates.listed key: the names of the server's listing tools
_LISTING_VERBS = frozenset({"list", "get", "all", "show", "available", "known"})
_WORD = re.compile(r"[^\W_]+")
_CODE = re.compile(r"[A-Z][A-Z0-9]{1,5}(?:\.[A-Z]{1,3})?")
_CLOSE = 0.8  # difflib ratio: "tesal" ~ "tesla", "zurich" ~ "zürich" is folded first


def _words(name: str) -> list[str]:
    """The words of a snake_case or camelCase name, lower case, plurals stemmed."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)
    return [plural_stem(w.lower()) for w in _WORD.findall(spaced.replace("_", " "))]


def listing_nouns(listing_tools: Iterable[str]) -> list[str]:
    """What the listing tools list: "list_companies" -> ["company"], "listRegions" -> ["region"]."""
    nouns = [w for tool in listing_tools for w in _words(tool) if w not in _LISTING_VERBS and len(w) >= 3]
    return list(dict.fromkeys(nouns))


def names_a_listed_thing(property_name: str, nouns: Iterable[str]) -> bool:
    """Whether the property's own name holds a listing noun ("company_or_symbol" and "company")."""
    return bool(set(_words(property_name)) & set(nouns))


MAX_NAMES_SHARING_A_WORD = 3  # "city" in Mexico City, Panama City, Quebec City...: a word of a kind, no name


def listed_words(names: Iterable[str]) -> list[str]:
    """The identifying words of the listed names (indexes/entities.py ``name_words``): words that few names
    share, so "gotham city" names nothing a forecast server lists."""
    holders: dict[str, int] = {}
    for name in set(names):
        for word in name_words(name):
            holders[word] = holders.get(word, 0) + 1
    return sorted(word for word, count in holders.items() if count <= MAX_NAMES_SHARING_A_WORD)


def asks_for_the_listing(texts: Iterable[str], nouns: Iterable[str]) -> bool:
    """Whether the request asks for the listing itself: a listing noun in the plural or after "list" ("which
    cities do you cover", "list the regions")."""
    words = [w.lower() for text in texts for w in _WORD.findall(text)]
    listed = set(nouns)
    return any(plural_stem(w) in listed and (plural_stem(w) != w or "list" in words) for w in words)


def only_listings_left(callable_tools: Iterable[str], listing_tools: Iterable[str], blocked: bool) -> bool:
    """Whether the gate left nothing but the listing tools themselves: a filtered listing ("cities in
    'atlantis'": none) is no answer, and the request gets the gate's plain line instead."""
    left, listing = set(callable_tools), set(listing_tools)
    return blocked and bool(left) and left <= listing


def _holds_listed_word(span: str, words: set[str]) -> bool:
    for word in _WORD.findall(fold(span)):
        if word in words:
            return True
        if len(word) >= 5 and difflib.get_close_matches(word, words, n=1, cutoff=_CLOSE):
            return True
    return False


def listed_spans(values: list[str], listed_names: list[str], words: Iterable[str]) -> list[str]:
    """The values a listing could hold: spans that hold a word of a listed name or are written as a code, in
    their order (as the request writes them: the server resolves its own aliases), then the listed names the
    request writes."""
    vocabulary = set(words)
    kept = [v for v in values if v in listed_names or _CODE.fullmatch(v) or _holds_listed_word(v, vocabulary)]
    return list(dict.fromkeys([*kept, *listed_names]))


def listing_context(listings: dict[str, list[str]]) -> dict[str, list[str]]:
    """The Candidates.listed entries this gate reads, from the names each listing tool returned ({} for a
    server without listings)."""
    names = [name for found in listings.values() for name in found]
    if not names:
        return {}
    return {LISTING_NOUNS: listing_nouns(listings), LISTED_WORDS: listed_words(names), LISTING_TOOLS: list(listings)}
