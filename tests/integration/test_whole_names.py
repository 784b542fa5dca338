"""The executor widens a part of a listed name to the whole name, with the names the real servers' listing
tools return (weather ``list_cities``), cached by the pool once the index has asked them."""

from dataclasses import replace
from datetime import date, timedelta

import pytest

from graphs.context import Context
from graphs.deps import build_dependencies
from graphs.plan import Task
from nodes.execute import run_executor
from tests.fakes import ScriptedModels

pytestmark = pytest.mark.integration


async def test_a_city_cut_short_by_the_model_is_called_by_its_whole_listed_name(tmp_path):
    deps = build_dependencies([], tmp_path)
    try:
        assert await deps.pool.known_names() == []  # nothing asked yet: nothing to widen to
        await deps.retriever.server_docs()
        await deps.retriever.entity_directory()
        assert "Mexico City" in await deps.pool.known_names()
        tomorrow = (date.today() + timedelta(days=1)).isoformat()
        models = ScriptedModels(executor=[{"tool": "get_forecast", "params": {"city": "mexico", "dates": tomorrow}}])
        task = Task(id="T1", server="weather", query="weather in mexico city tomorrow")
        outcomes = await run_executor(task, {}, tools=deps.pool, models=models,
                                      context=replace(Context(), executor_adapter=False))
        assert [o.ok for o in outcomes] == [True], outcomes[-1].error
        assert outcomes[0].arguments["city"] == "mexico city" and "Mexico City" in outcomes[0].text
    finally:
        await deps.aclose()
