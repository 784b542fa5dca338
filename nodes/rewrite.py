"""Standalone rewrite of a follow-up question, using the conversation before it.

Single-turn questions skip the model. The model's rewrite may only use words of the conversation: words no
turn contains ("Zuraflax", "Australia") are taken out, and a rewrite with nothing left is refused. Dates are
bound by code, not by the model: the follow-up's date words are resolved against the earlier turns ("the day
after" counts from the date asked before) and written into the rewrite as ISO dates. When the model fails or
is refused, the fallback is the last question with the follow-up's date put in, or the earlier user turns in
front of the question, so retrieval still sees what "there" meant; the failure is recorded. Follow-ups that
point back at the last question ("what about netflix?", "... there?") are rewritten by code first
(nodes/reference_followups.py).
"""

from __future__ import annotations

import re
from datetime import date

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from graphs.context import Context
from indexes.route_cues import stem
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
from nodes.reference_binding import SAME_DAY
from nodes.reference_followups import resolve_there, swap_argument, thing_in_place_of_place, with_last_date
from nodes.route_followups import swapped_route_end
from nodes.slot_followups import LINKING_WORDS, asked_measures, changed_slot, without_acknowledgement
from nodes.structured import StructuredOutputError, ask_structured

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
