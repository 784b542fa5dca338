"""Choice chains: "Which is warmer tomorrow, Madrid or Rome? Find me the cheapest hotel there for tomorrow night."

The question lists alternatives (a written list of places joined by "or", commas, "and"), says how to choose
between them (a comparative: warmer, colder, lower chance of rain), and asks a second question of the one chosen
("there", "that city", "it"). The 135M planner's next query named a place at random, or the loser. Code reads the
chain; the run measures each alternative, code picks the winner from the outputs, and the second question is
asked with the winner in place of the reference, of a request that no longer names the losers, so no argument can
take one.

A comparative names a measure of the shared field vocabulary (nodes/field_vocabulary.py: temperature, rain,
wind, price) and which end wins. The value compared is, per alternative, the first field of that measure in a
record about it (its title or its call names it), on the asked day when the record is dated.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from indexes.entities import fold
from nodes.answering.fact_rendering import parse_output
from nodes.answering.lead_records import records
from nodes.answering.output_context import with_output_context
from nodes.arguments.places import places_named
from nodes.arguments.route_fit import START_CUE
from nodes.arguments.written_lists import place_lists
from nodes.comparatives import choosing
from nodes.date_mentions import find_date_mentions
from nodes.field_vocabulary import field_concepts
from nodes.intent_references import refers_back

# the choosing clause opening the last part: "whichever is warmer on Friday, find me ...", "pick whichever's warmer
# and tell me ...", "go w/ whichever has lower rain chance and find ...", "Whichever is cheaper, what's ..."
_WHICHEVER_CLAUSE = re.compile(r"^\s*(?:(?:go|pick|choose|take)\s+(?:w/\s*|with\s+)?)?"
                               r"(?:whichever|(?<=\s)the one)\b[^,;]*?"
                               r"(?:,|;|\s+and\s+|\s+then\s+)\s*(?P<rest>\S.*)$", re.IGNORECASE)
_CHOOSING_AFTER_COMMA = re.compile(r"(?:,\s*|\s+)(?=(?:(?:go|pick|choose|take)\s+(?:w/\s*|with\s+)?)?whichever\b)|"
                                   r",\s*(?=(?:so\s+)?(?:take|pick|choose|go (?:with|for))\s+the one\b)", re.IGNORECASE)
# a choosing clause inside the last sentence, after what the asker tells: "I can't handle freezing nights, so take the
# one with the milder overnight low and tell me ..."
_CHOOSING_INSIDE = re.compile(r"\b(?:so\s+)?(?:take|pick|choose|go (?:with|for))\s+"
                              r"(?:whichever|the (?:[\w-]+ ){0,2}one)\b[^,;]*?"
                              r"(?:,|;|\s+and\s+|\s+then\s+)\s*(?P<rest>\S.*)$", re.IGNORECASE)
_PARTS = re.compile(r"(?<=[.?!])\s+|\s+[-—–]\s+|;\s*")
_WHICHEVER_OPENING = re.compile(r"^\s*whichever (?:it|one) is,?\s*", re.IGNORECASE)
_NAMED_BY_REFERENCE = re.compile(r"\b(?:that|this|the)(?: \w+(?:er|est))? (?:city|one|place|town|destination)\b|"
                                 # "in whichever one is cheaper": the whole phrase names the winner
                                 r"\bwhichever(?: one| city| place)?(?: (?:is|was|has|looks) \w+(?:er|est)\b)?|"
                                 r"\bwhichever\b", re.IGNORECASE)
_THERE = re.compile(r"\b(?:(in|to|from|at|near)\s+)?there\b", re.IGNORECASE)
_COMPARED_THING = re.compile(r"\s+((?:to\s+)?(?!(?:on|in|for|at|than|tonight|today|tomorrow|is|are|and|or)\b)[a-z]{3,})\b")
_IT = re.compile(r"\bit\b", re.IGNORECASE)
_ITS = re.compile(r"\bits\b", re.IGNORECASE)


@dataclass(frozen=True)
class ChoiceChain:
    """The parts of a choice chain, as the question writes them."""

    question: str
    alternatives: list[str]  # as written
    list_span: tuple[int, int]  # where the written list of alternatives stands in the question
    measure: str  # a concept of nodes/field_vocabulary.py
    larger_wins: bool
    comparative: str  # the words that choose ("warmer", "lower chance of rain")
    day: date | None  # the day the comparison is about, when the question names one
    follow_up: str  # the second question, with its reference
    names: dict[str, str] = field(default_factory=dict)  # an alternative as written -> its place's own name ("hk")
    start: str = ""  # where the compared trips start, as written ("from London"), when the comparison says

    def measuring_query(self) -> str:
        """The first step: the comparison over the alternatives, in the question's words, with the place it is made
        from ("From London on Tuesday, is Istanbul or Cairo the cheaper flight?": from London)."""
        return f"{self.start + ' ' if self.start else ''}which is {self.comparative}" \
               f"{' on ' + self.day.isoformat() if self.day else ''}: {' or '.join(self.alternatives)}?"

    def measuring_queries(self) -> list[str]:
        """The comparison as one query per alternative, each from the start ("from London to Cairo on 2026-12-01:
        cheaper flight")."""
        day = f" on {self.day.isoformat()}" if self.day else ""
        return [f"{self.start} to {alternative}{day}: {self.comparative}" for alternative in self.alternatives]

    def asked_of(self, winner: str) -> tuple[str, str]:
        """The second step's (query, request): the follow-up about ``winner``, and the question with the list of
        alternatives replaced by ``winner`` and its references by ``winner``."""
        start, end = self.list_span
        follow_up = _named(_WHICHEVER_OPENING.sub("", self.follow_up), winner)
        comparison = self.question[: self.question.rfind(self.follow_up)]
        return follow_up, f"{comparison[:start]}{winner}{comparison[end:]}{follow_up}"


def _named(text: str, winner: str) -> str:
    text = _NAMED_BY_REFERENCE.sub(winner, text)
    text = _THERE.sub(lambda m: f"{m.group(1) or 'in'} {winner}", text)  # "to there": to the winner
    return _IT.sub(winner, _ITS.sub(f"{winner}'s", text))  # "find me its cheapest hotel": the winner's


def read_choice_chain(question: str, today: date) -> ChoiceChain | None:
    """The chain ``question`` asks, or None when it is not one."""
    parts = [p for p in _PARTS.split(question.strip()) if p.strip(" ,.?!")]
    if len(parts) < 2:
        # "amsterdam vs paris friday, go with whichever has less chance of rain and get me ...": the choosing clause
        # after a comma opens the second part
        parts = [p for p in _CHOOSING_AFTER_COMMA.split(question.strip(), maxsplit=1) if p.strip(" ,.?!")]
    if len(parts) < 2:
        return None
    follow_up = parts[-1]
    # "Madrid or Rome, whichever stays light later. Dinner at its top-rated restaurant — which one is it?": the second
    # question runs from the part after the comparison to the end
    compared_in = [i for i, part in enumerate(parts[:-1]) if choosing(part)]
    if compared_in and compared_in[-1] < len(parts) - 2:
        follow_up = question[question.find(parts[compared_in[-1] + 1]):]
    clause = _WHICHEVER_CLAUSE.match(follow_up) or _CHOOSING_INSIDE.search(follow_up)
    if clause is not None and choosing(follow_up[:clause.start("rest")]):
        follow_up = clause.group("rest")  # the choosing clause belongs to the comparison
    comparison = question[: question.rfind(follow_up)]
    chosen_by = choosing(comparison)
    # "the warmer city" names the winner; another comparative in the follow-up asks something else
    if chosen_by is None or choosing(_NAMED_BY_REFERENCE.sub(" ", follow_up)) is not None or not refers_back(follow_up):
        return None
    lists = place_lists(comparison)
    if len(lists) != 1:
        return None
    run = lists[0]
    words, measure, larger, said_at = chosen_by.words, chosen_by.measure, chosen_by.larger_wins, chosen_by.end
    # the day said nearest the comparative ("for a long weekend — whichever is warmer on Friday": Friday)
    days = sorted(find_date_mentions(comparison, today), key=lambda m: abs(m.start - said_at)) \
        or find_date_mentions(follow_up, today)
    # what the comparative measures, when the question says it: "the cheaper hotel", "cheaper to fly"
    if (thing := _COMPARED_THING.match(comparison, said_at)) is not None and " " not in words \
            and not places_named([thing.group(1)]):
        words = f"{words} {thing.group(1)}"
    listed = {m.start for m in run}
    starts = [f"from {m.span}" for m in places_named([comparison]) if m.start not in listed
              and START_CUE.search(comparison[:m.start])]
    return ChoiceChain(question=question, alternatives=[m.span for m in run],
                       names={m.span: m.place.name for m in run},
                       list_span=(run[0].start, run[-1].start + len(run[-1].span)), measure=measure,
                       larger_wins=larger, comparative=words, day=days[0].first if days else None,
                       follow_up=follow_up.strip(), start=starts[0] if len(starts) == 1 else "")


def _about(title: str, arguments: dict[str, Any], alternative: str) -> bool:
    """Whether a record titled ``title`` is about ``alternative`` (accents aside: "sao paulo" is "São Paulo")."""
    folded = fold(alternative)
    return folded in fold(title) or any(isinstance(v, str) and fold(v) == folded for v in arguments.values())


def measured_values(chain: ChoiceChain, observations: list[dict[str, Any]]) -> dict[str, float]:
    """Each alternative's value of the chain's measure in the outputs (an alternative without one is left out)."""
    values: dict[str, float] = {}
    at_night = _NIGHT.search(chain.comparative) is not None
    for observation in (o for o in observations if o.get("ok")):
        data = with_output_context(parse_output(observation.get("text") or ""))
        if not isinstance(data, dict):
            continue
        arguments = observation.get("arguments") or {}
        for alternative in chain.alternatives:
            if alternative in values:
                continue
            dated = chain.day.isoformat() if chain.day else ""
            found = [(dated in title, value) for title, record in records(data)
                     if _about(title, arguments, alternative) or _about(title, arguments,
                                                                          chain.names.get(alternative, alternative))
                     for value in [_first_of_measure(record, chain.measure, at_night)] if value is not None]
            if found:
                values[alternative] = max(found, key=lambda f: f[0])[1]
    return values


# "the milder overnight low", "warmer at night": the night's value of the measure (a field named low or min)
_NIGHT = re.compile(r"\b(?:low|lows|lowest|overnight|night|nights|nighttime|min)\b", re.IGNORECASE)
_LOW_FIELD = re.compile(r"(?:^|_)(?:low|min)(?:_|$)", re.IGNORECASE)


def _first_of_measure(record: dict[str, Any], measure: str, at_night: bool = False) -> float | None:
    if at_night:
        for key, value in record.items():
            if _LOW_FIELD.search(key) and isinstance(value, (int, float)) and not isinstance(value, bool) \
                    and measure in field_concepts((key,)):
                return float(value)
    for key, value in record.items():
        if measure in field_concepts((key,)) and (figure := _figure(value)) is not None:
            return figure
    return None


CLOCK_MEASURES = frozenset({"sunrise", "sunset", "departure", "arrival", "opening", "closing"})
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def shown_figure(value: float, measure: str) -> str:
    """A measured figure as the outputs write it: a clock time for a measure read from clock times."""
    if measure in CLOCK_MEASURES:
        return f"{int(value) // 60:02d}:{int(value) % 60:02d}"
    return f"{value:g}"


def _figure(value: Any) -> float | None:
    """A number, or a clock time as minutes after midnight ("stays light later": the later sunset, by the local
    clock)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, str) and (clock := _CLOCK.fullmatch(value.strip())) is not None:
        return float(int(clock.group(1)) * 60 + int(clock.group(2)))
    return None


def pick(chain: ChoiceChain, values: dict[str, float]) -> str | None:
    """The winning alternative, or None unless every alternative was measured and one wins outright."""
    if set(values) != set(chain.alternatives):
        return None
    best = (max if chain.larger_wins else min)(values.values())
    winners = [a for a, v in values.items() if v == best]
    return winners[0] if len(winners) == 1 else None
