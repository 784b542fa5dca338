"""Prompt-prefix reuse: each role keeps its own llama.cpp context, so a role's next call evaluates only the
tokens after the prefix it shares with its last call, and its greedy output is the same as from a fresh
context that evaluates the whole prompt."""

from langchain_core.messages import HumanMessage, SystemMessage

from graphs.context import Context
from graphs.deps import find_smollm_gguf
from nodes.embedded_model import EmbeddedChatModel, LlamaRuntime
from nodes.models import ModelFactory

SYSTEM = ("You call tools. Reply with JSON naming one tool and its params.\n"
          "Tools:\n- get_forecast(city, dates): Daily forecast for one city\n"
          "- compare_cities(cities, date): One day's forecast for several cities side by side")
TASKS = ["weather in Lisbon tomorrow", "is it warmer in Oslo or Rome on friday", "forecast for Nairobi"]


def test_a_roles_next_call_reuses_its_prefix_and_answers_as_a_fresh_context_does():
    gguf = find_smollm_gguf()
    factory = ModelFactory(load_runtime=lambda: LlamaRuntime(gguf, n_ctx=1024))
    executor, answerer = factory.get("executor", Context()).chat, factory.get("answerer", Context()).chat
    replies, evaluated = [], []
    for task in TASKS:
        reply = executor.invoke([SystemMessage(SYSTEM), HumanMessage(f"Task: {task}")])
        replies.append(reply.text)
        evaluated.append((reply.response_metadata["prompt_tokens_evaluated"], reply.usage_metadata["input_tokens"]))
        answerer.invoke([HumanMessage(f"Say hello to {task.split()[-1]}.")])  # another role in between
    assert evaluated[0][0] >= evaluated[0][1] - 1  # the first call evaluates its whole prompt
    for new, whole in evaluated[1:]:
        assert new < whole / 2  # later calls evaluate what follows the shared system prompt
    for task, reply in zip(TASKS, replies):
        fresh = EmbeddedChatModel(LlamaRuntime(gguf, n_ctx=1024), temperature=0.0, max_tokens=256)
        assert fresh.invoke([SystemMessage(SYSTEM), HumanMessage(f"Task: {task}")]).text == reply
