"""Tasks dispatched while the plan is still streaming (LLMCompiler's task-fetching unit, inside one node).

The planner writes tasks with their dependencies inline (``{"tasks": [{"id", "server", "query", "deps"}]}``).
``PlanStreamParser`` reads the growing JSON (pydantic's partial parser) and yields each task once it is
complete: once the next task has started or the list has closed. ``StreamingDispatch`` checks each task on
its own as it arrives (its server, its id, the task limit) and starts it once every task it depends on has been
started; a task waits on its dependencies' results, not on the rest of the plan. When the stream ends, the
whole plan is validated as before (graphs/plan.py). A plan that turns out invalid (a late cycle, an unknown
dependency, a bad task) cancels every task already running, cleanly, and the caller falls back.

Why a task starts only after its dependencies have started: then no cycle can ever be running, whatever
arrives later; a cycle's tasks simply never start.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError
from pydantic_core import from_json

from graphs.plan import Plan, PlanError, Task, validate_plan
from nodes.grounding import content_words, made_of

RunTask = Callable[[Task, dict[str, dict[str, Any]]], Awaitable[dict[str, Any]]]


def _whole(text: str) -> bool:
    try:
        from_json(text)
    except ValueError:
        return False
    return True


class PlanStreamParser:
    """Complete task objects out of a planner's JSON text as it grows."""

    def __init__(self) -> None:
        self.text = ""
        self._emitted = 0

    def _tasks(self) -> tuple[list[Any], bool]:
        """The tasks parsed so far, and whether their list has closed (a key follows it, or the text is whole
        JSON once the object is closed)."""
        try:
            data = from_json(self.text, allow_partial=True)
        except ValueError:
            return [], False
        tasks = data.get("tasks") if isinstance(data, dict) else None
        if not isinstance(tasks, list):
            return [], False
        keys = list(data)
        closed = len(keys) > keys.index("tasks") + 1 or _whole(self.text) or _whole(self.text.rstrip() + "}")
        return tasks, closed

    def feed(self, piece: str) -> list[dict[str, Any]]:
        """Add streamed text; return the tasks completed by it (each once)."""
        self.text += piece
        tasks, closed = self._tasks()
        complete = tasks if closed else tasks[:-1]
        new = complete[self._emitted:]
        self._emitted = max(self._emitted, len(complete))
        return [t for t in new if isinstance(t, dict)]

    def close(self) -> list[dict[str, Any]]:
        """The stream ended: the last task is complete too (if the text parses at all)."""
        tasks, _ = self._tasks()
        new = tasks[self._emitted:]
        self._emitted = len(tasks)
        return [t for t in new if isinstance(t, dict)]


@dataclass
class DispatchReport:
    """What happened: the plan (None when invalid), each task's result, and when the first task started."""

    plan: Plan | None
    results: dict[str, dict[str, Any]]
    problems: list[str] = field(default_factory=list)
    first_dispatch_s: float | None = None
    cancelled: list[str] = field(default_factory=list)


class StreamingDispatch:
    """Start each task of a streaming plan the moment it is complete and its dependencies have started."""

    def __init__(self, run_task: RunTask, allowed_servers: list[str], max_tasks: int, request: str = ""):
        self._run_task = run_task
        self._allowed = set(allowed_servers)
        self._max_tasks = max_tasks
        self._request = request
        self._tasks: dict[str, Task] = {}
        self._runners: dict[str, asyncio.Task] = {}
        self._problems: list[str] = []
        self._started_at = time.perf_counter()
        self.first_dispatch_s: float | None = None

    def offer(self, raw: dict[str, Any]) -> None:
        """One complete task from the stream: checked alone, then started when its dependencies have been."""
        if self._problems:  # the plan is invalid already: nothing more starts
            return
        try:
            task = Task.model_validate({**raw, "request": self._request})
        except ValidationError as exc:
            self._invalid(f"task {raw.get('id', '?')} is malformed: {exc.errors()[0]['msg']}")
            return
        if task.id in self._tasks:
            self._invalid(f"task ids must be unique; repeated: {task.id}")
        elif task.server not in self._allowed:
            self._invalid(f"{task.id} uses unknown server '{task.server}'")
        elif len(self._tasks) >= self._max_tasks:
            self._invalid(f"at most {self._max_tasks} tasks are allowed")
        elif self._request and not task.deps and not made_of(content_words(task.query), content_words(self._request)):
            # the planner's own words, not the question's (nodes/plan_focus.py ``grounded_plan``): a task waited
            # on may name the output it needs, which only the whole plan shows, so the plan is made again unstreamed
            self._invalid(f"{task.id}'s query '{task.query}' is not made of the question's words")
        else:
            self._tasks[task.id] = task
            self._start_ready()

    def _invalid(self, problem: str) -> None:
        self._problems.append(problem)
        for runner in self._runners.values():
            runner.cancel()

    def _start_ready(self) -> None:
        """Start every waiting task whose dependencies have all been started (repeat: one start may free more)."""
        started = True
        while started:
            started = False
            for task in self._tasks.values():
                if task.id not in self._runners and all(d in self._runners for d in task.deps):
                    self._runners[task.id] = asyncio.ensure_future(self._run(task))
                    if self.first_dispatch_s is None:
                        self.first_dispatch_s = time.perf_counter() - self._started_at
                    started = True

    async def _run(self, task: Task) -> dict[str, Any]:
        deps = {d: await asyncio.shield(self._runners[d]) for d in task.deps}
        blocked = [d for d, r in deps.items() if r.get("status") != "ok"]
        if blocked:
            return {"task_id": task.id, "server": task.server, "query": task.query, "status": "skipped",
                    "observations": [], "error": f"dependency {', '.join(blocked)} did not succeed"}
        return await self._run_task(task, deps)

    async def abandon(self, problem: str) -> DispatchReport:
        """The stream broke: cancel what runs and report why."""
        self._problems.append(problem)
        return await self.finish()

    async def finish(self, source: str = "planner") -> DispatchReport:
        """The stream ended: validate the whole plan; if valid, start what waits and collect every result;
        else cancel what runs and report why."""
        plan: Plan | None = None
        if not self._problems:
            try:
                plan = validate_plan(Plan(tasks=list(self._tasks.values()), source=source), self._allowed,
                                     self._max_tasks)
            except (PlanError, ValidationError) as exc:
                self._invalid(str(exc))
        if plan is None:
            cancelled = [task_id for task_id, runner in self._runners.items() if not runner.done()]
            for runner in self._runners.values():
                runner.cancel()
            await asyncio.gather(*self._runners.values(), return_exceptions=True)
            return DispatchReport(None, {}, self._problems, self.first_dispatch_s, cancelled)
        self._start_ready()
        outcomes = await asyncio.gather(*self._runners.values(), return_exceptions=True)
        results = {}
        for task_id, outcome in zip(self._runners, outcomes):
            task = self._tasks[task_id]
            results[task_id] = outcome if isinstance(outcome, dict) else {
                "task_id": task_id, "server": task.server, "query": task.query, "status": "failed",
                "observations": [], "error": f"{type(outcome).__name__}: {outcome}"}
        return DispatchReport(plan, results, [], self.first_dispatch_s)


async def dispatch_streamed_plan(pieces: AsyncIterator[str], dispatch: StreamingDispatch, source: str = "planner",
                                 check_text: Callable[[], str | None] | None = None) -> DispatchReport:
    """Feed a planner's streamed text to ``dispatch`` task by task, then finish it. ``check_text`` (optional)
    names what is wrong with the whole reply, once it is whole (a key the format does not have)."""
    parser = PlanStreamParser()
    async for piece in pieces:
        for raw in parser.feed(piece):
            dispatch.offer(raw)
    for raw in parser.close():
        dispatch.offer(raw)
    problem = check_text() if check_text else None
    return await (dispatch.abandon(problem) if problem else dispatch.finish(source))
