"""Embedded weights load on a model's first call, in the worker thread that runs it, never on the event
loop: ``langgraph dev`` rejects blocking calls there (a planning run failed with BlockingError when its
compressor's weights were found and loaded inside a node)."""

import threading
from types import SimpleNamespace

from langchain_core.messages import HumanMessage

from graphs.context import Context
from nodes.models import ModelFactory, RoleAdapter


def fake_runtime(loads: list[str]):
    """A loader that records the thread it ran in, returning a runtime that answers 'ok'."""

    def load():
        loads.append(threading.current_thread().name)
        reply = {"choices": [{"message": {"content": "ok"}, "finish_reason": "stop"}], "usage": {}}
        return SimpleNamespace(llama=SimpleNamespace(create_chat_completion=lambda **_: reply),
                               lock=threading.Lock(), reset_counters=lambda: None, prompt_work=lambda: (0.0, 0))

    return load


async def test_getting_a_model_loads_nothing_and_its_first_call_loads_off_the_event_loop():
    base_loads: list[str] = []
    adapter_loads: list[str] = []
    factory = ModelFactory(load_runtime=fake_runtime(base_loads),
                           adapters={"executor": RoleAdapter("executor.gguf", fake_runtime(adapter_loads))})
    planner = factory.get("planner", Context())
    executor = factory.get("executor", Context(executor_adapter=True))
    assert base_loads == [] and adapter_loads == []  # get() runs in nodes, on the event loop

    loop_thread = threading.current_thread().name
    assert (await planner.chat.ainvoke([HumanMessage("plan?")])).content == "ok"
    assert (await executor.chat.ainvoke([HumanMessage("call?")])).content == "ok"
    assert len(base_loads) == 1 and len(adapter_loads) == 1
    assert loop_thread not in base_loads + adapter_loads

    await planner.chat.ainvoke([HumanMessage("again?")])
    assert len(base_loads) == 1  # loaded once, kept
