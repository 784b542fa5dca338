"""Which listed document answers a request that names no file: the one whose text holds the request's words.

Why: "what's my dentist's phone number" names no file; the number is in contacts.md. A path is still a value
a listing returned (nodes/arguments/listed_values.py), so the choice stays among the listed files; it is made
by BM25 over what each file says (indexes/document_coverage.py) instead of over its name. A file is chosen
only when it holds enough of the request's word weight: a question about a note nobody wrote ("my ski trip
note") gets no path, and so a plain line (nodes/arguments/unresolved.py), not a read of the file that merely
mentions "price".
"""

from __future__ import annotations

import re

from indexes.asked_sentence import asked_sentence
from indexes.bm25 import tokenize
from indexes.document_coverage import Coverage, DocumentCoverage, title_words
from indexes.document_terms import written_names
from indexes.entities import is_city_word

# Share of the request's word weight (idf) the best file must hold: one rare word of three is not enough.
MIN_COVERED_SHARE = 0.45
# A runner-up is offered too when it scores nearly as well (two notes about one trip).
RUNNER_UP_SHARE = 0.8
# A file holding more of a long request's words than any other, and at least two, needs only this share.
MIN_TOPIC_WORDS = 2
MIN_TOPIC_SHARE = 0.3
# ... or this share, when it holds this many times the runner-up's share.
MIN_CHATTY_SHARE = 0.2
LEAD_OVER_RUNNER_UP = 1.4
# A file chosen by its name must hold this share of the request too: "my ski trip note" names no lisbon-trip.md.
MIN_CONFIRMING_SHARE = 0.3
# ... or this share, when the request writes every word of its name ("the Lisbon guesthouse ... in my trip notes" of
# lisbon-trip.md) and no other file's name is written so
MIN_TITLED_SHARE = 0.15


def files_for_request(named: list[str], contents: dict[str, str], request_texts: list[str], *, limit: int = 2
                      ) -> list[str]:
    """The files to read for the request, best first: those ``named`` (chosen by their file names) whose text
    holds enough of the request, else the files whose text holds most of it; empty when none does. A named
    path whose text was not read is kept. Word weights come from the whole folder (``contents``: path ->
    text): "what did I write about the lift pass in my ski trip note" shares "trip" with lisbon-trip.md, whose
    text is about something else, and gets no file."""
    readable = [p for p, text in contents.items() if text.strip()]
    if not readable:
        return named
    coverage = DocumentCoverage([f"{path}\n{contents[path]}" for path in readable])
    ranked = coverage.ranked(" ".join(request_texts))
    shares = {readable[c.position]: c.share for c in ranked}
    read = set(readable)
    # (a folder is never read: "notes/" named by "my trip notes" confirms nothing)
    confirmed = [p for p in named if (p not in read and not p.endswith("/")) or shares.get(p, 0.0) >= MIN_CONFIRMING_SHARE]
    if confirmed:
        confirmed = sorted(confirmed, key=lambda p: -shares.get(p, 1.0))  # best first
        if len(confirmed) <= limit:
            return confirmed
        # more than a request names by file name: "my travel notes" names every file under notes/, and the one
        # holding all of "the Casa Baixa Azul" is the one to read, not the roadmap that mentions a casa
        best = max(shares.get(p, 0.0) for p in confirmed)
        return [p for p in confirmed if p not in read or shares.get(p, 0.0) >= RUNNER_UP_SHARE * best][:limit]
    written = set(tokenize(" ".join(request_texts)))
    titled = [p for p in named if (title := title_words(p)) and title <= written]
    if len(titled) == 1 and shares.get(titled[0], 0.0) >= MIN_TITLED_SHARE:
        return titled
    found = [c for c in ranked if c.share >= MIN_COVERED_SHARE]
    if not found:
        found = _topic_of_a_long_request(ranked, coverage)
    return [readable[c.position] for c in found if c.score >= RUNNER_UP_SHARE * found[0].score][:limit]


def _topic_of_a_long_request(ranked: list[Coverage], coverage: DocumentCoverage) -> list[Coverage]:
    """A long, casual request ("quick one - when does my passport expire? I wrote it down somewhere") holds
    little of its weight in any file: the one file holding more of its words than any other, at least two, and
    a lower share, is still its topic."""
    if not ranked:
        return []
    best = max(ranked, key=lambda c: (len(c.held), c.share))
    rivals = [c for c in ranked if c is not best and len(c.held) >= len(best.held)]
    if len(best.held) < MIN_TOPIC_WORDS or rivals:
        return []
    runner_up = max((c.share for c in ranked if c is not best), default=0.0)
    # a chatty request ("Hey, my manager needs my outbound train number for the Lisbon trip") spreads its weight
    # over words no file holds; a file holding clearly more of it than any other, by two words that tell files
    # apart ("note" is in every path), is still its topic
    telling = [t for t in best.held if not coverage.is_common(t)]
    if best.share >= MIN_TOPIC_SHARE or (len(telling) >= MIN_TOPIC_WORDS and best.share >= MIN_CHATTY_SHARE
                                         and best.share >= LEAD_OVER_RUNNER_UP * runner_up):
        return [best]
    return []


_NOTE_TOPIC = re.compile(r"^(?:trip|visit|holiday|vacation|weekend|stay|leg|notes?|itinerary)\b|"
                         r"\b(?:trip|visit|holiday|vacation|weekend|stay|notes?) (?:to|in|at|from|about|on)$", re.I)


def _around(name: str, text: str) -> str:
    """The word after the city's name, or the words before it: "Reykjavik trip" gives "trip", "my trip to
    Reykjavik" gives "... trip to"."""
    match = re.search(rf"(?i)\b{re.escape(name)}\w*\W*(\w+)?", text)  # the search token may be stemmed
    if match is None:
        return ""
    before = " ".join(text[:match.start()].split()[-2:])
    return (match.group(1) or "") if _NOTE_TOPIC.match(match.group(1) or "") else before


def names_no_file_holds(contents: dict[str, str], request_texts: list[str]) -> list[str]:
    """The cities the request's asking sentence writes mid-sentence ("the guesthouse on the Reykjavik trip") that no
    read file holds: the request is about a note nobody wrote, and the nearest file (the Lisbon trip) is about
    something else. Empty when no file was read."""
    if not contents:
        return []
    # each text on its own: a message's first word after the task's last is no name written mid-sentence
    # a city, not any capitalised word ("in Celsius") nor a country ("the Japan trip"), naming what a note would be
    # about ("the Reykjavik trip", "my trip to Reykjavik"), not where the asker happens to be ("flying to Denver,
    # what's my passport number")
    names = {name for text in request_texts for name in written_names(asked_sentence(text) or text)
             if is_city_word(name) and _NOTE_TOPIC.search(_around(name, text))}
    # typed in lower case: "notes kyoto trip guesthouse name", "my lasagna recipe"
    names |= {token for text in request_texts for token in _topics_in_lower_case(asked_sentence(text) or text)}
    held = {token for path, text in contents.items() for token in tokenize(f"{path}\n{text}")}
    return sorted(names - held)


# "<city> trip", "trip to <city>", "<dish> recipe": what a note would be about, in lower case
_CITY_TOPIC = re.compile(r"\b([a-z]{3,}) (?:trip|visit|holiday|vacation|itinerary)\b|"
                         r"\b(?:trip|visit|holiday|vacation) (?:to|in) ([a-z]{3,})\b")
_DISH_TOPIC = re.compile(r"\b([a-z]{4,}) recipe\b")
# words that say which one, not what about: "my last recipe", "the old recipe"
_WHICH_ONE = frozenset("""last next first previous recent latest upcoming old new favourite favorite own usual
    family secret special quick easy simple best good great basic classic""".split())


def _topics_in_lower_case(text: str) -> set[str]:
    """The tokens of a city a lower-case trip is about, or of the dish a lower-case recipe is for."""
    words = [w for m in _CITY_TOPIC.finditer(text) for w in m.groups() if w and is_city_word(w)]
    words += [m.group(1) for m in _DISH_TOPIC.finditer(text) if m.group(1) not in _WHICH_ONE]
    return {token for word in words for token in tokenize(word)}
