"""Split a question into independent intents at its conjunctions: "weather in London tmrw and disney stock
price" is two questions. By construction each part is a span of the question, so nothing is invented; a part
that names only places and dates ("... and New York on Monday") is the part before with those values put in
(nodes/elliptic_parts.py).

Why: the 135M decomposer returned one sub-query of two, or copied its examples ("EUR to GBP exchange rate"),
and the classifier sent such questions to the serial planning route. A part shorter than three words is
glued back to the one before it ("weather in Berlin and Madrid" stays whole, and so does "time in Tokyo and
Sydney right now": "right now" adds no need), and a later part that refers
back ("there", "then", "the warmer one", "her") makes the question dependent: no split, and so does a condition
that opens the question ("if I put 5,000 in at 4.2%, how much after 6 years"), or figures stated before the
part that asks about them, or a part listing the alternatives the question asks between ("who earns more, Aisha
or Camille?"). A "+" between figures is arithmetic, not a join, and so is a comma or "and" inside a
list of figures ("82, 91, 77 and 95"). A part that narrows the one before it ("..., not counting cancelled
orders") is glued back to it. An opening scope ("In London today: ...", "Going to Istanbul tomorrow. ...") is asked
of every part, and sums in several currencies asked into one ("5000 baht and 20000 yen, each in usd") are one
conversion each (both read in nodes/message_scope.py). The pieces cut at joins are glued back into intents by
nodes/intent_gluing.py.
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.expressions import is_one_calculation
from nodes.arguments.places import places_named
from nodes.asking import ASKS_WORD, SENTENCE_END
from nodes.elliptic_parts import completed_ellipsis, with_its_date
from nodes.message_scope import in_scope, scope, sums_to_convert, with_the_day_first
from nodes.intent_gluing import glued_parts
from nodes.intent_joins import pieces_at_joins
from nodes.intent_references import names_again, only_names, refers_back
from nodes.reference_binding import bind_references, conditional, without_expletive_it
from nodes.listed_items import listed_items
from nodes.stated_data import states_a_time, states_numbers, states_the_data
from nodes.shared_asks import asked_again_of, asked_of_each
from nodes.situation_told import told_and_asked, with_context_told
from nodes.courtesy_words import COURTESY_WORDS

# a clause pointing at the told context binds the parts: "When this happens, what time ..."
_CLAUSE = re.compile(r"\s*(?:when|once|after|before|if|while|as soon as)\b", re.I)
# A question opening with its condition is one question, whatever commas and "and"s the condition holds.
_CONDITION = re.compile(r"\s*(?:if|assuming|suppose|supposing|given that|say)\b", re.I)
# A part listing alternatives without asking anything of its own completes the question before it.
_CHOICES = re.compile(r"\bor\b", re.I)
# Words of greeting and hedging, which ask for nothing: "hey quick one, reykjavik local time?"
_GREETING = COURTESY_WORDS | frozenset(
    "ok okay so um quick one question q qq sorry just wondering also plus and".split())
# words that lead in to what is wanted, ending in the verb that wants it: "my korean friend wants", "can you get me"
_LEAD_IN = re.compile(r"^[^,;?]*?\b(?:wants?|needs?|would like|'d like|give me|get me|show me|tell me|check)\s+", re.I)


def _names_after_lead_in(part: str) -> bool:
    """Whether ``part`` is a lead-in and then only names: "my korean friend wants AMD, intel"."""
    lead = _LEAD_IN.match(part)
    return lead is not None and only_names(part[lead.end():])


def split_intents(question: str) -> list[str]:
    """The independent parts of ``question`` (two or more), or [] when it is one intent or dependent."""
    parts, _ = read_intents(question)
    return parts


def kept_whole_because(question: str) -> str | None:
    """Why code holds ``question`` as one intent although it has joins: its parts depend on each other ("who is
    our Head of People and what is their salary"), it opens with its condition, it states its data before asking,
    or it lists the choices it asks between. None when it splits, or has no join to judge by.

    Why: cutting such a question apart loses what binds its parts; the 135M decomposer made "Head of People" and
    "Salary" of the first, and retrieval sent the fragment to web search."""
    _, reason = read_intents(question)
    return reason


def read_intents(question: str, told_before: str = "") -> tuple[list[str], str | None]:
    """(independent parts, or []; why the joins do not split it, or None). ``told_before``: the sentences before
    ``question`` that tell the asker's situation, where its references may point ("My mum's party is in Toronto on
    Saturday. What's the cheapest hotel there that night, and ...")."""
    if _CONDITION.match(question):
        return [], "condition"  # "If I put 5,000 in at 4.2%, compounded, how much after 6 years?"
    if again := asked_again_of(question):
        return again, None  # "Top-rated restaurant in Toronto? Same question for Mexico City and for DC."
    if sums := sums_to_convert(question):
        return sums, None  # "5000 baht and 20000 yen. how much is each in usd?": one conversion per sum
    sentences = [s for s in SENTENCE_END.split(question.strip()) if s.strip(" .!?")]
    items = [p.strip(" ,.?!") for p in pieces_at_joins(sentences[0])] if len(sentences) == 2 else []
    if items and all(places_named([item]) for item in items) and (each := asked_of_each([*items, sentences[1]])):
        return each, None  # "Beijing to Seoul on Fri the 4th and Seoul back on Tue the 8th. Lowest fare for each leg"
    told = told_and_asked(question)
    parts, reason = read_intents(told[1], told[0]) if told is not None else ([], None)
    if told is not None and (parts or not scope(question)[0]):
        # "My daughter lands in Toronto at 18:45 their time. What time is that here in Warsaw?": one question in its
        # context, unless the asking sentence itself holds several ("Heading to Tokyo. What's the forecast there,
        # and which restaurant in Tokyo is best?": the context goes with its first part; a context that is a place
        # and a day is asked of every part when they need it: "stuck in shenzhen tonight. need: the cheapest hotel")
        context, _ = told
        if not parts or (_CLAUSE.match(parts[0]) and refers_back(parts[0])):
            # "When this happens, what time ...": a clause pointing at the context binds the parts
            return [], reason or "context"
        return [f"{context} {part}" if i == 0 or not places_named([part]) else part for i, part in enumerate(parts)], None
    context, question = scope(question)
    if len(items := listed_items(question)) >= 2:
        return _items_read(items, context)
    raw = [p for p in pieces_at_joins(question.strip()) if p and p.strip(" ,.?!")]
    if states_the_data(raw) or states_a_time(raw) or (states_numbers(raw) and is_one_calculation(question)):
        return [], "data"
    pieces = [p.strip(" ,.?!") for p in raw]
    pieces = [p for p in pieces if not set(p.lower().split()) <= _GREETING] or pieces
    if distributed := asked_of_each(pieces):
        return [in_scope(p, context) if context else p for p in distributed], None
    if context:
        # "Going to Istanbul tomorrow. Need: forecast, the top rated restaurant, and cheapest hotel": each part is
        # asked of the scope's place and day, unless it names a place of its own
        pieces = [in_scope(p, context) for p in pieces]
    joined = with_context_told(pieces)
    if len(joined) < len(pieces) and len(joined) < 2:
        return [], "context"
    parts, measures_before = glued_parts(joined, question)
    parts = with_the_day_first(parts)
    if len(parts) < 2:
        return [], "back-reference" if measures_before else None
    # "What's the weather in Los Angeles on Saturday and New York on Monday?": a part of places and dates asks
    # what the part before asked
    for i in range(1, len(parts)):
        completed = completed_ellipsis(parts[i], parts[i - 1], date.today())
        if completed:
            parts[i - 1] = with_its_date(parts[i - 1], parts[i], date.today())  # the day written once, for both
            parts[i] = completed
    if any(only_names(part) for part in parts[:-1]) or _names_after_lead_in(parts[0]):
        # "Paris, London, Berlin - what are the highs on Saturday?": one question over a list, also after words that
        # only lead in to it ("my korean friend wants AMD, intel and TSMC prices in won")
        return [], "list"
    if any(_CHOICES.search(part) and not ASKS_WORD.search(part) for part in parts[1:]):
        return [], "choices"  # "who earns more, Aisha Bello or Camille Laurent?": the choices asked between
    if any(conditional(part) for part in parts):
        return [], "condition"  # "Is it going to rain in London? If it is, I'd rather fly to Madrid"
    # "..., and the best rated restaurant there?": a reference with one meaning in the parts before is bound
    bound: list[str] = []
    for i, part in enumerate(parts):  # each against the parts before as bound: "that night" said there is a day
        bound.append(bind_references(part, " ".join([told_before, *bound]).strip()) if i or told_before else part)
    parts = bound
    if any(refers_back(without_expletive_it(part)) or names_again(part, " ".join(parts[:i]))
           for i, part in enumerate(parts) if i):
        return [], "back-reference"
    return parts, None


def _items_read(items: list[str], context: str) -> tuple[list[str], str | None]:
    """The intents of a listed message: every item is one, however short ("intel stock"), or the intents it joins
    itself; a part of places and dates asks what the item before asked, and the scope is asked of each."""
    parts = [part for item in items for part in (read_intents(item)[0] or [item])]
    for i in range(1, len(parts)):
        parts[i] = completed_ellipsis(parts[i], parts[i - 1], date.today()) or parts[i]
    parts = [in_scope(part, context) if context else part for part in parts]
    parts = [parts[0], *(bind_references(part, " ".join(parts[:i])) for i, part in enumerate(parts) if i)]
    if any(refers_back(without_expletive_it(part)) for part in parts[1:]):
        return [], "back-reference"
    return parts, None
