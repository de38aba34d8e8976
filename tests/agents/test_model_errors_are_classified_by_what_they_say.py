"""Item 2 of issue 15: a provider error whose body says the request was invalid (unsupported
parameter, bad schema, context too long) is permanent whatever its status, is not retried, and
its text reaches the user: the job's error, the API and the job page."""

import pytest
from django.test import Client

from agents.llm import ModelCallRefused, complete_json
from agents.prompts import RenderedPrompt
from jobs import services
from jobs.models import Job
from jobs.runtime.errors import TransientStepError
from jobs.tasks import job_start
from tests.local_http import LocalServer
from tests.picky_model_server import LLAMA_RESPONSE_FORMAT_ERROR, server_error

PROMPT = RenderedPrompt(
    name="judge",
    role="judge",
    schema="support_verdict",
    max_tokens=150,
    messages=[{"role": "user", "content": "Is it supported?"}],
)


@pytest.fixture
def tier_on(settings):
    def configure(server, tier: str = "small", name: str = "picky") -> None:
        setattr(settings, f"MODEL_{tier.upper()}", f"openai/{name}")
        settings.MODEL_TIER_CONNECTIONS = {
            t: {"api_base": f"{server.url}/v1" if t == tier else "", "api_key": "dummy"} for t in ("large", "small")
        }
        settings.MODEL_OUTPUT_MODES = {f"openai/{name}": "prompt"}

    return configure


@pytest.mark.parametrize(
    "status, message, words",
    [
        (500, "Unsupported parameter: 'logit_bias' is not supported with this model.", "Unsupported parameter"),
        (500, LLAMA_RESPONSE_FORMAT_ERROR, "Input should be 'text' or 'json_object'"),
        (
            400,
            "This model's maximum context length is 8192 tokens. However, you requested 9100 tokens.",
            "maximum context length",
        ),
        (422, "1 validation error for CreateChatCompletionRequest", "validation error"),
    ],
)
def test_a_request_the_body_calls_invalid_is_refused_once_with_its_words(tier_on, in_step, status, message, words):
    with LocalServer({"/v1/chat/completions": server_error(message, status=status)}) as server:
        tier_on(server)
        with pytest.raises(ModelCallRefused) as raised:
            in_step(lambda: complete_json(PROMPT))
    assert len(server.hits("/v1/chat/completions")) == 1
    assert words in str(raised.value) and "judge model openai/picky" in str(raised.value)


def test_a_5xx_that_says_nothing_of_the_request_stays_transient(tier_on, in_step, fast_backoff):
    with LocalServer({"/v1/chat/completions": server_error("Connection error.")}) as server:
        tier_on(server)
        with pytest.raises(TransientStepError):
            in_step(lambda: complete_json(PROMPT))
    assert len(server.hits("/v1/chat/completions")) == 5


def test_the_refusal_reaches_the_job_error_the_api_and_the_page(tier_on, alice, no_enqueue, api_for):
    refusal = "Unsupported parameter: 'temperature' is not supported with this model."
    with LocalServer({"/v1/chat/completions": server_error(refusal, status=500)}) as server:
        tier_on(server, tier="large")
        job = services.job_create(
            user=alice, question="Which battery suppliers does Norvik Electric use?", depth="quick"
        )
        job_start(str(job.pk), job.epoch)
    assert len(server.hits("/v1/chat/completions")) == 1  # not retried
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    assert job.error.startswith("planning failed") and refusal in job.error
    assert refusal in api_for(alice).get(f"/v1/research/{job.pk}").json()["error"]
    page = Client()
    page.force_login(alice)
    assert refusal.replace("'", "&#x27;") in page.get(f"/research/{job.pk}").content.decode()
