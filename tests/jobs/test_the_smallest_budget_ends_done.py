"""The smallest budget the API accepts (max_usd 0.01) cannot pay for the planner's
reservation: the job still plans within it (the question as its one sub-question) and ends
done with a stopped reason saying why, never failed with "planning failed: budget exceeded"."""

import pytest

from jobs import services
from jobs.models import Job, SubQuestion
from tests.helpers import DEMO_QUESTION, wait_for_job

pytestmark = [pytest.mark.worker]


@pytest.mark.parametrize("budget", [{"max_usd": services.MIN_BUDGET_USD}, {"max_tokens": 1}])
def test_a_job_at_the_smallest_budget_ends_done_with_a_stopped_reason(live_worker, live, make_user, budget):
    job = services.job_create(user=make_user("thrifty"), question=DEMO_QUESTION, budget=budget)
    job = wait_for_job(job.pk, timeout=180)
    assert job.status == Job.Status.DONE, job.error
    assert "budget too small to plan" in job.stopped_reason
    assert job.report["stopped_reason"] == job.stopped_reason
    assert list(SubQuestion.objects.filter(job=job).values_list("text", flat=True)) == [DEMO_QUESTION]
    assert job.usd_used_micros <= job.budget_usd_micros and job.tokens_used <= job.budget_tokens
