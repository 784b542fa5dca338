"""Standalone rewrite of a follow-up question, using the conversation before it.

Single-turn questions skip the model. The model's rewrite may only use words of the conversation: words no
turn contains ("Zuraflax", "Australia") are taken out, and a rewrite with nothing left is refused. Dates are bound by code, not by the model:
the follow-up's date words are resolved against the earlier turns ("the day after" counts from the date
asked before) and written into the rewrite as ISO dates. When the model fails or is refused, the fallback
is the last question with the follow-up's date put in, or the earlier user turns in front of the question,
so retrieval still sees what "there" meant; the failure is recorded.
"""

from __future__ import annotations

import re
from datetime import date

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from graphs.context import Context
from indexes.route_cues import stem
from nodes.arguments.places import is_place_name, places_named
from nodes.conversion_followups import from_another_currency, in_another_currency
from nodes.corrections import corrected_value
from nodes.date_followups import names_only_a_date
from nodes.date_mentions import find_date_mentions
from nodes.elliptic_parts import completed_ellipsis
from nodes.model_call import ModelUnavailable
from nodes.models import RoleModel
from nodes.prompts.rewrite import REWRITE_EXAMPLES, REWRITE_SYSTEM, REWRITE_USER
from nodes.question import today_of
from nodes.rewrite_asks import with_kept_asks
from nodes.reference_binding import SAME_DAY, route_destination
from nodes.route_followups import swapped_route_end
from nodes.slot_followups import LINKING_WORDS, asked_measures, changed_slot, without_acknowledgement
from nodes.structured import StructuredOutputError, ask_structured
from nodes.thing_places import place_reference, reference_end, refers_to_a_place, things_to_locate

HISTORY_TURNS = 6
TURN_CHARS = 300


class Standalone(BaseModel):
    query: str = Field(min_length=3, max_length=600)


def earlier_turns(messages: list[BaseMessage]) -> list[BaseMessage]:
    """The conversation before the latest human message (empty for a single-turn question)."""
    last_human = max((i for i, m in enumerate(messages) if m.type == "human"), default=-1)
    return [m for m in messages[:last_human] if m.type in ("human", "ai") and m.text.strip()]


def render_history(turns: list[BaseMessage]) -> str:
    lines = []
    for message in turns[-HISTORY_TURNS:]:
        role = "user" if message.type == "human" else "assistant"
        text = " ".join(message.text.split())
        lines.append(f"{role}: {text[:TURN_CHARS]}")
    return "\n".join(lines)


_WORDS = re.compile(r"[\w']+")
_FREE_WORDS = frozenset("""a an the and or of in on at to for is are was be it this that what whats what's how
    about which who when where will would can could do does please pls me my i you there here then also
    same day date after before next following one weather price""".split())
def fallback_rewrite(turns: list[BaseMessage], question: str) -> str:
    """Earlier user questions followed by this one: crude, but keeps the referents in view."""
    asked = [" ".join(m.text.split()) for m in turns if m.type == "human"][-2:]
    return " ".join([*asked, question])


def added_words(rewrite: str, turns: list[BaseMessage], question: str, today: date | None = None,
                kinds: frozenset[str] = frozenset()) -> list[str]:
    """Words of the rewrite that no turn and not the question contains (date phrases aside): invented. A word
    naming a kind of thing the catalogue serves (``kinds``: indexes/route_cues.py ``CueWords.kinds``, stemmed) is
    not: "need a room at my destination" asks about hotels, whatever its words."""
    for mention in find_date_mentions(rewrite, today or date.today()):
        rewrite = rewrite.replace(mention.phrase, " ")
    # The user's words only: a 135M model copies the assistant's earlier answer ("Brooklyn") into rewrites.
    known = {w.lower() for text in [question, *(m.text for m in turns if m.type == "human")]
             for w in _WORDS.findall(text)}
    # Numbers too: a rewrite that carries a figure of the last answer ("30.86", "108") is not the user's question.
    return [w for w in _WORDS.findall(rewrite)
            if w.lower() not in known and w.lower() not in _FREE_WORDS and stem(w.lower()) not in kinds]


def bind_dates(rewrite: str, turns: list[BaseMessage], question: str, today: date) -> str:
    """The rewrite with the follow-up's dates as ISO dates. The follow-up's date words are read after the
    earlier user turns, so "the day after" means the day after the date asked before. Without a date in
    the follow-up, or when the rewrite already names the same days, the rewrite is left as it is."""
    earlier = "\n".join(m.text for m in turns if m.type == "human")
    start = len(earlier) + 1
    joined = f"{earlier}\n{question}"
    mentions = [m for m in find_date_mentions(joined, today) if m.start >= start]
    if not mentions:
        return rewrite
    days = {(m.first, m.last) for m in mentions}
    named = find_date_mentions(rewrite, today)
    if named and {(m.first, m.last) for m in named} == days:
        return rewrite
    if len(named) == 1 and len(mentions) == 1:
        # "Barcelona to Rome on Tuesday, what's the cheapest flight?" then "and on wednesday?": the day in its place
        phrase = named[0].phrase
        said = f"on {mentions[0].as_argument()}"
        if re.search(rf"\bon\s+{re.escape(phrase)}", rewrite) or phrase.lower().startswith("on "):
            said = said if phrase.lower().startswith("on ") else mentions[0].as_argument()
        return " ".join(rewrite.replace(phrase, said, 1).split()).rstrip(" ?.!")
    stripped = rewrite
    for mention in named:
        stripped = stripped.replace(mention.phrase, " ")
    dates = " and ".join(m.as_argument() for m in mentions)
    if SAME_DAY.search(stripped):  # "is it windy that day?": the day in the words that point at it
        return " ".join(SAME_DAY.sub(f"on {dates}", stripped, count=1).split()).rstrip(" ?.!")
    return " ".join(f"{stripped.rstrip(' ?.!')} on {dates}".split())


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


def rewrite_conversation(turns: list[BaseMessage], question: str, today: date, *,
                         with_examples: bool = True) -> list[BaseMessage]:
    """The rewriter's prompt. The distilled rewriter (nodes/distill/followups.py) learnt the task without the
    few-shot examples, and is asked without them."""
    examples = [m for user, reply in REWRITE_EXAMPLES for m in (HumanMessage(user), AIMessage(reply))]
    return [SystemMessage(REWRITE_SYSTEM.format(today=today.isoformat())), *(examples if with_examples else []),
            HumanMessage(REWRITE_USER.format(history=render_history(turns), question=question))]


async def rewrite_standalone(
    model: RoleModel, turns: list[BaseMessage], question: str, context: Context,
    last_arguments: list[str] | None = None, kinds: frozenset[str] = frozenset(), last_standalone: str = "",
) -> tuple[str, str | None]:
    """(standalone query, error or None). ``last_arguments`` are the string arguments of the last turn's
    tool calls: a follow-up that names another one ("what about netflix?") swaps it in, without a model.
    ``kinds``: the catalogue's kinds of thing, which a rewrite may name (``added_words``). ``last_standalone`` is
    the last turn's own standalone question: a follow-up of a follow-up ("what about AMD", then "and that in
    euros?") changes that one, not the raw words of the turn before."""
    today = today_of(context.today)
    question = without_acknowledgement(question)
    last_asked = " ".join(last_standalone.split()) or next(
        (" ".join(m.text.split()) for m in reversed(turns) if m.type == "human"), "")
    if (with_thing := thing_in_place_of_place(question, last_asked, today)) is not None:
        # "Tell me about the Forbidden City" then "what's the weather in that city on Wednesday": the thing's city is
        # looked up by the locate node (nodes/locate.py), so the question keeps the thing it points at
        return bind_dates(with_thing, turns, question, today), None
    only_the_date = bind_dates(last_asked, turns, question, today)
    if only_the_date != last_asked and (not [w for w in added_words(question, [], last_asked, today)
                                             if w.lower() not in LINKING_WORDS]
                                        or names_only_a_date(question, last_asked, today, kinds)):
        # "and the day after?", "hmm, make it the 4th instead": the last question on the new date, no model needed
        return only_the_date, None
    changed = (changed_slot(question, last_asked) or asked_measures(question, last_asked)  # "and 750?", "in dollars?"
               or in_another_currency(question, last_asked, kinds)  # "what does that work out to in HK dollars"
               or from_another_currency(question, last_asked, kinds))  # "the same 1,800 but starting from pounds"
    if changed:
        return bind_dates(changed, turns, question, today), None
    completed = completed_ellipsis(question, last_asked, today)  # "And coming back, Melbourne to Sydney next friday?"
    if completed:
        return bind_dates(completed, turns, question, today), None
    swapped = (swapped_route_end(question, last_asked) or swap_argument(question, last_asked, last_arguments or [])
               or corrected_value(question, last_asked, last_arguments or []))  # "I meant HSBC"
    if swapped:  # "and Rome to Madrid on friday?": its own day too; "fly in from Bangkok that day": the day before
        return with_last_date(bind_dates(swapped, turns, question, today), last_asked, question, today), None
    located = resolve_there(question, last_asked, last_arguments or [])
    if located:
        return with_last_date(bind_dates(located, turns, question, today), last_asked, question, today), None
    conversation = rewrite_conversation(turns, question, today, with_examples=not model.distilled)
    try:
        result = await ask_structured(model, conversation, Standalone, retries=context.structured_retries)
    except (StructuredOutputError, ModelUnavailable) as exc:
        return _fallback(turns, question, last_asked, today), f"router: standalone rewrite failed ({exc})"
    rewrite = " ".join(result.query.split())
    invented = added_words(rewrite, turns, question, today, kinds)
    if invented:
        # Keep the rewrite without the words it made up ("Sydney, Australia" -> "Sydney"), if anything of
        # the conversation is left; else fall back.
        kept = " ".join(w for w in re.split(r"\s+", rewrite) if w.strip(",.?!;:") not in invented)
        kept = re.sub(r"\s+([,.?!])", r"\1", re.sub(r",\s*,", ",", kept)).strip(" ,")
        if len(_WORDS.findall(kept)) < 2:
            return (_fallback(turns, question, last_asked, today),
                    f"router: the standalone rewrite added words no turn contains ({', '.join(invented)}); not used")
        return bind_dates(with_kept_asks(kept, question), turns, question, today), (
            f"router: left out words of the standalone rewrite that no turn contains: {', '.join(invented)}")
    return bind_dates(with_kept_asks(rewrite, question), turns, question, today), None


def _fallback(turns: list[BaseMessage], question: str, last_asked: str, today: date) -> str:
    """A follow-up that only changes the date ("and the day after?") is the last question with the new date;
    anything else keeps the earlier turns in front of it."""
    bound = bind_dates(last_asked, turns, question, today)
    if bound != last_asked and not added_words(question, [], last_asked, today):
        return bound
    return bind_dates(fallback_rewrite(turns, question), turns, question, today)
