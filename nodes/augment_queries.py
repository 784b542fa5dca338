"""The augmenter model call: example user requests for one server, for indexes/augment.py to clean and cache.

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
from indexes.documents import ServerDoc
from nodes.models import RoleModel
from nodes.prompts.augment import AUGMENT_SYSTEM, ask_for, server_document, shot_messages, tool_document
from nodes.structured import StructuredOutputError, ask_structured


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
        turns: list[BaseMessage] = [SystemMessage(content=AUGMENT_SYSTEM)]
        for role, text in shot_messages():
            turns.append(HumanMessage(content=text) if role == "user" else AIMessage(content=text))
        turns.append(HumanMessage(content=document + ask_for(self.per_call)))
        return turns

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
