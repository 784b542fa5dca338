"""Follow-ups that change the route of the last question: "from Barcelona instead" (one end), "the other way round?"
(both ends swapped), "Paris → Zurich same day?" (another route). The rest of the last question is kept: its day, its
cabin, what it asked.

Why: the rewriter (a 135M model) dropped the asked superlative or spliced the follow-up's words in as an end. Code
reads the places (nodes/arguments/places.py) and the route they make (nodes/reference_binding.py), for any
catalogue whose tools take two ends.
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.places import places_named
from nodes.date_mentions import find_date_mentions
from nodes.reference_binding import route_destination

_END_SWAP = re.compile(r"^(?:(?:and|but|actually|so|what about|how about|make it|instead|what if (?:i|we)|"
                       r"(?:if|could|can|should) (?:i|we))\s+)*"
                       r"(?:(?:leave|leaving|depart|departing|fly|flying|go|going|start|starting|head|heading|set off|"
                       r"setting off|begin|beginning)\s+)?"
                       r"(from|to|out of|into)\s+(.+?)"
                       r"(?:\s+(?:instead|that day|the same day|on the same day|then|too))*\W*$", re.IGNORECASE)


_REVERSED = re.compile(r"^(?:(?:and|but|so|what about|how about|now)\s+)*(?:the\s+)?"
                       r"(?:other\s+way(?:\s+(?:a?round|back))?|reverse(?:d)?(?:\s+direction)?|other\s+direction|"
                       r"opposite\s+direction|way\s+back|return\s+leg)\W*$", re.IGNORECASE)


def reversed_route(last_asked: str) -> str | None:
    """The last question with the two ends of its route swapped ("the other way round?" after "sf → la on tuesday");
    None when it writes no route of two places."""
    ends = places_named([last_asked])
    destination = route_destination(last_asked, [m.span for m in ends])
    if destination is None:
        return None
    end = next(m for m in ends if m.span == destination)
    start = next((m for m in ends if m.span != destination), None)
    if start is None:
        return None
    first, second = sorted((start, end), key=lambda m: m.start)
    return (last_asked[:first.start] + second.span + last_asked[first.start + len(first.span):second.start]
            + first.span + last_asked[second.start + len(second.span):])


def swapped_route_end(question: str, last_asked: str) -> str | None:
    """The last question with one end of its route replaced: "from Barcelona instead" after "Paris to Rome on
    Tuesday, cheapest flight?" starts the route in Barcelona, "to Madrid?" ends it there; "the other way round?"
    swaps both. None when the follow-up is not one place after "from" or "to", or the last question writes no route
    of two places."""
    if _REVERSED.match(question.strip()):
        return reversed_route(last_asked)
    if (both := _new_route(question, last_asked)) is not None:
        return both
    if (arriving := _flying_in_from(question, last_asked)) is not None:
        return arriving
    match = _END_SWAP.match(question.strip())
    if match is None:
        return None
    named = places_named([match.group(2)])
    if len(named) != 1 or named[0].span.lower() != match.group(2).strip().lower():
        return None
    ends = places_named([last_asked])
    destination = route_destination(last_asked, [m.span for m in ends])  # None unless two places make one route
    if destination is None:
        return None
    end = next(m for m in ends if (m.span == destination) == (match.group(1).lower() in ("to", "into")))
    return last_asked[:end.start] + named[0].span + last_asked[end.start + len(end.span):]


_ROUTE_ONLY_WORDS = frozenset("and what about how then instead same day date that on the flip it back reverse round "
                              "way return ok okay now".split())


def _new_route(question: str, last_asked: str) -> str | None:
    """The last question with both ends of its route replaced, when the follow-up writes only another route ("Paris →
    Zurich same day?" after "How much to fly London to Zurich on the 10th?"); its own day, if any, is bound later."""
    named = places_named([question])
    if len(named) != 2 or route_destination(question, [m.span for m in named]) is None:
        return None
    rest = question
    for said in [*(m.span for m in named), *(m.phrase for m in find_date_mentions(question, date.today()))]:
        rest = rest.replace(said, " ")
    rest = re.sub(r"\b(?:to|from)\b", " ", rest)
    if any(w.lower() not in _ROUTE_ONLY_WORDS for w in re.findall(r"[A-Za-z']+", rest)):
        return None
    ends = places_named([last_asked])
    destination = route_destination(last_asked, [m.span for m in ends])
    if destination is None:
        return None
    new_end = route_destination(question, [m.span for m in named])
    new_start = next(m.span for m in named if m.span != new_end)
    old_end = next(m for m in ends if m.span == destination)
    old_start = next(m for m in ends if m.span != destination)
    replaced = {old_start.start: (old_start, new_start), old_end.start: (old_end, new_end)}
    text = last_asked
    for start in sorted(replaced, reverse=True):
        mention, value = replaced[start]
        text = text[:start] + value + text[start + len(mention.span):]
    return text


# "how much to fly in from Bangkok that day", "I'm flying in from Beijing that morning": a route that ends where the
# last question was
_IN_FROM = re.compile(r"\b(?:fly|flying|flights?|come|coming|get|getting|head|heading|arrive|arriving)\s+in\s+from\s+",
                      re.IGNORECASE)


def _flying_in_from(question: str, last_asked: str) -> str | None:
    """The follow-up with the route it means written out: "fly in from Bangkok" after "the cheapest Singapore hotel
    for the night of the 7th" is "fly from Bangkok to Singapore". None unless the follow-up says "in from" one place
    and the last question names one place, or one route's end."""
    match = _IN_FROM.search(question)
    if match is None:
        return None
    origin = [m for m in places_named([question[match.end():]]) if m.start == 0]
    ends = places_named([last_asked])
    there = ends[0].span if len(ends) == 1 else route_destination(last_asked, [m.span for m in ends])
    if not origin or there is None or origin[0].place.name == next(m.place.name for m in ends if m.span == there):
        return None
    start = match.end() + len(origin[0].span)
    return f"{question[:match.end() - len('in from ')]}from {origin[0].span} to {there}{question[start:]}"
