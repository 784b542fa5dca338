"""Glue a message's pieces, cut at its joins, back into its intents: a piece that only qualifies, describes or
measures what the piece before asked is part of it, and so is a qualifier or scope opening the message.

Why: a cut at every "and" and comma made intents of "not counting cancelled orders", "the lisbon fair guy" and
"how many units", each a question of nothing. The intent splitter (nodes/intent_split.py) asks this after it has
cut the message and before it judges whether the parts depend on each other.
"""

from __future__ import annotations

import re

from indexes.document_coverage import QUESTION_WORDS
from nodes.arguments.places import is_place_name
from nodes.arguments.stop_words import STOP_WORDS
from nodes.asking import ASKS, ASKS_INVERTED, ASKS_WORD, REQUESTS
from nodes.field_vocabulary import superlative_order
from nodes.intent_references import FILLERS, bare_measure
from nodes.message_scope import with_the_day_first

MIN_PART_WORDS = 3

# A part that narrows the one before it and asks nothing of its own: "..., not counting cancelled orders"
# (the words that leave something out may also open the question: "Leaving aside anything cancelled, how many ...")
_LEAVES_OUT = (r"not counting|not including|excluding|except(?: for)?|ignoring|leaving out|"
               r"(?:leaving|setting|putting|leave|set|put) aside|aside from|barring|apart from|other than")
_QUALIFIER = re.compile(rf"^\s*(?:{_LEAVES_OUT}|without|with|but not|only(?: the)?|including|counting only|"
                        r"just the)\b", re.I)
# A part opening the question with its scope, asking nothing: "Across all pending orders in the company DB, how many
# units ..."
# (a quantifier over records only: "For Monday: cheapest hotel in Shanghai" is an intent of its own)
_SCOPE = re.compile(r"^\s*(?:across|among|amongst|of|for|in|within|out of|over) (?:all|every|each|the whole)\b", re.I)
# Only a qualifier that leaves something out opens a question as its scope; "only the ..." or "including ..." opening
# a message is an intent of its own ("Only the cheapest hotel in Rome, and the weather in Oslo")
_LEADING_QUALIFIER = re.compile(rf"^\s*(?:{_LEAVES_OUT})\b", re.I)

# a description of what the part before names: "..., the lisbon fair guy", "..., the one organising the fair"
_DESCRIBES = re.compile(r"^\s*the\b", re.I)
MAX_DESCRIPTION_WORDS = 6
# a person's name: "marco silva's", "of Marco", "Chiara Bellini" (a place is no person: "hotels in Paris")
_POSSESSIVE_NAME = re.compile(r"\b[a-z]+ [a-z]+'s\b", re.I)
_CAPITALISED = re.compile(r"(?<!^)(?<![.!?] )\b[A-Z][a-z]+(?: [A-Z][a-z]+)?\b")


def _names_a_person(text: str) -> bool:
    return bool(_POSSESSIVE_NAME.search(text)) or any(not is_place_name(m.group()) for m in _CAPITALISED.finditer(text))


def _only_names_asked(part: str) -> bool:
    """A question word and one name, nothing else: "What are Samsung" (of "What are Samsung and Sony worth")."""
    content = [w for w in re.findall(r"[\w'.-]+", part) if w.lower() not in STOP_WORDS | QUESTION_WORDS | FILLERS]
    return len(content) == 1 and content[0][:1].isupper()


def glued_parts(pieces: list[str], question: str) -> tuple[list[str], bool]:
    """(the intents ``pieces`` make once glued, whether a piece was glued back only because it names what to measure
    of the piece before). ``question``: the message the pieces were cut from, whose span a part opening a list of
    names keeps."""
    parts: list[str] = []
    measures_before = False  # a part glued back because it only names what to measure of the part before
    leading = ""  # "Leaving aside anything cancelled, how many units ...": a qualifier opening the question
    for n, piece in enumerate(pieces):
        if leading:
            piece, leading = f"{leading}, {piece}", ""
        words = piece.lower().split()
        if (not parts and (_LEADING_QUALIFIER.match(piece) or _SCOPE.match(piece)) and not ASKS_WORD.search(piece)
                and n < len(pieces) - 1):
            leading = piece
        elif parts and _DESCRIBES.match(piece) and len(words) <= MAX_DESCRIPTION_WORDS and not ASKS_WORD.search(piece) \
                and not REQUESTS.search(piece) and not ASKS_INVERTED.search(piece) and _names_a_person(parts[-1]) \
                and superlative_order(piece) is None:  # "..., plus the cheapest hotel in Chicago" asks for a row
            parts[-1] = f"{parts[-1]}, {piece}"  # "need marco silva's email, the lisbon fair guy": who is meant
        elif parts and _QUALIFIER.match(piece) and not ASKS_WORD.search(piece):
            parts[-1] = f"{parts[-1]}, {piece}"  # "how many units did they order, not counting cancelled ones"
        elif parts and (len(words) < MIN_PART_WORDS or len([w for w in words if w not in FILLERS]) < 2
                        or bare_measure(piece)):
            # "..., which product was it and how many units": a bare measure asks it of the part before
            measures_before = measures_before or bare_measure(piece)
            parts[-1] = f"{parts[-1]} and {piece}"
        else:
            parts.append(piece)
    parts = with_the_day_first(parts)  # "next friday, ...": before a short first part is glued to the next
    if parts and len(parts) > 1 and (len(parts[0].split()) < MIN_PART_WORDS or (
            _only_names_asked(parts[0]) and not ASKS.match(parts[1]) and not REQUESTS.match(parts[1]))):
        # "What are Samsung and Sony worth per share": a part that only names, opening a list the next part asks of
        # "netflix + disney stock prices": the question's own span, so a name opening a list stays an item of it
        start = question.find(parts[0])
        end = question.find(parts[1], start + len(parts[0])) if start >= 0 else -1
        parts[1] = question[start:end + len(parts[1])] if end >= 0 else f"{parts[0]} {parts[1]}"
        parts.pop(0)
    return parts, measures_before
