"""A value as a synthesised request names it (a mention), what a call bearing on it must show, and which bank
(training or held-out) it belongs to (nodes/distill/catalog_mentions.py makes them)."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from typing import Any, Literal

Bank = Literal["train", "heldout"]
HELDOUT_SHARE = 5  # one value in five is held out


@dataclass(frozen=True)
class Mention:
    """How a request names a value, and what a call's output must hold to bear on it (any of ``evidence``,
    case-folded; a number compares as a number). ``truth`` is a read-only call whose output gives the evidence
    when it cannot be known before running (a SQL question's answer), as ``(tool, arguments)``."""

    words: str
    evidence: tuple[str, ...] = ()
    truth: tuple[str, dict[str, Any]] | None = None
    question: bool = False  # the words are a whole question ("how many employees are there"), not a value
    bank: Bank | None = None  # a question's bank is its phrasing's ("{a} times {b}"), not its words'


_ARTICLE = re.compile(r"^the\s+")


def mark_of(text: str) -> str:
    """How a value and a mention are compared: case-folded, spaced once, without a leading "the". A request's
    spans start after it, so "skyline hostel new york" is the mention "The Skyline Hostel New York"."""
    return _ARTICLE.sub("", " ".join(str(text).split()).casefold())


def mention_marks(mention: Mention) -> frozenset[str]:
    """The mention's words and evidence, as ``mark_of`` compares them."""
    return frozenset(mark_of(text) for text in (mention.words, *mention.evidence))


@dataclass
class CatalogFacts:
    """What the server's listings said: names, file paths, a SQL schema (tables with sampled values), the
    pairs of names it connects (nodes/distill/listed_pairs.py), the values its outputs gave by field
    (nodes/distill/output_values.py) and the whole catalogue's, and each tool's own output fields and which of
    them hold its records (nodes/distill/output_fields.py), and each tool's description cues
    (nodes/distill/description_cues.py)."""

    names: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)  # nodes/arguments/sql_schema.py TableSchema
    pairs: list[tuple[str, str]] = field(default_factory=list)  # (source, target) a listing connects
    outputs: dict[str, list[str]] = field(default_factory=dict)  # field -> values the server's outputs gave
    elsewhere: dict[str, list[str]] = field(default_factory=dict)  # field -> values every server's outputs gave
    fields: dict[str, list[str]] = field(default_factory=dict)  # tool -> fields only its output has
    contents: dict[str, list[str]] = field(default_factory=dict)  # tool -> those of them holding its records
    cues: dict[str, list[str]] = field(default_factory=dict)  # tool -> its description's words no sibling uses
    query_tool: str = ""  # the read-only tool a SQL truth runs with


def bank_of(text: str) -> Bank:
    digest = int(hashlib.sha256(text.casefold().encode("utf-8")).hexdigest(), 16)
    return "heldout" if digest % HELDOUT_SHARE == 0 else "train"


def in_bank(mentions: list[Mention], bank: Bank) -> list[Mention]:
    """A value's mentions by its words; a question's by its shape, so no held-out question is phrased like a
    training one."""
    return [m for m in mentions if (m.bank or bank_of(m.words)) == bank]
