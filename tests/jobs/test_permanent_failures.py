"""A sub-question whose worker fails for good (the provider refuses its model call, which no
retry can fix) is marked failed, the job goes on, and the report names it as not researched."""

import pytest

from jobs import services
from jobs.models import Job, SubQuestion
from jobs.runtime.redis_client import redis_client
from research_project.celery import app
from tests.helpers import wait_for_job
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker]


def test_a_subquestion_that_fails_permanently_is_named_in_the_report(live, make_user):
    app.control.purge()
    job = services.job_create(
        user=make_user("broken"), question="Which battery suppliers does Norvik Electric use?", depth="quick"
    )
    # The provider refuses the first worker's first model call (HTTP 400).
    redis_client().delete("engine:faults:400:worker_action")
    worker = WorkerProcess(concurrency=1, env={"ENGINE_FAULTS": "400:worker_action:1"}).start()
    try:
        job = wait_for_job(job.pk, timeout=120)
    finally:
        worker.stop()
    assert job.status == Job.Status.DONE, job.error
    failed = job.subquestions.filter(status=SubQuestion.Status.FAILED)
    assert failed.count() == 1
    assert any("Could not be researched" in line and failed.first().text in line for line in job.report["not_found"])
    assert job.report["sections"], "the other sub-questions should still make a report"
