"""The oracle for the follow-up rewriter (issue 14's stretch): two-turn conversations composed from single
intents, whose standalone rewrite is known by construction.

A scene is the first question (an intent filled with a split's entities and day phrase); a follow-up asks
something new about it without naming what it is about ("and restaurants?", "how much is that in EUR",
"what about trains?"). The rewrite is the follow-up's intent with the scene's values: "restaurants in Lisbon
tomorrow". These are the follow-ups the rewriter's code rules (nodes/rewrite.py: a date alone, "what about
<another value>", "there") leave to the model. Train and held-out banks share no template, and held-out scenes
use the entities held out of every training set (nodes/distill/oracle.py).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage

from nodes.distill.intents import DAYS, Split
from nodes.distill.oracle import Entities, load_entities
from nodes.distill.phrasing import roughen
from nodes.embedded_model import to_llama_messages
from nodes.rewrite import rewrite_conversation

# Scene: first-question templates per split, keyed by what the scene is about.
PLACE_SCENES: dict[Split, dict[str, list[str]]] = {
    "train": {
        "the weather": ["weather in {city} {day}", "whats the forecast for {city} {day}", "{city} weather {day}"],
        "hotels": ["hotels in {city} {day}", "find me a hotel in {city} {day}", "cheap hotel {city} {day}"],
        "restaurants": ["restaurants in {city} {day}", "where to eat in {city} {day}"],
        "attractions": ["what to see in {city} {day}", "sights in {city} {day}"],
    },
    "heldout": {
        "the weather": ["how's the weather looking in {city} {day}", "will it rain in {city} {day}"],
        "hotels": ["any rooms free in {city} {day}", "need a place to stay in {city} {day}"],
        "restaurants": ["good food in {city} {day}?"],
        "attractions": ["must-see places in {city} {day}"],
    },
}
# Follow-ups that switch the intent at the same place: "{noun}" is the new intent's words.
PLACE_FOLLOWUPS: dict[Split, list[str]] = {
    "train": ["any {noun}?", "what about {noun}?", "and {noun}", "{noun} too?", "also {noun}", "ok now {noun}",
              "and {noun} pls", "what are the {noun} like"],
    "heldout": ["how about {noun} then", "ok and {noun}?", "same for {noun}", "{noun} as well?"],
}
ROUTE_SCENES: dict[Split, dict[str, list[str]]] = {
    "train": {"flights": ["flights from {city} to {city2} {day}", "fly {city} to {city2} {day}"],
              "trains": ["trains from {city} to {city2} {day}", "rail {city} to {city2} {day}"]},
    "heldout": {"flights": ["any planes {city} -> {city2} {day}?"],
                "trains": ["is there a train {city} -> {city2} {day}?"]},
}
ROUTE_FOLLOWUPS: dict[Split, list[str]] = {
    "train": ["what about {noun}?", "and {noun}?", "any {noun} instead"],
    "heldout": ["can i go by {noun} instead", "{noun} an option too?"],
}
ARRIVAL_FOLLOWUPS: dict[Split, list[str]] = {  # the second city of a route: "hotels in <city2> <day>"
    "train": ["hotels at the destination?", "and a hotel where i land", "where to stay when i arrive"],
    "heldout": ["need a room at my destination too"],
}
COMPANY_SCENES: dict[Split, list[str]] = {
    "train": ["{company} stock price", "whats {company} trading at", "{company} share price today"],
    "heldout": ["how is {company} stock doing", "{company} quote pls"],
}
IN_CURRENCY_FOLLOWUPS: dict[Split, list[str]] = {
    "train": ["in {cur}?", "how much is that in {cur}", "convert that to {cur}", "and in {cur}"],
    "heldout": ["what's that in {cur}", "show it in {cur} please"],
}
HISTORY_FOLLOWUPS: dict[Split, list[str]] = {
    "train": ["and its history?", "show me its price history", "how did it do lately"],
    "heldout": ["chart of the last weeks?", "what was it last month"],
}
CONVERSION_SCENES: dict[Split, list[str]] = {
    "train": ["how much is {amount} {cur1} in {cur2}", "convert {amount} {cur1} to {cur2}"],
    "heldout": ["{amount} {cur1} to {cur2} pls"],
}
OTHER_TARGET_FOLLOWUPS: dict[Split, list[str]] = {
    "train": ["now to {cur3}", "same amount in {cur3}"],
    "heldout": ["that amount in {cur3}?"],
}
def as_in(text: str, value: str) -> str:
    """``value`` as ``text`` spells it ("hangzhou" for Hangzhou): a rewrite copies the user's words."""
    at = text.lower().find(value.lower())
    return text[at: at + len(value)] if at >= 0 else value


REPLIES = ["Here is what I found [T1.1].", "The sources say so [T1.1].", "Found it [T1.1]: see above.",
           "One result matched [T1.1]."]


@dataclass(frozen=True)
class FollowUp:
    """A two-turn conversation and its known standalone rewrite."""

    first: str
    reply: str
    question: str
    standalone: str
    must: list[str] = field(default_factory=list)  # what the rewrite must hold: the scene's values, the intent
    template: str = ""  # "<split>:<kind>:<n>", so splits can be told apart


def _place(entities: Entities, rng: random.Random, split: Split) -> FollowUp:
    scenes = PLACE_SCENES[split]
    about, new = rng.sample(list(scenes), 2)
    city, day = rng.choice(entities.cities), rng.choice(DAYS[split])
    n = rng.randrange(len(scenes[about]))
    first = roughen(scenes[about][n].format(city=city, day=day), [city, day], rng, typo_rate=0.1)
    k = rng.randrange(len(PLACE_FOLLOWUPS[split]))
    question = PLACE_FOLLOWUPS[split][k].format(noun=new)
    city, day = as_in(first, city), as_in(first, day)
    return FollowUp(first, rng.choice(REPLIES), question, f"{new} in {city} {day}", [new.split()[-1], city, day],
                    f"{split}:place:{n}.{k}")


def _route(entities: Entities, rng: random.Random, split: Split) -> FollowUp:
    scenes = ROUTE_SCENES[split]
    about = rng.choice(list(scenes))
    city, city2 = rng.sample(entities.cities, 2)
    day = rng.choice(DAYS[split])
    n = rng.randrange(len(scenes[about]))
    first = scenes[about][n].format(city=city, city2=city2, day=day)
    if rng.random() < 0.4:
        k = rng.randrange(len(ARRIVAL_FOLLOWUPS[split]))
        return FollowUp(first, rng.choice(REPLIES), ARRIVAL_FOLLOWUPS[split][k], f"hotels in {city2} {day}",
                        ["hotel", city2, day], f"{split}:arrival:{n}.{k}")
    new = "trains" if about == "flights" else "flights"
    k = rng.randrange(len(ROUTE_FOLLOWUPS[split]))
    return FollowUp(first, rng.choice(REPLIES), ROUTE_FOLLOWUPS[split][k].format(noun=new),
                    f"{new} from {city} to {city2} {day}", [new[:-1], city, city2, day], f"{split}:route:{n}.{k}")


def _company(entities: Entities, rng: random.Random, split: Split) -> FollowUp:
    company = rng.choice(entities.companies)
    n = rng.randrange(len(COMPANY_SCENES[split]))
    first = COMPANY_SCENES[split][n].format(company=company)
    if rng.random() < 0.5:
        cur = rng.choice(sorted({c for pair in entities.pairs for c in pair}))
        k = rng.randrange(len(IN_CURRENCY_FOLLOWUPS[split]))
        return FollowUp(first, rng.choice(REPLIES), IN_CURRENCY_FOLLOWUPS[split][k].format(cur=cur),
                        f"{company} stock price in {cur}", [company, cur], f"{split}:in_currency:{n}.{k}")
    k = rng.randrange(len(HISTORY_FOLLOWUPS[split]))
    return FollowUp(first, rng.choice(REPLIES), HISTORY_FOLLOWUPS[split][k], f"{company} price history",
                    [company, "history"], f"{split}:history:{n}.{k}")


def _conversion(entities: Entities, rng: random.Random, split: Split) -> FollowUp:
    cur1, cur2 = rng.choice(entities.pairs)
    cur3 = rng.choice(sorted({c for pair in entities.pairs for c in pair} - {cur1, cur2}))
    amount = rng.choice([20, 50, 75, 100, 250, 500, 1000])
    n = rng.randrange(len(CONVERSION_SCENES[split]))
    first = CONVERSION_SCENES[split][n].format(amount=amount, cur1=cur1, cur2=cur2)
    k = rng.randrange(len(OTHER_TARGET_FOLLOWUPS[split]))
    return FollowUp(first, rng.choice(REPLIES), OTHER_TARGET_FOLLOWUPS[split][k].format(cur3=cur3),
                    f"how much is {amount} {cur1} in {cur3}", [str(amount), cur1, cur3], f"{split}:conversion:{n}.{k}")


KINDS = (_place, _place, _route, _company, _conversion)


def synthesize_followups(sandbox: Path, split: Split, count: int, *, seed: int = 13) -> list[FollowUp]:
    """``count`` follow-ups of ``split``, seeded; the kinds in fixed proportions (places twice)."""
    if split not in ("train", "heldout"):
        raise ValueError(f"follow-ups have a train and a heldout bank, not {split!r}")
    entities, rng = load_entities(sandbox, split), random.Random(seed)
    return [KINDS[i % len(KINDS)](entities, rng, split) for i in range(count)]


def rewrite_example(followup: FollowUp, today: date) -> dict[str, Any]:
    """One chat example in the distilled rewriter's own prompt (nodes/rewrite.py ``rewrite_conversation``
    without few-shot examples) with its target, ``{"query": <standalone>}``. No rationale: the rewrite is a
    copy of spans, and the trainer's rationale share is 0 for it."""
    turns = [HumanMessage(followup.first), AIMessage(followup.reply)]
    messages = to_llama_messages(rewrite_conversation(turns, followup.question, today, with_examples=False))
    target = json.dumps({"query": followup.standalone}, ensure_ascii=False)
    return {"messages": messages, "action": target, "with_thought": target, "template": followup.template}
