"""The ledger is rebuilt from the provider_calls rows when Redis loses it, and the budget
still holds; reservations racing on one job never exceed its cap."""

import threading

import pytest

from jobs import services
from jobs.models import Job, ProviderCall
from jobs.runtime import ledger
from jobs.runtime.redis_client import redis_client
from research_project.celery import app
from tests.factories import JobFactory
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.jobs.test_resume_after_kill import FAST_LEASES
from tests.workers import WorkerProcess


@pytest.mark.django_db
def test_fifty_concurrent_reservations_never_exceed_the_budget():
    job = JobFactory(budget_tokens=10_000)
    ledger.ensure(job.pk)
    granted, refused = [], []
    barrier = threading.Barrier(50)

    def reserve():
        barrier.wait()
        try:
            granted.append(ledger.reserve(job.pk, tokens=700, usd_micros=10, cap_tokens=10_000, cap_usd_micros=10**9))
        except ledger.BudgetExceeded:
            refused.append(1)

    threads = [threading.Thread(target=reserve) for _ in range(50)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(granted) == 10_000 // 700 and len(refused) == 50 - len(granted)
    assert ledger.reserved(job.pk)[0] <= 10_000
    for reservation in granted:
        ledger.settle(reservation, tokens=700, usd_micros=10)
    assert ledger.used(job.pk) == (len(granted) * 700, len(granted) * 10)
    with pytest.raises(ledger.BudgetExceeded):
        ledger.reserve(job.pk, tokens=700, usd_micros=10, cap_tokens=10_000, cap_usd_micros=10**9)


@pytest.mark.django_db
def test_a_lost_ledger_is_rebuilt_from_the_provider_call_rows_before_granting_anything():
    job = JobFactory(budget_tokens=10_000)
    ProviderCall.objects.create(job=job, step_key="k1", kind="model", tokens_in=6000, tokens_out=1000, usd_micros=500)
    ProviderCall.objects.create(job=job, step_key="k2", kind="search", usd_micros=5000)
    redis_client().delete(f"ledger:{job.pk}")
    with pytest.raises(ledger.BudgetExceeded):
        ledger.reserve(job.pk, tokens=3500, usd_micros=0, cap_tokens=10_000, cap_usd_micros=10**9)
    assert ledger.used(job.pk) == (7000, 5500)
    ledger.reserve(job.pk, tokens=3000, usd_micros=0, cap_tokens=10_000, cap_usd_micros=10**9)


@pytest.mark.django_db
def test_a_call_recorded_before_a_rebuild_and_settled_after_it_is_counted_once():
    """The row is written before the settle; a Redis loss between the two makes the rebuild
    count the row, and the settle that follows must not count it again."""
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    reservation = ledger.reserve(job.pk, tokens=1000, usd_micros=100, cap_tokens=100_000, cap_usd_micros=10**9)
    counted = ProviderCall.objects.create(
        job=job, step_key="k1", kind="model", tokens_in=600, tokens_out=200, usd_micros=90
    )
    redis_client().flushdb()
    assert ledger.used(job.pk) == (800, 90)  # rebuilt from the row
    ledger.settle(reservation, tokens=800, usd_micros=90, call_id=counted.pk)
    assert ledger.used(job.pk) == (800, 90)
    later = ledger.reserve(job.pk, tokens=1000, usd_micros=100, cap_tokens=100_000, cap_usd_micros=10**9)
    after = ProviderCall.objects.create(
        job=job, step_key="k2", kind="model", tokens_in=50, tokens_out=50, usd_micros=10
    )
    ledger.settle(later, tokens=100, usd_micros=10, call_id=after.pk)
    assert ledger.used(job.pk) == (900, 100) == ledger.spent_from_rows(job.pk)


@pytest.mark.worker
@pytest.mark.postgres
def test_a_job_survives_redis_losing_everything_mid_run(live, make_user):
    app.control.purge()
    job = services.job_create(user=make_user("flush"), question=DEMO_QUESTION, budget={"max_usd": 0.5})
    worker = WorkerProcess(env={**FAST_LEASES, "ENGINE_FIXED_LATENCY_SECONDS": "0.1"}).start()
    try:
        import time

        deadline = time.monotonic() + 60
        while ProviderCall.objects.filter(job=job).count() < 15:
            assert time.monotonic() < deadline, worker.log()
            time.sleep(0.05)
        # FLUSHDB, not FLUSHALL: the same loss for this deployment without touching other
        # databases on a shared development server.
        redis_client().flushdb()
        job = wait_for_job(job.pk, timeout=180)
    finally:
        worker.stop()
    assert job.status == Job.Status.DONE, job.error
    tokens, usd = ledger.spent_from_rows(job.pk)
    assert ledger.used(job.pk) == (tokens, usd)
    assert job.tokens_used == tokens and job.usd_used_micros == usd
    assert usd <= job.budget_usd_micros and tokens <= job.budget_tokens


@pytest.mark.django_db
def test_a_rebuild_between_a_calls_count_and_its_steps_commit_is_corrected_when_the_step_commits():
    """The call is counted, then Redis loses the ledger before the step's commit marks the row
    settled: the rebuild counts the row at its reservation, and the confirmation after the
    commit brings the ledger back to what the rows say."""
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    reservation = ledger.reserve(job.pk, tokens=2000, usd_micros=300, cap_tokens=100_000, cap_usd_micros=10**9)
    row = ProviderCall.objects.create(
        job=job, step_key="k1", kind="model", settled=False, reserved_tokens=2000, reserved_usd_micros=300
    )
    ledger.settle(reservation, tokens=750, usd_micros=120, call_id=row.pk, mirror=False)
    redis_client().flushdb()
    assert ledger.used(job.pk) == (2000, 300)  # the row is not settled yet: its reservation
    ProviderCall.objects.filter(pk=row.pk).update(settled=True, tokens_in=700, tokens_out=50, usd_micros=120)
    ledger.confirm(job.pk, [(row.pk, 750, 120)])
    assert ledger.used(job.pk) == (750, 120) == ledger.spent_from_rows(job.pk)
    ledger.confirm(job.pk, [(row.pk, 750, 120)])  # confirming again changes nothing
    assert ledger.used(job.pk) == (750, 120)
