"""Cancel stops new steps within one step; everything done so far is kept and visible."""

import time

import pytest

from jobs import services
from jobs.models import Job, Note, Step
from jobs.runtime.errors import ApplicationError
from research_project.celery import app
from tests.helpers import DEMO_QUESTION
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker]


def test_cancelling_a_running_job_stops_new_steps_and_keeps_its_work(live, make_user):
    app.control.purge()
    job = services.job_create(user=make_user("cancel"), question=DEMO_QUESTION)
    worker = WorkerProcess(env={"ENGINE_FIXED_LATENCY_SECONDS": "0.2"}).start()
    try:
        deadline = time.monotonic() + 60
        while not Note.objects.filter(job=job).exists():
            assert time.monotonic() < deadline, worker.log()
            time.sleep(0.05)
        job = services.job_cancel(job=job)
        steps_at_cancel = Step.objects.filter(job=job).count()
        notes_at_cancel = Note.objects.filter(job=job).count()
        time.sleep(3)
    finally:
        worker.stop()
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED
    assert job.stopped_reason == "cancelled by the user"
    assert Step.objects.filter(job=job).count() == steps_at_cancel
    assert Note.objects.filter(job=job).count() == notes_at_cancel > 0
    with pytest.raises(ApplicationError) as err:
        services.job_cancel(job=job)
    assert err.value.status == 409
