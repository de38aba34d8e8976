"""A real llama.cpp OpenAI-compatible server (tests/model_servers.py) answers litellm in JSON
mode: the endpoint that the issue's self-hoster ran, installed into var/llama-venv on first use."""

from __future__ import annotations

import json

import litellm
import pytest

from tests import model_servers

# The fixtures, made visible to this module (tests/agents/conftest.py is not changed for them).
llama_server_session = model_servers.llama_server_session
llama_server = model_servers.llama_server

pytestmark = pytest.mark.llama

CAPITAL = {
    "type": "object",
    "properties": {"city": {"type": "string", "maxLength": 80}, "population": {"type": "integer"}},
    "required": ["city", "population"],
}


def test_litellm_gets_parseable_json_from_a_real_llama_cpp_server(llama_server):
    reply = litellm.completion(
        model=llama_server.model,
        api_base=llama_server.base_url,
        api_key=llama_server.api_key,
        messages=[
            {
                "role": "user",
                "content": "What is the capital of France, and how many people live there? "
                "Answer as JSON with the keys city and population.",
            }
        ],
        # The form this server accepts: json_object with the schema beside it (it answers
        # HTTP 500 to json_schema). The schema becomes a grammar, so the reply must parse.
        response_format={"type": "json_object", "schema": CAPITAL},
        max_tokens=120,
        temperature=0,
        max_retries=0,
        timeout=300,
    )

    choice = reply.choices[0]
    assert choice.finish_reason == "stop", choice
    data = json.loads(choice.message.content)
    assert isinstance(data["city"], str) and data["city"]
    assert isinstance(data["population"], int)
    assert reply.usage.prompt_tokens > 0 and reply.usage.completion_tokens > 0
    assert llama_server.alive()
