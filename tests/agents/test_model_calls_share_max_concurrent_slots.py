"""Item 4 of issue 15: MODEL_RATE_LIMITS takes max_concurrent per model, shared through Redis, so
a server answering one request at a time is not flooded; the wait for a slot does not count
against the call's own timeout."""

import threading
import time

import pytest

from agents import rate_limit
from agents.llm import complete_json
from agents.prompts import RenderedPrompt
from jobs.runtime.redis_client import redis_client
from tests.local_http import LocalServer
from tests.picky_model_server import picky_chat

VERDICT = {"verdict": "supported", "reason": "the quote states the figure"}
PROMPT = RenderedPrompt(
    name="judge",
    role="judge",
    schema="support_verdict",
    max_tokens=150,
    messages=[{"role": "user", "content": "Is it supported?"}],
)


@pytest.fixture
def one_slot_model(settings):
    def configure(server, timeout: float = 120) -> str:
        model = "openai/one-slot"
        settings.MODEL_SMALL = model
        settings.MODEL_TIER_CONNECTIONS = {
            "large": {"api_base": "", "api_key": ""},
            "small": {"api_base": f"{server.url}/v1", "api_key": "dummy"},
        }
        settings.MODEL_OUTPUT_MODES = {model: "json_schema"}
        settings.MODEL_RATE_LIMITS = {model: {"max_concurrent": 1}}
        settings.MODEL_TIMEOUT_SECONDS = timeout
        redis_client().delete(f"ratelimit:{{{model}}}:slots")
        return model

    return configure


def test_eight_threads_send_one_request_at_a_time(one_slot_model):
    chat = picky_chat(VERDICT, delay_seconds=0.3)
    errors = []

    def call():
        try:
            complete_json(PROMPT)
        except Exception as exc:  # noqa: BLE001 - collected for the assertion
            errors.append(exc)

    with LocalServer({"/v1/chat/completions": chat}) as server:
        one_slot_model(server)
        threads = [threading.Thread(target=call) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert errors == []
    assert len(chat.bodies) == 8
    assert chat.most_in_flight == 1


def test_waiting_for_a_slot_does_not_spend_the_calls_timeout(one_slot_model):
    # Each answer takes 1.5 s and a call may take 2 s: the third caller waits ~3 s for its slot
    # and must still get its full 2 s once it holds one.
    chat = picky_chat(VERDICT, delay_seconds=1.5)
    results, errors = [], []

    def call():
        try:
            results.append(complete_json(PROMPT))
        except Exception as exc:  # noqa: BLE001
            errors.append(exc)

    with LocalServer({"/v1/chat/completions": chat}) as server:
        one_slot_model(server, timeout=2)
        threads = [threading.Thread(target=call) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    assert errors == [] and len(results) == 3
    assert chat.most_in_flight == 1


def test_a_slot_left_by_a_dead_worker_lapses(settings):
    settings.MODEL_RATE_LIMITS = {"m/lapse": {"max_concurrent": 1}}
    redis_client().delete("ratelimit:{m/lapse}:slots")
    rate_limit.SLOT_MARGIN_SECONDS, margin = 0.0, rate_limit.SLOT_MARGIN_SECONDS
    try:
        rate_limit.acquire_slot("m/lapse", hold_seconds=0.5, max_wait_seconds=0)  # never released
        with pytest.raises(rate_limit.SlotWaitExceeded):
            rate_limit.acquire_slot("m/lapse", hold_seconds=0.5, max_wait_seconds=0.1)
        started = time.monotonic()
        assert rate_limit.acquire_slot("m/lapse", hold_seconds=0.5, max_wait_seconds=5) is not None
        assert time.monotonic() - started < 2
    finally:
        rate_limit.SLOT_MARGIN_SECONDS = margin
