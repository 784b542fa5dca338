"""Distillation pieces on a small catalogue: oracle synthesis and its splits, both judges, the dataset writer,
and the executor role's adapter (tests/integration/test_distill_training.py trains for real)."""

import json
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from graphs.context import Context
from nodes.distill.dataset import example_for, write_dataset
from nodes.distill.judges import correctness_problem, curate
from nodes.distill.oracle import HELDOUT_CITIES, HELDOUT_COMPANIES, INTENTS, load_entities, synthesize
from nodes.distill.trajectories import Step, Trajectory, oracle_trajectory
from nodes.executor_prompt import executor_conversation
from nodes.argument_candidates import gather_candidates
from nodes.embedded_model import to_llama_messages
from nodes.models import ModelFactory
from tests.fakes import FakeTools, make_tool
from tools.sandbox.generate import ensure_sandbox

TODAY = date(2026, 11, 25)
FORECAST = make_tool("get_forecast", {"city": {"type": "string"}, "dates": {"type": "string"}}, required=["city"])
QUOTE = make_tool("get_quote", {"ticker_or_name": {"type": "string"}}, required=["ticker_or_name"])


def weather_tools(behaviour=lambda a: {"city": a["city"].title(), "days": [{"date": a.get("dates"), "high_c": 12}]}):
    return FakeTools({"weather": {"get_forecast": (FORECAST, behaviour)}, "finance": {"get_quote": (QUOTE, lambda a: {})}})


def trajectory(request: str, *steps: Step) -> Trajectory:
    return Trajectory(request, "weather", TODAY.isoformat(), list(steps))


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory) -> Path:
    return ensure_sandbox(tmp_path_factory.mktemp("distill") / "sandbox.db", today=TODAY)


def test_train_and_heldout_share_no_template_and_no_entity(sandbox):
    train, heldout = load_entities(sandbox, "train"), load_entities(sandbox, "heldout")
    assert heldout.cities and set(heldout.cities) <= set(HELDOUT_CITIES)
    assert not set(train.cities) & set(heldout.cities) and not set(train.companies) & set(HELDOUT_COMPANIES)
    assert not set(train.attractions) & set(heldout.attractions) and not set(train.products) & set(heldout.products)
    for intent in INTENTS:
        assert not set(intent.templates["train"]) & set(intent.templates["heldout"])


def test_oracle_calls_hold_the_values_as_the_request_spells_them_and_resolved_dates(sandbox):
    tasks = synthesize(sandbox, "train", 2, today=TODAY, seed=3)
    assert len(tasks) >= 2 * len(INTENTS) - 4
    assert len({t.request for t in tasks}) == len(tasks)
    forecasts = [t for t in tasks if t.tool == "get_forecast"]
    for task in forecasts:
        assert task.arguments["city"] in task.request  # the span as written (case included)
        assert task.arguments["dates"].startswith("2026-")
    assert all(t.template.startswith("train:") for t in tasks)
    assert synthesize(sandbox, "train", 2, today=TODAY, seed=3) == tasks  # seeded


async def test_the_oracle_trajectory_runs_its_call_and_explains_each_value():
    tools = weather_tools()
    from nodes.distill.oracle import SubTask

    task = SubTask("weather in Oslo tmrw", "weather", "get_forecast", {"city": "Oslo", "dates": "2026-11-26"},
                   "train:weather.get_forecast:0", {"city": "span", "dates": "date of 'tmrw'"})
    made = await oracle_trajectory(task, tools, TODAY.isoformat())
    assert tools.calls == [("weather", "get_forecast", {"city": "Oslo", "dates": "2026-11-26"})]
    assert made.steps[0].ok and "Oslo" in made.steps[0].observation
    assert "city = \"Oslo\"" in made.steps[0].thought and "date of 'tmrw'" in made.steps[0].thought


def test_the_correctness_judge_rejects_invented_values_failed_calls_and_foreign_tools():
    good = Step("t", "get_forecast", {"city": "Oslo", "dates": "2026-11-26"}, True, '{"city": "Oslo", "days": [1]}')
    assert correctness_problem(trajectory("weather in Oslo tmrw", good), [FORECAST]) is None
    invented = Step("t", "get_forecast", {"city": "Zuraflax"}, True, '{"city": "Zuraflax"}')
    assert "not traceable" in correctness_problem(trajectory("weather in Oslo tmrw", invented), [FORECAST])
    failed = Step("t", "get_forecast", {"city": "Oslo", "dates": "2026-11-26"}, False, "ERROR: unknown city")
    assert correctness_problem(trajectory("weather in Oslo tmrw", failed), [FORECAST]) == "the call failed"
    foreign = Step("t", "get_quote", {"ticker_or_name": "Oslo"}, True, "{}")
    assert "not on server" in correctness_problem(trajectory("weather in Oslo tmrw", foreign), [FORECAST])
    empty = Step("t", "get_forecast", {"city": "Oslo", "dates": "2026-11-26"}, True, '{"city": "Oslo", "days": []}')
    assert correctness_problem(trajectory("weather in Oslo tmrw", empty), [FORECAST]) == (
        "the output does not bear on the request")


async def test_the_efficiency_judge_drops_repeats_and_shortens_detours():
    ok = Step("t", "get_forecast", {"city": "Oslo", "dates": "2026-11-26"}, True, '{"city": "Oslo", "days": [1]}')
    wrong = Step("t", "get_forecast", {"city": "oslo tmrw"}, False, "ERROR: unknown city")
    repeated = trajectory("weather in Oslo tomorrow", wrong, wrong)
    detour = trajectory("weather in Oslo tmrw", wrong, ok)
    duplicate = trajectory("weather in Oslo tmrw", ok)
    kept, report = await curate([repeated, detour, duplicate], {"weather": [FORECAST]})
    assert [t.steps for t in kept] == [[ok]]
    assert report.shortened == 1 and report.kept == 1 and report.received == 3
    assert report.to_json()["removed_by_reason"] == {"efficiency: repeats a call": 1,
                                                    "efficiency: duplicate request": 1}


def test_each_example_is_the_executors_own_prompt_with_both_targets(tmp_path):
    ok = Step("Oslo is the city.", "get_forecast", {"dates": "2026-11-26", "city": "Oslo"}, True, "{}")
    made = trajectory("weather in Oslo tmrw", ok)
    example = example_for(made, [FORECAST])
    candidates = gather_candidates(["weather in Oslo tmrw"], [], TODAY)
    expected = to_llama_messages(executor_conversation("weather in Oslo tmrw", [FORECAST], candidates, {}, TODAY,
                                                       with_examples=False))
    assert example["messages"] == expected and "Dates: tmrw = 2026-11-26" in expected[-1]["content"]
    assert json.loads(example["action"]) == {"tool": "get_forecast", "params": {"city": "Oslo", "dates": "2026-11-26"}}
    assert example["action"].index("city") < example["action"].index("dates")  # the schema's order
    assert json.loads(example["with_thought"])["thought"] == "Oslo is the city."
    assert write_dataset([made], {"weather": [FORECAST]}, tmp_path / "x.jsonl") == 1
    assert json.loads((tmp_path / "x.jsonl").read_text())["tool"] == "get_forecast"


def test_only_the_executor_role_runs_on_the_adapter_and_it_can_be_switched_off():
    base = SimpleNamespace(model_path=Path("base.gguf"), lora_path=None)
    adapted = SimpleNamespace(model_path=Path("base.gguf"), lora_path=Path("executor.gguf"))
    factory = ModelFactory(load_runtime=lambda: base, load_executor_runtime=lambda: adapted)
    on = Context(executor_adapter=True)
    executor = factory.get("executor", on)
    assert executor.distilled and executor.chat._runtime is adapted and "executor.gguf" in executor.endpoint
    for role in ("router", "planner", "answerer"):
        other = factory.get(role, on)
        assert not other.distilled and other.chat._runtime is base
    switched_off = factory.get("executor", Context())  # off by default
    assert not switched_off.distilled and switched_off.chat._runtime is base
    without = ModelFactory(load_runtime=lambda: base).get("executor", on)
    assert not without.distilled and without.chat._runtime is base


def test_the_adapter_is_the_shipped_one_unless_the_environment_names_another_or_off(monkeypatch, tmp_path):
    from graphs import deps

    monkeypatch.delenv("TURA_EXECUTOR_ADAPTER", raising=False)
    assert deps.executor_adapter_path() == (deps.SHIPPED_ADAPTER if deps.SHIPPED_ADAPTER.is_file() else None)
    monkeypatch.setenv("TURA_EXECUTOR_ADAPTER", "off")
    assert deps.executor_adapter_path() is None
    other = tmp_path / "mine.gguf"
    other.write_bytes(b"GGUF")
    monkeypatch.setenv("TURA_EXECUTOR_ADAPTER", str(other))
    assert deps.executor_adapter_path() == other
    monkeypatch.setenv("TURA_EXECUTOR_ADAPTER", str(tmp_path / "missing.gguf"))
    with pytest.raises(deps.MissingModelError, match="not a file"):
        deps.executor_adapter_path()
