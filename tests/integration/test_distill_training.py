"""A CPU training smoke run: a few LoRA steps on a few examples, exported to GGUF, loaded by llama.cpp on the
original Q4_1 file, and the executor's output changes."""

from datetime import date

from nodes.distill.dataset import example_for
from nodes.distill.export import export_gguf
from nodes.distill.train import TrainConfig, train_lora
from nodes.distill.trajectories import Step, Trajectory
from graphs.deps import find_smollm_gguf, llama_cpp_converter_root, subprocess_env
from tests.fakes import make_tool

FORECAST = make_tool("get_forecast", {"city": {"type": "string"}, "dates": {"type": "string"}}, required=["city"])
REQUESTS = [("weather in Oslo tmrw", "Oslo", "2026-11-26"), ("forecast for Lima on friday", "Lima", "2026-11-27"),
            ("is it cold in Kyiv today", "Kyiv", "2026-11-25"), ("rain in Quito tomorrow?", "Quito", "2026-11-26")]


def examples():
    made = []
    for request, city, day in REQUESTS:
        step = Step(f"{city} is the city.", "get_forecast", {"city": city, "dates": day}, True, "{}")
        made.append(example_for(Trajectory(request, "weather", date(2026, 11, 25).isoformat(), [step]), [FORECAST]))
    return made


def greedy(llama, messages) -> str:
    reply = llama.create_chat_completion(messages=messages, temperature=0.0, max_tokens=24)
    return reply["choices"][0]["message"]["content"]


def test_a_few_steps_train_an_adapter_that_llama_cpp_loads_and_that_changes_the_output(tmp_path):
    from llama_cpp import Llama

    data = examples()
    config = TrainConfig(epochs=1.5, batch_size=2, learning_rate=5e-3, max_tokens=256, seed=1)
    report = train_lora(data, find_smollm_gguf(), tmp_path / "adapter", config)
    assert report.steps == 3 and report.first_loss > 0
    gguf = export_gguf(tmp_path / "adapter", tmp_path / "executor.gguf", converter_root=llama_cpp_converter_root(),
                       base_env=subprocess_env())
    assert 1_000_000 < gguf.stat().st_size < 30_000_000  # an f16 LoRA of r=16: ~10 MB
    base = Llama(model_path=str(find_smollm_gguf()), n_ctx=1024, seed=1, verbose=False)
    adapted = Llama(model_path=str(find_smollm_gguf()), n_ctx=1024, seed=1, verbose=False, lora_path=str(gguf))
    prompt = data[0]["messages"]
    assert greedy(base, prompt) != greedy(adapted, prompt)
