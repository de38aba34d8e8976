"""The sweeper's decision on a job one of whose tasks died (a claim of its current epoch whose
owner's heartbeat is gone), against the real Redis and database: while other workers hold live
claims of that epoch it marks the epoch draining and waits; it takes the job over once they are
gone or the grace has passed, and at once when there were none. A draining epoch starts no new
step but still replays finished ones."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from jobs.models import Job
from jobs.runtime import drain, lease
from jobs.runtime.errors import JobDraining
from jobs.runtime.redis_client import redis_client
from jobs.runtime.steps import RunContext, StepResult, run_step
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db

DEAD, SURVIVOR = "dead-host:1", "survivor-host:2"


@pytest.fixture
def job():
    # A lease well ahead: only the claims can make the sweeper take this job over.
    job = JobFactory(
        status=Job.Status.RESEARCHING,
        epoch=1,
        lease_owner=SURVIVOR,
        lease_expires_at=timezone.now() + timedelta(minutes=5),
    )
    yield job
    redis_client().delete(f"lease:claims:{job.pk}", f"lease:draining:{job.pk}", f"lease:alive:{SURVIVOR}")


def claim(job, owner: str, *, alive: bool) -> None:
    r = redis_client()
    r.hset(f"lease:claims:{job.pk}", f"{owner}|{job.epoch}", job.epoch)
    if alive:
        r.set(f"lease:alive:{owner}", "1", ex=60)
    else:
        r.delete(f"lease:alive:{owner}")


def epoch_of(job) -> int:
    return Job.objects.values_list("epoch", flat=True).get(pk=job.pk)


def test_a_dead_task_with_a_live_survivor_marks_the_epoch_draining_and_does_not_bump_it(job, settings):
    settings.DRAIN_GRACE_SECONDS = 5
    claim(job, DEAD, alive=False)
    claim(job, SURVIVOR, alive=True)
    outcome = lease.sweep([job.pk])
    assert outcome.taken == []
    [(job_id, left)] = outcome.drains
    assert job_id == str(job.pk) and 4 < left <= 5
    assert drain.is_draining(job.pk, 1) and not drain.is_draining(job.pk, 2)
    assert epoch_of(job) == 1
    # A second look within the grace waits too, and schedules no second check.
    assert lease.sweep([job.pk]).drains == [] and epoch_of(job) == 1


def test_the_job_is_taken_over_once_the_survivors_are_gone(job, settings):
    settings.DRAIN_GRACE_SECONDS = 5
    claim(job, DEAD, alive=False)
    claim(job, SURVIVOR, alive=True)
    assert lease.sweep([job.pk]).taken == []
    redis_client().hdel(f"lease:claims:{job.pk}", f"{SURVIVOR}|1")  # its last task of the job ended
    assert lease.sweep([job.pk]).taken == [(str(job.pk), 2)]
    assert epoch_of(job) == 2
    assert not drain.is_draining(job.pk, 1)  # its old tasks are stale dispatches from here on


def test_the_job_is_taken_over_when_the_grace_has_passed_though_a_survivor_still_works(job, settings):
    settings.DRAIN_GRACE_SECONDS = 0.3
    claim(job, DEAD, alive=False)
    claim(job, SURVIVOR, alive=True)
    assert lease.sweep([job.pk]).taken == []
    time.sleep(0.4)
    assert lease.sweep([job.pk]).taken == [(str(job.pk), 2)]
    assert epoch_of(job) == 2


def test_without_survivors_the_takeover_is_immediate(job):
    claim(job, DEAD, alive=False)
    outcome = lease.sweep([job.pk])
    assert outcome.taken == [(str(job.pk), 2)] and outcome.drains == []
    assert not drain.is_draining(job.pk, 1)


def test_a_lost_mark_only_restarts_the_grace(job, settings):
    settings.DRAIN_GRACE_SECONDS = 0.3
    claim(job, DEAD, alive=False)
    claim(job, SURVIVOR, alive=True)
    assert lease.sweep([job.pk]).taken == []
    redis_client().delete(f"lease:draining:{job.pk}")
    time.sleep(0.4)
    outcome = lease.sweep([job.pk])  # marked again: a new grace begins
    assert outcome.taken == [] and len(outcome.drains) == 1
    time.sleep(0.4)
    assert lease.sweep([job.pk]).taken == [(str(job.pk), 2)]


def test_a_draining_epoch_replays_finished_steps_but_starts_no_new_one(job, settings):
    ctx = RunContext(job=job, epoch=1)
    assert run_step(ctx, kind="search", counter=0, fn=lambda: StepResult(output={"turn": 0})) == {"turn": 0}
    settings.DRAIN_GRACE_SECONDS = 5
    claim(job, DEAD, alive=False)
    claim(job, SURVIVOR, alive=True)
    lease.sweep([job.pk])
    fresh = RunContext(job=job, epoch=1)  # another task: nothing cached
    assert run_step(fresh, kind="search", counter=0, fn=lambda: pytest.fail("replayed steps do not run")) == {"turn": 0}
    started = []
    with pytest.raises(JobDraining):
        run_step(fresh, kind="search", counter=1, fn=lambda: started.append(1) or StepResult(output={}))
    assert started == []


def test_a_task_that_claims_the_epoch_after_the_first_look_is_a_survivor_too(job, settings):
    # The first look saw the dead claim alone; by the time the sweeper holds the job's row a new
    # task has claimed the epoch (its renewal, which comes after its claim, waits for that row).
    settings.DRAIN_GRACE_SECONDS = 5
    claim(job, DEAD, alive=False)
    claim(job, SURVIVOR, alive=True)
    taken, drains = lease._take_over([job.pk], {str(job.pk): 1})
    assert taken == [] and [j for j, _ in drains] == [str(job.pk)]
    assert epoch_of(job) == 1 and drain.is_draining(job.pk, 1)
