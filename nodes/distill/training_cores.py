"""The training bank's phrasing cores: for each built-in tool, the ways people ask for it, without the day,
the lead-in or the tail that nodes/distill/grammar.py composes around them. The dev and held-out templates live
apart in nodes/distill/intents.py and share no template with these (tests/unit/test_distill.py).

Why the phrasings are a data file (nodes/distill/data/training_cores.json, keyed "server/tool"): they are the
hand-written oracle's table, kept only as a comparison row beside the generic teacher, and grow by adding lines,
not code. This module only reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

CORES_FILE = Path(__file__).with_name("data") / "training_cores.json"


def _load(path: Path = CORES_FILE) -> dict[tuple[str, str], list[str]]:
    """The cores by (server, tool), in the file's order."""
    table = json.loads(path.read_text(encoding="utf-8"))
    return {(key.partition("/")[0], key.partition("/")[2]): phrasings for key, phrasings in table.items()}


TRAINING_CORES: dict[tuple[str, str], list[str]] = _load()
