"""The litellm path end to end against a real OpenAI-compatible HTTP server on 127.0.0.1:
request shape, structured output, usage accounting, Retry-After, permanent errors, fallback."""

import pytest

from agents.llm import ModelCallRefused, complete_json
from agents.prompts import RenderedPrompt
from jobs.models import ProviderCall, Step
from jobs.runtime import ledger
from jobs.runtime.errors import TransientStepError
from tests.local_http import LocalServer, Reply, chat_completion, sequence

VERDICT = {"verdict": "supported", "reason": "the quote states the figure"}


def judge_prompt() -> RenderedPrompt:
    return RenderedPrompt(
        name="judge",
        role="judge",
        schema="support_verdict",
        max_tokens=150,
        messages=[
            {"role": "system", "content": "You judge quotes."},
            {"role": "user", "content": "<sentence>\nHelion Cells supplies Voltara Motors.\n</sentence>"},
        ],
    )


@pytest.fixture
def small_model_on(settings):
    """Point the small tier at a local server: `openai/<name>` with MODEL_SMALL_API_BASE."""

    def configure(server: LocalServer, name: str = "fake-small"):
        settings.MODEL_SMALL = f"openai/{name}"
        settings.MODEL_TIER_CONNECTIONS = {
            "large": {"api_base": "", "api_key": ""},
            "small": {"api_base": f"{server.url}/v1", "api_key": "test-key-small"},
        }
        return settings.MODEL_SMALL

    return configure


def test_the_request_carries_model_messages_and_a_json_schema_response_format(small_model_on, in_step):
    with LocalServer({"/v1/chat/completions": chat_completion(VERDICT)}) as server:
        small_model_on(server)
        reply = in_step(lambda: complete_json(judge_prompt()))
    [request] = server.hits("/v1/chat/completions")
    body = request.json()
    assert request.method == "POST"
    assert body["model"] == "fake-small"
    assert body["messages"] == judge_prompt().messages
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["name"] == "support_verdict"
    assert body["response_format"]["json_schema"]["schema"]["required"] == ["verdict", "reason"]
    assert body["max_tokens"] == 150
    assert request.headers["authorization"] == "Bearer test-key-small"
    assert reply.data == VERDICT


def test_usage_is_recorded_in_provider_calls_the_step_and_the_ledger(small_model_on, in_step, job):
    with LocalServer(
        {"/v1/chat/completions": chat_completion(VERDICT, prompt_tokens=1234, completion_tokens=56)}
    ) as server:
        small_model_on(server)
        reply = in_step(lambda: complete_json(judge_prompt()), counter="usage")
    # openai/fake-small is in no price map: the design's small-model prices apply.
    expected_usd_micros = round(1234 * 0.25 + 56 * 1.25)
    assert (reply.tokens_in, reply.tokens_out, reply.usd_micros) == (1234, 56, expected_usd_micros)
    call = ProviderCall.objects.get(job=job)
    assert (call.model, call.role, call.tokens_in, call.tokens_out, call.usd_micros) == (
        "openai/fake-small",
        "judge",
        1234,
        56,
        expected_usd_micros,
    )
    step = Step.objects.get(job=job, step_key__endswith=":read:usage")
    assert (step.tokens_in, step.tokens_out, step.usd_micros) == (1234, 56, expected_usd_micros)
    assert ledger.used(job.pk) == (1234 + 56, expected_usd_micros)
    job.refresh_from_db()
    assert (job.tokens_used, job.usd_used_micros) == (1290, expected_usd_micros)


def test_model_prices_from_settings_win_over_the_design_prices(small_model_on, in_step, settings):
    with LocalServer(
        {"/v1/chat/completions": chat_completion(VERDICT, prompt_tokens=1000, completion_tokens=100)}
    ) as server:
        model = small_model_on(server)
        settings.MODEL_PRICES = {model: {"in": 2.0, "out": 10.0}}
        reply = in_step(lambda: complete_json(judge_prompt()))
    assert reply.usd_micros == 1000 * 2 + 100 * 10


def test_a_429_with_retry_after_is_retried_after_the_pause_it_asks_for(small_model_on, in_step, job):
    handler = sequence(
        Reply.json(
            {"error": {"message": "slow down", "type": "rate_limit_error"}}, status=429, headers={"Retry-After": "0.4"}
        ),
        chat_completion(VERDICT),
    )
    with LocalServer({"/v1/chat/completions": handler}) as server:
        small_model_on(server)
        reply = in_step(lambda: complete_json(judge_prompt()))
    first, second = server.hits("/v1/chat/completions")
    assert second.at - first.at >= 0.4
    assert reply.data == VERDICT
    assert ProviderCall.objects.filter(job=job).count() == 1


def test_a_401_is_not_retried(small_model_on, in_step):
    unauthorised = Reply.json({"error": {"message": "bad key", "type": "invalid_request_error"}}, status=401)
    with LocalServer({"/v1/chat/completions": unauthorised}) as server:
        small_model_on(server)
        with pytest.raises(ModelCallRefused):
            in_step(lambda: complete_json(judge_prompt()))
    assert len(server.hits("/v1/chat/completions")) == 1


def test_a_context_window_error_is_not_retried(small_model_on, in_step):
    too_long = Reply.json(
        {
            "error": {
                "message": "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.",
                "type": "invalid_request_error",
                "code": "context_length_exceeded",
            }
        },
        status=400,
    )
    with LocalServer({"/v1/chat/completions": too_long}) as server:
        small_model_on(server)
        with pytest.raises(ModelCallRefused):
            in_step(lambda: complete_json(judge_prompt()))
    assert len(server.hits("/v1/chat/completions")) == 1


def test_the_fallback_model_answers_when_the_primary_keeps_failing(
    small_model_on, in_step, settings, fast_backoff, job, monkeypatch
):
    monkeypatch.setenv("OPENAI_API_KEY", "test-key-fallback")  # a fallback uses its provider's own key
    down = Reply.json({"error": {"message": "overloaded"}}, status=503)
    with (
        LocalServer({"/v1/chat/completions": down}) as primary,
        LocalServer({"/v1/chat/completions": chat_completion(VERDICT, model="fake-fallback")}) as backup,
    ):
        small_model_on(primary)
        settings.MODEL_FALLBACKS = {"large": [], "small": [f"openai/fake-fallback|{backup.url}/v1"]}
        reply = in_step(lambda: complete_json(judge_prompt()))
    assert len(primary.hits("/v1/chat/completions")) == 5  # the first attempt and 4 retries
    [fallback_request] = backup.hits("/v1/chat/completions")
    assert fallback_request.json()["model"] == "fake-fallback"
    assert fallback_request.headers["authorization"] == "Bearer test-key-fallback"
    assert reply.model == "openai/fake-fallback"
    assert ProviderCall.objects.get(job=job).model == "openai/fake-fallback"


def test_when_every_model_keeps_failing_the_error_is_transient(small_model_on, in_step, fast_backoff):
    down = Reply.json({"error": {"message": "overloaded"}}, status=500)
    with LocalServer({"/v1/chat/completions": down}) as server:
        small_model_on(server)
        with pytest.raises(TransientStepError):
            in_step(lambda: complete_json(judge_prompt()))
    assert len(server.hits("/v1/chat/completions")) == 5


def test_a_role_override_picks_its_own_model(small_model_on, in_step, settings):
    with LocalServer({"/v1/chat/completions": chat_completion(VERDICT)}) as server:
        small_model_on(server)
        settings.MODEL_ROLE_OVERRIDES = {"judge": "openai/fake-judge"}
        reply = in_step(lambda: complete_json(judge_prompt()))
    assert server.hits("/v1/chat/completions")[0].json()["model"] == "fake-judge"
    assert reply.model == "openai/fake-judge"
