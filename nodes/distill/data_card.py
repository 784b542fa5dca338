"""The parts every adapter's data card shares (the executor's, the rewriter's, a catalogue's): the training line,
the hyperparameters, the recorded measurements, and how a measurement is added to an adapter's facts."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any


def training_lines(training: dict[str, Any]) -> list[str]:
    """How long training took and with what settings, from ``TrainReport.to_json()``."""
    def get(key: str) -> Any:
        return training.get(key, "?")

    return [f"- Training: {get('examples')} examples, {get('steps')} steps in {get('seconds')} s "
            f"({get('examples_per_s')} examples/s), loss {get('first_loss')} -> {get('last_loss')}.",
            f"- Hyperparameters: {json.dumps(training.get('config', {}))}"]


def metric_lines(facts: dict[str, Any]) -> list[str]:
    """One line per benchmark measurement recorded on the card."""
    return [f"- {name}: {json.dumps(values)}" for name, values in (facts.get("metrics") or {}).items()]


def record_measurement(facts_file: Path, card: Path, render: Callable[[dict[str, Any]], str], name: str,
                       values: dict[str, Any]) -> None:
    """Add a measurement to an adapter's facts and render its data card again."""
    facts = json.loads(facts_file.read_text()) if facts_file.is_file() else {}
    facts.setdefault("metrics", {})[name] = values
    facts_file.write_text(json.dumps(facts, indent=1))
    card.write_text(render(facts))
