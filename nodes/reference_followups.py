"""Follow-ups that point back at the last question, rewritten by code: "what about netflix?" swaps the value asked
about before ("new_value_span", "swap_argument"), "and the best restaurant there?" puts the last place in for
"there" ("resolve_there"), "the weather in that city" keeps the thing whose city it means
("thing_in_place_of_place"), and a swapped question keeps the last question's day ("with_last_date").

Why: the 135M rewriter copied the example's city or dropped the new value; these follow-ups have one reading,
which code finds from the last question and its tool arguments. nodes/rewrite.py asks them before the model.
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.places import is_place_name, places_named
from nodes.date_mentions import find_date_mentions
from nodes.reference_binding import SAME_DAY, route_destination
from nodes.thing_places import place_reference, reference_end, refers_to_a_place, things_to_locate


_OTHER_ONE = re.compile(r"^(?:(?:ok|okay|so|hmm+|right|alright)[,\s]+)?(?:(?:and\s+)?(?:what|how)\s+about\s+(.+?)|"
                        r"(?:and|now)\s+(?:do\s+)?(.+?)|"
                        r"(?:and\s+)?(?:the\s+)?same\s+(?:for|with)\s+(.+?)(?:\s+(?:pls|please|too))?|"
                        r"(?:and\s+)?([\w&.'-]+(?:\s+[\w&.'-]+){0,2}?)\s+(?:too|as well|also)|"  # "boeing too"
                        r"([\w&.'-]+(?:\s+[\w&.'-]+)?)\s*\?|"  # "disney?"
                        # "Same question but Singapore please", "same search for Rome"
                        r"(?:the\s+)?same\s+(?:question|thing|search|again)\s*,?\s*(?:but\s+)?(?:for\s+|in\s+|with\s+)?"
                        r"(.+?)(?:\s+(?:pls|please|too))?|"
                        # "let's try shanghai instead, same night"
                        r"(?:let'?s\s+)?(?:try|do|check)\s+(.+?)\s+instead"
                        r"(?:[,\s]+(?:(?:for|on)\s+)?(?:that\s+|the\s+)?same\s+(?:day|night|date))?|"
                        r"([\w&.'-]+(?:\s+[\w&.'-]+)?)[,\s]+(?:(?:for|on)\s+)?(?:that\s+|the\s+)?"
                        r"same\s+(?:day|night|date)"
                        r")\s*\??$",  # "tokyo, same day?"
                        re.I)
# the last question's own day, said again after the new value: "And Delhi, for that same Thursday?", "CDMX for that
# date pls"
_SAME_WHEN = re.compile(r"[,\s]+(?:(?:for|on)\s+)?(?:that|the)\s+(?:same\s+)?(?:day|date|night|\w+day)\b.*$", re.I)
# a bare word that asks or remarks, never a name to swap in ("why?", "really?")
_NOT_A_NAME = frozenset("why really sure seriously thanks ok okay huh what how when where who which yes no yeah yep "
                        "nope cool nice wow great".split())
# Words that point back at the conversation: "hotels there for that night" asks something new about the
# same place, it does not name another one.
_WORDS = re.compile(r"[\w']+")
_POINTING_WORDS = frozenset("there that it its them those these then here this same".split())
_LINKING_WORDS = frozenset("a an the of in on at for to de la le".split())
_MAX_VALUE_WORDS = 4


def new_value_span(other: str, last_asked: str) -> str | None:
    """The words of ``other`` that name a new value: those the last question does not hold, as one
    contiguous span ("the weather in Rome" -> "Rome", "netflix" -> "netflix"). None when ``other`` points
    back ("hotels there"), holds no new word, or its new words are not one short span."""
    words = _WORDS.findall(other)
    if not words or any(w.lower() in _POINTING_WORDS for w in words):
        return None
    asked = {w.lower() for w in _WORDS.findall(last_asked)}
    novel = [i for i, w in enumerate(words) if w.lower() not in asked and w.lower() not in _LINKING_WORDS]
    if not novel:
        return None
    span = words[novel[0]: novel[-1] + 1]
    if len(span) > _MAX_VALUE_WORDS or any(w.lower() in asked for w in span):
        return None
    found = re.search(r"\b" + r"\W+".join(re.escape(w) for w in span) + r"\b", other)
    return found.group(0) if found else None


def swap_argument(question: str, last_asked: str, last_arguments: list[str]) -> str | None:
    """"what about netflix?" after "apple stock price", whose call took ticker_or_name 'apple': the last
    question with that value swapped for the new one. None when the follow-up is not of that form, points
    back at the last question ("and hotels there?"), or the last question holds none of the last call's
    values."""
    match = _OTHER_ONE.match(question.strip())
    if not match:
        return None
    other = _SAME_WHEN.sub("", next(g for g in match.groups() if g)).strip(" ?.!,")  # "Delhi, for that same Thursday"
    if (match.group(4) or match.group(5)) and set(other.lower().split()) & _NOT_A_NAME:
        return None  # "why?" said alone asks, "what about where I live, Istanbul" names a place
    joined = f"{last_asked}\n{other}"
    if not other or any(m.start > len(last_asked) for m in find_date_mentions(joined, date.today())):
        return None  # "what about the day after": a date, bound elsewhere
    value_span = new_value_span(other, last_asked)
    if value_span is None:
        return None
    for value in sorted(last_arguments, key=len, reverse=True):
        found = re.search(rf"\b{re.escape(value)}\b", last_asked, re.I) if value.strip() else None
        if found:
            return last_asked[: found.start()] + value_span + last_asked[found.end():]
    return None


# "there" as a place, not as the subject of "there are 4 of us", "there's", "is there"
_THERE = re.compile(r"\b(?:(in|at|to|from)\s+)?(?:(?<!\bis )(?<!\bare )there\b(?!'s|'re|'ll|'d|'ve|"
                    r"\s+(?:is|are|was|were|will|would|isn't|aren't|be|been|must|might|may|could|should)\b)|"
                    r"(?:that|the same) (?:city|town|place)\b|"
                    r"the (?:city|town)\b(?! (?:it's|it is|that's|that is) in\b)|the other end\b|"
                    r"(?:my|our|the) destination\b|(?:when|once|after|as soon as) (?:i|we) "
                    r"(?:land|arrive|get (?:in|there)|touch down)\b|"
                    # "once I'm on the ground", "any standout restaurant in town?"
                    r"(?:when|once|after|as soon as) (?:i'?m|i am|we'?re|we are) on the ground\b|(?<=in )town\b|"
                    r"(?:(?:after|upon|on)\s+)?(?:landing|arrival)(?:\s+there)?\b)",
                    re.I)
_LEADING_LINK = re.compile(r"^\s*(?:and|also|so|ok|okay|then)\b[,\s]*", re.I)


def _preposition(reference: re.Match[str]) -> str:
    """The preposition a place takes in a reference's stead: its own ("to there"), "in" for "the other end"."""
    said = reference.group(0).lower()
    return "in" if said.endswith(("other end", "land", "arrive", "get in", "get there", "touch down", "landing",
                                  "arrival", "landing there", "arrival there")) else reference.group(1) or "in"


def resolve_there(question: str, last_asked: str, last_arguments: list[str]) -> str | None:
    """"whats the weather there tmrw" after "hotels in Sydney tmrw": "there" is the one place the last call
    took from the last question, so the follow-up names it ("whats the weather in Sydney tmrw"). None when the
    follow-up has no "there", or the last question gave the last call no value or more than one."""
    if not _THERE.search(question):
        return None
    # a value, not a search query that repeats the whole question ("Flying Amsterdam to Istanbul on Dec 10")
    values = {v.strip() for v in last_arguments if v.strip() and not re.fullmatch(r"[\d\-: ]+", v.strip())
              and len(_WORDS.findall(v)) <= _MAX_VALUE_WORDS}
    named = [v for v in values if re.search(rf"\b{re.escape(v)}\b", last_asked, re.I)]
    named = [v for v in named if is_place_name(v)] or named  # "there" is a place: not the "rating" sorted by
    if not named and values and len(written := places_named([last_asked])) == 1:
        named = [written[0].span]  # the call took "Washington, D.C." for the "DC" the question wrote
    # "weather there that day?" after "flights Sydney to Singapore on Thursday": where the route ends
    place = named[0] if len(named) == 1 else route_destination(last_asked, named)
    if place is None:
        return None
    located = _THERE.sub(lambda m: f"{_preposition(m)} {place}", question, count=1)
    return _LEADING_LINK.sub("", located).strip() or located  # "And hotels in Paris": a question on its own


def with_last_date(located: str, last_asked: str, question: str, today: date) -> str:
    """``located`` on the last question's day when the follow-up names none: "need somewhere to sleep there too"
    after "cheapest Sydney to Tokyo on Dec 9" asks for that night, not tonight."""
    if find_date_mentions(question, today) or find_date_mentions(located, today):
        return located
    asked = find_date_mentions(last_asked, today)
    if len(asked) != 1:
        return located
    if SAME_DAY.search(located):  # "what's the high there that day?": that day is the day asked before
        return SAME_DAY.sub(f"on {asked[0].as_argument()}", located, count=1)
    return f"{located.rstrip(' ?.!')} on {asked[0].as_argument()}"


def thing_in_place_of_place(question: str, last_asked: str, today: date | None = None) -> str | None:
    """The follow-up with the thing the last question named after it in brackets, when the follow-up points at a
    place ("in that city", "there") and the last question named a thing but no place; None otherwise. The locate
    node looks the thing's city up and drops the brackets: the last question is not asked again. Given ``today``,
    a follow-up that names no day asks on the last question's day ("... in that city then?")."""
    if place_reference(question) is not None or not refers_to_a_place(question):
        return None
    things = things_to_locate(last_asked)
    # a place inside the thing's name is no place named ("Marina" of "Marina Bay Sands SkyPark")
    if not things or any(not any(m.span in thing for thing in things) for m in places_named([last_asked])):
        return None
    asked = _LEADING_LINK.sub('', question).strip()
    if today is not None:
        asked = _on_the_last_day(asked, last_asked, question, today)
    carried = f"{asked.rstrip(' .?!')} ({things[0]})"
    return carried if place_reference(carried) is not None else None



def _on_the_last_day(asked: str, last_asked: str, question: str, today: date) -> str:
    """``asked`` on the last question's day: "that day" replaced, else the day said right after the place reference
    ("is there a chance of rain in that city on 2026-12-05 then? need to know %"), where the question's own sentence
    keeps it."""
    days = find_date_mentions(last_asked, today)
    if find_date_mentions(question, today) or len(days) != 1 or SAME_DAY.search(asked):
        return with_last_date(asked, last_asked, question, today)
    end = reference_end(asked)
    if end is None:
        return with_last_date(asked, last_asked, question, today)
    return f"{asked[:end]} on {days[0].as_argument()}{asked[end:]}"
