"""A lapsing lease is checked at its expiry, not at the sweep after it: the sweeper schedules a
check for each lease that lapses before the next sweep, so kill-to-resume stays at the 30 s
expiry instead of 30 s plus up to one sweep interval. A lease renewed in the meantime wins."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from jobs import services, tasks
from jobs.models import Job
from research_project.celery import app
from tests.factories import JobFactory
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker, pytest.mark.postgres]

LAPSE_IN_SECONDS = 2.0


def epoch_of(job) -> int:
    return Job.objects.values_list("epoch", flat=True).get(pk=job.pk)


def test_a_lapsing_lease_is_taken_over_at_its_expiry_and_a_renewed_one_is_not(live, make_user, settings):
    # Periodic sweeps far apart and no beat: only the scheduled check can take the job over in time.
    settings.SWEEP_INTERVAL_SECONDS = 10
    app.control.purge()
    user = make_user("sweep")
    later = timezone.now() + timedelta(minutes=5)
    dead = JobFactory(user=user, status=Job.Status.PLANNING, epoch=1, lease_owner="dead-host:1", lease_expires_at=later)
    alive = JobFactory(
        user=user, status=Job.Status.PLANNING, epoch=1, lease_owner="alive-host:1", lease_expires_at=later
    )
    worker = WorkerProcess(beat=False, env={"SWEEP_INTERVAL_SECONDS": "10"}).start()
    try:
        expires = timezone.now() + timedelta(seconds=LAPSE_IN_SECONDS)
        Job.objects.filter(pk__in=[dead.pk, alive.pk]).update(lease_expires_at=expires)
        assert tasks.sweep_expired_leases() == 0  # nothing has lapsed yet
        # The live job's owner renews before the expiry.
        Job.objects.filter(pk=alive.pk).update(lease_expires_at=timezone.now() + timedelta(seconds=30))
        while timezone.now() < expires - timedelta(seconds=0.3):
            assert epoch_of(dead) == 1, "taken over before its lease lapsed"
            time.sleep(0.05)
        deadline = expires + timedelta(seconds=3)
        while epoch_of(dead) == 1 and timezone.now() < deadline:
            time.sleep(0.05)
        taken_after = (timezone.now() - expires).total_seconds()
        assert epoch_of(dead) == 2, f"not taken over {taken_after:.1f} s after its lease lapsed:\n{worker.log()}"
        assert taken_after < 2, taken_after
        assert epoch_of(alive) == 1, "a renewed lease was taken over"
    finally:
        for job in (dead, alive):
            services.job_cancel(job=Job.objects.get(pk=job.pk))
        worker.stop()
