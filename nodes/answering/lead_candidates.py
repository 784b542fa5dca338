"""Lines that may answer a question, and which answers best: the scoring behind the direct answer's lead.

Why its own module: plain-text outputs (nodes/answering/text_candidates.py) and the string values of structured
ones (nodes/answering/answer_lead.py) are both read into ``Candidate`` lines and judged by the same rule: the
question's content words a line or its headings hold, then a figure when a quantity is asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from indexes.document_coverage import written_plainly
from nodes.answering.figures import figures_of

MAX_TIED = 2  # more candidate lines than this answering equally well: a list, which the facts show whole
_TERM = re.compile(r"[a-z0-9]+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
LONG_LINE = 200  # a line longer than this is read sentence by sentence
# Words that carry no subject: question words, auxiliaries, pronouns, request verbs.
_STOP = frozenset("""a an the and or but of in on at to for from by with about into as than then so if is are was
    were be been being am do does did done have has had having it its this that these those there here what whats
    which who whom whose when where why how many much i me my mine we us our you your yours he she they them
    their his her please tell show give find get list know can could would should will shall may might must
    need want like any some all each every one s t d ll re ve m also just now today currently current""".split())
_WANTS_FIGURE = re.compile(r"\b(how (many|much|long|far|old|big|tall|often|late|early)|when|what (time|year|date|day)"
                           r"|number of|count|total)\b")


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and (word.endswith(("ches", "shes")) or (word.endswith("es") and word[-3] in "sxz")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def terms(text: str) -> set[str]:
    """The content words of ``text``, lower-cased and singular ("Wi-Fi passwords" -> {wifi, password}); no
    numbers, no question or function words."""
    # months written out and past forms as verbs, as the documents were routed ("Finished ... Oct 11")
    text = re.sub(r"(?<=[a-z])-(?=[a-z])", "", written_plainly(text).lower().replace("'s", "").replace("’s", ""))
    return {_stem(w) for w in _TERM.findall(text) if not w.isdigit() and len(w) > 1 and w not in _STOP}



@dataclass
class Candidate:
    """A line of text (or a string value) that may answer the question."""

    text: str
    context: set[str]  # words of its headings (text) or of its record's title and field (JSON)
    title: str = ""  # shown before the line when the context helped to pick it
    label: str = ""  # the part before "label: value", whose words say what the line is about
    order: int = 0
    in_record: bool = False  # a string value of a structured output (its title is its record's name)


_VALUE_WORDS = 4


# the word a question asks about, right after its question word: "who rebuilt the summer palace" asks who rebuilt it
_PREDICATE = re.compile(r"\b(?:who|what|when|where|why|which|how)\s+"
                        r"(?:(?:did|does|do|is|was|were|are|has|have|had|will|can|could)\s+)?(?:the\s+)?([a-z][\w-]+)",
                        re.IGNORECASE)


def predicate_terms(question: str) -> set[str]:
    """The terms of the word ``question`` asks about, right after its question word (none when it has none)."""
    found = _PREDICATE.search(question)
    return terms(found.group(1)) if found else set()


def answer_score(candidate: Candidate, asked: set[str], wants_figure: bool, question_figures: set[str],
                 predicate: frozenset[str] = frozenset()) -> tuple | None:
    """How well a candidate answers: the question words it holds or its headings hold ("2 eggs" under
    "# Banana bread"), then a figure when the question asks for a quantity or a time, then the words it holds
    itself, then how much of what it is about the question names ("password: ..." over "router admin ...
    password on the sticker"). None: it holds no word of the question itself, or only repeats it."""
    words = terms(candidate.text)
    own = words & asked
    if not own:
        return None
    figures = {f for _, forms in figures_of(candidate.text) for f in forms}
    if not (words - asked) and not (figures - question_figures):
        return None  # "# Banana bread" under "how many eggs in banana bread": nothing the user did not say
    if candidate.in_record and own <= terms(candidate.title) and len(candidate.text.split()) <= _VALUE_WORDS:
        # "timezone: Europe/Paris" for "weather in Paris": it shares only the record's own name (a sentence of the
        # record's prose is about what the record names: "Qutub Minar in Delhi is a minaret begun ... by ...")
        return None
    about = terms(candidate.label) or words
    # then a line of the record or passage the question names ("Qutub Minar in Delhi is a minaret ..." under "Qutub
    # Minar" before "Delhi has three UNESCO World Heritage Sites: ..., Qutub Minar ..." under "Delhi: culture")
    # on a tie, the line that holds what the question asks about: "It was rebuilt by ..." for "who rebuilt ..."
    return (len(own | (candidate.context & asked)), bool(predicate & own), bool(wants_figure and figures), len(own),
            len(terms(candidate.title) & asked), len(about & asked) / len(about))


def best(candidates: list[Candidate], question: str) -> Candidate | None:
    """The candidate that answers best; None when none shares a word with the question, or when more than
    MAX_TIED answer equally well (a list: "[FILE] a.txt", "[FILE] b.txt" for "which files")."""
    asked = terms(question)
    wants = bool(_WANTS_FIGURE.search(question.lower()))
    asked_figures = {f for _, forms in figures_of(question) for f in forms}
    predicate = frozenset(predicate_terms(question))
    scored = [(score, c) for c in candidates
              if (score := answer_score(c, asked, wants, asked_figures, predicate)) is not None]
    if not scored:
        return None
    top = max(score for score, _ in scored)
    tied = [c for score, c in scored if score == top]
    if len(tied) > MAX_TIED:
        return None
    return min(tied, key=lambda c: c.order)



def label_of(line: str) -> str:
    head, sep, _ = line.partition(": ")
    return head if sep and len(head.split()) <= 5 else ""


def pieces(line: str) -> list[str]:
    """A line, or its sentences when it is long (a paragraph)."""
    if len(line) <= LONG_LINE:
        return [line]
    return [s for s in _SENTENCE.split(line) if s.strip()]


