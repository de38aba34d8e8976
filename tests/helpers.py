from __future__ import annotations

import time

from jobs.models import Job

DEMO_QUESTION = "Compare the battery suppliers of the five largest electric car makers"


def wait_for_job(job_id, *, timeout: float = 120, statuses=Job.TERMINAL_STATUSES) -> Job:
    """Poll until the job reaches one of `statuses`; raise AssertionError on timeout."""
    deadline = time.monotonic() + timeout
    job = Job.objects.get(pk=job_id)
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if job.status in statuses:
            return job
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} still {job.status} after {timeout} s")
