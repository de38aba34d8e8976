"""A runner that lost its lease stops, and its writes are refused: SIGSTOP the lease holder
past the lease expiry, let another worker take the job over, then SIGCONT the old one."""

import signal
import time

import pytest

from jobs import services
from jobs.models import Job, Step
from research_project.celery import app
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.jobs.test_resume_after_kill import FAST_LEASES
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker, pytest.mark.postgres]


# What a fenced runner logs when its writes or renewals are refused.
FENCED_MESSAGES = ("replaced by", "stale dispatch", "lease of epoch 1 lost")


def test_a_stopped_runner_that_wakes_up_after_a_takeover_is_fenced(live, make_user):
    app.control.purge()
    job = services.job_create(user=make_user("zombie"), question=DEMO_QUESTION)
    slow = {**FAST_LEASES, "ENGINE_FIXED_LATENCY_SECONDS": "0.3"}
    zombie = WorkerProcess(concurrency=2, beat=False, env=slow).start()
    rescuer = None
    try:
        deadline = time.monotonic() + 60
        while Step.objects.filter(job=job, kind="read").count() < 2:
            assert time.monotonic() < deadline, zombie.log()
            time.sleep(0.1)
        zombie.signal(signal.SIGSTOP)
        rescuer = WorkerProcess(env=FAST_LEASES).start()
        deadline = time.monotonic() + 30
        while Job.objects.get(pk=job.pk).epoch < 2:
            assert time.monotonic() < deadline, "the lease of the stopped runner never expired"
            time.sleep(0.1)
        taken_over_at = Job.objects.get(pk=job.pk).lease_expires_at  # renewed by the new epoch from here on
        time.sleep(1)
        zombie.signal(signal.SIGCONT)
        job = wait_for_job(job.pk, timeout=180)
        # Give the woken runner time to try its writes (longer on a loaded machine).
        deadline = time.monotonic() + 30
        while not any(m in zombie.log(tail=None) for m in FENCED_MESSAGES) and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        zombie.stop()
        if rescuer:
            rescuer.stop()
    assert job.status == Job.Status.DONE, job.error
    assert job.epoch >= 2
    # Nothing of the old generation was written after the takeover.
    late_old_steps = Step.objects.filter(job=job, epoch=1, created_at__gt=taken_over_at)
    assert not late_old_steps.exists(), list(late_old_steps.values_list("step_key", flat=True))
    assert any(m in zombie.log(tail=None) for m in FENCED_MESSAGES), zombie.log()
