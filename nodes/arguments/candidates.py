"""The closed set an executor's arguments are decoded from, built per call from the task's own inputs: spans of
the request, dates resolved by code, values and numbers of dependency outputs (both read in
nodes/arguments/candidate_spans.py), named people and ids.

Why: the 135M executor, free to write a string, writes "Zuraflax" for Zurich and "2018-3-4" for "this
weekend". So each tool's input schema is rewritten before decoding over these candidates
(nodes/arguments/schema.py; ARCHITECTURE.md decision 8):
- a free string may only be a span of the request (task text, earlier turns) or a value from a
  dependency's output;
- a date string may only be an ISO date resolved by code from the words used (nodes/date_mentions.py);
- an enum is narrowed to the values the request names, when it names any ("EGP" of 18 currencies);
- a number may only be one written in the request or a dependency's output;
- a value of a resolved kind (nodes/arguments/value_kinds.py: an IANA zone, an "HH:MM" time, an ISO currency,
  country or language code, an arithmetic expression) may only be one that code resolves from the request's
  words, and a path, URL or SELECT only one the request writes, an output holds or the server itself listed
  (``listed``, filled by the executor from nodes/arguments/discovery.py). These are worked out on first use:
  most tools take none of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from nodes.arguments.candidate_spans import NUMBER, TOKEN, dependency_values, request_spans
from nodes.arguments.codes import currency_alternatives, currency_codes
from nodes.arguments.country_language_codes import country_codes, language_codes
from nodes.arguments.expressions import arithmetic_expressions
from nodes.arguments.listed_values import listed_urls, paths_written
from nodes.arguments.number_words import as_digits
from nodes.arguments.places import places_named
from nodes.arguments.property_kinds import is_id_property, named_ids, people_named
from nodes.arguments.time_of_day import times_of_day
from nodes.arguments.timezones import asked_first, asked_zones, zones_named
from nodes.arguments.unit_amount import asks_for_a_rate, is_quantity_to_convert, people_counted, units_counted
from nodes.arguments.value_kinds import ValueKind, iana_zones, infer_value_kind
from nodes.date_mentions import DateMention, find_date_mentions
from nodes.field_vocabulary import concepts_of, field_concepts

MAX_SPANNED_DAYS = 7  # days named together are asked as one range when they fall within a week


@dataclass
class Candidates:
    """What the request offers: its word spans, the dates it names, its numbers, and dependency values."""

    spans: list[str] = field(default_factory=list)
    dates: list[DateMention] = field(default_factory=list)
    numbers: list[float] = field(default_factory=list)
    words: set[str] = field(default_factory=set)  # lower-cased words, for narrowing enums
    requests: list[str] = field(default_factory=list)  # the request texts whole: what a search query takes
    request_numbers: list[float] = field(default_factory=list)  # numbers the user wrote
    dependency_numbers: list[tuple[str, float]] = field(default_factory=list)  # (field, value), in output order
    people: list[str] = field(default_factory=list)  # names a booking may be made under
    texts: list[str] = field(default_factory=list)  # the request texts as written, for the resolved kinds
    outputs: list[str] = field(default_factory=list)  # dependency outputs as returned (URLs, ids in them)
    # Values the server listed for this request, by ValueKind value: {"path": [...], "sql": [...]}, best first.
    listed: dict[str, list[str]] = field(default_factory=dict)
    # Resolved values by kind, worked out on first use; not copied by dataclasses.replace (listed may change).
    _resolved: dict[ValueKind, list[str]] = field(init=False, default_factory=dict, repr=False, compare=False)

    @cached_property
    def zones(self) -> list[tuple[str, str]]:
        """(place as written, IANA zone) for each place or zone the request names (nodes/arguments/timezones.py)."""
        return zones_named(self.texts)

    @cached_property
    def currency_alternatives(self) -> dict[str, list[str]]:
        """For each currency code the request names, the others its words may mean (nodes/arguments/codes.py),
        read once for all the tools and properties a request is matched against."""
        return currency_alternatives(self.texts)

    @cached_property
    def asked_zones(self) -> list[str]:
        """The zones the question's own sentence names (nodes/arguments/timezones.py ``asked_zones``)."""
        return asked_zones(self.zones, self.texts)

    def values_for(self, kind: ValueKind) -> list[str]:
        """The closed set of a resolved kind, best first; [] for a kind that is not resolved (names, dates,
        numbers, queries: their own fields above) or when the request gives none."""
        if kind not in self._resolved:
            self._resolved[kind] = self._resolve(kind)
        return self._resolved[kind]

    def _resolve(self, kind: ValueKind) -> list[str]:
        listed = self.listed.get(kind.value, [])
        if kind is ValueKind.TIMEZONE:
            return asked_first(self.zones, self.texts)
        if kind is ValueKind.TIME_OF_DAY:
            return times_of_day(self.texts)
        if kind is ValueKind.EXPRESSION:
            return list(dict.fromkeys([*arithmetic_expressions(self.texts), *listed]))
        if kind is ValueKind.CURRENCY:
            return currency_codes(self.texts)
        if kind is ValueKind.COUNTRY:
            return country_codes(self.texts)
        if kind is ValueKind.LANGUAGE:
            return language_codes(self.texts)
        if kind is ValueKind.PATH:
            return list(dict.fromkeys([*paths_written(self.texts), *listed]))
        if kind is ValueKind.URL:
            return list(dict.fromkeys([*listed_urls(self.texts), *listed_urls(self.outputs), *listed]))
        return list(listed)  # sql, ids: only what the server listed

    def numbers_for(self, name: str, description: str) -> list[float]:
        """Numbers a property may take: those the user wrote, and from dependency outputs the values of the
        field of the same name (every "room_id"), else the first value of a field that measures what the
        property does ("amount" takes the quote's first price, "last", not the day's low). An id takes a
        number the user wrote only when it names that id ("room 12"): the 4 of "4-star" is no room_id."""
        if is_id_property(name):
            same = [v for f, v in self.dependency_numbers if f == name]
            return list(dict.fromkeys([*named_ids(name, self.requests), *same]))
        same = [v for f, v in self.dependency_numbers if f == name]
        if not same and not self.dependency_numbers and asks_for_a_rate(self.requests) \
                and is_quantity_to_convert(name, description):
            return [1.0]  # "the EUR to USD rate": the value of one unit
        if not same:
            wanted = field_concepts((name,)) | concepts_of(set(TOKEN.findall(description.lower())))
            fitting = [v for f, v in self.dependency_numbers if field_concepts((f,)) & wanted]
            same = fitting[:1] or [v for _, v in self.dependency_numbers]
        counts = set(units_counted(self.requests))  # the task's words and the question's may both write it
        if len(counts) == 1 and is_quantity_to_convert(name, description):
            # "10 ASML shares in pounds": ten times the quote is the amount; the count itself is no amount of money,
            # so before the quote is known nothing else is offered, and the quote is called first
            count = next(iter(counts))
            return list(dict.fromkeys([*([round(count * same[0], 2)] if same else []),
                                       *(n for n in self.request_numbers if n != count)]))
        written = self.request_numbers
        if "price" in field_concepts((name,)):
            # "we're 2 adults and a baby": a party's size bounds no price ("max_price": 2)
            people = set(people_counted(self.requests))
            written = [n for n in written if n not in people]
        return list(dict.fromkeys([*written, *same]))

    def day_values(self) -> list[str]:
        return list(dict.fromkeys(m.first.isoformat() for m in self.dates))

    def range_values(self) -> list[str]:
        """A range property's values: each named day or range, led by the span of several single days named
        together ("highs for Tuesday and Wednesday" is one call over both days, not Tuesday's alone)."""
        written = [m.as_argument() for m in self.dates]
        days = sorted({m.first for m in self.dates if not m.is_range})
        if len(days) > 1 and len(days) == len(self.dates) and (days[-1] - days[0]).days < MAX_SPANNED_DAYS:
            written.insert(0, f"{days[0].isoformat()} to {days[-1].isoformat()}")
        return list(dict.fromkeys(written))


def gather_candidates(request_texts: list[str], dependency_outputs: list[str], today: date,
                      user_name: str = "") -> Candidates:
    """The candidates of one task: ``request_texts`` are the user's words (the task, the question, earlier
    turns), ``dependency_outputs`` the outputs of the tasks it depends on, ``user_name`` the person the run
    acts for (a booking's name when the request names nobody)."""
    spans: list[str] = []
    dates: list[DateMention] = []
    numbers: list[float] = []
    words: set[str] = set()
    for text in request_texts:
        mentions = find_date_mentions(text, today)
        dates.extend(mentions)
        blocked = [(m.start(), m.end()) for phrase in (d.phrase for d in mentions)
                   for m in re.finditer(re.escape(phrase), text)]
        spans.extend(request_spans(text, blocked))
        # a place inside a hyphenated word ("Beijing-Tokyo flight") is a span of its own
        spans.extend(m.span for m in places_named([text]))
        masked = text
        for phrase in (d.phrase for d in mentions):
            masked = masked.replace(phrase, " ")
        numbers.extend(float(n) for n in NUMBER.findall(as_digits(masked)))  # "One hundred Brazilian reais"
        words.update(w.lower() for w in TOKEN.findall(text))
    dep_strings, dep_numbers = dependency_values(dependency_outputs)
    words.update(s.lower() for s in dep_strings)  # "USD" in a quote names the currency to convert from
    unique_dates = list({(d.first, d.last): d for d in dates}.values())
    requests = [" ".join(t.split()).strip(" ?!.") for t in request_texts if t.strip()]
    # A value with a control character is no name, and inside a decoding grammar it can crash llama.cpp.
    printable = [s for s in spans + dep_strings if s.isprintable()]
    return Candidates(spans=list(dict.fromkeys(printable)), dates=unique_dates,
                      numbers=list(dict.fromkeys(numbers + [v for _, v in dep_numbers])), words=words,
                      requests=list(dict.fromkeys(r for r in requests if r)),
                      request_numbers=list(dict.fromkeys(numbers)), dependency_numbers=dep_numbers,
                      people=list(dict.fromkeys([*people_named(request_texts), *([user_name.strip()]
                                                                                  if user_name.strip() else [])])),
                      texts=[t for t in request_texts if t.strip()], outputs=list(dependency_outputs))


def warm_resolvers() -> None:
    """Read the gazetteer, zone, currency and language tables from disk once, before any run: they load on first
    use, and ``langgraph dev`` refuses a blocking read inside a run (blockbuster)."""
    sample = gather_candidates(["at 3pm in Paris, 4pm ET, 20 euros in USD, 7% of 1,250, in French, 2 hours in minutes, "
                                "on Christmas Day"],
                               [], date.today())
    for kind in ValueKind:
        sample.values_for(kind)
    infer_value_kind("zone", {"type": "string", "examples": ["Europe/Paris"]})
    iana_zones()  # the answer labels an output's clock times local by it (nodes/answering/output_context.py)
