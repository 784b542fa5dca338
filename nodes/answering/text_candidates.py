"""The lines of a plain-text output (a note, a listing, a page) as candidate answers, each with the words of the
headings and the paragraph opening above it: markdown and underlined headings are context, a table row reads as
"header: cell; ...", list bullets and check boxes are dropped."""

from __future__ import annotations

import re

from nodes.answering.lead_candidates import Candidate, label_of, pieces, terms

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_UNDERLINE = re.compile(r"^[-=]{3,}$")
_TABLE_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$")
_LIST_MARK = re.compile(r"^(?:[-*•]\s+|\d{1,3}[.)]\s+|\[[ xX]?\]\s*)+")
_EMPHASIS = re.compile(r"\*\*|__|`")


def text_candidates(text: str) -> list[Candidate]:
    """Every line of a plain-text output that could answer, with the words of the headings above it.
    Markdown and underlined headings are context, not answers; a table row reads as "header: cell; ...";
    list bullets and check boxes are dropped."""
    raw = [line.strip() for line in text.splitlines()]
    headings: dict[int, str] = {}
    header: list[str] | None = None
    block: set[str] | None = None  # the words of the first line of the current paragraph
    candidates: list[Candidate] = []
    for i, line in enumerate(raw):
        following = raw[i + 1] if i + 1 < len(raw) else ""
        if not line:
            header, block = None, None
            continue
        if _UNDERLINE.match(line) or _TABLE_RULE.match(line):
            continue
        heading = _HEADING.match(line)
        if heading or (_UNDERLINE.match(following) and len(line) < 80):
            level = len(heading.group(1)) if heading else 1
            text = heading.group(2) if heading else line
            headings = {k: v for k, v in headings.items() if k < level} | {level: text}
            header, block = None, None
            continue
        if line.startswith("|") and line.endswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if header is None and _TABLE_RULE.match(following):
                header = cells
                continue
            if header is not None:  # "| 4 | Project Hail Mary | ..." -> "Title: Project Hail Mary; ..."
                pairs = [f"{h}: {c}" for h, c in zip(header, cells) if c and any(ch.isalpha() for ch in h)]
                line = "; ".join(pairs) or line
        else:
            header = None
        # A paragraph's first line ("guest network: ...") tells what the lines under it are about.
        context = set().union(*(terms(h) for h in headings.values())) if headings else set()
        context |= block or set()
        # ... when it reads as a heading: a line stating figures ("Bed 1: garlic, 40 cloves") is an answer itself
        if block is None and header is None:
            block = terms(line) if line.endswith(":") or not re.search(r"\d", line) else set()
        outer = headings[min(headings)] if headings else ""
        body = _EMPHASIS.sub("", _LIST_MARK.sub("", line)).strip()
        for piece in pieces(body):
            candidates.append(Candidate(piece, context, outer, label_of(piece), len(candidates)))
    return candidates


