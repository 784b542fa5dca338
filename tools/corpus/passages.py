"""Turn the shipped fact files into searchable passages (title, url, text).

The facts are short, hand-written summaries in the style of an encyclopedia, one JSON file per region:
cities carry several aspects (overview, history, climate, transport, food, culture), landmarks one text.
Each aspect becomes its own passage, so a search for "Tokyo climate" returns the climate passage, not
the whole article. URLs point at the Wikipedia article the summary paraphrases, for citation only.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

FACTS_DIR = Path(__file__).with_name("facts")
WIKI = "https://en.wikipedia.org/wiki/"
ASPECTS = ("overview", "history", "climate", "transport", "food", "culture")


@dataclass(frozen=True)
class Passage:
    title: str
    url: str
    text: str

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


def _city_passages(key: str, facts: dict[str, str]) -> list[Passage]:
    name = facts.get("name") or key.replace("_", " ").replace("-", " ").title()
    url = WIKI + facts.get("wiki", name.replace(" ", "_"))
    return [Passage(f"{name}: {aspect}", f"{url}#{aspect.title()}" if aspect != "overview" else url, facts[aspect])
            for aspect in ASPECTS if facts.get(aspect)]


def _landmark_passage(name: str, value: list[str] | dict[str, str]) -> Passage:
    if isinstance(value, dict):
        return Passage(name, WIKI + value["wiki"], value["text"])
    wiki, text = value
    return Passage(name, WIKI + wiki, text)


@cache
def load_passages(facts_dir: Path = FACTS_DIR) -> tuple[Passage, ...]:
    """Every passage of every fact file, in a stable order (file name, then entry)."""
    passages: list[Passage] = []
    for path in sorted(facts_dir.glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for key, value in entries.items():
            if path.stem.startswith("cities"):
                passages.extend(_city_passages(key, value))
            else:
                passages.append(_landmark_passage(key, value))
    if not passages:
        raise FileNotFoundError(f"no passages under {facts_dir}: the web corpus is missing")
    return tuple(passages)
