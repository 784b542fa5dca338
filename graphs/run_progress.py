"""A progress bar for ``tura ask`` in a terminal: one step per stage of the run (router, retrieve, plan, execute,
answer; a planning run searches instead of planning and executing), the latest event as its text, gone when the
answer prints. The run takes seconds on the embedded model; a silent terminal for that long reads as a hang."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from graphs.chat_cli import clip, describe_event

STAGES = ("router", "retrieve", "plan", "execute", "search", "answer")
_PLANNING_STAGES = 4  # router, retrieve, search, answer
_STAGES = 5  # router, retrieve, plan, execute, answer


class RunProgress:
    """Feed it the run's (mode, chunk) stream parts with ``on_event``; use it as a context manager."""

    def __init__(self, console: Console) -> None:
        self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                 TimeElapsedColumn(), console=console, transient=True)
        self.task = self.progress.add_task("starting", total=_STAGES)
        self.done: list[str] = []

    def __enter__(self) -> RunProgress:
        self.progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.stop()

    @contextmanager
    def paused(self) -> Iterator[None]:
        """The bar off while the person answers an approval request in the same terminal."""
        self.progress.stop()
        try:
            yield
        finally:
            self.progress.start()

    def on_event(self, mode: str, chunk: Any) -> None:
        if mode == "custom" and isinstance(chunk, dict):
            if chunk.get("event") == "route_chosen" and chunk.get("route") == "planning":
                self.progress.update(self.task, total=_PLANNING_STAGES)
            if line := describe_event(chunk):
                self.progress.update(self.task, description=clip(line, 70))
        elif mode == "updates" and isinstance(chunk, dict):
            for node in chunk:
                if node in STAGES and node not in self.done:
                    self.done.append(node)
                    self.progress.update(self.task, completed=len(self.done))

    @property
    def completed(self) -> float:
        return self.progress.tasks[0].completed

    @property
    def total(self) -> float | None:
        return self.progress.tasks[0].total
