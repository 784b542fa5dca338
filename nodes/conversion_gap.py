"""Which conversion a run still owes: a figure an output gives in one currency, asked for in another.

"Cheapest hotel in Tokyo tomorrow, and the price in dollars": the hotel search answers in JPY and the question
writes "dollars". The 135M planner rarely writes the dependent task, and the tool that converts is on another
server, often one retrieval did not rank. Code sees the gap and settles the call:
- the target: a currency the request writes as such (nodes/arguments/codes.py ``currencies_written``: not the
  currency of a place it names) that no call was given;
- the amount: the first figure in that currency's stead that the answer opens with for each output
  (nodes/answering/answer_lead.py), with the output's own currency code beside it: a price asked of each of a list
  is converted for each;
- the tool: a read-only tool of the catalogue that takes a number and a source/target pair of currency-kind
  properties (nodes/arguments/direction.py, nodes/arguments/value_kinds.py), and needs nothing else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mcp.types import Tool

from nodes.answering.answer_lead import lead_lines
from nodes.approval import changes_data
from nodes.arguments.codes import currencies_written
from nodes.arguments.direction import direction_pairs
from nodes.arguments.money_amounts import written_amounts
from nodes.arguments.step_rules import schema_accepts
from nodes.arguments.value_kinds import ValueKind, infer_value_kind, without_enum

MAX_OWED = 4  # conversions one run owes at most
_FIGURE_IN_CODE = re.compile(r"(?<![\w.])(-?\d[\d,]*(?:\.\d+)?) ([A-Z]{3})\b")


@dataclass(frozen=True)
class Conversion:
    """One conversion owed: ``amount`` in ``source`` into ``target``; ``marker`` and ``task_id`` name the output the
    amount comes from (empty: the question wrote it)."""

    amount: float
    source: str
    target: str
    marker: str
    task_id: str


@dataclass(frozen=True)
class ConversionTool:
    """A tool that converts: its number property and its source/target currency properties."""

    server: str
    tool: Tool
    amount: str
    source: str
    target: str

    def arguments(self, conversion: Conversion) -> dict[str, Any] | None:
        """The call's arguments, or None when the tool's schema refuses them (a code outside its enum)."""
        amount = int(conversion.amount) if conversion.amount.is_integer() else conversion.amount
        params = {self.amount: amount, self.source: conversion.source, self.target: conversion.target}
        return params if schema_accepts(self.tool.inputSchema or {}, params) else None


def owed_conversions(question: str, evidence: list[dict[str, Any]]) -> list[Conversion]:
    """The conversions ``question`` asks for that no call made, one per currency it writes without a figure: of
    the amount it writes in another currency, else of the figure an output gives."""
    written = currencies_written([question])
    if not written:  # nearly every run: nothing to convert, and no output is read
        return []
    given = {str(v).upper() for item in evidence for v in (item.get("arguments") or {}).values()
             if isinstance(v, str)}
    amounts = written_amounts(question)
    targets = [code for _, code in written if code not in given and code not in {c for _, c in amounts}]
    owed: list[Conversion] = []
    for target in dict.fromkeys(targets):
        if (written := next(((a, c) for a, c in amounts if c != target), None)) is not None:
            owed.append(Conversion(written[0], written[1], target, "", ""))
            continue
        for item in evidence:  # each output's figure: "AMD, intel and TSMC prices in won" is three conversions
            figure = next(((amount, code) for line in lead_lines(question, [item])
                           for amount, code in _FIGURE_IN_CODE.findall(line) if code != target), None)
            if figure is not None:
                amount, code = figure
                owed.append(Conversion(float(amount.replace(",", "")), code, target, item["marker"], item["task_id"]))
    return owed[:MAX_OWED]


def conversion_tool(server: str, tool: Tool) -> ConversionTool | None:
    """``tool`` as a ConversionTool when it is read-only and takes exactly an amount and a currency pair."""
    if changes_data(tool):
        return None
    schema = tool.inputSchema or {}
    properties: dict[str, Any] = schema.get("properties") or {}
    kinds = {name: infer_value_kind(name, without_enum(spec), tool.name, tool.description or "")
             for name, spec in properties.items()}
    pairs = [(a, b) for a, b in direction_pairs(list(properties))
             if kinds[a] == kinds[b] == ValueKind.CURRENCY]
    numbers = [name for name, kind in kinds.items() if kind == ValueKind.NUMBER]
    if len(pairs) != 1 or len(numbers) != 1:
        return None
    source, target = pairs[0]
    if set(schema.get("required") or []) - {source, target, numbers[0]}:
        return None  # it needs something code does not know
    return ConversionTool(server, tool, numbers[0], source, target)
