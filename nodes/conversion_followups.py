"""A follow-up that asks for the last answer in another currency, in words of its own: "what does that work out to
in HK dollars", "I get paid in Swiss francs, what is that in CHF", "and convert the sony one into korean won"; or
the last conversion from another currency: "hmm, do the same 1,800 but starting from pounds".

Why: the slot reader (nodes/slot_followups.py) takes a follow-up made of a currency and linking words only, so these
went to the rewriter model, which made "moutai, how is it in HK dollars" of the first and sent it to attractions and
web search. Here a follow-up counts when it names one target currency (after "in", "into" or "to") and nothing else
of its own: no figure, no place, no name in capitals, no kind of thing the catalogue serves and no measure but a
price. Its other words are the asker's ("get paid", "work out to") or the last question's ("the sony one").
"""

from __future__ import annotations

import re

from nodes.arguments.codes import currencies_written
from nodes.arguments.places import places_named
from nodes.arguments.stop_words import STOP_WORDS
from nodes.followup_words import names_something_new
from nodes.slot_followups import LINKING_WORDS, in_its_target

_CUED = r"\b(?:in|into|to)\s+(?:(?:the|a)\s+)?(?:[\w.]+\s+)?"  # "in HK dollars": one word may qualify it
_FIGURE = re.compile(r"\d")
MAX_WORDS = 14
_PRICE = frozenset({"price"})  # "what is that worth in CHF": a price is what a conversion gives


def in_another_currency(question: str, last_asked: str, kinds: frozenset[str] = frozenset()) -> str | None:
    """The last question asked in the one currency ``question`` asks for, or None when it asks anything else."""
    words = re.findall(r"[\w'$€£¥]+", question)
    if not words or len(words) > MAX_WORDS or not last_asked.strip() or _FIGURE.search(question):
        return None
    written = currencies_written([question])
    spans = [span for span, _ in written]
    cued = [(span, code) for span, code in written if re.search(rf"{_CUED}{re.escape(span)}(?!\w)", question, re.I)]
    if len({code for _, code in cued}) != 1:
        return None
    target, rest = cued[-1][0], question
    for span in spans:
        rest = re.sub(rf"(?<!\w){re.escape(span)}(?!\w)", " ", rest)
    for place in places_named([question]):
        after = question[place.start + len(place.span):]
        if not any(re.match(rf"\s+{re.escape(span)}(?!\w)", after) for span in spans):
            return None  # a place of its own, not one that qualifies the currency ("HK dollars")
        rest = rest.replace(place.span, " ")
        if re.match(rf"\s+{re.escape(target)}(?!\w)", after):
            target = f"{place.span} {target}"  # "HK dollars", as written
    if names_something_new(rest, last_asked, kinds, free=STOP_WORDS | LINKING_WORDS, measures=_PRICE):
        return None  # a name, a kind of thing or a measure of its own: another question
    return in_its_target(last_asked, target)


_SOURCE_CUE = r"\b(?:from|out of)\s+(?:(?:the|a)\s+)?"
_TARGET_ARROW = re.compile(r"(?:→|->|=>|\bto\b|\binto\b|\bin\b)\s*(?:(?:the|a)\s+)?$", re.I)


def from_another_currency(question: str, last_asked: str, kinds: frozenset[str] = frozenset()) -> str | None:
    """The last conversion asked from the one currency ``question`` names after "from", or None: "do the same 1,800
    but starting from pounds" after "euro → rupee for 1,800 EUR?" is "pounds → rupee for 1,800 pounds"."""
    named = [(span, code) for span, code in currencies_written([question])
             if re.search(rf"{_SOURCE_CUE}{re.escape(span)}(?!\w)", question, re.I)]
    if len({code for _, code in named}) != 1 or len(question.split()) > MAX_WORDS:
        return None
    rest = re.sub(rf"(?<!\w){re.escape(named[0][0])}(?!\w)", " ", question)
    figures = set(re.findall(r"\d[\d,.]*", rest))
    if figures - set(re.findall(r"\d[\d,.]*", last_asked)) or places_named([rest]) \
            or names_something_new(rest, last_asked, kinds, free=STOP_WORDS | LINKING_WORDS | _SOURCE_WORDS):
        return None  # a new sum, a place or anything else of its own: another question
    mentions = [(m.start(), m.end(), code) for span, code in currencies_written([last_asked])
                for m in re.finditer(rf"(?<!\w){re.escape(span)}(?!\w)", last_asked)]
    targets = {code for start, _, code in mentions if _TARGET_ARROW.search(last_asked[:start])}
    sources = [(start, end) for start, end, code in mentions if code not in targets]
    if not targets or not sources or named[0][1] in targets:
        return None
    text = last_asked
    for start, end in sorted(sources, reverse=True):
        text = text[:start] + named[0][0] + text[end:]
    return text


# words that say where a conversion starts: "starting from pounds", "the same but from yen"
_SOURCE_WORDS = frozenset("starting start begin beginning from same but do instead hmm".split())
