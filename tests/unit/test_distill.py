"""Distillation pieces on a small catalogue: oracle synthesis and its splits, both judges, the dataset writer,
and the executor role's adapter (tests/integration/test_distill_training.py trains for real)."""

import json
import re
from dataclasses import replace
from datetime import date
from pathlib import Path
from types import SimpleNamespace

import pytest

from graphs.context import Context
from nodes.distill.dataset import example_for, write_dataset
from nodes.distill.judges import correctness_problem, curate
from nodes.distill.grammar import LEAD_INS, normalise_template
from nodes.distill.oracle import HELDOUT_CITIES, INTENTS, load_entities, synthesize, templates_of
from nodes.distill.trajectories import Step, Trajectory, oracle_trajectory
from nodes.executor_prompt import executor_conversation
from nodes.arguments.candidates import gather_candidates
from nodes.embedded_model import to_llama_messages
from nodes.models import ModelFactory, RoleAdapter
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


def test_train_dev_and_heldout_share_no_template_and_no_entity(sandbox):
    banks = {split: load_entities(sandbox, split) for split in ("train", "dev", "heldout")}
    assert banks["heldout"].cities and set(banks["heldout"].cities) <= set(HELDOUT_CITIES)
    for a, b in [("train", "dev"), ("train", "heldout"), ("dev", "heldout")]:
        for kind in ("cities", "companies", "pairs", "attractions", "products", "product_ids", "hotel_ids"):
            assert not set(getattr(banks[a], kind)) & set(getattr(banks[b], kind)), (a, b, kind)
    for intent in INTENTS:
        composed = {normalise_template(t) for t in templates_of(intent, "train")}
        # each core, with its day placed; only a core shaped like a dev or held-out template is dropped
        assert len(templates_of(intent, "train")) >= len(intent.templates["train"]) - 2
        for other in ("dev", "heldout"):
            assert not composed & {normalise_template(t) for t in intent.templates[other]}


def test_no_training_phrasing_is_a_test_phrasing_of_the_answers_benchmark():
    """The adapter is measured end to end on benchmarks/answers.py's test split: none of its templates, nor a
    part of one that the router splits off as a sub-query, may be a training template."""
    from benchmarks import make_answer_scenarios as scenarios

    test_templates = [t for _, t, _ in scenarios.FAST_TEMPLATES["test"]]
    test_templates += scenarios.PARALLEL_TEMPLATES["test"] + scenarios.DEPENDENT_TEMPLATES["test"]
    test_templates += [t for pair in scenarios.FOLLOWUP_TEMPLATES["test"] for t in pair[:2]]
    parts = {normalise_template(p) for t in test_templates for p in re.split(r",? and |\+|, |: ", t)}
    parts |= {normalise_template(t) for t in test_templates}
    for intent in INTENTS:
        assert not {normalise_template(t) for t in templates_of(intent, "train")} & parts, intent.tool


def test_the_training_bank_is_composed_with_values_among_other_words(sandbox):
    tasks = synthesize(sandbox, "train", 30, today=TODAY, seed=5)
    dressed = [t for t in tasks if t.request.split()[0].lower().strip(",!:") in
               {w.split()[0].strip(",!:") for w in LEAD_INS if w}]
    assert len(dressed) > len(tasks) // 5  # lead-ins put words before the values
    explicit = [t for t in tasks if "dates" in t.arguments and "2026-" in t.request]
    assert explicit  # days written out, as rewritten follow-ups write them
    trains = [t for t in tasks if t.server == "trains"]
    routes = set(load_entities(sandbox, "train").train_routes)
    assert trains and all((t.arguments["origin"].lower(), t.arguments["destination"].lower())
                          in {(a.lower(), b.lower()) for a, b in routes} for t in trains)


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
    base = SimpleNamespace(weights="base")
    adapted = SimpleNamespace(weights="base + executor.gguf")
    factory = ModelFactory(load_runtime=lambda: base, adapters={"executor": RoleAdapter("executor.gguf", lambda: adapted)})
    on = Context(executor_adapter=True)
    executor = factory.get("executor", on)
    assert executor.distilled and executor.chat.runtime is adapted and "executor.gguf" in executor.endpoint
    for role in ("router", "rewriter", "planner", "answerer"):
        other = factory.get(role, replace(on, rewriter_adapter=True))
        assert not other.distilled and other.chat.runtime is base
    assert factory.get("executor", Context()).distilled  # on by default
    switched_off = factory.get("executor", Context(executor_adapter=False))
    assert not switched_off.distilled and switched_off.chat.runtime is base
    without = ModelFactory(load_runtime=lambda: base).get("executor", on)
    assert not without.distilled and without.chat.runtime is base


def test_the_adapter_is_the_shipped_one_unless_the_environment_names_another_or_off(monkeypatch, tmp_path):
    from graphs import deps

    monkeypatch.delenv("TURA_EXECUTOR_ADAPTER", raising=False)
    assert deps.adapter_path("executor") == (deps.SHIPPED_ADAPTER if deps.SHIPPED_ADAPTER.is_file() else None)
    monkeypatch.setenv("TURA_EXECUTOR_ADAPTER", "off")
    assert deps.adapter_path("executor") is None
    other = tmp_path / "mine.gguf"
    other.write_bytes(b"GGUF")
    monkeypatch.setenv("TURA_EXECUTOR_ADAPTER", str(other))
    assert deps.adapter_path("executor") == other
    monkeypatch.setenv("TURA_EXECUTOR_ADAPTER", str(tmp_path / "missing.gguf"))
    with pytest.raises(deps.MissingModelError, match="not a file"):
        deps.adapter_path("executor")


def test_an_epoch_of_length_bucketed_batches_holds_every_example_once():
    import random

    from nodes.distill.train import length_bucketed_batches

    lengths = [random.Random(i).randrange(50, 300) for i in range(203)]
    batches = length_bucketed_batches(lengths, 8, random.Random(1))
    assert sorted(i for b in batches for i in b) == list(range(203))
    spread = sum(max(lengths[i] for i in b) - min(lengths[i] for i in b) for b in batches) / len(batches)
    assert spread < 60  # padded to similar lengths (random batches spread ~200)


def test_the_decided_parts_of_a_step_are_the_thought_the_tool_and_each_value():
    from nodes.distill.train import decision_spans, token_weights

    action = '{"tool": "compare_cities", "params": {"cities": ["Rome", "São Paulo"], "date": "2026-11-27"}}'
    assert [(action[a:b], kind) for a, b, kind in decision_spans(action)] == [
        ("compare_cities", "tool"), ("Rome", "value"), ("São Paulo", "value"), ("2026-11-27", "value")]
    with_thought = ('{"thought": "Needs get_quote: the price.", "tool": "get_quote", '
                    '"params": {"ticker_or_name": "ibm", "days": 5}}')
    assert [(with_thought[a:b], kind) for a, b, kind in decision_spans(with_thought)] == [
        ("Needs get_quote: the price.", "text"), ("get_quote", "tool"), ("ibm", "value"), ("5", "value"),
        ("get_quote", "tool")]  # the last: where the thought names the tool
    assert decision_spans('{"tool":"x","params":{}}') == [(0, 24, "text")]  # another shape: every token alike
    # tokens '{"', 'tool', '":', ' "', 'get', '_quote', '",': siblings share 'get'; '_quote' decides too
    offsets = [(0, 2), (2, 6), (6, 8), (8, 10), (10, 13), (13, 19), (19, 21)]
    assert token_weights(offsets, [(10, 19, "tool")], skeleton=0.2, first=8.0) == [0.2, 0.2, 0.2, 0.2, 8.0, 8.0, 1.0]
    # a value: its first token decides (which city), the rest and the closing token weigh 1
    assert token_weights(offsets, [(10, 19, "value")], skeleton=0.2, first=8.0) == [0.2, 0.2, 0.2, 0.2, 8.0, 1.0, 1.0]
    assert token_weights(offsets, [(10, 19, "text")], skeleton=0.2, first=8.0) == [0.2, 0.2, 0.2, 0.2, 1.0, 1.0, 1.0]
