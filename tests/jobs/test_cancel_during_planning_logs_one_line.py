"""A job cancelled while its planner runs stops quietly: one info line says so, no traceback,
no error, and the job stays cancelled (not failed)."""

import logging
import threading

import pytest
from django.db import connection

from jobs import services
from jobs.models import Job
from jobs.runtime import lease
from jobs.stages import plan
from jobs.tasks import job_start

pytestmark = pytest.mark.django_db


def test_cancelling_during_planning_logs_one_info_line_and_no_traceback(alice, no_enqueue, monkeypatch, caplog):
    job = services.job_create(user=alice, question="Which battery suppliers does Norvik Electric use?", depth="quick")
    make_plan = plan.planner.make_plan

    def cancelled_while_planning(**kwargs):
        services.job_cancel(job=Job.objects.get(pk=job.pk))
        return make_plan(**kwargs)

    monkeypatch.setattr(plan.planner, "make_plan", cancelled_while_planning)
    with caplog.at_level(logging.INFO):
        job_start(str(job.pk), job.epoch)
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED and job.error == ""
    assert [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info] == []
    stopped = [r for r in caplog.records if r.name == "jobs.tasks"]
    assert len(stopped) == 1 and stopped[0].levelno == logging.INFO
    assert "cancelled" in stopped[0].getMessage()


def test_a_lease_renewal_that_finds_the_job_cancelled_ends_it_as_cancelled(alice, no_enqueue, monkeypatch, caplog):
    # The keeper thread renews every lease each LEASE_RENEW_SECONDS; when its renewal lands
    # after the cancel, the task must still say the job was cancelled, not that its lease was lost.
    job = services.job_create(user=alice, question="Which battery suppliers does Norvik Electric use?", depth="quick")
    make_plan = plan.planner.make_plan

    def cancelled_then_renewed(**kwargs):
        services.job_cancel(job=Job.objects.get(pk=job.pk))
        lease.keeper.mark_lost(str(job.pk), job.epoch)  # what a failed renewal records
        return make_plan(**kwargs)

    monkeypatch.setattr(plan.planner, "make_plan", cancelled_then_renewed)
    with caplog.at_level(logging.INFO):
        job_start(str(job.pk), job.epoch)
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED and job.error == ""
    stopped = [r for r in caplog.records if r.name == "jobs.tasks"]
    assert len(stopped) == 1 and "cancelled" in stopped[0].getMessage(), [r.getMessage() for r in stopped]


def test_a_renewal_that_cannot_see_the_job_does_not_fence_it(alice, no_enqueue):
    # The keeper renews on its own connection: a job it cannot see (deleted, or written in a
    # transaction not yet committed) is left to the step's own checks.
    job = services.job_create(user=alice, question="Which battery suppliers does Norvik Electric use?", depth="quick")
    key = (str(job.pk), job.epoch)
    lease.keeper.acquire(*key)
    try:
        renewer = threading.Thread(target=lambda: (lease.keeper.renew_all(), connection.close()))
        renewer.start()  # its own connection, as the keeper thread's: the job is not committed
        renewer.join()
        assert not lease.keeper.is_lost(*key)
    finally:
        lease.keeper.release(*key)
