"""The direct answer, picked by code from the cited outputs: the part of each output that the question asks
about, copied with its labels, units and marker.

Why: when the model's text does not survive the claim check, the user got every fact of every output and
had to find the one asked for ("what time is sunset in Toronto this saturday" -> a whole forecast row).
Every line here is copied from an output (or names the question's own words), so it is as faithful as the
outputs themselves and passes the same figure checks (nodes/answering/claims.py). Works for any tool, whatever it
returns:

- JSON, or a Python literal (``[{'COUNT(*)': 7}]``, as SQLite servers print rows): the fields whose names
  share a concept with the question (sunset, price, rating...: nodes/answering/claims.py), else a word ("salary" ->
  ``salary_usd``, "time" -> ``datetime``); else the string value that answers (a memory server's
  observation "Birthday: March 3"); else a small record or a one-column result as a whole.
- plain text (a file, a directory listing, a page): the line or sentence sharing the most of the question's
  content words, a heading counting for the lines under it ("what's the wifi password" -> "password: ...").
- a bare value ("87.5"): the question's subject and the value ("1250*7/100 = 87.5").

A question that names nothing an output has gets no lead line from it. The fields that answer are picked in
nodes/answering/lead_fields.py.
"""

from __future__ import annotations

import re
from typing import Any

from nodes.answering.fact_rendering import parse_output, shorten, value_text
from nodes.answering.output_context import with_output_context
from nodes.answering.figures import figures_of
from nodes.answering.lead_candidates import Candidate, best, terms
from nodes.answering.lead_fields import (concept_lines, echoing_fields, given_values, leaf_candidates, measured_line,
                                         named_field_lines)
from nodes.answering.lead_records import (day_record_lines, one_record_line, records, scalar, small_result_line,
                                          value_line)
from nodes.answering.row_constraints import Constraint, apply_constraints, stated_constraints, unmet_line
from nodes.answering.text_candidates import text_candidates
from nodes.arguments.number_words import as_digits
from nodes.field_vocabulary import concepts_of, phrase_concepts, superlative_order

MAX_LINES = 3
LEAD_LINE_CHARS = 240
_WORD = re.compile(r"[a-z°%$€£¥]+")
_LEAD_IN = re.compile(r"^\s*(?:please\s+)?(?:(?:can|could) you\s+)?(?:(?:tell|show|give) me\s+)?"
                      r"(?:what's|whats|what is|what are|what was|how many|how much|how|what|which|who|when|where|"
                      r"calculate|compute|work out|evaluate|find|get)\b\s*", re.IGNORECASE)
_FILLER = frozenset({"is", "are", "was", "were", "do", "does", "did", "it", "there", "please"})


def subject_of(question: str) -> str:
    """What the question asks about, in its own words: "what is 7% of 1250?" -> "7% of 1250", "how many
    employees are in engineering" -> "employees in engineering"."""
    text = _LEAD_IN.sub("", question.strip().rstrip("?.! ")).strip()
    words = [w for w in text.split() if w.lower() not in _FILLER]
    while words and words[0].lower() in ("the", "a", "an"):
        words = words[1:]
    subject = " ".join(words)
    return subject[:1].upper() + subject[1:]


def _call_subject(item: dict[str, Any], question: str, alone: bool) -> str:
    """The subject of a bare value: the question's, when this is the only output; else the call that made it
    (its tool and the arguments whose figures the question holds, so every figure shown has a source)."""
    if alone:
        return subject_of(question)
    asked = {f for _, forms in figures_of(question) for f in forms}
    args = [str(v) for v in (item.get("arguments") or {}).values()
            if scalar(v) and all(forms & asked for _, forms in figures_of(str(v)))]
    tool = str(item.get("tool") or "").replace("_", " ")
    return f"{tool} ({', '.join(args)})" if tool and args else tool


def _candidate_line(candidate: Candidate, asked: set[str], marker: str) -> str:
    """The line as written, after its title or heading when that holds question words the line lacks
    ("home wifi — password: ...")."""
    helped = (terms(candidate.title) & asked) - terms(candidate.text)
    return f"{candidate.title + ' — ' if helped else ''}{shorten(candidate.text, LEAD_LINE_CHARS)} [{marker}]"


def output_lead(question: str, item: dict[str, Any], *, alone: bool = True) -> list[str]:
    """The lead lines one output gives for ``question`` (see the module docstring for the order tried), after a
    line for each constraint the question states that no row met (nodes/answering/row_constraints.py)."""
    unmet: list[Constraint] = []
    lines = _output_lead(question, item, alone, unmet)
    return [unmet_line(c, item["marker"]) for c in unmet] + lines


def _output_lead(question: str, item: dict[str, Any], alone: bool, unmet: list[Constraint]) -> list[str]:
    output = item.get("full_output") or item.get("output") or ""
    marker = item["marker"]
    asked = terms(question)
    applied = apply_constraints(with_output_context(parse_output(output)), question)
    data = applied.data
    unmet.extend(applied.unmet)
    while isinstance(data, list) and len(data) == 1 and isinstance(data[0], list):
        data = data[0]  # one row of cells, as a tuple: [(7,)]
    if isinstance(data, list) and len(data) == 1 and scalar(data[0]):
        data = data[0]
    if isinstance(data, str):
        output, data = data, None
    if data is not None and _holds_nothing(data):
        # "no results" under the listing alone reads as no answer; the opening says what was not found
        subject = subject_of(question.split("?")[0])
        tool = str(item.get("tool") or "the call").replace("_", " ")
        return [f"Nothing found{' for ' + subject if subject else ''}: {tool} returned no results [{marker}]"]
    if data is None:
        candidates = text_candidates(output)
        if picked := best(candidates, question):
            return [_candidate_line(picked, asked, marker)]
        single = output.strip()
        if "\n" not in single and len(single) <= 40 and len(single.split()) <= 4 and figures_of(single):
            return [value_line(_call_subject(item, question, alone), single, marker)]
        return []
    if not isinstance(data, (dict, list)):
        return [value_line(_call_subject(item, question, alone), value_text(data), marker)]
    if isinstance(data, list) and not any(isinstance(v, (dict, list)) for v in data):
        picked = best([Candidate(str(v), set(), "", "", i) for i, v in enumerate(data)], question)
        return [_candidate_line(picked, asked, marker)] if picked else []
    root = data if isinstance(data, dict) else {"results": data}
    order = superlative_order(question)  # "earliest" asks for the departure, though it names no field
    # a word of a record's name measures nothing: "star" of "Star Ferry" asks for no rating
    titled = {w for title, _ in records(root) for w in _WORD.findall(str(title).lower())}
    named = concepts_of(set(_WORD.findall(question.lower())) - titled) | ({order[0]} if order else set())
    if said := phrase_concepts(question):
        # "the sun come up ... hate doing it in the dark": the phrase says which of sunrise and sunset
        named = (named - {"sunrise", "sunset"}) | said
    given = given_values(item)
    if named and (lines := concept_lines(root, named, marker, given, order[0] if order else "",
                                          stated_constraints(question))):
        return lines
    if asked and (lines := named_field_lines(root, asked, marker, rows=isinstance(data, list))):
        return lines
    # a value the call was given ("timezone": "Asia/Seoul") echoes the question, it does not answer it
    # a time zone names the record's place, it answers no question but one about zones or clocks ("weather tomorrow
    # for Beijing, Shanghai and HK": "Asia/Shanghai" in Beijing's forecast matched "Shanghai")
    leaves = leaf_candidates(data)
    zones = [c for c in leaves if _ZONE_VALUE.fullmatch(c.text)] if not _ASKS_ZONE.search(question) else []
    picked = best([c for c in leaves if c not in zones], question) or best(leaves, question)
    echoed = picked is not None and (" ".join(picked.text.lower().split()) in given or picked in zones)
    if picked and not echoed:
        return [_candidate_line(picked, asked, marker)]
    line = small_result_line(data, _call_subject(item, question, alone), marker) or one_record_line(root, marker)
    if line is None and not echoed and (days := day_record_lines(root, marker)):
        return days  # "weather in Cairo this weekend": each day's line, as one day's would be
    if line is None and echoed and isinstance(data, dict):
        # the question's best match is a value the call was given ("timezone": "Asia/Seoul" for "seoul - after
        # midnight rn?"): it echoes the question; the record's other fields answer it
        line = one_record_line({"": {k: v for k, v in data.items() if k not in echoing_fields(data, given)}}, marker)
    # "5000 rupees", "250k won": the sum is asked about, it is no answer
    written = {form for _, forms in figures_of(as_digits(question)) for form in forms}
    if line is None and isinstance(data, dict) and (named or written or echoed or asked <= given):
        # a measure the question names that the record lacks ("tencent stock": stock as in stock left), or a sum the
        # question writes and no field is named for ("5000 rupees in pounds": "pounds" weighs, no field does), or a
        # question that only names what the call was given ("what's SPY at") says nothing of which field answers;
        # the record's first measured fields do
        line = measured_line(data, given | written, marker)
    return [line] if line else []


_ZONE_VALUE = re.compile(r"[A-Z][A-Za-z_]+(?:/[A-Za-z_+-]+)+")
_ASKS_ZONE = re.compile(r"\bzones?\b|\btime\b|\bclock\b|\bhour\b", re.IGNORECASE)


def _labelled(line: str, item: dict[str, Any], question: str) -> str:
    """``line`` opened by what its call asked for, when one tool ran several times and the line does not say
    it: "America/Lima — datetime: 07:53 ..." beside "Africa/Nairobi — datetime: 15:53 ...". An argument holding
    a figure the question lacks ("1250*7/100") is nobody's words and is not shown."""
    figures = {f for _, forms in figures_of(question) for f in forms}
    asked = [str(v) for v in (item.get("arguments") or {}).values() if isinstance(v, str) and v.strip()
             and all(forms & figures for _, forms in figures_of(v))]
    if not asked or any(value.lower() in line.lower() for value in asked):
        return line
    return f"{', '.join(asked)} — {line}"


_COUNT_KEYS = re.compile(r"^(?:count|total|total_?count|num_?results|results_?count|matches|found)$", re.IGNORECASE)


def _holds_nothing(data: Any) -> bool:
    """An output with no value in it: [], {}, or only empty lists and objects ({"entities": [], "relations": []}),
    a count of zero beside an empty list included ({"count": 0, "tickers": []}; a count alone is an answer)."""
    if isinstance(data, dict):
        listing = any(isinstance(v, list) for v in data.values())
        return all(_holds_nothing(v) or (listing and _COUNT_KEYS.match(str(k)) is not None and v == 0)
                   for k, v in data.items())
    if isinstance(data, list):
        return all(_holds_nothing(v) for v in data)
    return data is None


def lead_lines(question: str, evidence: list[dict[str, Any]], asked_by_task: dict[str, str] | None = None) -> list[str]:
    """'Toronto, 2026-11-28 — sunset: 16:43 [T1.1]' lines: for each cited output, the part that answers. Every
    output that answers gets its first line in, however many lines the ones before it have; past that, at most
    MAX_LINES lines in all (a conversion after a list of hotels is part of the answer). ``asked_by_task``: what each
    task asked (a part of the question), which its outputs' leads answer."""
    repeated = len({str(item.get("tool")) for item in evidence}) < len(evidence)
    found = []
    for item in evidence:
        asked = (asked_by_task or {}).get(item.get("task_id", ""), question)  # the task's own part, when known
        lines = output_lead(asked, item, alone=len(evidence) == 1)
        found.append([_labelled(line, item, question) for line in lines] if repeated else lines)
    spare = MAX_LINES - sum(1 for lines in found if lines)
    kept: list[str] = []
    for lines in found:
        more = max(0, min(len(lines) - 1, spare))
        spare -= more
        kept.extend(lines[:1 + more])
    return kept
