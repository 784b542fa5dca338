"""A picture of one run: its stages and DAG tasks as a Gantt chart on one time axis.

Why: a run's latency is the sum of its stages plus the execute stage's critical path (ARCHITECTURE.md
decision 1); the chart shows which tasks ran side by side and which chain of tasks set the time.
Each stage bar is split into where its seconds went (``stage_costs``: model prompt processing, model
generation, tool calls, index, the rest), so model time and tool time show apart.
Input is a run's output (``tura ask --json``, or a thread's state): ``trace`` (stage spans, written by
nodes/timing.py), ``stage_costs``, ``task_results`` (``started_at``/``finished_at``, written by graphs/executor.py) and
``plan`` (task dependencies). Drawn with matplotlib's Agg canvas, so no display and no global backend.

    python -m graphs.timeline run.json timeline.png
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

STAGE_ORDER = ("router", "decompose", "retrieve", "plan", "execute", "answer")
# stage segments, in drawing order (nodes/stage_costs.py); a remote model's time is not split
COST_COLORS = {"model_prompt": "#7b6fb0", "model_generate": "#b3a6e0", "model": "#9486c8", "tool": "#e0b04f",
               "index": "#6fae6f", "other": "#9db4c0"}
COLORS = {"stage": "#9db4c0", "ok": "#5c9ead", "failed": "#e39774", "skipped": "#c9c9c9",
          "cancelled": "#b8b8b8", "critical": "#c0392b"}


class NoTraceError(ValueError):
    """The output has no spans to draw (a run from before traces, or not a run output)."""


@dataclass(frozen=True)
class Bar:
    """One row of the chart; times in seconds from the start of the run."""

    label: str
    start: float
    end: float
    kind: str  # "stage" | "task"
    status: str = "ok"
    critical: bool = False
    parts: tuple[tuple[str, float], ...] = ()  # stage bars: (cost kind, seconds), scaled to the bar's length


def stage_parts(costs: dict[str, float], length: float) -> tuple[tuple[str, float], ...]:
    """A stage's costs as segments of its bar: side-by-side calls may sum above the wall time, so the
    segments are scaled to fit it."""
    parts = [(kind, costs[kind]) for kind in COST_COLORS if costs.get(kind, 0) > 0]
    total = sum(seconds for _, seconds in parts)
    scale = length / total if total > length and total > 0 else 1.0
    return tuple((kind, seconds * scale) for kind, seconds in parts)


def current_turn_spans(trace: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
    """The spans of the latest turn: in a thread, stages a turn skipped keep the last turn's span,
    which started before this turn's router did."""
    first = trace.get("router", {}).get("start")
    if first is None:
        return dict(trace)
    return {stage: span for stage, span in trace.items() if span["start"] >= first}


def critical_path(tasks: dict[str, tuple[float, float, list[str]]]) -> list[str]:
    """Task ids on the chain that set the execute stage's length: from the task that finished last,
    back through the dependency that finished last (the one its start waited for)."""
    if not tasks:
        return []
    path = [max(tasks, key=lambda t: tasks[t][1])]
    while True:
        deps = [d for d in tasks[path[-1]][2] if d in tasks]
        if not deps:
            return list(reversed(path))
        path.append(max(deps, key=lambda d: tasks[d][1]))


def timeline_bars(output: dict[str, Any]) -> list[Bar]:
    """Stages in pipeline order, then tasks in plan order; critical-path tasks marked."""
    spans = current_turn_spans(output.get("trace") or {})
    if not spans:
        raise NoTraceError("the output has no 'trace': draw a run made by this version of tura")
    turn_start = min(span["start"] for span in spans.values())
    deps = {t["id"]: list(t.get("deps", [])) for t in (output.get("plan") or {}).get("tasks", [])}
    timed_tasks = {
        task_id: (r["started_at"], r["finished_at"], deps.get(task_id, []))
        for task_id, r in (output.get("task_results") or {}).items()
        if r.get("started_at") is not None and r.get("finished_at") is not None and r["started_at"] >= turn_start
    }
    critical = set(critical_path(timed_tasks))
    stages = sorted(spans, key=lambda s: (STAGE_ORDER.index(s) if s in STAGE_ORDER else len(STAGE_ORDER), s))
    costs = output.get("stage_costs") or {}
    bars = [Bar(stage, spans[stage]["start"] - turn_start, spans[stage]["end"] - turn_start, "stage",
                parts=stage_parts(costs.get(stage) or {}, spans[stage]["end"] - spans[stage]["start"]))
            for stage in stages]
    order = [t for t in deps if t in timed_tasks] + sorted(set(timed_tasks) - set(deps))
    results = output.get("task_results") or {}
    for task_id in order:
        start, end, _ = timed_tasks[task_id]
        result = results[task_id]
        bars.append(Bar(f"{task_id} {result.get('server', '')}", start - turn_start, end - turn_start, "task",
                        result.get("status", "ok"), task_id in critical))
    return bars


def draw(bars: list[Bar], title: str) -> Figure:
    figure = Figure(figsize=(10, 1.2 + 0.45 * len(bars)), dpi=110)
    axes = figure.add_subplot()
    rows = list(range(len(bars)))[::-1]  # first bar on top
    for row, bar in zip(rows, bars):
        color = COLORS["stage"] if bar.kind == "stage" else COLORS.get(bar.status, COLORS["ok"])
        axes.barh(row, max(bar.end - bar.start, 1e-3), left=bar.start, height=0.6, color=color,
                  edgecolor=COLORS["critical"] if bar.critical else "none", linewidth=2.5 if bar.critical else 0)
        left = bar.start
        for kind, seconds in bar.parts:
            axes.barh(row, seconds, left=left, height=0.6, color=COST_COLORS[kind])
            left += seconds
        axes.text(bar.end, row, f" {bar.end - bar.start:.2f} s", va="center", fontsize=8)
    axes.set_yticks(rows, [b.label for b in bars])
    axes.set_xlabel("seconds from the start of the run")
    axes.set_title(title, fontsize=10)
    axes.grid(axis="x", alpha=0.3)
    end = max(b.end for b in bars)
    axes.set_xlim(0, end * 1.15 or 1)
    if any(b.kind == "task" for b in bars):
        boundary = len(bars) - sum(b.kind == "stage" for b in bars) - 0.5
        axes.axhline(boundary, color="#888888", linewidth=0.8, linestyle="--")
    from matplotlib.patches import Patch

    drawn = {kind for bar in bars for kind, _ in bar.parts}
    legend = [Patch(color=COST_COLORS[k], label=k.replace("_", " ")) for k in COST_COLORS if k in drawn]
    legend += [Patch(color=COLORS["stage"], label="stage"), Patch(color=COLORS["ok"], label="task ok"),
              Patch(color=COLORS["failed"], label="task failed"),
              Patch(facecolor="white", edgecolor=COLORS["critical"], linewidth=2.5, label="critical path")]
    axes.legend(handles=legend, loc="lower right", fontsize=8)
    figure.tight_layout()
    return figure


def render_timeline(output: dict[str, Any], path: str | Path) -> list[Bar]:
    """Draw ``output``'s run to ``path`` (PNG, SVG or PDF by suffix); returns the bars it drew."""
    bars = timeline_bars(output)
    total = max(b.end for b in bars)
    route = output.get("route") or "?"
    figure = draw(bars, f"tura run: route {route}, {total:.2f} s")
    FigureCanvasAgg(figure)
    figure.savefig(str(path))
    return bars


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m graphs.timeline RUN.json OUT.png", file=sys.stderr)
        return 2
    output = json.loads(Path(argv[0]).read_text())
    bars = render_timeline(output, argv[1])
    print(f"{argv[1]}: {len(bars)} bars, {max(b.end for b in bars):.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
