"""A part that names only places and dates asks what the part before it asked: "What's the weather in Los Angeles
on Saturday and New York on Monday?", "Cheapest flights on Thursday from Hong Kong to Singapore, and from Hong
Kong to Bangkok?". Code completes it from the part before, so nothing is invented.

Why: cut apart, "New York on Monday" holds no word of what is asked; retrieval sent it to the attractions
server, and "from Hong Kong to Bangkok" to a travel-time tool. The completed part is the part before with the
new values put in place of its own: a place after the same preposition ("from", "to") replaces that one, any
other place the part before's places in order, and a date the part before's one date. A value the ellipsis
leaves out (the date in "and from Hong Kong to Bangkok") stays as the part before wrote it. The same reading
serves a follow-up turn of that form ("And coming back, Melbourne to Sydney next friday?").
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.places import places_named
from nodes.date_mentions import DateMention, find_date_mentions

# What an ellipsis may hold beside its places and dates: linking words, prepositions, and the words of a way back.
_LINKING = frozenset("""and also plus then what about how same for in on at from to the a or but so ok okay
    coming going flying heading back return returning way""".split())
_WORD = re.compile(r"[\w'-]+")
_PLACE_PREPOSITIONS = ("from", "to", "in", "at", "for")
# "the same two times for Dubai", "the same info for Rome": what is the same, said again, asks nothing new
_SAME_WHAT = re.compile(r"\bthe same\s+(?:[\w'-]+\s+){0,3}?(?=(?:for|in|at)\b)", re.IGNORECASE)


def _preposition_before(text: str, start: int) -> str:
    words = _WORD.findall(text[:start].lower())
    return words[-1] if words and words[-1] in _PLACE_PREPOSITIONS else ""


def completed_ellipsis(part: str, before: str, today: date) -> str | None:
    """``before`` with the places and dates ``part`` writes put in place of its own; None when ``part`` says
    more than places and dates, names none, or names more places than ``before`` has to replace."""
    part = _SAME_WHAT.sub("", part)
    places = places_named([part])
    dates = find_date_mentions(part, today)
    if not places and not dates:
        return None
    rest = part
    for span in [p.span for p in places] + [d.phrase for d in dates]:
        rest = rest.replace(span, " ")
    if any(w.lower() not in _LINKING for w in _WORD.findall(rest) if re.search(r"\w", w)):
        return None  # ("->" between two places is no word: "shanghai->beijing on monday")
    old_places = places_named([before])
    old_dates = find_date_mentions(before, today)
    if len(places) > len(old_places) or len(dates) > 1 or (dates and len(old_dates) > 1):
        return None
    replacements: list[tuple[int, int, str]] = []  # (start, end, new text) in ``before``
    free = list(old_places)
    for place in places:
        cue = _preposition_before(part, place.start)
        same = [p for p in free if cue and _preposition_before(before, p.start) == cue]
        target = same[0] if same else free[0]
        free.remove(target)
        replacements.append((target.start, target.start + len(target.span), place.span))
    if dates and old_dates:
        old = old_dates[0]
        replacements.append((old.start, old.start + len(old.phrase), dates[0].phrase))
    elif dates:
        replacements.append((len(before.rstrip(" ?!.")), len(before), f" {_with_preposition(part, dates[0])}"))
    completed = before
    for start, end, text in sorted(replacements, reverse=True):
        completed = completed[:start] + text + completed[end:]
    return completed if completed != before else None


def with_its_date(part: str, completed_from: str, today: date) -> str:
    """``part`` with the date of the ellipsis completed from it, when ``part`` names none: "cheapest flights
    beijing->shanghai and shanghai->beijing on monday the 7th" writes the day once, for both."""
    dates = find_date_mentions(completed_from, today)
    if len(dates) != 1 or find_date_mentions(part, today):
        return part
    return f"{part.rstrip(' ?!.')} {_with_preposition(completed_from, dates[0])}"


def _with_preposition(part: str, mention: DateMention) -> str:
    """The date as ``part`` writes it, with its preposition ("on Monday")."""
    found = re.search(r"\b(on|for|by)\s+$", part[: mention.start], re.IGNORECASE)
    return f"{found.group(1)} {mention.phrase}" if found else mention.phrase
