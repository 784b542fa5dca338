"""How much of the oracle's dev and held-out wording each teacher's training data already contains.

``benchmarks/distill.py`` compares the generic pipeline's adapter with the hand oracle's on the oracle's own
banks, whose templates the oracle's author wrote next to its training phrasings. This measures that head start:
for every dev and held-out template of the oracle (nodes/distill/intents.py), the share of its content words
(placeholders and function words left out) found in the training phrasings of the same tool, once for the
oracle's training cores and once for the requests a ``tura distill executor`` run trained on.

    .venv/bin/python benchmarks/distill_phrasing_overlap.py /tmp/builtin/trajectories_train.jsonl
"""

from __future__ import annotations

import argparse
import json
import platform
import os
import re
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from nodes.distill.intents import INTENTS  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results" / "distill_phrasing_overlap.md"
FUNCTION_WORDS = frozenset("""the a an of for to in on is are what how at from and or me my i do does there it be can
    you any which who when where this that with by""".split())


def content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", re.sub(r"\{[^}]*\}", " ", text.lower()))
            if w not in FUNCTION_WORDS and len(w) > 1}


def generic_words(trajectory_files: list[Path]) -> dict[tuple[str, str], set[str]]:
    """Content words of the training requests per (server, labelled tool)."""
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for path in trajectory_files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                found[(row["server"], row["expected"]["tool"])] |= content_words(row["request"])
    return found


def overlap(trajectory_files: list[Path]) -> dict[str, dict[str, float]]:
    """Per oracle bank: templates, and the mean share of their words in each teacher's training phrasings."""
    generic = generic_words(trajectory_files)
    shares: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for intent in INTENTS:
        oracle = set().union(*(content_words(t) for t in intent.templates["train"]))
        learnt = generic[(intent.server, intent.tool)]
        for bank in ("dev", "heldout"):
            for template in intent.templates.get(bank, []):
                words = content_words(template)
                if words:
                    shares[bank].append((len(words & oracle) / len(words), len(words & learnt) / len(words)))
    return {bank: {"templates": len(rows), "oracle": round(sum(a for a, _ in rows) / len(rows), 2),
                   "generic": round(sum(b for _, b in rows) / len(rows), 2)} for bank, rows in shares.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trajectories", nargs="+", type=Path, help="trajectories_train.jsonl of a distill run")
    parser.add_argument("--out", default=str(RESULTS), help="markdown results file ('' to skip)")
    args = parser.parse_args()
    rows = overlap(args.trajectories)
    table = ["| oracle bank | templates | in the oracle's training phrasings "
             "| in the generic run's training requests |",
             "|---|---|---|---|",
             *[f"| {bank} | {r['templates']} | {r['oracle']:.2f} | {r['generic']:.2f} |" for bank, r in rows.items()]]
    print("\n".join(table))
    if args.out:
        header = (f"Machine: {platform.machine()}, {os.cpu_count()} cores, {date.today().isoformat()}. Mean share of "
                  f"each template's content words found in the same tool's training phrasings; generic run: "
                  f"{', '.join(str(p) for p in args.trajectories)}.")
        Path(args.out).write_text("\n".join(["# Phrasing the oracle's banks share with each teacher's training data",
                                             "", header, "", *table, ""]), encoding="utf-8")


if __name__ == "__main__":
    main()
