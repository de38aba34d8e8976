"""Every status change of a job goes through one state machine: a move that the job's state
does not allow changes nothing, and a stale dispatch cannot move the job."""

import pytest

from jobs.models import Job
from jobs.runtime.transitions import job_transition
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db


def test_a_finished_job_is_not_moved_back_to_research():
    job = JobFactory(status=Job.Status.DONE)
    assert job_transition(job.pk, to=Job.Status.RESEARCHING) is False
    assert Job.objects.get(pk=job.pk).status == Job.Status.DONE


def test_a_cancelled_job_cannot_fail_or_finish():
    job = JobFactory(status=Job.Status.CANCELLED)
    assert not job_transition(job.pk, to=Job.Status.FAILED, error="late")
    assert not job_transition(job.pk, to=Job.Status.DONE)
    job.refresh_from_db()
    assert (job.status, job.error) == (Job.Status.CANCELLED, "")


def test_a_stale_epoch_cannot_move_the_job():
    job = JobFactory(status=Job.Status.RESEARCHING, epoch=3)
    assert not job_transition(job.pk, to=Job.Status.WRITING, epoch=2)
    assert job_transition(job.pk, to=Job.Status.WRITING, epoch=3)
    assert Job.objects.get(pk=job.pk).status == Job.Status.WRITING


def test_ending_a_job_stamps_the_end_and_releases_its_lease():
    job = JobFactory(status=Job.Status.CHECKING, lease_owner="worker-1")
    assert job_transition(job.pk, to=Job.Status.DONE)
    job.refresh_from_db()
    assert job.finished_at is not None and job.lease_owner == "" and job.lease_expires_at is None


def test_approval_starts_a_new_epoch():
    job = JobFactory(status=Job.Status.AWAITING_APPROVAL, epoch=1)
    assert job_transition(job.pk, to=Job.Status.PLANNING, epoch=1, new_epoch=2)
    job.refresh_from_db()
    assert (job.status, job.epoch) == (Job.Status.PLANNING, 2)
