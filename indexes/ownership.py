"""Whose data a question is about: the asker's own ("what's my licence plate?", "how many orders did we get?") or
the world's. A server whose description speaks in the first person ("My notes folder", "Our company database")
holds the user's own records; a public service describes itself in the third person.

Why: beside a catalogue of public services, a question about the user's own records shares its topic words with
them ("orders", "stock", "customer" with a shop; "flight number" with an airline), and a small dense lead let the
public service shadow the user's server. Who owns the data is read from the catalogue's own words, not from a
domain: the ranking adds ``OWN_DATA_BONUS`` to the own-data servers, and ``RowMirror.coverage`` counts the cue
as one more word they share with the question (indexes/ranking.py, indexes/row_mirror.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

# A server's description in the first person: "My personal notes", "Our company database", "people in my life".
_SERVER_FIRST_PERSON = re.compile(r"\b(?:my|our|ours|mine)\b", re.IGNORECASE)
# "What's the reference number on my Lisbon trip?", "how many do we have": the asker's own things.
_OWNER = re.compile(r"\b(?:my|mine|our|ours|we|us|i)\b", re.IGNORECASE)
# The same without "I", and "us" in lower case only: "I need the weather in Paris" asks about the world, and
# "flights to the US" names a country.
# "I" counts only with a verb of keeping a record: "what restaurant did I write down", "the code I saved".
_OWNER_PLAINLY = re.compile(r"\b(?:[Mm]y|[Mm]ine|[Oo]urs?|[Ww]e|us)\b|\bI\s+(?:(?:had|have)\s+)?(?:wrote|write|written|"
                            r"noted|note|saved|save|jotted|jot|put|kept|keep|stored|store|logged|log|recorded|record)\b")
# A question, not a command: "book my trip to Lisbon" stays with the service that acts. A request to be told
# something is a question too: "remind me my licence plate", "tell me our refund policy", "look up my number".
# the nouns of a recorded value, asked for by name
_VALUE_NOUNS = r"(?:number|reference|ref|code|password|pin|address|date|id|seat|total|balance)"
# verbs that act ("book a seat on my flight" is a command to the service that acts)
_ACTS = r"(?:book|reserve|buy|order|get|change|cancel|add|move|pick|choose|select|upgrade|swap|update|set|make|pay)"
QUESTION = re.compile(r"^\s*(?:what|what's|whats|which|who|whose|when|where|how|is|are|was|were|do|does|did|can|"
                      r"could|remind|tell|show|give|find|look|pull|fetch|recall)\b|\?|"
                      r"\b(?:needs?|wants?|asking for|asks for|looking for)\s+(?!to\b)(?:\S+\s+){0,6}?(?:my|our)\b|"
                      # a recorded value asked for by its noun: "Seat number on my Lisbon flights.", "I need the
                      # booking reference for the Lisbon flights" ("I need a hotel in Lisbon" acquires, not asks)
                      rf"^\s*(?!{_ACTS}\b)(?:the\s+)?(?:[\w'-]+\s+){{0,3}}?{_VALUE_NOUNS}\s+(?:on|of|for|in|from)\b|"
                      rf"\b(?:need|want|give me|get me|send me)\s+the\s+(?:[\w'-]+\s+){{0,3}}?{_VALUE_NOUNS}\b",
                      re.IGNORECASE)
# a "?" anywhere: "cheapest in Bath? name + price"; a need of one's own things stated: "the kiosk wants the booking
# reference for my Lisbon flights" asks for it ("I need the cheapest flight to Paris" asks nothing of one's own, and
# "I need to book a hotel for my trip" is a command)

OWN_DATA_WORD = "\x00own-data"
"""The pseudo-word a question about the asker's own data shares with own-data servers (no tokenizer emits it)."""

# Added to a matched own-data server's fused score on such a question: about the gap by which a public service's
# topic words led the user's server on the dev split's first-person questions (0.07 to 0.14 in cosine).
OWN_DATA_BONUS = 0.10
# The person counts too: "my neighbour's cat" is the asker's own ("My notes", "people in my life"), "the cheapest
# thing we sell" a group's ("Our company database"). An own-data server spoken of in the other person keeps this
# share of the bonus only: it is still the user's, but the less likely one (on the dev questions, one's own people
# and notes lost to the company database by 0.01, and the company's products to one's notes by 0.06).
OTHER_PERSON_SHARE = 0.5
_SINGULAR = re.compile(r"\b(?:my|mine)\b|\bI\b", re.IGNORECASE)
_PLURAL = re.compile(r"\b(?:our|ours|we)\b", re.IGNORECASE)


def describes_own_data(description: str) -> bool:
    """True when a server's description speaks of the user's own records ("Our company database ...")."""
    return bool(_SERVER_FIRST_PERSON.search(description))


def asks_about_own_records(question: str) -> bool:
    """A question (not a command) about the asker's own things, "I" included: words another server shares with
    the asker's document then say nothing against the document (indexes/document_terms.py)."""
    return bool(_OWNER.search(question) and QUESTION.search(question))


def asks_about_own_data(question: str) -> bool:
    """A question about what the asker and theirs hold ("my plate", "did we hire", "orders with us"); the
    narrower cue that moves ranking scores."""
    return bool(_OWNER_PLAINLY.search(question) and QUESTION.search(question))


def persons(text: str) -> frozenset[str]:
    """The first persons ``text`` speaks in: "singular" (my, mine, I), "plural" (our, ours, we)."""
    return frozenset({*(["singular"] if _SINGULAR.search(text) else []), *(["plural"] if _PLURAL.search(text) else [])})


def own_data_bonus(questions: Sequence[str], own_data_servers: Mapping[str, frozenset[str]] | frozenset[str],
                   bonus: float = OWN_DATA_BONUS) -> list[dict[str, float]]:
    """Per question, the bonus of each own-data server (none for a question about the world): whole for a server
    spoken of in the question's own person (``own_data_servers`` maps each to its description's persons; a plain
    set counts every server in every person), OTHER_PERSON_SHARE of it otherwise."""
    speaking = own_data_servers if isinstance(own_data_servers, Mapping) else {
        server: frozenset({"singular", "plural"}) for server in own_data_servers}
    found: list[dict[str, float]] = []
    for question in questions:
        if bonus <= 0 or not asks_about_own_data(question):
            found.append({})
            continue
        asked = persons(question)
        found.append({server: bonus if not asked or not spoken or asked & spoken else bonus * OTHER_PERSON_SHARE
                      for server, spoken in speaking.items()})
    return found
