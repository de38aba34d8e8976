"""POST /v1/research/{job_id}/cancel."""

import pytest

from jobs.models import Job
from tests.factories import JobFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("status", ["planning", "awaiting_approval", "researching", "writing", "checking"])
def test_cancelling_an_open_job_stops_it(alice, api_for, status):
    job = JobFactory(user=alice, status=status)
    response = api_for(alice).post(f"/v1/research/{job.pk}/cancel")
    assert response.status_code == 200
    assert response.json() == {"job_id": str(job.pk), "status": "cancelled", "stopped_reason": "cancelled by the user"}
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED and job.finished_at is not None


@pytest.mark.parametrize("status", ["done", "failed", "cancelled"])
def test_cancelling_a_finished_job_is_409_and_changes_nothing(alice, api_for, status):
    job = JobFactory(user=alice, status=status)
    response = api_for(alice).post(f"/v1/research/{job.pk}/cancel")
    assert response.status_code == 409
    assert response.json()["error"] == f"the job is already {status}"
    job.refresh_from_db()
    assert job.status == status
