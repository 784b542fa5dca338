"""A model endpoint that refuses connections is remembered as down; one that answered a request too slowly is not."""

import httpx
import pytest
from langchain_core.messages import HumanMessage

from nodes.model_call import ModelUnavailable, call_model
from nodes.models import RoleModel
from tests.fakes import ScriptedChat


def model(endpoint: str, failures: list[Exception]) -> tuple[RoleModel, list[int]]:
    """A chat model that raises ``failures`` in turn, then answers "ok"; counts the calls it received."""
    calls = []

    def reply(messages):
        calls.append(1)
        if failures:
            raise failures.pop(0)
        return "ok"

    return RoleModel(role="answerer", chat=ScriptedChat([reply]), backend="fake", endpoint=endpoint), calls


async def test_a_refused_connection_marks_the_endpoint_down_so_the_next_call_fails_without_being_sent():
    role, calls = model("http://127.0.0.1:9/v1 (refused)", [httpx.ConnectError("connection refused")])
    with pytest.raises(ModelUnavailable, match="is unreachable"):
        await call_model(role, [HumanMessage("hi")])
    with pytest.raises(ModelUnavailable, match="is unreachable"):
        await call_model(role, [HumanMessage("hi")])
    assert len(calls) == 1


async def test_a_timed_out_request_fails_alone_and_the_next_one_is_sent():
    role, calls = model("http://127.0.0.1:9/v1 (slow)", [httpx.ReadTimeout("timed out")])
    with pytest.raises(ModelUnavailable, match="did not answer in time"):
        await call_model(role, [HumanMessage("hi")])
    assert (await call_model(role, [HumanMessage("hi")])).text == "ok"
    assert len(calls) == 2
