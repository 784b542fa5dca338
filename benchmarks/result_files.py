"""How a benchmark writes its results: the printed table as markdown, and one JSON line per item (its score as a
dict), under benchmarks/results/. Shared by the answer benchmarks so their files read the same."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any


def write_results(directory: Path, name: str, markdown: list[str], rows: list[dict[str, Any]]) -> None:
    """``name``.md from ``markdown`` lines and ``name``.jsonl from ``rows`` (each with a dataclass ``score``)."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}.md").write_text("\n".join(markdown) + "\n", encoding="utf-8")
    (directory / f"{name}.jsonl").write_text("".join(
        json.dumps({**{k: v for k, v in r.items() if k != "score"}, "score": asdict(r["score"])}, default=str) + "\n"
        for r in rows), encoding="utf-8")


def fmt(value: float | None) -> str:
    """A share or a time in a table cell: three decimals, or "-" when there is none."""
    return "-" if value is None else f"{value:.3f}"
