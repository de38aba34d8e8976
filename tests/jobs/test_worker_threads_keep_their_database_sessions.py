"""A worker thread keeps its PostgreSQL session from one task to the next (CELERY_DB_REUSE_MAX):
Celery's Django fixup would otherwise close it before and after every task, and each of a
report's ~40 tasks would start a new session (a forked backend) of its own."""

import pytest
from django.db import connection

from jobs import services
from jobs.models import Job, Step
from tests.factories import UserFactory
from tests.helpers import DEMO_QUESTION, wait_for_job
from tests.workers import WorkerProcess

pytestmark = [pytest.mark.worker]


@pytest.fixture(scope="module")
def worker(live_db, django_db_blocker):
    """A worker with the production default DB_CONN_MAX_AGE (the tests' other workers close
    theirs after each task, so none outlives the test database)."""
    from research_project.celery import app

    app.control.purge()
    with django_db_blocker.unblock():
        process = WorkerProcess(env={"DB_CONN_MAX_AGE": "60"}).start()
    yield process
    process.stop()


def sessions_established() -> int:
    with connection.cursor() as cur:
        cur.execute("SELECT pg_stat_force_next_flush()")
        cur.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cur.fetchone()[0]


def test_a_report_opens_fewer_sessions_than_it_runs_tasks(worker, live):
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL sessions")
    before = sessions_established()
    job = wait_for_job(
        services.job_create(user=UserFactory(username="sessions"), question=DEMO_QUESTION).pk, timeout=180
    )
    assert job.status == Job.Status.DONE, job.error
    opened = sessions_established() - before
    # Every task runs at least one step; a report runs far more tasks than the worker has
    # threads (each thread's session, the lease keeper's, the sweeper's and this test's own).
    steps = Step.objects.filter(job=job).count()
    assert steps >= 40
    assert opened <= worker.concurrency + 4, f"{opened} sessions for {steps} steps"
