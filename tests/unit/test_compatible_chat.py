"""The token bound reaches self-hosted endpoints under the name they read (``max_tokens``)."""

from langchain_core.messages import HumanMessage

from nodes.compatible_chat import CompatibleChatOpenAI, sends_legacy_bound


def payload(base_url: str, **call_kwargs) -> dict:
    chat = CompatibleChatOpenAI(base_url=base_url, model="m", api_key="k", max_tokens=200)
    return chat._get_request_payload([HumanMessage("hi")], **call_kwargs)


def test_a_self_hosted_endpoint_gets_the_bound_under_both_names():
    sent = payload("http://127.0.0.1:8000/v1")
    assert sent["max_tokens"] == 200 and sent["max_completion_tokens"] == 200


def test_a_bound_given_for_one_call_wins_under_both_names():
    sent = payload("http://vllm.internal:8000/v1", max_tokens=40)
    assert sent["max_tokens"] == 40 and sent["max_completion_tokens"] == 40


def test_openais_own_api_gets_only_the_new_name():
    sent = payload("https://api.openai.com/v1")
    assert "max_tokens" not in sent and sent["max_completion_tokens"] == 200
    assert not sends_legacy_bound(None)
