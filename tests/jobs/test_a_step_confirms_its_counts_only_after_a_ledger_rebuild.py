"""A step's calls are confirmed in the Redis ledger after its commit only when a rebuild of the
ledger came between their counts and the commit (the jobs row's ledger_generation says so);
otherwise the ledger already says what the rows say, and no confirmation is sent."""

import pytest

from jobs.models import Job, ProviderCall
from jobs.runtime import ledger
from jobs.runtime.redis_client import redis_client
from jobs.runtime.steps import RunContext, run_step
from tests.factories import JobFactory
from tests.helpers import paid_step

pytestmark = pytest.mark.django_db


@pytest.fixture
def confirmations(monkeypatch):
    sent = []
    real = ledger.confirm

    def spy(job_id, calls):
        sent.append(list(calls))
        return real(job_id, calls)

    monkeypatch.setattr(ledger, "confirm", spy)
    return sent


def test_each_build_of_the_ledger_takes_a_new_generation_from_the_jobs_row():
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    first = Job.objects.get(pk=job.pk).ledger_generation
    assert first >= 1 and redis_client().hget(f"ledger:{job.pk}", "gen") == str(first).encode()
    redis_client().delete(f"ledger:{job.pk}")
    ledger.ensure(job.pk)
    assert Job.objects.get(pk=job.pk).ledger_generation == first + 1
    assert redis_client().hget(f"ledger:{job.pk}", "gen") == str(first + 1).encode()


def test_a_step_whose_ledger_was_not_rebuilt_sends_no_confirmation(confirmations):
    job = JobFactory(budget_tokens=100_000)
    run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter="a", fn=paid_step())
    assert confirmations == []
    assert ledger.used(job.pk) == (400, 40) == ledger.spent_from_rows(job.pk)
    assert ProviderCall.objects.get(job=job).settled


def test_a_rebuild_between_a_calls_count_and_its_steps_commit_is_confirmed(confirmations):
    job = JobFactory(budget_tokens=100_000)

    def lose_the_ledger():
        # Redis loses the ledger after the call was counted; the next use rebuilds it from the
        # rows, where the call is not settled yet: it counts at its reservation.
        redis_client().delete(f"ledger:{job.pk}", f"ledger:{job.pk}:r")
        assert ledger.used(job.pk) == (2000, 500)

    run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter="a", fn=paid_step(then=lose_the_ledger))
    [calls] = confirmations
    assert [(tokens, usd) for _, tokens, usd in calls] == [(400, 40)]
    assert ledger.used(job.pk) == (400, 40) == ledger.spent_from_rows(job.pk)


def test_a_ledger_built_before_generations_is_always_confirmed(confirmations):
    job = JobFactory(budget_tokens=100_000)
    ledger.ensure(job.pk)
    redis_client().hdel(f"ledger:{job.pk}", "gen")  # as an older release built it
    run_step(RunContext(job=job, epoch=job.epoch), kind="check", counter="a", fn=paid_step())
    assert len(confirmations) == 1
    assert ledger.used(job.pk) == (400, 40) == ledger.spent_from_rows(job.pk)
