"""Item 1 of issue 15: structured output is asked in the strongest form the endpoint accepts
(json_schema -> json_object with the schema -> the schema in the prompt), every reply is still
validated against the full schema, and what worked is remembered per model in Redis."""

import litellm
import pytest

from agents import llm
from agents.llm import ModelOutputError, complete_json
from agents.prompts import RenderedPrompt
from jobs.runtime.errors import TransientStepError
from jobs.runtime.redis_client import redis_client
from tests.local_http import LocalServer
from tests.picky_model_server import picky_chat

VERDICT = {"verdict": "supported", "reason": "the quote states the figure"}
NOTES = {"notes": [], "other_findings": ""}


def prompt(schema: str = "support_verdict", role: str = "judge") -> RenderedPrompt:
    return RenderedPrompt(
        name="judge",
        role=role,
        schema=schema,
        max_tokens=150,
        messages=[{"role": "system", "content": "You judge quotes."}, {"role": "user", "content": "Is it supported?"}],
    )


@pytest.fixture
def small_on(settings):
    def configure(server, name: str) -> str:
        settings.MODEL_SMALL = f"openai/{name}"
        settings.MODEL_TIER_CONNECTIONS = {
            "large": {"api_base": "", "api_key": ""},
            "small": {"api_base": f"{server.url}/v1", "api_key": "dummy"},
        }
        for key in redis_client().scan_iter(f"llm:output_mode:openai/{name}|*"):
            redis_client().delete(key)
        return settings.MODEL_SMALL

    return configure


def formats(chat) -> list:
    return [(b.get("response_format") or {}).get("type") for b in chat.bodies]


def test_a_server_refusing_json_schema_gets_json_object_with_the_schema_and_is_remembered(small_on, in_step):
    chat = picky_chat(VERDICT, accepts={"json_object"})  # llama-cpp-python 0.3.36
    with LocalServer({"/v1/chat/completions": chat}) as server:
        model = small_on(server, "llama-like")
        reply = in_step(lambda: complete_json(prompt()))
        assert reply.data == VERDICT
        assert formats(chat) == ["json_schema", "json_object"]
        sent = chat.bodies[1]
        assert sent["response_format"]["schema"]["required"] == ["verdict", "reason"]
        assert '"enum":["supported","partial","unsupported"]' in sent["messages"][0]["content"]  # schema in the prompt
        remembered = redis_client().get(f"llm:output_mode:{model}|{server.url}/v1")
        assert remembered in (b"json_object", "json_object")

        in_step(lambda: complete_json(prompt()))
        assert formats(chat) == ["json_schema", "json_object", "json_object"]  # straight to what worked


def test_a_server_taking_no_response_format_gets_the_schema_in_the_prompt(small_on, in_step):
    chat = picky_chat(VERDICT, accepts=set())
    with LocalServer({"/v1/chat/completions": chat}) as server:
        small_on(server, "prompt-only")
        assert in_step(lambda: complete_json(prompt())).data == VERDICT
    assert formats(chat) == ["json_schema", "json_object", None]
    assert '"required":["verdict","reason"]' in chat.bodies[-1]["messages"][0]["content"]


def test_a_reply_in_a_weaker_form_is_still_validated_against_the_full_schema(small_on, in_step):
    answers = iter([{"verdict": "probably", "reason": "x"}, {"verdict": "probably", "reason": "x"}])
    chat = picky_chat(lambda body: next(answers), accepts={"json_object"})
    with LocalServer({"/v1/chat/completions": chat}) as server:
        small_on(server, "sloppy")
        with pytest.raises(ModelOutputError, match="verdict"):
            in_step(lambda: complete_json(prompt()))
    assert formats(chat) == ["json_schema", "json_object", "json_object"]  # refused, answered, repaired


def test_schema_limits_llama_cpp_cannot_compile_are_left_out_of_what_is_sent(small_on, in_step):
    chat = picky_chat(NOTES, accepts={"json_object"})
    with LocalServer({"/v1/chat/completions": chat}) as server:
        small_on(server, "grammar")
        reply = in_step(lambda: complete_json(prompt("reader_notes", "reader")))
    assert reply.data == NOTES
    quote = chat.bodies[-1]["response_format"]["schema"]["properties"]["notes"]["items"]["properties"]["quote"]
    assert "maxLength" not in quote and quote["minLength"] == 1  # 1200 > 1000: left out
    claim = chat.bodies[-1]["response_format"]["schema"]["properties"]["notes"]["items"]["properties"]["claim"]
    assert claim["maxLength"] == 600
    with pytest.raises(ValueError):  # still checked on the reply
        llm.parse_reply(
            '{"notes": [{"claim": "c", "quote": "' + "q" * 1201 + '", "char_start": 0, "char_end": 1}], '
            '"other_findings": ""}',
            "reader_notes",
        )


def test_litellm_capability_data_decides_where_it_has_it(small_on, in_step):
    chat = picky_chat(VERDICT)
    with LocalServer({"/v1/chat/completions": chat}) as server:
        model = small_on(server, "known-without-schema")
        litellm.register_model(
            {
                model: {
                    "litellm_provider": "openai",
                    "mode": "chat",
                    "max_tokens": 4096,
                    "input_cost_per_token": 0,
                    "output_cost_per_token": 0,
                    "supports_response_schema": False,
                }
            }
        )
        in_step(lambda: complete_json(prompt()))
    assert formats(chat) == ["json_object"]


def test_a_configured_mode_wins(small_on, in_step, settings):
    chat = picky_chat(VERDICT)
    with LocalServer({"/v1/chat/completions": chat}) as server:
        model = small_on(server, "configured")
        settings.MODEL_OUTPUT_MODES = {model: "prompt"}
        in_step(lambda: complete_json(prompt()))
    assert formats(chat) == [None]


def test_a_bug_in_the_offline_engine_is_not_taken_for_a_refused_form(settings, monkeypatch):
    # The engine answers by the json_schema's name; an error of its own whose traceback names
    # response_format once stepped it down to "prompt", remembered for a week in Redis, and
    # every later job failed with "no algorithm for schema ''".
    from agents.engine import provider

    settings.MODEL_OUTPUT_MODES = {}
    key = "llm:output_mode:offline/small|"
    redis_client().delete(key)

    def broken(schema_name, messages):
        raise IndexError("string index out of range (response_format json_schema)")

    monkeypatch.setattr(provider, "_answer", broken)
    with pytest.raises(TransientStepError, match="string index out of range"):
        complete_json(prompt())
    assert redis_client().get(key) is None
    redis_client().set(key, "prompt")
    try:
        assert llm.output_mode("offline/small", {}) == "json_schema"
    finally:
        redis_client().delete(key)
