"""Place names a request writes, found in the gazetteer (nodes/arguments/gazetteer.py: cities with their IANA
zone, countries, US states, other countries' provinces and regions).

Why a gazetteer and not spans: a tool that takes an IANA zone or a country code needs the place *resolved*
("Lima" -> America/Lima, PE), and the resolution must come from data, never from a hand-written table
(ARCHITECTURE.md decision 11). nodes/arguments/timezones.py and nodes/arguments/codes.py read places from here.

Matching rules (kept simple on purpose):
- A name matches case-insensitively, on 1 to 3 words of the request, longest first, without overlaps.
- When several places share a name, the most populous wins ("Lima" is Peru's, not Ohio's); a country wins
  over a city and a state of its name ("Georgia" is the country), and a US state over a town of its name
  abroad ("Arizona", not the Honduran town).
- Ordinary words that are also place names ("nice", "mobile", "reading") must not become places. So a single
  lower-case word, or a capitalised one opening the text ("Reading a book..."), counts only next to a place
  cue: after "in", "at", "to", "from", "for", "and", "or", "vs", "between", a verb of leaving or visiting (and
  "the": "in the philippines"), a clock time ("9:30 am mumbai") or a comma, or before "time" ("what time is it
  in nice" -> Nice); an opening capitalised word also before "to", "and", "or", "vs" or a comma and another
  place ("Paris to Tokyo", not "Nice to meet you"). Capitalised words elsewhere, names of two or more words,
  and the main name of a city of a million people ("ahead of london is tokyo") count as written.
- Alternate names of cities of 100,000 people or more count too ("Bombay", "Kiev", "NYC"), but never
  over a main name; short all-capital ones ("NYC", "LA") only when written in capitals, for cities of a million,
  and so do three-letter country codes ("USA", "DEU").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

from nodes.arguments.gazetteer import Gazetteer, Place, gazetteer, loose_key
from nodes.arguments.place_cues import (CUE_WORDS, MAX_PLACE_WORDS, US_STATES, beside_cue, is_big_city,
                                         named_route_end, stands_alone, typed_acronym)
from nodes.arguments.place_typos import misspelt_place
from nodes.arguments.stop_words import STOP_WORDS

_MISSPELLING_SCORE = 88  # rapidfuzz ratio: "san francicso" ~ "san francisco" is 92, "total" ~ "tonala" 73
_WORD = re.compile(r"[^\W\d_][\w'.\-]*[^\W_]|[^\W\d_]", re.UNICODE)

@dataclass(frozen=True)
class PlaceMention:
    """A place as the request writes it (``span``), with where it starts, and what it resolves to."""

    span: str
    start: int
    place: Place


def _words(text: str) -> list[tuple[str, int, int]]:
    """The words of ``text`` with their offsets; a possessive "'s" is not part of the name ("Tokyo's"), and a
    hyphen joins no name unless the gazetteer writes it so: "Beijing-Tokyo flight" names two places, "Winston-Salem"
    one."""
    found = []
    for match in _WORD.finditer(text):
        word, end = match.group(), match.end()
        if word.lower().endswith("'s"):
            word, end = word[:-2], end - 2
        if "-" in word and word.lower() not in gazetteer().by_name:
            start = match.start()
            for part in re.finditer(r"[^-]+", word):
                found.append((part.group(), start + part.start(), start + part.end()))
            continue
        found.append((word, match.start(), end))
    return found


def places_named(texts: list[str]) -> list[PlaceMention]:
    """The places each text names, in text order (texts one after another), longest names first."""
    index = gazetteer()
    found: list[PlaceMention] = []
    for text in texts:
        words = _words(text)
        i = 0
        while i < len(words):
            hit = None
            for size in range(min(MAX_PLACE_WORDS, len(words) - i), 0, -1):
                j = i + size
                span = text[words[i][1] : words[j - 1][2]]
                if size == 1 and (span.isupper() or typed_acronym(span, words, i, text)) \
                        and span.replace(".", "").upper() in index.acronyms:
                    hit = (j, span, index.acronyms[span.replace(".", "").upper()])
                    break
                place = index.by_name.get(" ".join(span.lower().split()))
                if place is None and size > 1:  # "St. John's": its "'s" is the name's, not a possessive
                    whole = span + "'s" if text[words[j - 1][2]:].startswith(("'s", "\u2019s")) else span
                    place = index.loose.get(loose_key(whole)) or index.loose.get(loose_key(span))
                    span = whole if index.loose.get(loose_key(whole)) else span
                if place is not None and (is_big_city(span, place) or stands_alone(words, i, j, text, index)
                                          or (size == 1 and named_route_end(span, place, words, i, index))):
                    hit = (j, span, place)
                    break
            if hit is None:
                hit = _slip_of_a_place(words, i, text, index)
            if hit is None:
                i += 1
                continue
            j, span, place = hit
            found.append(PlaceMention(span=span, start=words[i][1], place=place))
            i = j
    return _qualified(_without_modifiers(found, texts), texts, index)


def _slip_of_a_place(words: list[tuple[str, int, int]], i: int, text: str,
                     index: Gazetteer) -> tuple[int, str, Place] | None:
    """Word ``i`` as a slip of a big place's name ("in tokoy", "toronot time", "reykjavk local time"), where a
    place is written: beside a place cue, or just before "local time"."""
    word = words[i][0]
    place = misspelt_place(word)
    if place is None:
        return None
    following = text[words[i][2]:].lstrip().lower()
    if not (beside_cue(words, i, i + 1, text, index, opening=False) or following.startswith("local time")):
        return None
    return i + 1, word, place


# "in central London", "downtown Chicago": a lower-case word just before a place describes it
_BEFORE_NEXT = re.compile(r"\s+$")


def _without_modifiers(found: list[PlaceMention], texts: list[str]) -> list[PlaceMention]:
    text = "\n".join(texts)
    kept = []
    for mention, following in zip(found, [*found[1:], None]):
        modifies = (following is not None and mention.span.islower() and " " not in mention.span
                    and _BEFORE_NEXT.fullmatch(text[mention.start + len(mention.span):following.start]) is not None
                    # "portland oregon": a city before its state is qualified by it (_qualified), not a modifier
                    and not (_names_a_region(following) and gazetteer().city_in(mention.span, following.place)))
        if not modifies:
            kept.append(mention)
    return kept


def _names_a_region(mention: PlaceMention) -> bool:
    return mention.place.is_country or mention.place.is_region or mention.place.name.lower() in US_STATES


def _qualified(found: list[PlaceMention], texts: list[str], index: Gazetteer) -> list[PlaceMention]:
    """Each city followed by its country, state or province resolved there: "Portland, Maine" is Portland in
    Maine's zone, not the more populous Oregon city; "Norfolk, Virginia" the city, not the English county. The
    qualifier then only says where the city is, and is no place of its own ("Adelaide, Australia" asks for no
    Sydney time)."""
    text = "\n".join(texts)
    resolved: list[PlaceMention | None] = list(found)
    for k, (city, where) in enumerate(zip(found, found[1:])):
        between = text[city.start + len(city.span):where.start]
        if city.place.is_country or not re.fullmatch(r"\s*[,(]?\s*", between):
            continue
        if not _names_a_region(where):
            continue
        there = index.city_in(city.span, where.place) or index.city_in(city.place.name, where.place)
        if there is not None:
            resolved[k], resolved[k + 1] = PlaceMention(span=city.span, start=city.start, place=there), None
    return [mention for mention in resolved if mention is not None]


def is_place_name(span: str) -> bool:
    """Whether ``span`` is, as a whole, a name the gazetteer knows, in any case ("lisbon", "St Johns"), or an
    alias written in capitals ("NYC": in lower case "tip" would be Tripoli's airport). For a property that takes
    a city the cue rules above are not needed: the tool asks for a place, so a bare "beijing" is one, while
    "dinner" or "passport" never is."""
    index = gazetteer()
    folded = " ".join(span.lower().split())
    return (folded in index.by_name or loose_key(span) in index.loose
            or (span.isupper() and span.replace(".", "") in index.acronyms))


def coded_places(texts: list[str]) -> dict[str, str]:
    """Code as written -> the city it stands for, for codes typed in lower case and two-letter short forms ("sfo"
    -> San Francisco, "SF" -> San Francisco): a server that takes a city knows its name, not the code."""
    index = gazetteer()
    return {m.span: m.place.name for m in places_named(texts)
            if (m.span.islower() or len(m.span) <= 2) and m.span.upper() in index.acronyms
            and index.acronyms[m.span.upper()] == m.place}


def may_name_a_place(span: str, texts: list[str]) -> bool:
    """Whether ``span`` may be given to a property that takes a city: a name the gazetteer knows, a word written
    as a name, capitalised mid-sentence ("Zuraflax", which only the server can say it does not know), or a slip
    of a known name right after a place cue ("time in san francicso"). Never an ordinary lower-case word
    ("dinner came to $86", "when does my passport expire", "in total") nor a figure: such a request names no
    city, and the tool is not called."""
    if is_place_name(span):
        return True
    if any(c.isdigit() for c in span):
        return False
    words = span.split()
    if all(w[:1].isupper() for w in words) and span.lower() not in STOP_WORDS and any(
            _written_mid_sentence(span, text) for text in texts):
        return True
    cue = re.compile(rf"\b(?:{CUE_WORDS})\s+{re.escape(span)}(?![\w'])", re.IGNORECASE)
    return any(cue.search(text) for text in texts) and _misspells_a_place(" ".join(span.lower().split()))


@lru_cache(maxsize=4096)
def _misspells_a_place(folded: str) -> bool:
    """A place name typed with a slip ("san francicso"): close to a gazetteer name, unlike "total" in "in total"
    or "stock" in "in stock". Once per word: the search over every name takes a few milliseconds."""
    return len(folded) >= 5 and process.extractOne(folded, _place_keys(), scorer=fuzz.ratio,
                                                   score_cutoff=_MISSPELLING_SCORE) is not None


@lru_cache(maxsize=1)
def _place_keys() -> tuple[str, ...]:
    return tuple(gazetteer().by_name)


def _written_mid_sentence(span: str, text: str) -> bool:
    """``span`` occurs in ``text`` other than as a sentence's first word ("Dinner came to $86" is no name)."""
    for match in re.finditer(rf"(?<![\w']){re.escape(span)}(?![\w'])", text):
        before = text[: match.start()].rstrip()
        if before and not before.endswith((".", "!", "?", ":")):
            return True
    return False
