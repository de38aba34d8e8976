"""FAKES for tests that are about something other than the model (the loop's bounds, what a
prompt contains): a litellm custom provider that answers from a script.

    with scripted_model(settings, worker_action=[{...}, {...}]) as fake:
        ...
        fake.calls  # [(schema, messages)] in order

A schema with no script left falls back to the real offline engine, so a test scripts only the
role it is about.
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from contextlib import contextmanager

import litellm
from litellm import CustomLLM

from agents.engine.provider import OfflineEngine

PROVIDER = "scripted"


class ScriptedModel(CustomLLM):
    def __init__(self, script: dict):
        super().__init__()
        self.script = defaultdict(deque, {k: deque(v) for k, v in script.items()})
        self.calls: list[tuple[str, list]] = []
        self._engine = OfflineEngine()

    def completion(self, model, messages, *args, optional_params=None, model_response=None, **kwargs):
        optional_params = optional_params or kwargs.get("optional_params") or {}
        schema = (optional_params.get("response_format") or {}).get("json_schema", {}).get("name", "")
        self.calls.append((schema, messages))
        if not self.script[schema]:
            return self._engine.completion(
                model, messages, optional_params=optional_params, model_response=model_response, **kwargs
            )
        reply = self.script[schema].popleft()
        if callable(reply):
            reply = reply(messages)
        text = reply if isinstance(reply, str) else json.dumps(reply)
        response = model_response
        response.choices[0].message.content = text
        response.choices[0].finish_reason = "stop"
        response.usage = litellm.Usage(prompt_tokens=100, completion_tokens=20, total_tokens=120)
        return response


@contextmanager
def scripted_model(settings, **script):
    """Route every small- and large-model call to a ScriptedModel for the block."""
    fake = ScriptedModel(script)
    entry = {"provider": PROVIDER, "custom_handler": fake}
    previous = list(litellm.custom_provider_map)
    litellm.custom_provider_map = [p for p in previous if p.get("provider") != PROVIDER] + [entry]
    from litellm.utils import custom_llm_setup

    custom_llm_setup()
    settings.MODEL_SMALL = f"{PROVIDER}/small"
    settings.MODEL_LARGE = f"{PROVIDER}/large"
    try:
        yield fake
    finally:
        litellm.custom_provider_map = previous
        custom_llm_setup()
