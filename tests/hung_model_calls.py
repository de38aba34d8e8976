"""Helpers for the tests of model calls that hang past a job's deadline: a judge prompt, a step
to run a call inside, a reply that drips, and a small model tier aimed at a local server."""

import time

import pytest

from agents.prompts import RenderedPrompt
from jobs.runtime.budget import Phase
from jobs.runtime.steps import RunContext, StepResult, run_step
from tests.local_http import Reply

PROMPT = RenderedPrompt(
    name="judge",
    role="judge",
    schema="support_verdict",
    max_tokens=150,
    messages=[{"role": "user", "content": "Is it supported?"}],
)


@pytest.fixture
def small_on(settings):
    """small_on(server): the small model tier answers from `server`, with a long socket timeout
    so that only the deadline can end a call."""

    def configure(server) -> None:
        settings.MODEL_SMALL = "openai/hung"
        settings.MODEL_TIER_CONNECTIONS = {
            "large": {"api_base": "", "api_key": ""},
            "small": {"api_base": f"{server.url}/v1", "api_key": "dummy"},
        }
        settings.MODEL_OUTPUT_MODES = {"openai/hung": "json_schema"}
        settings.MODEL_TIMEOUT_SECONDS = 120

    return configure


def in_writing_step(job, fn):
    box = {}

    def step():
        box["value"] = fn()
        return StepResult(output={})

    run_step(
        RunContext(job=job, epoch=job.epoch), kind="check", counter=str(time.monotonic()), fn=step, phase=Phase.WRITING
    )
    return box.get("value")


def dripping(seconds: float):
    """A reply that starts at once and then sends one byte a second: a socket read timeout
    never fires, only a deadline on the whole call ends it."""

    def body():
        for _ in range(int(seconds)):
            yield b" "

    return Reply(status=200, body=body(), content_type="application/json", chunk_pause_seconds=1.0)
