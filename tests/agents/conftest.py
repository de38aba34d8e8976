"""Fixtures of the agents tests: a job to run model calls under (inside a real step), and
clean Redis state for the simulated provider's fault counters and the rate limiter."""

from __future__ import annotations

import uuid

import pytest

from jobs.runtime.redis_client import redis_client


@pytest.fixture
def job(db, alice):
    from tests.factories import JobFactory

    return JobFactory(user=alice)


@pytest.fixture
def in_step(job):
    """Run `fn` as one step of `job` (jobs/runtime/steps.py run_step): the model client sees the
    StepScope, reserves and settles the ledger and records provider_calls."""
    from jobs.runtime.steps import RunContext, StepResult, run_step

    def run(fn, *, kind: str = "read", counter=None):
        ctx = RunContext(job=job, epoch=job.epoch)
        box = {}

        def step():
            box["value"] = fn()
            return StepResult(output={"ok": True})

        run_step(ctx, kind=kind, counter=counter or uuid.uuid4().hex[:8], fn=step)
        return box["value"]

    return run


@pytest.fixture
def clean_engine_faults():
    """The simulated provider counts injected faults in Redis; each test starts from zero."""
    r = redis_client()
    for key in r.scan_iter("engine:faults:*"):
        r.delete(key)
    yield
    for key in r.scan_iter("engine:faults:*"):
        r.delete(key)


@pytest.fixture
def fast_backoff(monkeypatch):
    """Retries keep their order and count but not their seconds."""
    from agents import llm

    monkeypatch.setattr(llm, "BACKOFF_BASE_SECONDS", 0.01)
    monkeypatch.setattr(llm, "BACKOFF_CAP_SECONDS", 0.05)
