"""The simulated provider (agents/engine/simulate.py) injects the faults of a real one; each
reaches the model client through litellm and is handled there or in the reader: latency,
429 and 500 and timeouts retried, malformed JSON repaired once, an invented quote rejected
by the stage-1 anchor."""

import time

import pytest

from agents import llm, reader
from agents.llm import ModelOutputError, complete_json
from agents.prompts import RenderedPrompt
from jobs.runtime.errors import TransientStepError
from jobs.runtime.retry import MODEL_ATTEMPTS

PAGE = (
    "Global Auto Wire\n"
    "Voltara Motors buys NMC cells from Helion Cells and LFP cells from Quanta Battery Company. "
    "The company was founded in 2009 in Lyon. "
    "In 2025 Helion Cells supplied 55% of the cells used by Voltara Motors. "
    "Charging networks in Spain grew by 20% last year."
)
SUBQUESTION = "Which battery suppliers does Voltara Motors use?"

pytestmark = pytest.mark.usefixtures("clean_engine_faults")


def judge_prompt() -> RenderedPrompt:
    return RenderedPrompt(
        name="judge",
        role="judge",
        schema="support_verdict",
        max_tokens=150,
        messages=[
            {"role": "system", "content": "You judge quotes."},
            {
                "role": "user",
                "content": "<sentence>\nHelion Cells supplies Voltara Motors.\n</sentence>\n<quotes>\n"
                '<quote domain="a.example" published="2025-01-01">Helion Cells supplies Voltara Motors.</quote>\n</quotes>',
            },
        ],
    )


@pytest.fixture
def provider_calls(monkeypatch):
    """Every call the model client sends to litellm, by model."""
    calls = []
    real = llm.litellm.completion
    monkeypatch.setattr(llm.litellm, "completion", lambda **kw: calls.append(kw["model"]) or real(**kw))
    return calls


def test_output_speed_makes_a_call_take_its_tokens_over_the_rate(settings):
    settings.ENGINE_TOKENS_PER_SECOND = 100
    started = time.monotonic()
    reply = complete_json(judge_prompt())
    elapsed = time.monotonic() - started
    assert reply.tokens_out >= 5
    assert elapsed >= reply.tokens_out / 100
    assert reply.latency_ms >= reply.tokens_out * 10 - 5


def test_a_fixed_latency_delays_every_answer(settings):
    settings.ENGINE_FIXED_LATENCY_SECONDS = 0.3
    reply = complete_json(judge_prompt())
    assert reply.latency_ms >= 300


def test_429s_are_retried_honouring_retry_after_until_the_call_succeeds(settings, provider_calls):
    settings.ENGINE_FAULTS = "429:support_verdict:2"
    started = time.monotonic()
    reply = complete_json(judge_prompt())
    assert reply.data["verdict"] in {"supported", "partial", "unsupported"}
    assert provider_calls == ["offline/small"] * 3
    assert time.monotonic() - started >= 2 * 0.05  # the simulated Retry-After is 0.05 s


def test_a_500_is_retried(settings, provider_calls):
    settings.ENGINE_FAULTS = "500:support_verdict:1"
    complete_json(judge_prompt())
    assert len(provider_calls) == 2


def test_a_timeout_is_retried_with_backoff(settings, provider_calls, fast_backoff):
    settings.ENGINE_FAULTS = "timeout:support_verdict:2"
    complete_json(judge_prompt())
    assert len(provider_calls) == 3


def test_a_provider_that_keeps_failing_ends_in_a_transient_error_after_the_retries(settings, provider_calls):
    settings.ENGINE_FAULTS = "429:support_verdict:50"
    with pytest.raises(TransientStepError):
        complete_json(judge_prompt())
    assert len(provider_calls) == MODEL_ATTEMPTS


def test_malformed_json_gets_one_repair_attempt_and_both_calls_are_counted(settings, provider_calls):
    clean = complete_json(judge_prompt())
    settings.ENGINE_FAULTS = "malformed_json:support_verdict:1"
    repaired = complete_json(judge_prompt())
    assert repaired.data == clean.data
    assert len(provider_calls) == 1 + 2
    assert repaired.tokens_in > clean.tokens_in  # the repair prompt carries the bad reply and the error


def test_json_still_malformed_after_the_repair_is_a_typed_error(settings):
    settings.ENGINE_FAULTS = "malformed_json:support_verdict:2"
    with pytest.raises(ModelOutputError, match="not valid JSON"):
        complete_json(judge_prompt())


def test_an_invented_quote_is_rejected_by_the_stage_one_anchor_and_the_true_ones_kept(settings):
    honest = reader.read_page(
        subquestion=SUBQUESTION, page_text=PAGE, url="https://a.example/p", title="P", published=""
    )
    assert honest.notes and not honest.rejected
    settings.ENGINE_FAULTS = "bad_quote:reader_notes:1"
    result = reader.read_page(
        subquestion=SUBQUESTION, page_text=PAGE, url="https://a.example/p", title="P", published=""
    )
    assert [r["why"] for r in result.rejected] == ["quote is not in the page"]
    assert "(as invented by the model)" in result.rejected[0]["quote"]
    assert len(result.notes) == len(honest.notes) - 1
    for note in result.notes:
        assert PAGE[note["char_start"] : note["char_end"]] == note["quote"]
