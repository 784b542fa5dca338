"""Follow-ups that change one typed value of the last question and keep the rest: "in dollars?", "and 750?",
"actually make it Korean won", "in singapore dollars then?".

Why: the rewriter (a 135M model) turned "and 750?" after "Convert 100 euros to pounds" into "750 in pounds", which
went to web search, and "actually make it Korean won" into a shopping query. Code reads such a follow-up: once
its currencies (nodes/arguments/codes.py) and its figures are set aside, nothing is left but linking words. The
new question is the last one with the value of the same kind replaced: a currency after "in"/"to"/"into" is the
target and replaces the last question's target (its currency after "in"/"to"/"into"); a lone figure replaces the last
question's one figure; a currency the last question lacks is added at its end ("What's Sony trading at in
dollars?").
"""

from __future__ import annotations

import re
from datetime import date

from nodes.arguments.codes import currencies_written, currency_of_nationality
from nodes.arguments.places import places_named
from nodes.date_mentions import find_date_mentions
from nodes.field_vocabulary import concepts_of

LINKING_WORDS = frozenset("""and in into to what whats what's about how actually make it that then instead please pls
    ok okay so is the price cost would be rather let's lets change switch can you could convert express show give
    me gimme tho though just now again want i i'd like value worth if there are we we're were of us for people guests
    adults persons travellers travelers much many now do it's its sorry meant mean say same currency currencies
    amount that's thats swap replace with but""".split())
_FIGURE = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?[kKmM]?(?![\w.])")
# "in dollars", and "in hk dollars", whose place qualifier is no part of the currency's written span
_TARGET_CUE = re.compile(r"\b(?:in|into|to)\s+((?:[a-z]{2,12}\s+)?)$", re.IGNORECASE)
MAX_WORDS = 8
_NATIONALITY_TARGET = re.compile(r"\b(?:in|into|to)\s+([A-Za-z]+)\W*$", re.IGNORECASE)


def _target_mention(text: str) -> tuple[int, int] | None:
    """Where the target currency of ``text`` is written: the last one after "in"/"to"/"into" (a name in capitals
    elsewhere may be a company: "price of AMD")."""
    spans = []
    for span, _ in currencies_written([text]):
        for match in re.finditer(rf"(?<!\w){re.escape(span)}(?!\w)", text):
            spans.append((match.start(), match.end()))
    if not spans:
        return None
    # the qualifier goes with the currency it qualifies: "in hk dollars" is replaced whole
    cued = sorted((s[0] - len(cue.group(1)), s[1]) for s in spans if (cue := _TARGET_CUE.search(text[: s[0]])))
    return cued[-1] if cued else None


def changed_slot(question: str, last_asked: str) -> str | None:
    """The last question with the one value ``question`` changes; None when ``question`` is not such a
    follow-up."""
    words = re.findall(r"[\w'$€£¥]+", question)
    if not words or len(words) > MAX_WORDS or not last_asked.strip():
        return None
    # a currency is changed only where the follow-up says where it goes ("in dollars", "make it yen"): "what about
    # AMD" names a company, not the Armenian dram
    currencies = [(span, code) for span, code in currencies_written([question])
                  if re.search(rf"\b(?:in|into|to|it|many|do|meant)\s+{re.escape(span)}(?!\w)", question, re.I)]
    nationality = _NATIONALITY_TARGET.search(question)
    if not currencies and nationality and (code := currency_of_nationality(nationality.group(1))):
        question = question[:nationality.start(1)] + code + question[nationality.end(1):]  # "and in Canadian?"
        currencies = [(code, code)]
    swapped = _swapped_currency(question, last_asked)
    if swapped is not None:
        return swapped
    rest = question
    for span, _ in currencies:
        rest = re.sub(rf"(?<!\w){re.escape(span)}(?!\w)", " ", rest)
    figures = _FIGURE.findall(rest)
    rest = _FIGURE.sub(" ", rest)
    if any(w.lower() not in LINKING_WORDS for w in re.findall(r"[\w']+", rest)) or (not currencies and not figures):
        return None
    base = last_asked.strip().rstrip("?!. ")
    if len(currencies) == 1 and not figures:
        return in_its_target(base, currencies[0][0])
    if len(figures) == 1 and len(currencies) == 1 and len(_FIGURE.findall(base)) == 1:
        # "ok now that 800 into chinese yuan": the sum and where it goes
        return in_its_target(_FIGURE.sub(figures[0], base, count=1), currencies[0][0])
    if len(figures) == 1 and not currencies:
        written = _FIGURE.findall(base)
        if len(written) == 1:
            return _FIGURE.sub(figures[0], base, count=1)
        counted = re.search(rf"(?:\b(?:for|with)\s+)?{re.escape(figures[0])}(?:\s+[A-Za-z']+){{1,2}}", question)
        if not written and counted:
            return f"{base} {counted.group(0)}"  # "for 3 guests?" after "hangzhou hotels thursday, lowest price"
    return None


def in_its_target(last_asked: str, span: str) -> str:
    """``last_asked`` with its target currency (after "in"/"to"/"into") replaced by ``span``, or ``span`` added as
    one: "What's Sony trading at" -> "What's Sony trading at in dollars"."""
    base = last_asked.strip().rstrip("?!. ")
    target = _target_mention(base)
    if target is None:
        return f"{base} in {span}"
    return base[: target[0]] + span + base[target[1]:]


def _swapped_currency(question: str, last_asked: str) -> str | None:
    """The last question with one currency replaced, when the follow-up names two currencies and only linking words:
    one the last question wrote and one it did not ("actually swap the yen for Swiss francs")."""
    named = currencies_written([question])
    if len(named) != 2:
        return None
    rest = question
    for span, _ in named:
        rest = re.sub(rf"(?<!\w){re.escape(span)}(?!\w)", " ", rest)
    if any(w.lower() not in LINKING_WORDS for w in re.findall(r"[\w']+", rest)):
        return None
    asked = dict((code, span) for span, code in currencies_written([last_asked]))
    old = [code for _, code in named if code in asked]
    new = [span for span, code in named if code not in asked]
    if len(old) != 1 or len(new) != 1:
        return None
    base = last_asked.strip().rstrip("?!. ")
    return re.sub(rf"(?<!\w){re.escape(asked[old[0]])}(?!\w)", new[0], base, count=1)


def asked_measures(question: str, last_asked: str) -> str | None:
    """The last question asked for other measures, when the follow-up names only measures ("how about the wind and
    humidity" after "weather toronto tomorrow": "weather toronto tomorrow: the wind and humidity"); None otherwise.
    What a measure is comes from the shared field vocabulary (nodes/field_vocabulary.py), not from any server."""
    words = re.findall(r"[\w']+", question.lower())
    if not words or len(words) > MAX_WORDS or not last_asked.strip():
        return None
    measures = [w for w in words if concepts_of({w})]
    if not measures or any(w not in LINKING_WORDS and w not in _MEASURE_LINKS and not concepts_of({w}) for w in words):
        return None
    asked = re.sub(r"^\W*(?:(?:and|so|ok|okay|what|whats|what's|how|about)\W+)*", "", question.strip(" ?!.")).strip()
    return f"{last_asked.strip().rstrip('?!. ')}: {asked}"


_MEASURE_LINKS = frozenset("the its of chance speed index level".split())


# A word that only acknowledges the last answer, before the follow-up itself: "cool and in mumbai", "nice. whats the
# weather in that city", "fine, and saturday then?", "hmm from Barcelona instead"
_ACKNOWLEDGEMENT = re.compile(
    r"^\s*(?:(?:cool|nice|ok|okay|k|hmm+|fine|great|thanks|thank you|thx|ty|alright|perfect|cheers|sweet|got it|"
    r"awesome|lovely|gotcha|noted|wow|oh|ah|eh|um+|uh+|er+m*|yikes|wait|right)"
    r"(?:[\s]*[,.!:;-]+\s*|\s+(?=(?:and|so|now|then|what|whats|what's|how|"
    r"from|to|in|same|also|can|could|is|are|will|do|does|make|but|actually)\b)))+", re.IGNORECASE)


# A short opening sentence that says nothing to look up: "k thx.", "ugh.", "hmm pricey.", "sounds amazing!"
_SHORT_REMARK = re.compile(r"^\s*([^.!?]{1,30}?)\s*[.!]+\s+(?=\S)")
_REMARK_WORDS = 3


def without_acknowledgement(question: str) -> str:
    """``question`` without an opening word that only acknowledges the last answer, or an opening remark of a few
    words that names no place, day or figure; as is when nothing else is left."""
    rest = _ACKNOWLEDGEMENT.sub("", question, count=1)
    remark = _SHORT_REMARK.match(rest)
    if remark and _only_remarks(remark.group(1)) \
            and not any(place.start < remark.end() for place in places_named([rest])):  # "Paris.", "St. Louis"
        rest = rest[remark.end():]
    return rest if re.search(r"\w", rest) else question


def _only_remarks(words: str) -> bool:
    """Whether a short opening sentence asks nothing to be looked up: no figure, day or currency, and no
    abbreviation that a name goes on from ("Mt. Fuji")."""
    return (len(words.split()) <= _REMARK_WORDS and not re.search(r"\d", words)
            and not find_date_mentions(words, date.today()) and not currencies_written([words])
            and not re.search(r"\b[A-Z][a-z]?$", words))
