"""The global rate limiter: several processes bursting against one model's limit never get
more than the limit admitted within any window (measured with the Redis server's admission
times and with each process's own clock), and model calls wait for capacity, boundedly."""

import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.conf import settings

from agents import rate_limit
from agents.llm import complete_json
from agents.prompts import RenderedPrompt
from jobs.runtime.errors import TransientStepError
from jobs.runtime.redis_client import redis_client

PROCESSES = 6
CALLS_PER_PROCESS = 10
# Client timestamps are taken just after admission; this much lag is allowed between them.
CLIENT_CLOCK_SLACK_SECONDS = 0.1

# A child is a separate interpreter running the real limiter module against the real Redis.
# It configures only the settings the limiter reads: a full django.setup() (litellm included)
# takes seconds, and the burst must start in every process at the same moment.
CHILD = """
import json, sys, time
from django.conf import settings
settings.configure(REDIS_URL=sys.argv[1], MODEL_RATE_LIMITS={}, RATE_LIMIT_MAX_WAIT_SECONDS=60)
from agents import rate_limit
from jobs.runtime.redis_client import redis_client
model, rpm, tpm, window, tokens, calls = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
limit = rate_limit.Limit(requests=rpm, tokens=tpm, window_seconds=window)
r = redis_client()
r.incr(f"test:ready:{model}")
while not r.exists(f"test:go:{model}"):
    time.sleep(0.001)
for _ in range(calls):
    admission = rate_limit.acquire(model, tokens=tokens, limit=limit, max_wait_seconds=60)
    print(json.dumps({"server_ms": admission.admitted_at_ms, "client": time.time()}), flush=True)
"""
READY_TIMEOUT_SECONDS = 60


def burst(model: str, *, rpm: int, tpm: int, window: float, tokens: int) -> list[dict]:
    """Run PROCESSES processes that all start acquiring at the same instant; return every
    admission they saw."""
    r = redis_client()
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-c",
                CHILD,
                settings.REDIS_URL,
                model,
                str(rpm),
                str(tpm),
                str(window),
                str(tokens),
                str(CALLS_PER_PROCESS),
            ],
            cwd=Path(settings.BASE_DIR),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while int(r.get(f"test:ready:{model}") or 0) < PROCESSES:
        assert time.monotonic() < deadline, "the burst processes did not start"
        assert all(p.poll() is None for p in procs), [p.communicate()[1][-2000:] for p in procs if p.poll() is not None]
        time.sleep(0.01)
    r.set(f"test:go:{model}", 1, ex=120)
    admissions = []
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err[-2000:]
        admissions.extend(json.loads(line) for line in out.splitlines() if line.strip())
    r.delete(f"test:ready:{model}", f"test:go:{model}")
    return admissions


def most_in_any_window(times: list[float], window: float) -> int:
    """The largest number of `times` inside any half-open interval [t, t + window)."""
    times = sorted(times)
    best, j = 0, 0
    for i, start in enumerate(times):
        while j < len(times) and times[j] < start + window:
            j += 1
        best = max(best, j - i)
    return best


def test_a_burst_from_several_processes_never_exceeds_the_request_limit_in_any_window():
    model, rpm, window = f"test/{uuid.uuid4().hex[:8]}", 12, 1.0
    admissions = burst(model, rpm=rpm, tpm=0, window=window, tokens=10)
    assert len(admissions) == PROCESSES * CALLS_PER_PROCESS
    server_seconds = [a["server_ms"] / 1000 for a in admissions]
    assert most_in_any_window(server_seconds, window) == rpm  # full use of the limit, never more
    client = [a["client"] for a in admissions]
    assert most_in_any_window(client, window - CLIENT_CLOCK_SLACK_SECONDS) <= rpm
    # 60 requests at 12 per second cannot finish in less than 4 whole windows.
    assert max(server_seconds) - min(server_seconds) >= (len(admissions) / rpm - 1) * window


def test_a_burst_from_several_processes_never_exceeds_the_token_limit_in_any_window():
    model, tpm, window, tokens = f"test/{uuid.uuid4().hex[:8]}", 1000, 0.3, 300
    admissions = burst(model, rpm=0, tpm=tpm, window=window, tokens=tokens)
    server_seconds = [a["server_ms"] / 1000 for a in admissions]
    assert most_in_any_window(server_seconds, window) * tokens <= tpm
    assert most_in_any_window(server_seconds, window) == tpm // tokens


def test_a_caller_that_finds_no_capacity_within_its_bound_gets_a_transient_error():
    model = f"test/{uuid.uuid4().hex[:8]}"
    limit = rate_limit.Limit(requests=1, window_seconds=30)
    rate_limit.acquire(model, tokens=1, limit=limit)
    started = time.monotonic()
    with pytest.raises(rate_limit.RateLimitWaitExceeded):
        rate_limit.acquire(model, tokens=1, limit=limit, max_wait_seconds=0.5)
    assert time.monotonic() - started < 0.5  # it knows the wait is 30 s and does not sit it out
    assert issubclass(rate_limit.RateLimitWaitExceeded, TransientStepError)


def test_one_call_larger_than_the_token_limit_is_admitted_alone_instead_of_never():
    model = f"test/{uuid.uuid4().hex[:8]}"
    limit = rate_limit.Limit(tokens=100, window_seconds=30)
    assert rate_limit.acquire(model, tokens=5000, limit=limit, max_wait_seconds=0) is not None
    with pytest.raises(rate_limit.RateLimitWaitExceeded):
        rate_limit.acquire(model, tokens=1, limit=limit, max_wait_seconds=0)


def _reader_like_prompt() -> RenderedPrompt:
    return RenderedPrompt(
        name="judge",
        role="judge",
        schema="support_verdict",
        max_tokens=150,
        messages=[
            {"role": "system", "content": "You judge quotes."},
            {
                "role": "user",
                "content": '<sentence>\nA.\n</sentence>\n<quotes>\n<quote domain="a.example" published="">A.</quote>\n</quotes>',
            },
        ],
    )


@pytest.fixture
def offline_small_limited(settings):
    r = redis_client()
    for key in r.scan_iter("ratelimit:{offline/small}:*"):
        r.delete(key)
    settings.MODEL_RATE_LIMITS = {"offline/small": {"rpm": 2, "window_seconds": 1}}
    yield
    for key in r.scan_iter("ratelimit:{offline/small}:*"):
        r.delete(key)


def test_model_calls_wait_for_the_models_shared_limit(offline_small_limited):
    started = time.monotonic()
    for _ in range(5):
        complete_json(_reader_like_prompt())
    # 2 per second: calls 1-2 at once, 3-4 after 1 s, 5 after 2 s.
    assert time.monotonic() - started >= 2.0


def test_a_model_call_past_the_wait_bound_fails_transiently_without_reaching_the_provider(
    offline_small_limited, settings, monkeypatch
):
    from agents import llm

    settings.MODEL_RATE_LIMITS = {"offline/small": {"rpm": 1, "window_seconds": 30}}
    settings.RATE_LIMIT_MAX_WAIT_SECONDS = 0.2
    provider_calls = []
    real_completion = llm.litellm.completion
    monkeypatch.setattr(
        llm.litellm, "completion", lambda **kw: provider_calls.append(kw["model"]) or real_completion(**kw)
    )
    complete_json(_reader_like_prompt())
    with pytest.raises(TransientStepError):
        complete_json(_reader_like_prompt())
    assert provider_calls == ["offline/small"]
