"""A model call is recorded as started (with its reservation) before it is sent and settled
after it: a call in flight when its worker dies is paid for by the provider, so the takeover
counts it at its reservation, and the ledger never shows less than the provider served.
The real thing: a worker killed -9 inside a model call to a model server on 127.0.0.1 that
counts the tokens it served."""

import json
import threading
import time

import pytest

from jobs import services
from jobs.models import Job, ProviderCall
from jobs.runtime import ledger
from jobs.runtime.metering import PaidCall, metered_call, settle_abandoned_calls
from jobs.runtime.redis_client import redis_client
from jobs.runtime.steps import RunContext, StepResult, run_step
from research_project.celery import app
from tests.factories import JobFactory
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.jobs.test_resume_after_kill import FAST_LEASES
from tests.local_http import LocalServer, Reply
from tests.workers import WorkerProcess


@pytest.mark.django_db
def test_a_call_is_on_record_with_its_reservation_while_it_is_in_flight():
    job = JobFactory(budget_tokens=100_000)
    seen = {}

    def call():
        row = ProviderCall.objects.get(job=job)
        seen.update(settled=row.settled, reserved=row.reserved_tokens, res_id=row.reservation_id)
        return PaidCall(value="ok", model="m", tokens_in=300, tokens_out=100, usd_micros=40)

    def fn():
        metered_call(kind="model", role="judge", model="m", reserve_tokens=2000, reserve_usd_micros=500, call=call)
        return StepResult(output={})

    run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter="inflight", fn=fn)
    assert seen["settled"] is False and seen["reserved"] == 2000 and seen["res_id"]
    row = ProviderCall.objects.get(job=job)
    assert row.settled and row.tokens_in + row.tokens_out == 400
    assert ledger.used(job.pk) == (400, 40)


@pytest.mark.django_db
def test_an_abandoned_call_counts_at_its_reservation_and_only_once():
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    reservation = ledger.reserve(job.pk, tokens=2000, usd_micros=500, cap_tokens=10**9, cap_usd_micros=10**9)
    row = ProviderCall.objects.create(
        job=job,
        step_key="k",
        kind="model",
        epoch=1,
        settled=False,
        reserved_tokens=2000,
        reserved_usd_micros=500,
        reservation_id=reservation.res_id,
    )
    assert ledger.used(job.pk) == (0, 0)
    assert settle_abandoned_calls(job.pk, before_epoch=2) == 1
    assert ledger.used(job.pk) == (2000, 500) == ledger.spent_from_rows(job.pk)
    assert ledger.reserved(job.pk) == (0, 0)
    assert settle_abandoned_calls(job.pk, before_epoch=2) == 0
    assert ledger.used(job.pk) == (2000, 500)
    # The worker was only slow: its own settle replaces the reservation by what it used.
    ledger.settle(reservation, tokens=700, usd_micros=90, call_id=row.pk)
    assert ledger.used(job.pk) == (700, 90)


@pytest.mark.django_db
def test_a_ledger_rebuilt_while_a_call_is_in_flight_counts_it_at_its_reservation_then_at_its_usage():
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    reservation = ledger.reserve(job.pk, tokens=2000, usd_micros=500, cap_tokens=10**9, cap_usd_micros=10**9)
    row = ProviderCall.objects.create(
        job=job,
        step_key="k",
        kind="model",
        settled=False,
        reserved_tokens=2000,
        reserved_usd_micros=500,
        reservation_id=reservation.res_id,
    )
    redis_client().flushdb()
    assert ledger.used(job.pk) == (2000, 500)
    ledger.settle(reservation, tokens=700, usd_micros=90, call_id=row.pk)
    assert ledger.used(job.pk) == (700, 90)


# --- the real thing -------------------------------------------------------------------------
class CountingModelServer:
    """An OpenAI-compatible server that bills every request it computes (prompt characters / 4
    in, COMPLETION_TOKENS out) whether or not the client is still there to read the answer.
    The first `slow` requests take HOLD_SECONDS: long enough to kill the caller inside them."""

    COMPLETION_TOKENS = 40
    HOLD_SECONDS = 20

    def __init__(self, slow: int = 1):
        self.slow = slow
        self.served_tokens = 0
        self.requests = 0
        self._lock = threading.Lock()
        self.server = LocalServer({"/v1/chat/completions": self.handle})

    def handle(self, request) -> Reply:
        body = request.json()
        prompt_tokens = sum(len(m.get("content") or "") for m in body["messages"]) // 4
        with self._lock:
            self.requests += 1
            slow = self.requests <= self.slow
            self.served_tokens += prompt_tokens + self.COMPLETION_TOKENS
        content = json.dumps({"notes": [], "other_findings": ""})
        reply = Reply.json(
            {
                "id": "c1",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body["model"],
                "choices": [
                    {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
                ],
                "usage": {
                    "prompt_tokens": prompt_tokens,
                    "completion_tokens": self.COMPLETION_TOKENS,
                    "total_tokens": prompt_tokens + self.COMPLETION_TOKENS,
                },
            }
        )
        reply.delay_seconds = self.HOLD_SECONDS if slow else 0
        return reply


@pytest.mark.worker
@pytest.mark.postgres
def test_a_worker_killed_inside_a_model_call_leaves_a_ledger_no_smaller_than_what_was_served(live, make_user):
    app.control.purge()
    model = CountingModelServer(slow=1)
    with model.server:
        env = {
            **FAST_LEASES,
            "MODEL_READER": "openai/counting-reader",
            "MODEL_SMALL_API_BASE": f"{model.server.url}/v1",
            "MODEL_SMALL_API_KEY": "test-key",
        }
        job = services.job_create(user=make_user("inflight"), question=DEMO_QUESTION)
        first = WorkerProcess(concurrency=2, env=env).start()
        try:
            deadline = time.monotonic() + 120
            while model.requests < 1:
                assert time.monotonic() < deadline, first.log()
                assert first.proc.poll() is None, first.log()
                time.sleep(0.05)
            time.sleep(0.5)  # the request is being computed: the provider will bill it
        finally:
            first.kill()
        second = WorkerProcess(env=env).start()
        try:
            job = wait_for_job(job.pk, timeout=240)
        finally:
            second.stop()
    assert job.status == Job.Status.DONE, job.error
    assert job.epoch >= 2
    readers = ProviderCall.objects.filter(job=job, role="reader")
    assert readers.filter(settled=False).count() == 0
    abandoned = readers.filter(error__startswith="the worker died during the call")
    assert abandoned.count() >= 1
    recorded = sum(r.tokens_in + r.tokens_out for r in readers)
    assert recorded >= model.served_tokens, (recorded, model.served_tokens)
    tokens, _ = ledger.used(job.pk)
    engine_tokens = sum(c.tokens_in + c.tokens_out for c in ProviderCall.objects.filter(job=job).exclude(role="reader"))
    assert tokens >= engine_tokens + model.served_tokens
    assert (tokens, job.usd_used_micros) == (ledger.spent_from_rows(job.pk)[0], ledger.used(job.pk)[1])
