"""The deadline ends a model call that hangs (items 3 of issue 15 and 9 of issue 14), with the
job's rows committed (`live`): a test transaction held open while the call hangs would be ended
by PostgreSQL's idle-in-transaction timeout (10 s), which is not what is tested here. Not
pytest-django's transaction=True, whose flush at the end would empty the tables the live tests
share (the demo corpus among them)."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from agents.llm import complete_json
from jobs import services, tasks
from jobs.models import Job
from jobs.runtime import deadline
from tests.factories import JobFactory
from tests.hung_model_calls import PROMPT, dripping, in_writing_step
from tests.local_http import LocalServer, Reply


@pytest.mark.parametrize("reply", [Reply(delay_seconds=60), dripping(60)], ids=["never-answers", "drips"])
def test_a_hung_call_ends_by_the_time_the_job_has_left(live, make_user, small_on, reply):
    job = JobFactory(user=make_user("alice"), deadline_at=timezone.now() + timedelta(seconds=8))
    with LocalServer({"/v1/chat/completions": reply}) as server:
        small_on(server)
        started = time.monotonic()
        with pytest.raises(deadline.DeadlineReached):
            in_writing_step(job, lambda: complete_json(PROMPT))
        elapsed = time.monotonic() - started
    assert elapsed < 8 + 5 + 3, elapsed  # the time left, the abandon margin, slack for a busy machine


def test_a_planner_that_does_not_answer_in_time_is_named_as_the_reason(live, make_user, no_enqueue, settings):
    job = services.job_create(
        user=make_user("alice"), question="Which battery suppliers does Norvik Electric use?", depth="quick"
    )
    Job.objects.filter(pk=job.pk).update(created_at=timezone.now(), deadline_at=timezone.now() + timedelta(seconds=12))
    with LocalServer({"/v1/chat/completions": Reply(delay_seconds=60)}) as server:
        settings.MODEL_LARGE = "openai/slow-planner"
        settings.MODEL_TIER_CONNECTIONS = {
            "large": {"api_base": f"{server.url}/v1", "api_key": "dummy"},
            "small": {"api_base": "", "api_key": ""},
        }
        started = time.monotonic()
        tasks.job_start(str(job.pk), job.epoch)
        assert time.monotonic() - started < 12
    job.refresh_from_db()
    # The job goes on as one sub-question (as with a budget too small to plan), saying why.
    assert job.status != Job.Status.PLANNING and job.error == ""
    assert job.stopped_reason.startswith(
        "not planned, researched as one sub-question: the time budget ran out: the "
        "planner model openai/slow-planner did not answer in time (Timeout"
    ), job.stopped_reason
