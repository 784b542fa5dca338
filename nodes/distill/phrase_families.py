"""Requests phrased from a tool's own words: the action its description states ("Get current time in a specific
timezone" -> get / current time) and its arguments' mentions, placed by what each parameter's name or
description says it is (a source takes "from", a target "to": nodes/distill/value_roles.py).

Several families per bank, none shared: the training bank's families and the held-out bank's are disjoint, and
only the training bank gets the casual lead-ins and sign-offs of nodes/distill/phrasing.py and the families
naming a tool's description cues (nodes/distill/description_cues.py). A family is written once for every
catalogue: no tool, server or domain is named here.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from mcp.types import Tool

from nodes.arguments.property_kinds import QUOTED_EXAMPLE
from nodes.arguments.tool_signature import name_words
from nodes.distill.mention import Bank
from nodes.distill.phrasing import roughen, typo

_FIRST_SENTENCE = re.compile(r"^(.+?)(?:[.;:\n]|$)")
_STOP = re.compile(r"\b(?:in|on|for|of|from|to|with|by|between|based|as|within|using|and|that|which|if|into|"
                   r"including|matching|about|through|via|across|per|during|plus)\b")
_LEADING = re.compile(r"^(?:the|a|an|given|specific|specified|multiple|new)\s+")

FAMILIES: dict[Bank, dict[str, list[str]]] = {
    "train": {
        "value": ["{verb} the {head} for {values}", "what's the {head} for {values}?", "{values}: {head}?",
                  "I need the {head} {values}", "can you {verb} {values}", "{head} {values} pls", "{verb} {values}",
                  "{values} - {head}", "show me the {head} for {values}", "{name} {values}", "{values} {name}?",
                  "{name} for {values} pls", "{name}: {values}", "{values} {field}?", "what's the {field} for {values}",
                  "{field} of {values} pls", "{values} {cues}", "{cues} {values}?", "{verb} {values} {cues}"],
        "question": ["{values}", "{values}?", "quick one: {values}", "{verb}: {values}", "tell me {values}",
                     "what is {values}", "work out {values}"],
        "none": ["{verb} {head}", "{verb} the {head} please", "show me the {head}", "can you {verb} {head}?",
                 "what {head} are there", "give me {head}", "{name} please", "{name}?"],
    },
    "heldout": {
        "value": ["mind checking {head} — {values}", "looking for {head}, {values}", "{values} — {verb} it",
                  "any idea about {head} re {values}"],
        "question": ["I'd like to know {values}", "{values}, cheers mate", "hmm {values}"],
        "none": ["I'd want to see {head}", "{head}, all of it", "let me see every {head}"],
    },
}
HELDOUT_LEADS = ["", "", "so ", "ok so "]
CONTENTS_SHARE = 0.5  # of the requests asking by field, those asking by the field that holds the tool's records
# The verbs tool descriptions open with; a description that opens otherwise is a noun phrase.
VERBS = frozenset({"get", "list", "search", "find", "read", "fetch", "retrieve", "return", "look", "convert",
                   "calculate", "compute", "evaluate", "execute", "run", "open", "show", "check", "query", "describe",
                   "compare", "translate", "tell", "give", "count", "lookup", "browse", "explore", "summarise",
                   "summarize", "resolve", "validate", "estimate", "measure", "locate", "track", "view", "see"})


@dataclass(frozen=True)
class Action:
    """A tool's stated action: its verb and the head of its object ("get", "current time")."""

    verb: str
    head: str
    name: str = ""  # the tool's name in words, less a leading accessor ("get_history" -> "history")
    fields: tuple[str, ...] = ()  # what only this tool's output holds ("sessions"; nodes/distill/output_fields.py)
    contents: tuple[str, ...] = ()  # those of ``fields`` that hold the records it answers with ("sessions")
    cues: tuple[str, ...] = ()  # its description's words no sibling tool uses (nodes/distill/description_cues.py)


def described_action(tool: Tool) -> Action:
    """The verb and object head of the tool's first sentence; the tool's name's words when it has none."""
    match = _FIRST_SENTENCE.match((tool.description or "").strip())
    sentence = (match.group(1) if match else "").strip()
    if not sentence:
        sentence = tool.name.replace("_", " ")
    words = sentence.split()
    while len(words) > 1 and words[0].lower().endswith("ly") and _verb(words[1]):  # "Recursively search ..."
        words = words[1:]  # but not "Daily open/high/low/close ...": an adjective before nouns
    verb = _verb(words[0])
    if verb is None:  # a noun phrase ("The lowest available fare ...", "Latest price of a stock"): what it gets
        verb, rest = "get", " ".join(words)
    else:
        rest = " ".join(words[1:])
    if verb == "search" and rest.lower().startswith("for "):
        rest = rest[4:]
    head = _STOP.split(re.sub(r"\([^)]*\)", " ", rest.lower()), maxsplit=1)[0].strip(" ,")
    while _LEADING.match(head):
        head = _LEADING.sub("", head, count=1)
    head = " ".join(head.split()[:4]) or tool.name.replace("_", " ")
    return Action(verb, head, named_head(tool))


_ACCESSORS = frozenset({"get", "fetch", "retrieve", "lookup"})


def named_head(tool: Tool) -> str:
    """The tool's name as words, in order, without a leading accessor verb: "get_history" -> "history",
    "cheapestDays" -> "cheapest days". A name says what a tool is for in the author's shortest words, which the
    description's first sentence often does not ("Daily open/high/low/close ..." for a history)."""
    words = name_words(tool)
    while len(words) > 1 and words[0] in _ACCESSORS:
        words = words[1:]
    return " ".join(words)


def _verb(word: str) -> str | None:
    """The word as an imperative verb of ``VERBS`` ("Gets" -> "get", "Calculates/evaluates" -> "calculate"); a
    slashed word is one only when every part is ("open/high/low/close" are prices)."""
    found = [_one_verb(part) for part in word.lower().strip(",.:").split("/")]
    return found[0] if all(found) else None


def _one_verb(word: str) -> str | None:
    for form in (word, word[:-1] if word.endswith("s") else word, word[:-2] if word.endswith("es") else word):
        if form in VERBS:
            return form
    return None


# How a source and a target are said: "from A to B", and in training also "A to B" and "A into B" ("20 GBP to SGD").
ROUTE_JOINS: dict[Bank, list[str]] = {"train": ["from {a} to {b}", "{a} to {b}", "{a} into {b}"],
                                      "heldout": ["from {a} to {b}"]}


def joined_values(parts: list[tuple[str, str]], bank: Bank = "heldout", rng: random.Random | None = None) -> str:
    """Mentions in the order people say them: plain ones first, then the source and the target ("from A to B")."""
    plain = [w for role, w in parts if not role]
    sources = [w for role, w in parts if role == "from"]
    targets = [w for role, w in parts if role == "to"]
    if len(sources) == len(targets) == 1:
        join = rng.choice(ROUTE_JOINS[bank]) if rng else ROUTE_JOINS[bank][0]
        return " ".join(plain + [join.format(a=sources[0], b=targets[0])])
    return " ".join(plain + [f"from {w}" for w in sources] + [f"to {w}" for w in targets])


_PLACEHOLDER = re.compile(r"\b([XYZ])\b")
EXAMPLE_LETTERS = (6, 80)  # an example shorter or longer than this is a value or a passage, not a request


def usage_examples(tool: Tool, slots: int) -> list[str]:
    """The description's own quoted examples with placeholders, as templates over the tool's required values
    in order: "Use for 'is X in stock in Y'" -> "is {0} in stock in {1}". Only those with one placeholder per
    value; the training bank phrases some requests this way, as the catalogue's author said them. Quotes are
    found as everywhere else (``QUOTED_EXAMPLE``): "that flight's number" opens none."""
    found = []
    for match in QUOTED_EXAMPLE.finditer(tool.description or ""):
        quoted = match.group()[1:-1]
        if not EXAMPLE_LETTERS[0] <= len(quoted) <= EXAMPLE_LETTERS[1]:
            continue
        letters = sorted(set(_PLACEHOLDER.findall(quoted)))
        if slots and len(letters) == slots:
            found.append(_PLACEHOLDER.sub(lambda m: "{" + str(letters.index(m.group(1))) + "}", quoted))
    return found


def phrase_example(example: str, values: list[str], rng: random.Random) -> str:
    """A training request from one of the description's own examples, worded the way people type it."""
    return roughen(example.format(*values), values, rng, typo_rate=0.3)


# Verbs that say only "give me": a request with no other cue ("get Osaka to Lima") fits every sibling tool that
# takes the same values, and the same words labelled with two tools teach the executor nothing.
PLAIN_VERBS = _ACCESSORS | {"show", "find", "look", "see", "view", "return", "give", "tell"}


def families(bank: Bank, shape: str, action: Action | None = None) -> list[str]:
    """The bank's families for ``shape``: those asking for an output field, or by description cues, only for a
    tool that has some of its own; in training, for values asked with a plain verb ("get"), only those that also
    say the action's head, the tool's name, a field or a cue. (A question carries its own cue; the held-out bank
    is left as people write.)"""
    found = [f for f in FAMILIES[bank][shape] if ("{field}" not in f or (action is not None and action.fields))
             and ("{cues}" not in f or (action is not None and action.cues))]
    if action is None or bank != "train" or shape != "value" or action.verb not in PLAIN_VERBS:
        return found
    cued = [f for f in found if "{head}" in f or "{name}" in f or "{field}" in f or "{cues}" in f]
    return cued or found


def said_cues(cues: tuple[str, ...], rng: random.Random) -> str:
    """One of a tool's cues. Why not two: the executor leant on the stronger of a pair ("daily recent"), and
    never learnt "recent" alone: b19 sent "visa recent" to the quote at p 0.97."""
    return rng.choice(cues)


def phrase(bank: Bank, family: str, action: Action, values: str, protected: list[str],
           rng: random.Random) -> str:
    """One request in ``family``, worded the way people type it in this bank."""
    field = ""
    if "{field}" in family:  # the records a tool answers with are what people ask for most
        field = rng.choice(action.contents if action.contents and rng.random() < CONTENTS_SHARE else action.fields)
    cues = said_cues(action.cues, rng) if "{cues}" in family else ""
    text = family.format(verb=action.verb, head=action.head, name=action.name or action.head, field=field,
                         cues=cues, values=values).replace(" for from ", " from ")
    if bank == "train":
        return roughen(text, protected, rng, typo_rate=0.3)
    words = [w for w in re.findall(r"[a-z]{6,}", text) if not any(w in p.lower() for p in protected)]
    if words and rng.random() < 0.25:
        slip = rng.choice(words)
        text = text.replace(slip, typo(slip, rng), 1)
    text = rng.choice(HELDOUT_LEADS) + text
    return " ".join((text.lower() if rng.random() < 0.5 else text).split())
