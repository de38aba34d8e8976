"""The offline engine gives the same report for the same question on the same corpus: three
jobs of the demo question, run at the same time by one real worker (so their workers and
readers interleave differently), produce byte-identical report Markdown. Which worker reads a
page first, which reader finishes first and which query was sent first must change nothing."""

import re

import pytest

from jobs import report_markdown, services
from jobs.models import Job
from tests.helpers import DEMO_QUESTION, wait_for_job

pytestmark = [pytest.mark.worker]
RUNS = 3


def _comparable(markdown: str) -> str:
    # The footer's token count depends on the digits of the job's own note ids (they appear in
    # the prompts), which grow from job to job; everything above it must match exactly.
    body, _, footer = markdown.rpartition("\n---\n")
    return body + "\n---\n" + re.sub(r"[\d,]+ tokens, \$[\d.]+", "(usage)", footer)


def test_the_demo_question_gives_the_same_report_every_time(live_worker, live_db, django_db_blocker):
    from tests.factories import UserFactory

    with django_db_blocker.unblock():
        user = UserFactory(username="demo-determinism")
        jobs = [services.job_create(user=user, question=DEMO_QUESTION) for _ in range(RUNS)]
        done = [wait_for_job(job.pk, timeout=360) for job in jobs]
        assert all(j.status == Job.Status.DONE for j in done), [(j.status, j.error) for j in done]
        reports = [report_markdown.render(j) for j in done]
    first = _comparable(reports[0])
    assert first.count("\n## ") >= 3 and "## Sources" in first
    for other in reports[1:]:
        assert _comparable(other) == first
