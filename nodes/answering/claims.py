"""Claim-level grounding: a figure in an answer is supported only by the cited output, under a field that
fits the sentence.

Why: checking that a number occurs somewhere in some source let "the sun will set at 7:29" pass when 07:29
was the sunrise, and a latitude (35.71) pass as a height. Here each figure (number, clock time, ISO date)
of a sentence is looked up among the leaves of the outputs the sentence cites (all outputs when it cites
none); the leaf's field name must share a concept with the sentence whenever the sentence names one
(sunset, height, price, ...). Figures the user wrote, and today's date, need no source. A sentence whose
words are mostly absent from the evidence and the question ("avoid public Wi-Fi") is unsupported too.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from nodes.answering.fact_rendering import parse_output
from nodes.answering.figures import MARKER as _MARKER
from nodes.answering.figures import canonical_number, figures_of, without_figures
from nodes.answering.quoted_data import CLOSE, OPEN
from nodes.field_vocabulary import concepts_of, field_concepts

_WORD = re.compile(r"[a-z°%$€£¥]+")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")  # where a sentence of model text ends
_CLAUSE = re.compile(r";\s+")
_STOP = frozenset("""the a an and or of in on at to for is are was were be it its this that with from by as
    will would can could there their they you your i we our has have had not no but so if about than then
    also which what when where who how today tomorrow""".split())
# Words that make a sentence a yes/no or negated claim.
_YES_NO = frozenset({"yes", "no", "not", "never", "none", "nothing", "won", "don", "doesn", "isn", "aren", "cannot",
                     "unlikely", "likely"})



@dataclass
class Leaf:
    """One value in a tool output, with the field path it sits under."""

    path: tuple[str, ...]
    forms: set[str]
    concepts: set[str] = field(default_factory=set)


def leaves_of(output: str) -> list[Leaf]:
    """The figures in a tool output, each under its field: JSON and Python literals (``[{'COUNT(*)': 7}]``)
    are read alike (nodes/answering/fact_rendering.py's ``parse_output``); plain text is one field, 'text'."""
    data = parse_output(output)
    if data is None or isinstance(data, str):
        data = {"text": output if data is None else data}
    leaves: list[Leaf] = []

    def walk(value: Any, path: tuple[str, ...]) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, str(key)))
        elif isinstance(value, list):
            for item in value:
                walk(item, path)
        elif isinstance(value, bool) or value is None:
            return
        elif isinstance(value, (int, float)):
            leaves.append(Leaf(path, canonical_number(str(value)), field_concepts(path)))
        else:
            for _, forms in figures_of(str(value)):
                expanded = set().union(*(canonical_number(f) if re.fullmatch(r"-?\d+(\.\d+)?", f) else {f}
                                         for f in forms))
                # Figures inside free text (a summary, a passage) carry no field of their own.
                concepts = field_concepts(path) if path and path[-1] not in ("text", "summary", "content",
                                                                              "snippet", "description") else set()
                leaves.append(Leaf(path, expanded, concepts))

    walk(data, ())
    return leaves


@dataclass(frozen=True)
class ClaimCheck:
    """The sentences kept, those removed as unsupported (and why), and those left out because they only
    restate the question."""

    kept: list[str]
    dropped: list[tuple[str, str]]
    echoes: list[str] = field(default_factory=list)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


_CALENDAR = frozenset("""january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday""".split())
_NAME = re.compile(r"(?<=\s)[A-Z][a-z]{2,}")


def invented_names(sentence: str, supported: set[str]) -> list[str]:
    """Capitalised words after the first that neither the sources nor the question use ("Tira de Cearacupe",
    "as a text-based AI"): names the model made up. Weekdays and months are checked apart (``untraced_days``)."""
    return [w for w in _NAME.findall(sentence) if w.lower() not in supported and w.lower() not in _CALENDAR]


_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_CODE = re.compile(r"(?<![\w/])[A-Z]{2,5}(?![\w/])")


def _calendar_words(text: str) -> set[str]:
    """The weekday and month names of the ISO dates in ``text`` ("2026-11-27" -> friday, november)."""
    found = set()
    for year, month, day in _ISO_DATE.findall(text):
        try:
            when = date(int(year), int(month), int(day))
        except ValueError:
            continue
        found |= {calendar.day_name[when.weekday()].lower(), calendar.month_name[when.month].lower()}
    return found


def untraced_days(sentence: str, sources: str, free_text: str) -> list[str]:
    """Weekday and month names the sentence writes that no cited output or question holds, and that no date
    in them falls on ("The sun will set at 16:58 on Monday" when the forecast is for 2026-11-27, a Friday)."""
    supported = _words(sources + " " + free_text) | _calendar_words(sources + " " + free_text)
    return [w for w in _words(sentence) if w in _CALENDAR and w not in supported]


def invented_codes(sentence: str, sources: str, free_text: str) -> list[str]:
    """Codes in capitals ("UTC", "EUR", "JFK") that neither the cited outputs nor the question write: a time
    zone or currency the model assumed."""
    written = (sources + " " + free_text).upper()
    return [code for code in _CODE.findall(_MARKER.sub(" ", sentence))
            if not re.search(rf"(?<![A-Z]){code}(?![A-Z])", written)]


def check_sentence(sentence: str, evidence: dict[str, str], free_text: str) -> str | None:
    """Why ``sentence`` is unsupported by ``evidence`` (marker -> output), or None when it is supported.
    ``free_text`` holds what needs no source: the question and today's date. Clauses ("high 12 °C; sunset
    17:00") are checked one by one against the sentence's citations."""
    cited = [m for m in _MARKER.findall(sentence) if m in evidence] or list(evidence)
    clauses = [c for c in _CLAUSE.split(sentence) if c.strip()]
    if len(clauses) > 1:
        markers = " ".join(f"[{m}]" for m in _MARKER.findall(sentence))
        for clause in clauses:
            if problem := check_sentence(f"{clause} {markers}".strip(), evidence, free_text):
                return problem
        return None
    unknown = [m for m in _MARKER.findall(sentence) if m not in evidence]
    if unknown:
        return f"cites {', '.join(unknown)}, which no tool produced"
    leaves = [leaf for marker in cited for leaf in leaves_of(evidence[marker])]
    free = set().union(*(forms for _, forms in figures_of(free_text))) if free_text else set()
    words = _words(sentence)
    named = concepts_of(words)
    for written, forms in figures_of(sentence):
        if forms & free:
            continue
        matches = [leaf for leaf in leaves if leaf.forms & forms]
        if not matches:
            return f"{written} appears in no cited output"
        # A field that names no concept ("date", "city") contradicts nothing; one that names another does.
        if named and not any(leaf.concepts & named or not leaf.concepts for leaf in matches):
            fields = sorted({leaf.path[-1] for leaf in matches if leaf.path})
            return f"{written} is the {'/'.join(fields)} in the source, not the {'/'.join(sorted(named))}"
    content = {w for w in words if len(w) > 3 and w not in _STOP}
    if not figures_of(sentence):
        if words & _YES_NO:
            # "No, it will not rain" beside a 55 % chance of sleet: a yes/no or negated claim is only as good
            # as the figure it rests on, and this one states none.
            return "a yes/no or negated claim without a figure from the sources"
        supported = _words(" ".join(evidence[m] for m in cited) + " " + free_text)
        if content and len(content & supported) < len(content) / 2:
            return "its words are not in the sources"
    return None


# How the answer prompt frames each tool output: "[T2.1] finance.convert_currency({...}): <<<{...}>>>"
# (nodes/answer.py, nodes/answering/quoted_data.py). A sentence carrying a quote delimiter or a call signature copies the
# prompt; its figures then "match" the source they were copied from, but it tells the user nothing.
_PROMPT_ECHO = re.compile(rf"{re.escape(OPEN)}|{re.escape(CLOSE)}|\b[a-z][\w-]*\.[a-z_]\w*\(\s*[{{)]")


def model_sentence_problem(sentence: str, evidence: dict[str, str], free_text: str) -> str | None:
    """What the answer filter asks of a model's sentence beyond its figures (``check_sentence``): no name the
    sources and the question never use, and, when every figure is the user's own ("Tira de Cearacupe: weather
    in Paris tomorrow, 2026-11-25"), words that come from the sources."""
    if echo := _PROMPT_ECHO.search(sentence):
        return f"it repeats the prompt's evidence framing ({echo.group(0)!r}), not an answer"
    if problem := check_sentence(sentence, evidence, free_text):
        return problem
    cited = [m for m in _MARKER.findall(sentence) if m in evidence] or list(evidence)
    sources = " ".join(evidence[m] for m in cited)
    supported = _words(sources + " " + free_text)
    if invented := invented_names(sentence, supported):
        return f"it names {', '.join(invented)}, which no source mentions"
    if days := untraced_days(sentence, sources, free_text):
        return f"it says {', '.join(days)}, which no cited date falls on"
    if codes := invented_codes(sentence, sources, free_text):
        return f"it writes {', '.join(codes)}, which no source or question writes"
    free = set().union(*(forms for _, forms in figures_of(free_text))) if free_text else set()
    figures = figures_of(sentence)
    if figures and all(forms & free for _, forms in figures):
        return check_sentence(without_figures(sentence), evidence, free_text)
    return None


def echoes_the_question(sentence: str, evidence: dict[str, str], question: str) -> bool:
    """A sentence without a figure of its own whose content words all come from the question ("Cheapst flight Madrid
    to Chicago.", "nestle share price today pls", "100 dollars in colombian pesos." for "100 bucks in colombian
    pesos?"): it tells the user nothing the sources said."""
    asked = {form for _, forms in figures_of(question) for form in forms}
    if any(not (forms & asked) for _, forms in figures_of(sentence)):
        return False
    cited = [m for m in _MARKER.findall(sentence) if m in evidence] or list(evidence)
    content = {w for w in _words(_MARKER.sub(" ", sentence)) if len(w) > 2 and w not in _STOP}
    from_sources = _words(" ".join(evidence[m] for m in cited)) - _words(question)
    return not (content & from_sources)


def figure_claims(answer: str, evidence: dict[str, str], free_text: str) -> list[tuple[str, str | None]]:
    """Every clause of ``answer`` that states a figure, with why it is unsupported (None: supported). The
    answers benchmark scores faithfulness with this."""
    results = []
    for line in answer.splitlines():
        for sentence in (s.strip() for s in SENTENCE_END.split(line) if s.strip()):
            markers = " ".join(f"[{m}]" for m in _MARKER.findall(sentence))
            for clause in (c.strip() for c in _CLAUSE.split(sentence) if c.strip()):
                if figures_of(clause):
                    results.append((clause, check_sentence(f"{clause} {markers}".strip(), evidence, free_text)))
    return results


def check_claims(answer: str, evidence: dict[str, str], free_text: str, question: str = "") -> ClaimCheck:
    """Split ``answer`` into sentences and keep only the supported ones that say something the question
    did not (``question``: the user's words; empty keeps echoes)."""
    check = ClaimCheck([], [])
    for line in answer.splitlines():
        for sentence in (s.strip() for s in SENTENCE_END.split(line) if s.strip()):
            problem = model_sentence_problem(sentence, evidence, free_text)
            if problem:
                check.dropped.append((sentence, problem))
            elif question and echoes_the_question(sentence, evidence, question):
                check.echoes.append(sentence)
            else:
                check.kept.append(sentence)
    return check
