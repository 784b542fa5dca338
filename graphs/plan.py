"""The plan contract: a DAG of tasks, each bound to one server, with pure validation helpers.

Dependencies are structured (a list of task ids), never string templates; a dependent task receives
its dependencies' outputs as data.
"""

from __future__ import annotations

from collections.abc import Iterable

from pydantic import BaseModel, Field, field_validator


class Task(BaseModel):
    """One unit of work: ask ``server`` the refined ``query``, after the tasks in ``deps`` finish."""

    id: str = Field(pattern=r"^T[0-9]{1,3}$", description="Task id such as T1.")
    server: str = Field(min_length=1, description="Name of the MCP server that serves this task.")
    query: str = Field(min_length=1, max_length=2000, description="Refined, self-contained sub-query.")
    deps: list[str] = Field(default_factory=list, description="Ids of tasks whose output this one needs.")
    request: str = Field(default="", max_length=4000,
                         description="The user's question this task serves: its arguments may quote it.")

    @field_validator("deps")
    @classmethod
    def _no_duplicate_deps(cls, deps: list[str]) -> list[str]:
        return list(dict.fromkeys(deps))


class Plan(BaseModel):
    """A DAG of tasks. ``source`` says who made it: the planner, a fallback, or the fast path."""

    tasks: list[Task] = Field(min_length=1)
    source: str = "planner"


class PlanError(ValueError):
    """A plan broke a rule; ``problems`` lists every broken rule so the planner can fix them at once."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def find_cycle(tasks: Iterable[Task]) -> list[str] | None:
    """Return one dependency cycle as a list of ids (first id repeated at the end), or None."""
    graph = {task.id: task.deps for task in tasks}
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for dep in graph.get(node, []):
            if dep not in graph:
                continue
            if state.get(dep) == 1:
                return stack[stack.index(dep) :] + [dep]
            if dep not in state and (cycle := visit(dep)):
                return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in graph:
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def plan_problems(plan: Plan, allowed_servers: Iterable[str], max_tasks: int) -> list[str]:
    """Every rule the plan breaks, in words the planner model can act on; empty when valid."""
    allowed = set(allowed_servers)
    problems: list[str] = []
    ids = [task.id for task in plan.tasks]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        problems.append(f"task ids must be unique; repeated: {', '.join(duplicates)}")
    if len(plan.tasks) > max_tasks:
        problems.append(f"at most {max_tasks} tasks are allowed, the plan has {len(plan.tasks)}")
    known = set(ids)
    for task in plan.tasks:
        if task.server not in allowed:
            problems.append(
                f"{task.id} uses unknown server '{task.server}'; choose one of: {', '.join(sorted(allowed))}"
            )
        if task.id in task.deps:
            problems.append(f"{task.id} depends on itself")
        for dep in task.deps:
            if dep not in known:
                problems.append(f"{task.id} depends on unknown task {dep}")
    cycle = find_cycle(plan.tasks)
    if cycle and len(cycle) > 2:
        problems.append(f"dependencies form a cycle: {' -> '.join(cycle)}")
    return problems


def validate_plan(plan: Plan, allowed_servers: Iterable[str], max_tasks: int) -> Plan:
    """Return the plan unchanged if valid, else raise PlanError naming every problem."""
    problems = plan_problems(plan, allowed_servers, max_tasks)
    if problems:
        raise PlanError(problems)
    return plan


def critical_path_s(plan: Plan, durations: dict[str, float]) -> float:
    """Length of the longest dependency chain, given each task's duration (seconds)."""
    by_id = {task.id: task for task in plan.tasks}
    finish: dict[str, float] = {}

    def finish_time(task_id: str) -> float:
        if task_id not in finish:
            deps = by_id[task_id].deps
            start = max((finish_time(d) for d in deps if d in by_id), default=0.0)
            finish[task_id] = start + durations.get(task_id, 0.0)
        return finish[task_id]

    return max((finish_time(t) for t in by_id), default=0.0)


def ready_tasks(plan: Plan, done: set[str], started: set[str]) -> list[Task]:
    """Tasks not yet started whose dependencies are all done."""
    return [t for t in plan.tasks if t.id not in started and all(d in done for d in t.deps)]
