"""How much a test split's phrasing overlaps what tura is tuned on: its word trigrams against those of every
template and example in nodes/distill and indexes/data and of the dev split's questions.

Why: a test split that shares templates with the training and tuning data overstates (our own test split read
0.92 while outside batches read 0.21-0.53). The check is mechanical, so it is reported with every new split:
per question the largest share of its trigrams that one tuning text holds, and how many questions reach
SHARED (a template's shape, not a chance phrase).

    .venv/bin/python benchmarks/phrasing_overlap.py [--json]
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SHARED = 0.5  # half of a question's trigrams in one tuning text
MIN_WORDS = 3
_SLOT = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"[a-z]+|\d+")


def words(text: str) -> list[str]:
    """Lower-case words; template slots ("{city}") and numbers become one token each, so a template and a
    question made from it compare equal whatever fills the slot."""
    text = _SLOT.sub(" slot ", text.lower())
    return ["#" if w.isdigit() else w for w in _WORD.findall(text)]


def trigrams(text: str) -> set[tuple[str, ...]]:
    tokens = words(text)
    return {tuple(tokens[i:i + 3]) for i in range(len(tokens) - 2)}


def _holds(gram: tuple[str, ...], other: set[tuple[str, ...]]) -> bool:
    """A trigram of the tuning text equal to ``gram``, a slot standing for any one word."""
    if gram in other:
        return True
    # one slot per trigram: "{a} {b} {c}" would hold anything
    return any(all(t == "slot" or t == g for t, g in zip(template, gram)) for template in other
               if template.count("slot") == 1)


def overlap(question: str, tuning: list[set[tuple[str, ...]]]) -> float:
    """The largest share of the question's trigrams that one tuning text holds (0 for a question too short)."""
    own = trigrams(question)
    if not own:
        return 0.0
    return max((sum(_holds(g, other) for g in own) / len(own) for other in tuning if other), default=0.0)


def _strings_in_python(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and len(node.value.split()) >= MIN_WORDS]


def _strings_in_data(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8", errors="ignore")
    if path.suffix in (".json", ".jsonl"):
        found: list[str] = []

        def walk(value):
            if isinstance(value, str) and len(value.split()) >= MIN_WORDS:
                found.append(value)
            elif isinstance(value, dict):
                for v in value.values():
                    walk(v)
            elif isinstance(value, list):
                for v in value:
                    walk(v)
        for line in (text.splitlines() if path.suffix == ".jsonl" else [text]):
            try:
                walk(json.loads(line))
            except json.JSONDecodeError:
                continue
        return found
    return [line for line in text.splitlines() if len(line.split()) >= MIN_WORDS]


def tuning_texts(root: Path = ROOT) -> list[str]:
    """Every template and example tura is tuned on: string literals of nodes/distill, the files of indexes/data,
    and the dev splits' questions."""
    texts = [s for path in sorted((root / "nodes" / "distill").rglob("*.py")) for s in _strings_in_python(path)]
    texts += [s for path in sorted((root / "indexes" / "data").rglob("*")) if path.is_file()
              for s in _strings_in_data(path)]
    from benchmarks.answers import DEV_BATCHES, load_items
    texts += [turn for split in ("dev", *DEV_BATCHES) for item in load_items(split, False)
              for turn in item["turns"]]
    return texts


def report(questions: list[str], tuning: list[str]) -> dict[str, float | int]:
    grams = [trigrams(t) for t in tuning]
    grams = [g for g in grams if g]
    scores = [overlap(q, grams) for q in questions]
    return {"questions": len(questions), "tuning_texts": len(grams),
            "mean_overlap": round(sum(scores) / len(scores), 4) if scores else 0.0,
            "max_overlap": round(max(scores), 4) if scores else 0.0,
            "shared": sum(s >= SHARED for s in scores)}


def main() -> None:
    parser = argparse.ArgumentParser(description="Trigram overlap of a test split with the tuning data.")
    parser.add_argument("--split", default="test")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from benchmarks.answers import load_items
    questions = [turn for item in load_items(args.split, False) for turn in item["turns"]]
    result = {"split": args.split, **report(questions, tuning_texts())}
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:14s} {value}")


if __name__ == "__main__":
    main()
