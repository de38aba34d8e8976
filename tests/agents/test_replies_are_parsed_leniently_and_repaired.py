"""Item 5 of issue 15: replies are parsed with control characters allowed and common damage
repaired before the model is asked again; the repair prompt quotes the parser's error; reply
limits per role are settings sized from the schema; a reply cut off at its limit is asked again
once with a larger limit."""

import json

import pytest

from agents import llm
from agents.llm import complete_json, parse_reply
from agents.prompts import RenderedPrompt, render
from tests.local_http import LocalServer
from tests.picky_model_server import picky_chat

VERDICT = {"verdict": "supported", "reason": "the quote states the figure"}


@pytest.mark.parametrize(
    "text",
    [
        '{"verdict": "supported", "reason": "line one\nline two"}',  # a raw newline inside a string (llama.cpp)
        '```json\n{"verdict": "supported", "reason": "r"}\n```',
        'Here is the JSON:\n{"verdict": "supported", "reason": "r"} I hope this helps.',
        '{"verdict": "supported", "reason": "r",}',
        '{"verdict": "supported", "reason": "r"}\n{"verdict": "unsupported", "reason": "again"}',
        "{\u201cverdict\u201d: \u201csupported\u201d, \u201creason\u201d: \u201cr\u201d,}",
    ],
)
def test_common_damage_is_repaired_in_code(text):
    assert parse_reply(text, "support_verdict")["verdict"] == "supported"


def test_what_cannot_be_repaired_is_reported_with_the_parsers_words():
    with pytest.raises(ValueError) as raised:
        parse_reply('{"verdict": "supported" "reason": "r"}', "support_verdict")
    message = str(raised.value)
    assert "Expecting ',' delimiter" in message and "line 1 column 25" in message and "near" in message


@pytest.fixture
def small_on(settings):
    def configure(server) -> None:
        settings.MODEL_SMALL = "openai/lenient"
        settings.MODEL_LARGE = "openai/lenient"
        settings.MODEL_TIER_CONNECTIONS = {
            t: {"api_base": f"{server.url}/v1", "api_key": "dummy"} for t in ("large", "small")
        }
        settings.MODEL_OUTPUT_MODES = {"openai/lenient": "json_object"}

    return configure


def test_a_raw_newline_costs_no_second_call(small_on, in_step):
    chat = picky_chat('{"verdict": "supported", "reason": "the quote\nstates it"}')
    with LocalServer({"/v1/chat/completions": chat}) as server:
        small_on(server)
        reply = in_step(lambda: complete_json(render("judge", sentence="S.", quotes=[])))
    assert reply.data["reason"] == "the quote\nstates it"
    assert len(chat.bodies) == 1


def test_the_repair_prompt_quotes_the_parser_error(small_on, in_step):
    answers = iter(['{"verdict": "supported" "reason": "r"}', json.dumps(VERDICT)])
    chat = picky_chat(lambda body: next(answers))
    with LocalServer({"/v1/chat/completions": chat}) as server:
        small_on(server)
        reply = in_step(lambda: complete_json(render("judge", sentence="S.", quotes=[])))
    assert reply.data == VERDICT
    repair = chat.bodies[1]["messages"][-1]["content"]
    assert "Expecting ',' delimiter" in repair and "line 1 column 25" in repair


def test_a_cut_off_reply_is_asked_again_once_with_twice_the_limit(small_on, in_step, settings):
    settings.MODEL_MAX_TOKENS = {"reader": 1000}
    cut = '{"notes": [{"claim": "Helion supplies Voltara", "quote": "Helion Cells supplies'
    whole = json.dumps({"notes": [], "other_findings": ""})
    chat = picky_chat(
        lambda body: cut if body["max_tokens"] == 1000 else whole,
        finish_reason=lambda body: "length" if body["max_tokens"] == 1000 else "stop",
    )
    prompt = RenderedPrompt(
        name="reader",
        role="reader",
        schema="reader_notes",
        max_tokens=1200,
        messages=[{"role": "user", "content": "Read the page."}],
    )
    with LocalServer({"/v1/chat/completions": chat}) as server:
        small_on(server)
        reply = in_step(lambda: complete_json(prompt))
    assert [b["max_tokens"] for b in chat.bodies] == [1000, 2000]
    assert reply.data == {"notes": [], "other_findings": ""}
    assert reply.tokens_out == 60  # both calls paid


def test_reply_limits_are_sized_from_the_schema_unless_set():
    reader = RenderedPrompt(name="reader", role="reader", schema="reader_notes", max_tokens=1200, messages=[])
    # 5 notes of a 600-character claim and a 1200-character quote need more than 1200 tokens.
    assert llm.reply_limit(reader) > 2000
    judge = RenderedPrompt(name="judge", role="judge", schema="support_verdict", max_tokens=150, messages=[])
    assert llm.reply_limit(judge) == 150  # the prompt file's limit is enough for a 400-char reason


def test_a_setting_wins(settings):
    settings.MODEL_MAX_TOKENS = {"planner": 1500}
    planner = RenderedPrompt(name="planner", role="planner", schema="plan", max_tokens=900, messages=[])
    assert llm.reply_limit(planner) == 1500
