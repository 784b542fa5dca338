"""Reader for the LiveMCPBench data (tools.json + all_annotations.json) as index documents and questions.

Ground truth follows ../shared/benchmarks/livemcpbench/SOURCE.md: every annotated tool name maps to the
server(s) that own it in tools.json, and a question's relevant servers are the union. 13 tool names belong to
more than one server (``search``, ``read_file``...), so all their owners count as relevant; 5 annotated names
are not in the catalogue and contribute nothing, which leaves one question with no relevant server at all
(callers skip it: recall is undefined there).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from indexes.documents import ServerDoc, ToolDoc

_NUMBERED = re.compile(r"^\s*\d+\s*[.)、]\s*")


@dataclass(frozen=True)
class Question:
    """One annotated question with its step-wise decomposition and ground truth."""

    id: str
    question: str
    category: str
    steps: tuple[str, ...]
    tools: tuple[str, ...]
    relevant: frozenset[str]  # server names owning any annotated tool
    missing_tools: tuple[str, ...]  # annotated tool names no server in the catalogue has


@dataclass(frozen=True)
class LiveMCPBench:
    servers: list[ServerDoc]
    questions: list[Question]
    owners: dict[str, frozenset[str]]  # tool name -> servers that have a tool of that name

    @property
    def evaluable(self) -> list[Question]:
        """Questions with at least one relevant server in the catalogue."""
        return [q for q in self.questions if q.relevant]

    @property
    def shared_tool_names(self) -> dict[str, frozenset[str]]:
        return {name: servers for name, servers in self.owners.items() if len(servers) > 1}

    @property
    def missing_tool_names(self) -> set[str]:
        return {name for q in self.questions for name in q.missing_tools}


def numbered_lines(text: str) -> list[str]:
    """``"1. a\\n2. b"`` -> ``["a", "b"]``; blank lines are skipped."""
    return [_NUMBERED.sub("", line).strip() for line in (text or "").splitlines() if line.strip()]


def _tool_doc(raw: dict[str, Any]) -> ToolDoc:
    schema = raw.get("inputSchema") or {}
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return ToolDoc(
        name=str(raw["name"]),
        description=str(raw.get("description") or ""),
        parameters=tuple(properties.keys()) if isinstance(properties, dict) else (),
    )


def server_docs(entries: list[dict[str, Any]]) -> list[ServerDoc]:
    """tools.json entries -> ServerDoc, named by the catalogue entry's ``name`` (unique across the 70)."""
    docs = []
    for entry in entries:
        tools = [
            _tool_doc(tool)
            for listing in (entry.get("tools") or {}).values()
            for tool in (listing or {}).get("tools") or []
        ]
        docs.append(
            ServerDoc(
                name=str(entry["name"]),
                description=str(entry.get("description") or "").strip(),
                tools=tuple(tools),
                category=str(entry.get("category") or ""),
            )
        )
    return docs


def tool_owners(servers: list[ServerDoc]) -> dict[str, frozenset[str]]:
    owners: dict[str, set[str]] = defaultdict(set)
    for server in servers:
        for tool in server.tools:
            owners[tool.name].add(server.name)
    return {name: frozenset(names) for name, names in owners.items()}


def questions(annotations: list[dict[str, Any]], owners: dict[str, frozenset[str]]) -> list[Question]:
    out = []
    for i, item in enumerate(annotations):
        meta = item.get("Annotator Metadata") or {}
        tools = tuple(numbered_lines(meta.get("Tools", "")))
        relevant = frozenset().union(*(owners.get(t, frozenset()) for t in tools))
        out.append(
            Question(
                id=str(item.get("task_id") or i),
                question=str(item.get("Question") or "").strip(),
                category=str(item.get("category") or ""),
                steps=tuple(numbered_lines(meta.get("Steps", ""))),
                tools=tools,
                relevant=relevant,
                missing_tools=tuple(t for t in tools if t not in owners),
            )
        )
    return out


def load(data_dir: Path | str) -> LiveMCPBench:
    """Read ``tools.json`` and ``all_annotations.json`` from ``data_dir``."""
    data_dir = Path(data_dir)
    servers = server_docs(json.loads((data_dir / "tools.json").read_text(encoding="utf-8")))
    owners = tool_owners(servers)
    annotations = json.loads((data_dir / "all_annotations.json").read_text(encoding="utf-8"))
    return LiveMCPBench(servers=servers, questions=questions(annotations, owners), owners=owners)


def tool_parameter_descriptions(entries: list[dict[str, Any]]) -> dict[tuple[str, str], dict[str, str]]:
    """(server name, tool name) -> {parameter: description}, for prompts that want more than the names."""
    out: dict[tuple[str, str], dict[str, str]] = {}
    for entry in entries:
        for listing in (entry.get("tools") or {}).values():
            for tool in (listing or {}).get("tools") or []:
                properties = (tool.get("inputSchema") or {}).get("properties") or {}
                out[(str(entry["name"]), str(tool["name"]))] = {
                    str(k): str((v or {}).get("description") or "") if isinstance(v, dict) else ""
                    for k, v in properties.items()
                }
    return out
