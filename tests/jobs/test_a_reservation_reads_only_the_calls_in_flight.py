"""A reservation reads the job's totals and its calls in flight, never every call counted
before it (issue 17): open reservations live in a hash of their own, emptied as calls settle,
so the thousandth call of a job costs the ledger what its first did. What must not change: an
open reservation still holds budget against every other, an expired one (its worker died) does
not, and a settle counts the call once."""

import time

import pytest

from jobs.runtime import ledger
from jobs.runtime.redis_client import redis_client
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db

CAP = dict(cap_tokens=10_000, cap_usd_micros=10**9)


def test_settled_calls_leave_no_reservation_behind_and_open_ones_still_hold_budget():
    job = JobFactory(budget_tokens=10_000)
    ledger.ensure(job.pk)
    for call_id in range(1, 201):
        reservation = ledger.reserve(job.pk, tokens=40, usd_micros=1, **CAP)
        ledger.settle(reservation, tokens=20, usd_micros=1, call_id=call_id)
    assert ledger.used(job.pk) == (4_000, 200)
    assert redis_client().hlen(f"ledger:{job.pk}:r") == 0  # what the next reservation reads

    in_flight = ledger.reserve(job.pk, tokens=5_000, usd_micros=1, **CAP)
    assert ledger.reserved(job.pk) == (5_000, 1)
    with pytest.raises(ledger.BudgetExceeded):
        ledger.reserve(job.pk, tokens=1_500, usd_micros=1, **CAP)
    ledger.release(in_flight)
    ledger.reserve(job.pk, tokens=1_500, usd_micros=1, **CAP)


def test_an_expired_reservation_no_longer_holds_budget(monkeypatch):
    job = JobFactory(budget_tokens=10_000)
    ledger.ensure(job.pk)
    monkeypatch.setattr(ledger, "RESERVATION_TTL_MS", 50)
    ledger.reserve(job.pk, tokens=9_000, usd_micros=1, **CAP)  # its worker dies: never settled
    with pytest.raises(ledger.BudgetExceeded):
        ledger.reserve(job.pk, tokens=2_000, usd_micros=1, **CAP)
    time.sleep(0.1)
    ledger.reserve(job.pk, tokens=2_000, usd_micros=1, **CAP)


def test_a_rebuilt_ledger_does_not_count_a_call_in_flight_twice():
    """The rebuild counts an unsettled call at its reservation from its row; the reservation
    itself, still open in Redis, goes with the rebuild."""
    from jobs.models import ProviderCall

    job = JobFactory(budget_tokens=10_000)
    ledger.ensure(job.pk)
    reservation = ledger.reserve(job.pk, tokens=6_000, usd_micros=1, **CAP)
    ProviderCall.objects.create(
        job=job,
        step_key="k",
        kind="model",
        settled=False,
        reserved_tokens=6_000,
        reserved_usd_micros=1,
        reservation_id=reservation.res_id,
    )
    redis_client().delete(f"ledger:{job.pk}")  # the totals lost, the reservation not
    ledger.ensure(job.pk)
    assert ledger.used(job.pk) == (6_000, 1) and ledger.reserved(job.pk) == (0, 0)
    ledger.reserve(job.pk, tokens=4_000, usd_micros=1, **CAP)
