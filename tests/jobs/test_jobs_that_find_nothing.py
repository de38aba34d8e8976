"""A plan whose searches return nothing and sub-questions with zero pages: the job still
completes, and the report says what was not found."""

import pytest

from jobs import services
from jobs.models import Job, SubQuestion
from tests.helpers import wait_for_job

pytestmark = [pytest.mark.worker]


def test_a_question_with_zero_search_results_completes_with_what_was_not_found(live_worker, live, make_user):
    job = services.job_create(
        user=make_user("nothing"), question="Why do quokkas smile at xylophones in Zanzibar?", depth="quick"
    )
    job = wait_for_job(job.pk, timeout=120)
    assert job.status == Job.Status.DONE, job.error
    # The report says first that the sources do not hold the answer, citing nothing.
    [opening] = job.report["sections"]
    assert [
        (s["text"].startswith("The sources found do not state "), s["citations"], s.get("kind"))
        for s in opening["sentences"]
    ] == [(True, [], "absence")]
    assert job.report["not_found"], "the report does not say what was not found"
    assert all(sq.status == SubQuestion.Status.DONE for sq in job.subquestions.all())
