"""Two requests of one user at the same moment cannot both slip under the open-jobs limit:
job_create serialises a user's creates on their user row."""

import threading
import uuid

import pytest
from django.db import connection

from jobs import services
from jobs.models import Job
from jobs.runtime.errors import ApplicationError

pytestmark = pytest.mark.postgres
ATTEMPTS = 4


def test_concurrent_creates_of_one_user_respect_the_active_jobs_limit(live, settings, no_enqueue):
    from tests.factories import UserFactory

    settings.MAX_ACTIVE_JOBS_PER_USER = 1
    user = UserFactory(username=f"racer-{uuid.uuid4().hex[:8]}")
    barrier = threading.Barrier(ATTEMPTS)
    outcomes = []

    def create():
        barrier.wait()
        try:
            services.job_create(user=user, question="Which battery suppliers does Voltara Motors use?")
            outcomes.append("created")
        except ApplicationError as exc:
            outcomes.append(exc.status)
        finally:
            connection.close()

    threads = [threading.Thread(target=create) for _ in range(ATTEMPTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert sorted(outcomes, key=str) == sorted(["created"] + [429] * (ATTEMPTS - 1), key=str)
        assert Job.objects.filter(user=user).count() == 1
    finally:
        Job.objects.filter(user=user).delete()
        user.delete()
