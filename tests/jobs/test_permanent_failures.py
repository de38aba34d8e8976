"""A sub-question whose worker fails for good (its model keeps returning malformed JSON) is
marked failed, the job goes on, and the report names it as not researched."""
import pytest

from jobs import services
from jobs.models import Job, SubQuestion
from jobs.redis_client import redis_client
from research_project.celery import app
from tests.helpers import wait_for_job
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker]


def test_a_subquestion_that_fails_permanently_is_named_in_the_report(live, make_user):
    app.control.purge()
    job = services.job_create(user=make_user("broken"), question="Which battery suppliers does Norvik Electric use?", depth="quick")
    # The first worker's model call and its one repair both return malformed JSON.
    redis_client().delete("engine:faults:malformed_json:worker_action")
    worker = WorkerProcess(concurrency=1, env={"ENGINE_FAULTS": "malformed_json:worker_action:2"}).start()
    try:
        job = wait_for_job(job.pk, timeout=120)
    finally:
        worker.stop()
    assert job.status == Job.Status.DONE, job.error
    failed = job.subquestions.filter(status=SubQuestion.Status.FAILED)
    assert failed.count() == 1
    assert any("Could not be researched" in line and failed.first().text in line for line in job.report["not_found"])
    assert job.report["sections"], "the other sub-questions should still make a report"
