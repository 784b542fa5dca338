"""ISO 4217 currency codes a request names, as closed sets: "Swiss francs" -> CHF, "yen" -> JPY, "$84" -> USD
(countries and languages: nodes/arguments/country_language_codes.py).

Why: a property that takes "CHF" gets no span of "20 Swiss francs"; the 135M executor asked to write a code
writes "SF" or "SWI". Names come from library data, never a hand table (ARCHITECTURE.md decision 11): CLDR's and
geonames' tables (nodes/arguments/currency_tables.py), and the places a request names from the gazetteer
(nodes/arguments/places.py).

Currency mentions, strongest first: a full name ("US dollars", "Swiss franc"), a symbol ("$", "€", "CA$"), a
code in capitals ("EUR"), a nationality with "currency"/"money"/"cash" ("Japanese money"), a plural unit
noun ("dollars", "euros"). Weak ones count only beside a number, a strong mention or "in"/"into"/"to"/"from":
a singular or invariant unit noun ("yen", "won": "who won" is no currency) and a code in lower case ("usd";
"try" and "all" are words too). A unit noun many currencies share ("dollars", "francs") gives the first of
them, ranked: the currencies of places the request names first, then the one CLDR writes with a bare symbol
("$" is USD's), then by the population that uses it. Last come the currencies of the places named ("the
currency of Japan"), so a bare country still offers its currency.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nodes.arguments.currency_tables import EVERYDAY_NATIONALITIES, CurrencyTables, currency_tables
from nodes.arguments.places import places_named
from nodes.arguments.stop_words import STOP_WORDS

MAX_NAME_WORDS = 4
_WORD = re.compile(r"[^\W\d_][\w'\-]*[^\W_]|[^\W\d_]")
_MONEY_WORDS = ("currency", "currencies", "money", "cash")
_CUES = frozenset({"in", "into", "to", "from", "meant"})  # "sorry, I meant sterling"
_HOW_MANY = re.compile(r"\bhow many\s+$", re.IGNORECASE)
_CONVERT = re.compile(r"\bconvert\b", re.IGNORECASE)
_NEAR = 3  # words between a weak mention and the strong one that vouches for it


def _unit_after(text: str, end: int, tables: CurrencyTables, codes: frozenset[str]) -> tuple[int, str] | None:
    """(where it ends, the code) of a unit noun right after ``end`` that one of ``codes`` has ("won" after
    "Korean": KRW, ranked before KPW)."""
    match = re.match(r"\s+([^\W\d_]+)", text[end:])
    if match is None:
        return None
    ranked = [code for code in tables.nouns.get(match.group(1).lower(), []) if code in codes]
    return (end + match.end(), ranked[0]) if ranked else None


def word_spans(text: str) -> list[tuple[str, int, int]]:
    """Each word of ``text`` with its start and end."""
    return [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]


def _beside_number(text: str, start: int, end: int) -> bool:
    before, after = text[:start].rstrip(" $€£¥"), text[end:].lstrip()
    return bool(re.search(r"\d[kmb]?$|\d\s*(?:million|billion|thousand|bn)$", before, re.IGNORECASE)
                or re.match(r"\d", after))


@dataclass
class _Mention:
    span: str
    start: int
    codes: list[str]
    strong: bool
    cue: bool  # after "in", "to", "from"...


def _currency_mentions(text: str, tables: CurrencyTables) -> list[_Mention]:
    words = word_spans(text)
    all_caps = text.upper() == text
    mentions: list[_Mention] = []
    i = 0
    while i < len(words):
        found = None
        for size in range(min(MAX_NAME_WORDS, len(words) - i), 0, -1):
            start, end = words[i][1], words[i + size - 1][2]
            span = text[start:end]
            key = " ".join(span.lower().split())
            following = text[end:].lstrip().lower()
            if key in tables.names:
                found = (size, _Mention(span, start, [tables.names[key]], True, False))
            elif key in tables.adjectives and following.startswith(_MONEY_WORDS):
                found = (size, _Mention(span, start, [tables.adjectives[key]], True, False))
            elif key in tables.nationalities and (unit := _unit_after(text, end, tables, tables.nationalities[key])):
                # "Korean won": a nationality with a unit noun of its currencies names the first of them ranked
                found = (size + 1, _Mention(text[start:unit[0]], start, [unit[1]], True, False))
            elif size == 1 and span.upper() in tables.codes and span.lower() not in STOP_WORDS:
                found = (1, _Mention(span, start, [span.upper()], span.isupper() and not all_caps, False))
            elif size == 1 and key in tables.nouns:
                found = (1, _Mention(span, start, tables.nouns[key], key in tables.plural_nouns, False))
            if found:
                break
        if found is None:
            i += 1
            continue
        size, mention = found
        mention.cue = i > 0 and words[i - 1][0].lower() in _CUES
        mention.strong = mention.strong or _beside_number(text, mention.start, mention.start + len(mention.span))
        mentions.append(mention)
        i += size
    for symbol, code in tables.symbols.items():
        for match in re.finditer(rf"(?<![A-Za-z]){re.escape(symbol)}", text):
            if not any(m.start <= match.start() < m.start + len(m.span) for m in mentions):
                mentions.append(_Mention(symbol, match.start(), [code], True, False))
    # "$" inside "CA$" is CAD's, not USD's: keep the longest symbol at a place.
    mentions = [m for m in mentions if not any(o is not m and o.start <= m.start and m.start + len(m.span)
                                               <= o.start + len(o.span) and len(o.span) > len(m.span)
                                               for o in mentions)]
    return sorted(mentions, key=lambda m: m.start)


def _vouched(mention: _Mention, mentions: list[_Mention], text: str, is_code: bool) -> bool:
    """A weak mention counts beside a strong one ("usd to EUR"), or, for a unit noun, after a cue ("in yen") or
    right before "to" and another currency ("yen to dollar")."""
    if mention.strong or (mention.cue and not is_code):
        return True
    before = text[:mention.start]
    if _HOW_MANY.search(before) or (mention.cue and _CONVERT.search(before)):
        return True  # "how many yuan is that", "then convert the rate to usd": asked of money
    if mention.cue and any(other.strong for other in mentions if other is not mention):
        return True  # "5000 baht and 20000 yen. how much is each in usd?": a code after a cue in a question of money
    after = text[mention.start + len(mention.span):]
    joined = re.match(r"\s+(?:to|into)\s+", after)
    if not is_code and joined and any(other.cue and other.start == mention.start + len(mention.span) + joined.end()
                                      for other in mentions):
        return True  # "yen to dollar": a unit noun right before "to" and another currency
    for other in mentions:
        if other is mention or not other.strong:
            continue
        lo, hi = sorted((mention.start, other.start))
        if len(word_spans(text[lo:hi])) <= _NEAR:
            return True
    return False


def currencies_written(texts: list[str]) -> list[tuple[str, str]]:
    """(span as written, ISO 4217 code) pairs of the currencies the texts write as such (a name, symbol, code or
    unit noun), in text order, each ambiguous noun as the first of its currencies ranked (the module's rules)."""
    # One currency per mention: the executor, offered every dollar, took "yen to dollar" as HKD.
    return list(dict.fromkeys((span, ranked[0]) for span, ranked in _ranked_mentions(texts)))


def currency_qualifiers(texts: list[str]) -> frozenset[str]:
    """The places the texts write only to say which currency a unit noun means: "Hong Kong" of "the price in Hong
    Kong dollars" (HKD, where "dollars" alone is USD), not "Paris" of "Paris euros". Read once per request: every
    city property of every step asks."""
    return _currency_qualifiers(tuple(texts))


@lru_cache(maxsize=256)
def _currency_qualifiers(texts: tuple[str, ...]) -> frozenset[str]:
    mentions = [(text, mention) for text in texts for mention in places_named([text])]
    found: set[str] = set()
    places: set[str] = set()  # a place also written on its own ("Hong Kong hotels, in Hong Kong dollars") stays one
    for text, mention in mentions:
        noun = re.match(r"\s+([A-Za-z]+)", text[mention.start + len(mention.span):])
        word = noun.group(1) if noun else ""
        alone = {code for _, code in currencies_written([f"in {word}"])} if word else set()
        qualified = {code for _, code in currencies_written([f"in {mention.span} {word}"])} if word else set()
        (found if alone and qualified and qualified != alone else places).add(mention.span.casefold())
    return frozenset(m.span for _, m in mentions if m.span.casefold() in found - places)


def currency_alternatives(texts: list[str]) -> dict[str, list[str]]:
    """For each code ``currencies_written`` gives, the other currencies its mention may mean, in rank order
    ("dirhams": MAD first by the people who use it, then AED): a set that lacks the first takes the next."""
    alternatives: dict[str, list[str]] = {}
    for _, ranked in _ranked_mentions(texts):
        alternatives.setdefault(ranked[0], ranked[1:])
    return alternatives


def _ranked_mentions(texts: list[str]) -> list[tuple[str, list[str]]]:
    """(span, its codes ranked) of each vouched currency mention, in text order."""
    tables = currency_tables()
    local = [tables.of_country[p.place.country_code] for p in places_named(texts)
             if p.place.country_code in tables.of_country]
    found: list[tuple[str, list[str]]] = []
    for text in texts:
        mentions = _currency_mentions(text, tables)
        for mention in mentions:
            is_code = len(mention.codes) == 1 and mention.span.upper() == mention.codes[0]
            if _vouched(mention, mentions, text, is_code):
                found.append((mention.span, sorted(mention.codes, key=lambda c: c not in local)))  # Geneva's francs
    return found


def currency_of_nationality(word: str) -> str | None:
    """The one currency a nationality said alone stands for in a question about money ("and in Canadian?": CAD,
    "in Swiss": CHF); None where it is no such word or names several ("korean")."""
    tables = currency_tables()
    folded = word.lower()
    return EVERYDAY_NATIONALITIES.get(folded) or tables.adjectives.get(folded)


def currencies_named(texts: list[str]) -> list[tuple[str, str]]:
    """``currencies_written``, then the currencies of the places the texts name."""
    tables = currency_tables()
    pairs = currencies_written(texts)
    pairs.extend((p.span, tables.of_country[p.place.country_code]) for p in places_named(texts)
                 if p.place.country_code in tables.of_country)
    return list(dict.fromkeys(pairs))


def currency_codes(texts: list[str]) -> list[str]:
    """The distinct codes of ``currencies_named``, best first: a currency property's closed set."""
    return list(dict.fromkeys(code for _, code in currencies_named(texts)))
