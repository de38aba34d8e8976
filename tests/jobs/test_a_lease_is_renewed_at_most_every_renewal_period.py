"""A task renews its job's lease only when this process has not done so within
LEASE_RENEW_SECONDS (the design's 10 s); a task that starts sooner reads the job row without
writing it. Reading or renewing, a stale epoch is refused (LeaseLost) and an ended job stops the
task (JobStopped)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from jobs.models import Job
from jobs.runtime import lease
from jobs.runtime.errors import JobStopped, LeaseLost
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db


def long_ago():
    return timezone.now() - timedelta(hours=1)


def test_a_task_soon_after_a_renewal_reads_the_job_without_renewing_it():
    job = JobFactory()
    with lease.hold(job.pk, job.epoch) as held:
        assert held.pk == job.pk
    assert Job.objects.get(pk=job.pk).lease_expires_at > timezone.now()  # the first task renewed it
    Job.objects.filter(pk=job.pk).update(lease_expires_at=long_ago())
    with lease.hold(job.pk, job.epoch) as held:
        assert held.pk == job.pk and held.question == job.question
    assert Job.objects.get(pk=job.pk).lease_expires_at < timezone.now()  # read, not written


def test_a_task_after_the_renewal_period_renews_again(settings):
    job = JobFactory()
    with lease.hold(job.pk, job.epoch):
        pass
    Job.objects.filter(pk=job.pk).update(lease_expires_at=long_ago())
    settings.LEASE_RENEW_SECONDS = 0  # the period has passed
    with lease.hold(job.pk, job.epoch):
        pass
    assert Job.objects.get(pk=job.pk).lease_expires_at > timezone.now()


def test_a_stale_epoch_or_an_ended_job_is_refused_even_right_after_a_renewal():
    job = JobFactory()
    with lease.hold(job.pk, job.epoch):
        pass
    Job.objects.filter(pk=job.pk).update(epoch=job.epoch + 1)  # a takeover
    with pytest.raises(LeaseLost), lease.hold(job.pk, job.epoch):
        pass
    with lease.hold(job.pk, job.epoch + 1):
        pass
    Job.objects.filter(pk=job.pk).update(status=Job.Status.CANCELLED)
    with pytest.raises(JobStopped), lease.hold(job.pk, job.epoch + 1):
        pass
