import pytest
from langchain_core.messages import HumanMessage
from pydantic import BaseModel

from nodes.models import RoleModel
from nodes.structured import StructuredOutputError, ask_structured, decoding_constraint, grammar_safe
from tests.fakes import ScriptedChat


class Pick(BaseModel):
    colour: str
    count: int


def role_model(script, backend="fake"):
    return RoleModel(role="planner", chat=ScriptedChat(script), backend=backend, endpoint="fake")


async def test_valid_reply_is_parsed():
    got = await ask_structured(role_model(['{"colour": "red", "count": 2}']), [HumanMessage("x")], Pick)
    assert got == Pick(colour="red", count=2)


async def test_invalid_reply_is_re_asked_with_the_error():
    model = role_model(['{"colour": "red"}', '{"colour": "red", "count": 3}'])
    got = await ask_structured(model, [HumanMessage("x")], Pick, retries=2)
    assert got.count == 3
    second_prompt = model.chat.prompts[1]
    assert "count: Field required" in second_prompt[-1].content


async def test_always_invalid_ends_with_a_clear_error_after_bounded_attempts():
    model = role_model(["not json at all"])
    with pytest.raises(StructuredOutputError, match=r"planner model gave no valid Pick after 3 attempt"):
        await ask_structured(model, [HumanMessage("x")], Pick, retries=2)
    assert len(model.chat.prompts) == 3


async def test_check_rejections_are_re_asked():
    def no_blue(pick):
        if pick.colour == "blue":
            raise ValueError("blue is not allowed")

    model = role_model(['{"colour": "blue", "count": 1}', '{"colour": "green", "count": 1}'])
    got = await ask_structured(model, [HumanMessage("x")], Pick, check=no_blue)
    assert got.colour == "green"
    assert "blue is not allowed" in model.chat.prompts[1][-1].content


async def test_fenced_json_is_accepted():
    got = await ask_structured(role_model(['```json\n{"colour": "red", "count": 1}\n```']), [HumanMessage("x")], Pick)
    assert got.colour == "red"


def test_each_backend_gets_the_constraint_it_honours():
    vllm = decoding_constraint("openai", Pick)["response_format"]
    assert vllm["type"] == "json_schema" and vllm["json_schema"]["schema"]["required"] == ["colour", "count"]
    llama = decoding_constraint("embedded", Pick)["response_format"]
    assert llama["type"] == "json_object" and "colour" in llama["schema"]["properties"]
    assert decoding_constraint("fake", Pick) == {}
    custom = {"type": "object", "properties": {"x": {"const": 1}}}
    assert decoding_constraint("embedded", Pick, custom)["response_format"]["schema"] == custom


def test_llama_schemas_spell_out_pattern_escapes_it_cannot_parse():
    schema = {"properties": {"id": {"type": "string", "pattern": r"^T\d{1,3}$"},
                             "day": {"type": "string", "pattern": r"^\bweird$"}}}
    safe = decoding_constraint("embedded", Pick, schema)["response_format"]["schema"]
    assert safe["properties"]["id"]["pattern"] == "^T[0-9]{1,3}$"
    assert "pattern" not in safe["properties"]["day"]
    assert schema["properties"]["day"]["pattern"] == r"^\bweird$"  # the original is untouched


def test_only_a_refusal_naming_the_response_format_switches_the_request_shape():
    from nodes.structured import rejects_response_format

    class Refused(Exception):
        def __init__(self, status_code, message):
            super().__init__(message)
            self.status_code = status_code

    llama_server = "Error code: 500 - {'error': {'message': \"('body', 'response_format', 'type') Input should be " \
                   "'text' or 'json_object'\"}}"
    assert rejects_response_format(Refused(500, llama_server))
    assert rejects_response_format(Refused(400, "response_format json_schema is not supported"))
    assert not rejects_response_format(Refused(500, "CUDA out of memory"))  # a real server error stays an error
    assert not rejects_response_format(Refused(401, "bad key; see response_format docs"))
    assert not rejects_response_format(ValueError("response_format"))  # no HTTP status: not a refusal


def test_llama_schemas_drop_enum_values_its_grammar_cannot_hold():
    schema = {"type": "object", "properties": {
        "city": {"type": "string", "enum": ["Paris", 'RESULT] {"status', "a\\b", "tab\there"]},
        "note": {"type": "string", "enum": ['"quoted"']}, "mode": {"const": 'x"y'}}}
    safe = grammar_safe(schema)["properties"]
    assert safe["city"]["enum"] == ["Paris"]
    assert "enum" not in safe["note"] and "const" not in safe["mode"]  # nothing left: looser, checked after
