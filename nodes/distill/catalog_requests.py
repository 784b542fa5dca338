"""Requests for a server of the user's catalogue, synthesised from the catalogue itself (``tura distill
executor``): for each tool the teacher may run, mentions of its required arguments (nodes/distill/
catalog_mentions.py) phrased by the families of nodes/distill/phrase_families.py, in one bank.

What a request was phrased from (its tool, mentions, the property each mention is for, and its family) is kept
for the teacher's verification and the bank test; which call is right is the search teacher's to find
(nodes/distill/search_teacher.py). What the catalogue says of itself, and each property's mentions, are
nodes/distill/catalog_facts.py's. A list property that takes at least two values gets two mentions ("Osaka and
Lima"), and half the requests for a tool with an optional day name one ("on friday"): a run passes the day a
request names, so the teacher must see requests that name one.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from mcp.types import Tool

from nodes.arguments.candidates import gather_candidates
from nodes.arguments.string_values import MIN_QUERY_WORDS
from nodes.arguments.tool_signature import properties_of, property_kinds, required_arguments
from nodes.arguments.value_kinds import ValueKind
from nodes.distill.borrowed_examples import borrowed_examples, phrase_borrowed
from nodes.distill.catalog_facts import property_mentions
from nodes.distill.catalog_mentions import DAY_WORDS, name_mentions
from nodes.distill.mention import Bank, CatalogFacts, Mention, bank_of, in_bank, mention_marks
from nodes.distill.output_values import own_records_key
from nodes.distill.phrase_families import (described_action, families, joined_values, phrase, phrase_example,
                                           usage_examples)
from nodes.distill.value_roles import role_of, route_roles

USAGE_SHARE = 0.35  # of a tool's training requests, phrased from its description's own examples when it has some
# phrased from a sibling's examples and the tool's cues (nodes/distill/borrowed_examples.py): near USAGE_SHARE, so
# the words a sibling's examples hold are seen about as often with this tool's cues as without them (at 0.15, a
# history had 2 such requests against its quote's 19 phrased from the quote's examples)
BORROWED_SHARE = 0.3
# A training bank's requests for a tool that a sibling takes the same kinds of values for, against ``per_tool``:
# "visa" fits a quote and a history, and only the request's other words tell them apart (each cue, each field).
CONFUSABLE_SHARE = 1.5
# Of such a tool's training requests phrased by families, those phrased by its description cues, each cue in turn.
# Why: drawn at random from all families, a history's seven cues had 13 requests among them and "recent" none, and
# the executor sent "visa recent" to the quote at p 0.96; its head's "daily open" had 35.
CUED_SHARE = 0.7


@dataclass(frozen=True)
class SynthRequest:
    """One synthesised request: the words, the server, the tool it was phrased from, its family and mentions."""

    request: str
    server: str
    tool: str
    family: str  # "<bank>:<shape>:<n>"
    mentions: tuple[Mention, ...]
    slots: tuple[str, ...] = ()  # the tool's property each mention was written for, in the same order

    def to_json(self) -> dict[str, Any]:
        return {"request": self.request, "server": self.server, "tool": self.tool, "family": self.family,
                "mentions": [{"words": m.words, "evidence": list(m.evidence),
                              "truth": list(m.truth) if m.truth else None, "question": m.question, "bank": m.bank}
                             for m in self.mentions], "slots": list(self.slots)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SynthRequest:
        mentions = tuple(Mention(m["words"], tuple(m["evidence"]), tuple(m["truth"]) if m["truth"] else None,
                                 m["question"], m["bank"]) for m in data["mentions"])
        return cls(data["request"], data["server"], data["tool"], data["family"], mentions,
                   tuple(data.get("slots") or ()))


def optional_query(tool: Tool, facts: CatalogFacts) -> tuple[str, list[Mention]] | None:
    """For a tool that requires nothing, its first free-text property and the record names its own output gave
    (nodes/distill/output_values.py): "search products" is also asked as "search products PowerCore 10000". A
    search query takes names of two words or more, as a run offers it (nodes/arguments/string_values.py): asked
    by "Clara" alone, the only query holding it was the whole request."""
    if required_arguments(tool):
        return None
    named = name_mentions(facts.outputs.get(own_records_key(tool.name), []))
    for name, kind in property_kinds(tool).items():
        if kind in (ValueKind.QUERY, ValueKind.NAME) and _takes_text(properties_of(tool).get(name) or {}):
            usable = [m for m in named if kind is not ValueKind.QUERY or len(m.words.split()) >= MIN_QUERY_WORDS]
            return (name, usable) if usable else None
    return None


def _takes_text(spec: dict[str, Any]) -> bool:
    """Whether a property takes a string ("type": "string", or a string branch of an optional one)."""
    return any(branch.get("type") == "string" for branch in [spec, *(spec.get("anyOf") or [])]
               if isinstance(branch, dict))


def optional_day(tool: Tool) -> str | None:
    """The tool's first optional property that takes a day, if any ("date" of a forecast)."""
    required = set(required_arguments(tool))
    return next((name for name, kind in property_kinds(tool).items()
                 if kind is ValueKind.DATE and name not in required), None)


def day_mention(words: str, today: date) -> Mention:
    """A day as people say it, with the ISO date a run resolves it to (nodes/arguments/candidates.py)."""
    return Mention(words, tuple(gather_candidates([words], [], today, "").day_values()))


def values_per_mention(spec: dict[str, Any]) -> int:
    """How many values a request names for the property: two for a list that takes at least two, else one."""
    return 2 if spec.get("type") == "array" and int(spec.get("minItems") or 0) >= 2 else 1


def _chosen(by_property: dict[str, list[Mention]], specs: dict[str, Any], rng: random.Random,
            route: tuple[str, str] | None = None,
            pairs: list[tuple[str, str]] | None = None) -> list[tuple[str, Mention]] | None:
    """One draw of (property, mention) pairs; None when one value is named twice ("from Lima to Lima", or by its
    short name: "Lotus Mapo Suites into Lotus"). A source and a target (``route``) take a pair the server's
    listing connects, when it lists any."""
    chosen: list[tuple[str, Mention]] = []
    if route and pairs:
        source, target = rng.choice(pairs)
        chosen += [(route[0], Mention(source, (source,))), (route[1], Mention(target, (target,)))]
    for name, options in by_property.items():
        if route and pairs and name in route:
            continue
        count = values_per_mention(specs.get(name) or {})
        if len(options) < count:
            return None
        chosen += [(name, m) for m in rng.sample(options, count)]
    marks = [mention_marks(m) for _, m in chosen]
    if any(a & b for i, a in enumerate(marks) for b in marks[i + 1:]):
        return None
    return chosen


LIST_JOINS: dict[Bank, list[str]] = {"train": [" and ", " or ", " vs "], "heldout": [" versus ", ", "]}


def _parts(chosen: list[tuple[str, Mention]], specs: dict[str, Any], bank: Bank,
           rng: random.Random) -> list[tuple[str, str]]:
    """(role, words) per property, a list's mentions joined ("Osaka and Lima", "Osaka or Lima")."""
    words: dict[str, list[str]] = {}
    for name, mention in chosen:
        words.setdefault(name, []).append(mention.words)
    return [(role_of(name, str((specs.get(name) or {}).get("description", ""))),
             rng.choice(LIST_JOINS[bank]).join(said)) for name, said in words.items()]


def synthesize_requests(server: str, readable: list[Tool], facts: CatalogFacts, bank: Bank, per_tool: int, *,
                        seed: int = 13, today: date | None = None) -> list[SynthRequest]:
    """Up to ``per_tool`` distinct requests in ``bank`` for each tool the teacher may run."""
    rng = random.Random(f"{seed}:{bank}:{server}")
    today = today or date.today()
    requests: list[SynthRequest] = []
    for tool in readable:
        by_property = property_mentions(tool, facts, bank, rng)
        if by_property is None:
            continue
        query = optional_query(tool, facts)
        queries = in_bank(query[1], bank) if query else []
        action = replace(described_action(tool), fields=tuple(facts.fields.get(tool.name, ())),
                         contents=tuple(facts.contents.get(tool.name, ())), cues=tuple(facts.cues.get(tool.name, ())))
        specs = properties_of(tool)
        day = optional_day(tool)
        route = route_roles(tool)
        pairs = [p for p in facts.pairs if bank_of(p[0]) == bank == bank_of(p[1])]
        asks_question = any(m.question for ms in by_property.values() for m in ms)
        shape = "question" if asks_question else ("value" if by_property else "none")
        examples = usage_examples(tool, len(by_property)) if bank == "train" else []
        borrowed = borrowed_examples(tool, readable, len(by_property), facts.cues) if bank == "train" else []
        seen: set[str] = set()
        told_apart = bank == "train" and confusable(tool, readable)
        wanted = round(per_tool * CONFUSABLE_SHARE) if told_apart else per_tool
        # every cue as often as the next (training only: the held-out bank's draws stay as they were)
        turns = itertools.cycle(rng.sample(action.cues, len(action.cues)) if bank == "train" else action.cues)
        for _ in range(wanted * 6):
            if len(seen) >= wanted:
                break
            asks = bool(queries) and rng.random() < 0.5  # half of them name a record to look for
            chosen = [(query[0], rng.choice(queries))] if asks else _chosen(by_property, specs, rng, route, pairs)
            if chosen is None:
                continue
            if day and shape == "value" and rng.random() < 0.5:
                chosen.append((day, day_mention(rng.choice(in_bank([Mention(w) for w in DAY_WORDS], bank)).words,
                                                today)))
            whole = len(chosen) == len(by_property)  # no day added: the examples hold the values alone
            draw = rng.random() if whole and (examples or borrowed) else 1.0
            if examples and whole and draw < USAGE_SHARE:
                n = rng.randrange(len(examples))
                family = f"{bank}:usage:{n}"
                text = phrase_example(examples[n], [m.words for _, m in chosen], rng)
            elif borrowed and whole and draw > 1 - BORROWED_SHARE:
                n = rng.randrange(len(borrowed))
                family = f"{bank}:borrowed:{n}"
                text = phrase_borrowed(borrowed[n], [m.words for _, m in chosen], (next(turns),), rng)
            else:
                said = "value" if asks else shape
                # a record a listing's own output names is asked for by name, not by the listing's fields
                options = families(bank, said, replace(action, fields=()) if asks else action)
                cued = [f for f in options if "{cues}" in f]
                pick = rng.choice(cued) if told_apart and cued and rng.random() < CUED_SHARE else rng.choice(options)
                family = f"{bank}:{said}:{options.index(pick)}"
                turn = replace(action, cues=(next(turns),)) if "{cues}" in pick else action
                text = phrase(bank, pick, turn, joined_values(_parts(chosen, specs, bank, rng), bank, rng),
                              [m.words for _, m in chosen], rng)
            if text.lower() in seen:
                continue
            seen.add(text.lower())
            requests.append(SynthRequest(text, server, tool.name, family, tuple(m for _, m in chosen),
                                         tuple(name for name, _ in chosen)))
    return requests


def confusable(tool: Tool, siblings: list[Tool]) -> bool:
    """Whether another of ``siblings`` requires the same kinds of values as ``tool`` (a company's name for a quote
    and for a history; two places for a flight search and for its cheapest days)."""
    kinds = _required_kinds(tool)
    return bool(kinds) and any(t.name != tool.name and _required_kinds(t) == kinds for t in siblings)


def _required_kinds(tool: Tool) -> list[str]:
    kinds = property_kinds(tool)
    return sorted(str(kinds.get(name)) for name in required_arguments(tool))
