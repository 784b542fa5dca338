from graphs.plan import Plan, PlanError, Task, critical_path_s, find_cycle, plan_problems, ready_tasks, validate_plan
import pytest


def plan(*specs):
    return Plan(tasks=[Task(id=i, server=s, query=f"q {i}", deps=list(d)) for i, s, d in specs])


def test_valid_plan_passes_unchanged():
    p = plan(("T1", "weather", ()), ("T2", "hotels", ("T1",)))
    assert validate_plan(p, ["weather", "hotels"], 5) is p


def test_every_problem_is_named():
    p = plan(("T1", "weather", ("T3",)), ("T1", "nowhere", ()), ("T2", "hotels", ("T9",)))
    problems = plan_problems(p, ["weather", "hotels"], 2)
    text = " | ".join(problems)
    assert "repeated: T1" in text
    assert "at most 2 tasks" in text
    assert "unknown server 'nowhere'" in text and "choose one of: hotels, weather" in text
    assert "T2 depends on unknown task T9" in text


def test_cycle_is_found_and_rejected():
    p = plan(("T1", "a", ("T3",)), ("T2", "a", ("T1",)), ("T3", "a", ("T2",)))
    cycle = find_cycle(p.tasks)
    assert cycle[0] == cycle[-1] and set(cycle) == {"T1", "T2", "T3"}
    with pytest.raises(PlanError, match="cycle"):
        validate_plan(p, ["a"], 5)


def test_self_dependency_is_rejected():
    p = plan(("T1", "a", ("T1",)))
    assert any("depends on itself" in x for x in plan_problems(p, ["a"], 5))


def test_critical_path_and_ready_set():
    p = plan(("T1", "a", ()), ("T2", "a", ()), ("T3", "a", ("T1",)))
    assert critical_path_s(p, {"T1": 0.1, "T2": 1.0, "T3": 1.0}) == pytest.approx(1.1)
    assert [t.id for t in ready_tasks(p, done=set(), started=set())] == ["T1", "T2"]
    assert [t.id for t in ready_tasks(p, done={"T1"}, started={"T1", "T2"})] == ["T3"]


def test_task_id_format_is_enforced():
    with pytest.raises(ValueError):
        Task(id="step-1", server="a", query="q")
