"""The augmenter model calls: example user requests for one server, for indexes/augment.py to clean and cache.

Two ways: ``ModelQueryGenerator`` asks for a few JSON-listed requests per call (TURA's prompt, for a capable
model); ``ToolParaphraseGenerator`` asks for one plain request per tool and call (for the embedded 135M model,
which cannot hold a JSON list together but can paraphrase one description).

indexes/ may not import nodes/, so the index takes a ``Generate`` callable; this module builds one from the
augmenter role's chat model. A few queries per call (the server first, then tool by tool, round-robin) keeps a
small model on topic; calls stop once enough usable queries are in hand or the call budget is spent. A reply
that is not valid JSON after the structured helper's re-asks is counted in ``failures`` and the next call
goes on: one bad sample must not sink a catalogue build (the count is shown in the build summary).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from pydantic import BaseModel, Field

from indexes.augment import clean_queries
from indexes.documents import ServerDoc, ToolDoc
from indexes.template_queries import first_sentence
from nodes.models import RoleModel
from nodes.prompts.augment import (
    AUGMENT_SYSTEM,
    PARAPHRASE_SYSTEM,
    ask_for,
    paraphrase_document,
    paraphrase_shot_messages,
    server_document,
    shot_messages,
    tool_document,
)
from nodes.structured import StructuredOutputError, ask_structured


def few_shot(system: str, shots: list[tuple[str, str]], ask: str) -> list[BaseMessage]:
    """System prompt, the (role, text) example turns, then the real request."""
    turns: list[BaseMessage] = [SystemMessage(content=system)]
    for role, text in shots:
        turns.append(HumanMessage(content=text) if role == "user" else AIMessage(content=text))
    turns.append(HumanMessage(content=ask))
    return turns


class ExampleQueries(BaseModel):
    queries: list[str] = Field(min_length=1, max_length=12)


@dataclass
class ModelQueryGenerator:
    """``indexes.augment.Generate`` backed by the augmenter chat model."""

    model: RoleModel
    per_call: int = 5
    max_calls: int = 12
    retries: int = 1
    calls: int = 0
    failures: list[str] = field(default_factory=list)

    def documents(self, server: ServerDoc) -> list[str]:
        """The server document, then one per tool."""
        tool_names = [t.name for t in server.tools]
        docs = [server_document(server.name, server.description, tool_names)]
        docs += [
            tool_document(server.name, server.description, t.name, t.description, list(t.parameters))
            for t in server.tools
        ]
        return docs

    def messages(self, document: str) -> list[BaseMessage]:
        return few_shot(AUGMENT_SYSTEM, shot_messages(), document + ask_for(self.per_call))

    async def __call__(self, server: ServerDoc, n: int) -> list[str]:
        documents = self.documents(server)
        exclude = [t.name for t in server.tools]
        raw: list[str] = []
        for i in range(self.max_calls):
            if len(clean_queries(raw, n, exclude=exclude)) >= n:
                break
            document = documents[i % len(documents)]
            self.calls += 1
            try:
                reply = await ask_structured(self.model, self.messages(document), ExampleQueries, retries=self.retries)
            except StructuredOutputError as exc:
                self.failures.append(f"{server.name}: {exc}")
                continue
            raw.extend(reply.queries)
        return raw


@dataclass
class ToolParaphraseGenerator:
    """``indexes.augment.Generate`` for a tiny augmenter: one request per call, tool by tool.

    Each tool's first description sentence is turned into a user request ``samples`` times: once greedy
    (the most faithful), then at ``temperature`` (more varied wording). Only the reply's first line is kept;
    the rest of what a 135M model writes after it is drift. The output is meant to be filtered for
    round-trip consistency (indexes/consistency.py) before it is indexed.
    """

    model: RoleModel
    samples: int = 3
    temperature: float = 0.8
    max_tokens: int = 40
    calls: int = 0
    failures: list[str] = field(default_factory=list)

    def messages(self, tool: ToolDoc) -> list[BaseMessage]:
        document = paraphrase_document(tool.name, first_sentence(tool.description))
        return few_shot(PARAPHRASE_SYSTEM, paraphrase_shot_messages(), document)

    async def __call__(self, server: ServerDoc, n: int) -> list[str]:
        columns: list[list[str]] = []
        for tool in server.tools:
            messages = self.messages(tool)
            column = []
            for i in range(self.samples):
                self.calls += 1
                temperature = 0.0 if i == 0 else self.temperature
                reply = await self.model.chat.ainvoke(messages, temperature=temperature, max_tokens=self.max_tokens)
                line = reply.text.strip().split("\n", 1)[0].strip()
                if line:
                    column.append(line)
                else:
                    self.failures.append(f"{server.name}/{tool.name}: empty reply")
            columns.append(column)
        # Round-robin over the tools (every tool's greedy request first), so a cap keeps the widest coverage.
        return [col[i] for i in range(self.samples) for col in columns if i < len(col)]
